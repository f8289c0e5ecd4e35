"""Message catalogs: one ``locales/<lang>/LC_MESSAGES/messages.po`` per language, read with
Babel; a language is available exactly when its catalog exists, and English fills any
message a catalog lacks. A language is named by its own catalog (``language.name``, e.g.
"Română"), so no list of languages or of their names lives in code.

>>> from pathlib import Path
>>> import solitaire
>>> catalogs = Catalogs(Path(solitaire.__file__).parent / "locales")
>>> "en" in catalogs.available()
True
>>> catalogs.messages("en")["reason.king_only"]
'Only a king can go into an empty column.'
>>> catalogs.resolve("en-GB"), catalogs.resolve("xx")
('en', None)
>>> catalogs.text("en", "error.bad_move", reason="'t3' has no target")
"That is not a move: 't3' has no target"
>>> catalogs.names(order=["en", "ro"])
{'en': 'English', 'ro': 'Română', 'nl': 'Nederlands'}

"""

from __future__ import annotations

import re
import threading
from collections.abc import Iterable
from pathlib import Path

from babel.core import Locale, UnknownLocaleError
from babel.messages.pofile import read_po

FALLBACK = "en"
LANGUAGE_NAME = "language.name"
"""The message id of a language's own name, written in that language ("Nederlands")."""
_LANG_RE = re.compile(r"[a-z]{2,3}(?:_[A-Z][A-Za-z]{1,3})?")


class _Blanks(dict[str, str]):
    """Leaves a placeholder the caller did not fill as it is."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


class Catalogs:
    """The catalogs in a locales directory, re-read when a file changes."""

    def __init__(self, locales_dir: Path) -> None:
        self.locales_dir = locales_dir
        self._lock = threading.Lock()
        self._cache: dict[str, tuple[int, dict[str, str]]] = {}

    def _path(self, lang: str) -> Path:
        return self.locales_dir / lang / "LC_MESSAGES" / "messages.po"

    def available(self) -> list[str]:
        """The languages that have a catalog, sorted."""
        if not self.locales_dir.is_dir():
            return []
        return sorted(
            entry.name
            for entry in self.locales_dir.iterdir()
            if _LANG_RE.fullmatch(entry.name) and self._path(entry.name).is_file()
        )

    def resolve(self, wanted: str) -> str | None:
        """The available language for a tag (``ro``, ``ro-RO``, ``pt_BR``), or None."""
        tag = wanted.strip().replace("-", "_")
        if not tag or len(tag) > 16:
            return None
        available = self.available()
        language, _, region = tag.partition("_")
        full = f"{language.lower()}_{region.upper()}" if region else language.lower()
        for candidate in (full, language.lower()):
            if candidate in available:
                return candidate
        return None

    def _read(self, lang: str) -> dict[str, str]:
        path = self._path(lang)
        try:
            stamp = path.stat().st_mtime_ns
        except FileNotFoundError:
            return {}
        with self._lock:
            cached = self._cache.get(lang)
            if cached is not None and cached[0] == stamp:
                return cached[1]
        with path.open("rb") as file:
            catalog = read_po(file)
        messages = {
            str(message.id): str(message.string)
            for message in catalog
            if message.id and isinstance(message.id, str) and message.string and not message.fuzzy
        }
        with self._lock:
            self._cache[lang] = (stamp, messages)
        return messages

    def text(self, lang: str, key: str, **values: object) -> str:
        """One message filled in (``{reason}`` and the like); the key itself if no catalog
        has it, so a missing entry shows up instead of breaking the answer."""
        template = self.messages(lang).get(key, key)
        return template.format_map(_Blanks({name: str(value) for name, value in values.items()}))

    def language_name(self, lang: str) -> str:
        """A language's name in that language: its own catalog's ``language.name`` (never
        English's, which names English), else Babel's (CLDR) name, capitalised as a menu
        item, else the code.

        >>> no_catalogs = Catalogs(Path("/nowhere"))
        >>> no_catalogs.language_name("de"), no_catalogs.language_name("pt_BR")
        ('Deutsch', 'Português (Brasil)')
        >>> no_catalogs.language_name("xx")
        'xx'
        """
        own = self._read(lang).get(LANGUAGE_NAME, "").strip()
        if own:
            return own
        try:
            name = Locale.parse(lang).get_display_name(lang)
        except (ValueError, UnknownLocaleError):
            name = None
        return name[:1].upper() + name[1:] if name else lang

    def names(self, order: Iterable[str] = ()) -> dict[str, str]:
        """Every available language → its own name, for a language menu: the languages of
        ``order`` first, in that order (the pages' order), then the others by code."""
        available = self.available()
        first = [lang for lang in dict.fromkeys(order) if lang in available]
        rest = [lang for lang in available if lang not in first]
        return {lang: self.language_name(lang) for lang in [*first, *rest]}

    def messages(self, lang: str) -> dict[str, str]:
        """Every message in ``lang``, English where it has no translation."""
        merged = dict(self._read(FALLBACK))
        if lang != FALLBACK:
            merged.update(self._read(lang))
        return merged
