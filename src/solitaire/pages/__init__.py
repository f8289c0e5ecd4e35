"""The app's own pages (rules, FAQ, sources, examples) in every language it ships.

Each language is a folder ``<lang>/`` holding one HTML fragment per page and an
``index.json`` with the language's place in the language menu, the page titles and the words
of the diagrams; the language's name and the words around the pages are in its message
catalog (``locales/<lang>/LC_MESSAGES/messages.po``). Adding a language means adding such a
folder and its catalog; nothing here changes. :class:`PageTexts` reads one such set of
folders (the server's ``SOLITAIRE_PAGES_DIR``); the functions below read the package's own.

A fragment marks where a diagram goes with ``<figure data-diagram="klondike"></figure>``;
:func:`load_page` fills it with the SVG of :mod:`solitaire.pages.diagrams` and a caption.

>>> LANGUAGES
('en', 'ro', 'nl')
>>> page_titles("nl")["faq"]
'Veelgestelde vragen'
>>> html = load_page("en", "rules-klondike")
>>> html.count("<svg"), 'id="setup"' in html
(1, True)
>>> load_page("fr", "faq")
Traceback (most recent call last):
...
solitaire.pages.UnknownPageError: no pages in language 'fr': the languages are en, ro, nl
"""

from __future__ import annotations

import json
import re
from functools import cache
from html import escape
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

from ..catalogs import Catalogs
from .diagrams import DIAGRAM_GAMES, DiagramLabels, starting_layout_svg, table_summary

PAGES = (
    "rules-klondike",
    "rules-simple-simon",
    "rules-easy-harp",
    "faq",
    "sources",
    "examples",
)
"""Every page, in the order the site lists them."""

INDEX_FILE = "index.json"
DIAGRAM_MARK = re.compile(r'<figure data-diagram="([^"]*)"></figure>')


class UnknownPageError(LookupError):
    """A language or page the app does not carry."""


class PageTextError(ValueError):
    """A language folder whose files are incomplete or malformed."""


def _root() -> Traversable:
    return resources.files(__name__)


