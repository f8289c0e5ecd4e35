"""Every docstring example in the package runs and holds."""

import doctest
import importlib
import pkgutil

import pytest

import solitaire

MODULES = sorted(
    info.name
    for info in pkgutil.walk_packages(solitaire.__path__, prefix="solitaire.")
    if not info.name.startswith(("solitaire.server", "solitaire.web"))
)


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0
