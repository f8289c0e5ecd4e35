"""Reading the message catalogs under ``src/solitaire/locales`` for the tests: each
``<lang>/LC_MESSAGES/messages.po`` parsed by Babel, strictly.

>>> "en" in languages() and "ro" in languages()
True
>>> read_messages("en")["reason.king_only"]
'Only a king can go into an empty column.'
>>> sorted(placeholders("Score: {score} · Moves: {moves}"))
['moves', 'score']
"""

from __future__ import annotations

import string
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
LOCALES = ROOT / "src" / "solitaire" / "locales"
ENGLISH = "en"


def catalog_path(lang: str) -> Path:
    return LOCALES / lang / "LC_MESSAGES" / "messages.po"


def languages() -> list[str]:
    """Every language with a catalog in the source tree, sorted."""
    return sorted(path.parent.parent.name for path in LOCALES.glob("*/LC_MESSAGES/messages.po"))


def read_catalog(lang: str) -> Catalog:
    """The catalog parsed with ``abort_invalid``: a malformed entry raises instead of being
    skipped with a printed warning."""
    with catalog_path(lang).open("rb") as file:
        return read_po(file, abort_invalid=True)


def read_messages(lang: str) -> dict[str, str]:
    """Message id → text, the header left out."""
    return {
        str(message.id): str(message.string)
        for message in read_catalog(lang)
        if message.id  # the header's id is ""
    }


def placeholders(text: str) -> frozenset[str]:
    """The ``{name}`` fields of a message as ``str.format`` reads it (the server fills them so);
    a stray brace raises ValueError."""
    return frozenset(
        field for _, field, _, _ in string.Formatter().parse(text) if field is not None
    )
