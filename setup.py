"""The one compiled part: the Klondike and Easy Harp search (docs/solver.md). Everything else
is in pyproject.toml. If the compiler is missing the package still installs and the solver
searches those games with the engine's rules alone (solver/reference.py: the same verdicts
when it finishes, but it decides far fewer deals in the same time)."""

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext


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


setup(
    ext_modules=[
        Extension(
            "solitaire.solver._stock_search",
            ["src/solitaire/solver/_stock_search.c"],
            extra_compile_args=["-O2", "-std=gnu99", "-Wall"],
        )
    ],
    cmdclass={"build_ext": OptionalBuildExt},
)