def read_index(folder: Traversable) -> dict[str, Any]:
    """A language folder's ``index.json``, checked to hold what the pages need."""
    index_file = folder / INDEX_FILE
    try:
        index: dict[str, Any] = json.loads(index_file.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as error:
        raise PageTextError(f"{folder.name}/{INDEX_FILE} cannot be read: {error}") from error
    missing = [key for key in ("order", "titles", "diagram") if key not in index]
    missing += [page for page in PAGES if page not in index.get("titles", {})]
    if missing:
        raise PageTextError(f"{folder.name}/{INDEX_FILE} lacks {', '.join(missing)}")
    return index


def discover_languages(root: Traversable) -> tuple[str, ...]:
    """Every folder under ``root`` with an index file, in the order their index files give
    (ties by folder name)."""
    folders = [
        entry for entry in root.iterdir() if entry.is_dir() and (entry / INDEX_FILE).is_file()
    ]
    return tuple(
        folder.name
        for folder in sorted(
            folders, key=lambda folder: (int(read_index(folder)["order"]), folder.name)
        )
    )


class PageTexts:
    """The page texts under one folder (``<root>/<lang>/index.json`` and the fragments), read
    once: pages change only with a release.

    >>> texts = PageTexts(_root())
    >>> texts.languages
    ('en', 'ro', 'nl')
    >>> texts.page_titles("ro")["examples"]
    'Exemple'
    """

    def __init__(self, root: Traversable) -> None:
        self.root = root
        self.languages: tuple[str, ...] = discover_languages(root)
        self._indexes = {lang: read_index(root / lang) for lang in self.languages}
        # Filled pages and diagrams, kept once built (a race only builds one twice).
        self._pages: dict[tuple[str, str], str] = {}
        self._figures: dict[tuple[str, str], str] = {}

    def _index(self, lang: str) -> dict[str, Any]:
        if lang not in self._indexes:
            raise UnknownPageError(
                f"no pages in language {lang!r}: the languages are {', '.join(self.languages)}"
            )
        return self._indexes[lang]

    def page_titles(self, lang: str) -> dict[str, str]:
        """Every page's title in a language, in the order of :data:`PAGES`."""
        titles = self._index(lang)["titles"]
        return {page: str(titles[page]) for page in PAGES}

    def diagram_labels(self, lang: str, diagram: str) -> DiagramLabels:
        """The words of one diagram in a language."""
        words = self._index(lang)["diagram"]
        return DiagramLabels(
            title=words["titles"][diagram],
            stock=words["stock"],
            waste=words["waste"],
            foundations=words["foundations"],
            face_down=words["face_down"],
            face_up=words["face_up"],
        )

    def diagram_figure(self, lang: str, diagram: str) -> str:
        """The filled ``<figure>``: the SVG and a caption whose numbers come from the engine."""
        key = (lang, diagram)
        if key not in self._figures:
            labels = self.diagram_labels(lang, diagram)
            template = self._index(lang)["diagram"]["captions"][diagram]
            caption = template.format(**table_summary(diagram))
            self._figures[key] = (
                f'<figure data-diagram="{diagram}">{starting_layout_svg(diagram, labels)}'
                f"<figcaption>{escape(caption)}</figcaption></figure>"
            )
        return self._figures[key]

    def raw_page(self, lang: str, page: str) -> str:
        """A page's fragment as written, diagrams not yet filled in."""
        self._index(lang)
        if page not in PAGES:
            raise UnknownPageError(f"no page {page!r}: the pages are {', '.join(PAGES)}")
        try:
            return (self.root / lang / f"{page}.html").read_text(encoding="utf-8")
        except FileNotFoundError as error:
            raise PageTextError(f"language {lang!r} has no text for page {page!r}") from error

    def load_page(self, lang: str, page: str) -> str:
        """A page's HTML fragment in a language, with its diagrams filled in."""
        key = (lang, page)
        if key not in self._pages:
            self._pages[key] = DIAGRAM_MARK.sub(
                lambda mark: self._figure_for(lang, page, mark.group(1)), self.raw_page(lang, page)
            )
        return self._pages[key]

    def _figure_for(self, lang: str, page: str, diagram: str) -> str:
        if diagram not in DIAGRAM_GAMES:
            raise PageTextError(f"{lang}/{page}.html asks for an unknown diagram {diagram!r}")
        return self.diagram_figure(lang, diagram)


@cache
def page_texts_in(root: Path) -> PageTexts:
    """The page texts of a folder, read once (pages change only with a release)."""
    return PageTexts(root)


PACKAGE_TEXTS = PageTexts(_root())
"""The pages the package ships."""

LANGUAGES: tuple[str, ...] = PACKAGE_TEXTS.languages
"""The languages the pages are written in, in the order of the language menu."""


def page_titles(lang: str) -> dict[str, str]:
    """Every page's title in a language, in the order of :data:`PAGES`.

    >>> page_titles("ro")["rules-easy-harp"]
    'Regulile jocului Easy Harp'
    """
    return PACKAGE_TEXTS.page_titles(lang)


def language_names() -> dict[str, str]:
    """Each language of the package's pages named in that language by its message catalog
    (``language.name``), for the language menu.

    >>> language_names()["ro"]
    'Română'
    """
    # One place for a language's name: its catalog, read as the server reads it.
    catalogs = Catalogs(Path(str(_root())).parent / "locales")
    return {lang: catalogs.language_name(lang) for lang in LANGUAGES}


def diagram_labels(lang: str, diagram: str) -> DiagramLabels:
    """The words of one diagram in a language."""
    return PACKAGE_TEXTS.diagram_labels(lang, diagram)


def diagram_figure(lang: str, diagram: str) -> str:
    """The filled ``<figure>``: the SVG and a caption whose numbers come from the engine."""
    return PACKAGE_TEXTS.diagram_figure(lang, diagram)


def raw_page(lang: str, page: str) -> str:
    """A page's fragment as written, diagrams not yet filled in."""
    return PACKAGE_TEXTS.raw_page(lang, page)


def load_page(lang: str, page: str) -> str:
    """A page's HTML fragment in a language, with its diagrams filled in (built once: pages
    change only with a release)."""
    return PACKAGE_TEXTS.load_page(lang, page)


__all__ = [
    "LANGUAGES",
    "PACKAGE_TEXTS",
    "PAGES",
    "PageTextError",
    "PageTexts",
    "UnknownPageError",
    "diagram_figure",
    "diagram_labels",
    "discover_languages",
    "language_names",
    "load_page",
    "page_texts_in",
    "page_titles",
    "raw_page",
    "read_index",
]
