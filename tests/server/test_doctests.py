"""The server's docstring examples run (the package-wide doctest test leaves the server out,
as its examples need the web stack)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import solitaire.server

MODULES = sorted(
    info.name
    for info in pkgutil.walk_packages(solitaire.server.__path__, prefix="solitaire.server.")
)


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0
