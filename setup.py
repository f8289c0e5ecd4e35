"""The package's two build steps beyond pyproject.toml: the Klondike and Easy Harp search in C
(docs/solver.md), and the board's bundles (scripts/build-web.mjs, esbuild pinned in
package-lock.json), so that an installed package, or a wheel, serves the bundled board.

Each step is optional: without a C compiler the solver searches those games with the engine's
rules alone (solver/reference.py: the same verdicts when it finishes, but it decides far fewer
deals in the same time); without Node.js and npm the server serves the board's source modules
(server/assets.py: the same board, more requests). Either way the build warns and goes on.

The C searches are built guided by a profile where the compiler can (GCC): built once counting
where they spend their time, trained on solver/profile_training.py's workload, then built again
with the counts, which makes each search faster with the very same positions searched
(docs/solver.md, "The build"). ``SOLITAIRE_PROFILE_GUIDED=0`` builds them plainly, in one step.
"""

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent


PROFILE_USE_FLAGS = [
    "-fprofile-use",
    "-fprofile-correction",
    "-Wno-missing-profile",
    # The loops the profile unrolls hide from GCC that a foundation's card index stays below
    # 52, and it warns of writes past arrays that never happen.
    "-Wno-stringop-overflow",
]


class OptionalBuildExt(build_ext):
    """Build the extension when a C compiler is there, guided by a profile when the compiler
    can; otherwise warn and go on."""

    strict = False  # while building guided by a profile: a failure falls back to a plain build

    def run(self) -> None:
        try:
            super().run()
        except Exception as error:
            print(f"warning: the C search was not built ({error}); using the plain search")

    def build_extensions(self) -> None:
        if os.environ.get("SOLITAIRE_PROFILE_GUIDED", "1") != "0":
            try:
                self.build_profile_guided()
                return
            except Exception as error:
                print(f"warning: no profile-guided build ({error}); building the C search plainly")
                self.force = True  # over whatever the failed guided build left
        super().build_extensions()

    def build_extension(self, ext: Extension) -> None:
        try:
            super().build_extension(ext)
        except Exception as error:
            if self.strict:
                raise
            print(f"warning: {ext.name} was not built ({error}); using the plain search")

    def build_profile_guided(self) -> None:
        """Build counting, train, build again with the counts."""
        plain = {ext.name: (ext.extra_compile_args, ext.extra_link_args) for ext in self.extensions}

        def with_flags(compile_flags: list[str], link_flags: list[str]) -> None:
            for ext in self.extensions:
                compile_args, link_args = plain[ext.name]
                ext.extra_compile_args = compile_args + compile_flags
                ext.extra_link_args = link_args + link_flags

        self.strict, self.force = True, True
        try:
            with tempfile.TemporaryDirectory(prefix="solitaire-profile-") as counts:
                counting = ["-fprofile-generate", f"-fprofile-dir={counts}"]
                with_flags(counting, ["-fprofile-generate"])
                super().build_extensions()
                self.train()
                with_flags([*PROFILE_USE_FLAGS, f"-fprofile-dir={counts}"], [])
                super().build_extensions()
        finally:
            with_flags([], [])
            self.strict = False

    def train(self) -> None:
        """Run the training workload on the counting build: the package's modules and the
        counting searches put together in a scratch tree, since the searches are not always
        built next to the sources (a wheel)."""
        with tempfile.TemporaryDirectory(prefix="solitaire-training-") as tree:
            package = Path(tree) / "solitaire"
            skipped = shutil.ignore_patterns("web", "__pycache__", "*.so", "*.pyd")
            shutil.copytree(ROOT / "src" / "solitaire", package, ignore=skipped)
            for ext in self.extensions:
                built = Path(self.get_ext_fullpath(ext.name))
                shutil.copy(built, package / "solver" / built.name)
            print("training the C search for its profile-guided build")
            command = [sys.executable, "-m", "solitaire.solver.profile_training"]
            environment = {**os.environ, "PYTHONPATH": tree}
            subprocess.run(command, cwd=tree, env=environment, check=True)


def build_web() -> None:
    """Bundle the board into src/solitaire/web/build/ as scripts/setup.sh does: ``npm ci``
    when the pinned packages are not installed yet, then ``node scripts/build-web.mjs``.
    Without Node.js or npm (or when a step fails), warn: the package then serves the board's
    source modules, as the server does whenever the build is missing or stale."""
    script = ROOT / "scripts" / "build-web.mjs"
    if not script.is_file() or not (ROOT / "package-lock.json").is_file():
        print("warning: no scripts/build-web.mjs here: the board is served unbundled")
        return
    node, npm = shutil.which("node"), shutil.which("npm")
    if node is None or npm is None:
        print("warning: Node.js or npm is missing: the board is served unbundled")
        return
    try:
        installed = ROOT / "node_modules" / ".installed"
        lock = ROOT / "package-lock.json"
        if not installed.is_file() or lock.stat().st_mtime > installed.stat().st_mtime:
            ci = [npm, "ci", "--ignore-scripts", "--no-audit", "--no-fund", "--loglevel=error"]
            subprocess.run(ci, cwd=ROOT, check=True)
            installed.touch()
        subprocess.run([node, str(script)], cwd=ROOT, check=True)
    except (OSError, subprocess.CalledProcessError) as error:
        print(f"warning: the board was not bundled ({error}): it is served unbundled")


class BuildPyWithWeb(build_py):
    """Copy the Python modules and package data after bundling the board, so that the
    bundles (web/build/*, listed in pyproject's package data) go into the wheel."""

    def run(self) -> None:
        build_web()
        super().run()


setup(
    ext_modules=[
        Extension(
            "solitaire.solver._stock_search",
            ["src/solitaire/solver/_stock_search.c"],
            depends=["src/solitaire/solver/_search_store.h"],
            extra_compile_args=["-O2", "-std=gnu99", "-Wall"],
        ),
        Extension(
            "solitaire.solver._simple_simon_search",
            ["src/solitaire/solver/_simple_simon_search.c"],
            depends=["src/solitaire/solver/_search_store.h"],
            extra_compile_args=["-O2", "-std=gnu99", "-Wall"],
        ),
    ],
    cmdclass={"build_ext": OptionalBuildExt, "build_py": BuildPyWithWeb},
)
