"""The browser tests' own helpers keep their docstring examples true."""

from __future__ import annotations

import doctest

import pytest

from . import harness, layouts


@pytest.mark.parametrize("module", [harness, layouts])
def test_docstring_examples(module: object) -> None:
    result = doctest.testmod(module)  # type: ignore[arg-type]
    assert result.attempted > 0 and result.failed == 0
