"""The package's two build steps beyond pyproject.toml: the Klondike and Easy Harp search in C
(docs/solver.md), and the board's bundles (scripts/build-web.mjs, esbuild pinned in
package-lock.json), so that an installed package, or a wheel, serves the bundled board.

Each step is optional: without a C compiler the solver searches those games with the engine's
rules alone (solver/reference.py: the same verdicts when it finishes, but it decides far fewer
deals in the same time); without Node.js and npm the server serves the board's source modules
(server/assets.py: the same board, more requests). Either way the build warns and goes on.
"""

import shutil
import subprocess
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent


class OptionalBuildExt(build_ext):
    """Build the extension when a C compiler is there; otherwise warn and go on."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as error:
            print(f"warning: the C search was not built ({error}); using the plain search")

    def build_extension(self, ext: Extension) -> None:
        try:
            super().build_extension(ext)
        except Exception as error:
            print(f"warning: {ext.name} was not built ({error}); using the plain search")


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
