"""Reading the message catalogs under ``src/solitaire/locales`` for the tests: each
``<lang>/LC_MESSAGES/messages.po`` parsed by Babel, strictly.

>>> "en" in languages() and "ro" in languages()
True
>>> read_messages("en")["reason.king_only"]
'Only a king can go into an empty column.'
>>> sorted(placeholders("Score: {score} · Moves: {moves}"))
['moves', 'score']
>>> differences_from_english()
{}
"""

from __future__ import annotations

import string
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
LOCALES = ROOT / "src" / "solitaire" / "locales"
ENGLISH = "en"


def catalog_path(lang: str, locales: Path = LOCALES) -> Path:
    return locales / lang / "LC_MESSAGES" / "messages.po"


def languages(locales: Path = LOCALES) -> list[str]:
    """Every language with a catalog under ``locales`` (the source tree's), sorted."""
    return sorted(path.parent.parent.name for path in locales.glob("*/LC_MESSAGES/messages.po"))


def read_catalog(lang: str, locales: Path = LOCALES) -> Catalog:
    """The catalog parsed with ``abort_invalid``: a malformed entry raises instead of being
    skipped with a printed warning."""
    with catalog_path(lang, locales).open("rb") as file:
        return read_po(file, abort_invalid=True)


def read_messages(lang: str, locales: Path = LOCALES) -> dict[str, str]:
    """Message id → text, the header left out."""
    return {
        str(message.id): str(message.string)
        for message in read_catalog(lang, locales)
        if message.id  # the header's id is ""
    }


def differences_from_english(locales: Path = LOCALES) -> dict[str, dict[str, list[str]]]:
    """For each language whose catalog differs from English in its message ids: the ids it
    lacks (``missing``: English has them, or it leaves them untranslated) and those English
    lacks (``extra``). Empty when every catalog is complete."""
    english = set(read_messages(ENGLISH, locales))
    differences: dict[str, dict[str, list[str]]] = {}
    for lang in languages(locales):
        translated = {key for key, text in read_messages(lang, locales).items() if text.strip()}
        missing, extra = sorted(english - translated), sorted(translated - english)
        if missing or extra:
            differences[lang] = {"missing": missing, "extra": extra}
    return differences


def placeholders(text: str) -> frozenset[str]:
    """The ``{name}`` fields of a message as ``str.format`` reads it (the server fills them so);
    a stray brace raises ValueError."""
    return frozenset(
        field for _, field, _, _ in string.Formatter().parse(text) if field is not None
    )
