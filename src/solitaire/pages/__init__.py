"""The app's own pages (rules, FAQ, sources, examples) in every language it ships.

Each language is a folder ``<lang>/`` holding one HTML fragment per page and an
``index.json`` with the language's own name, its place in the language menu, the page titles
and the words of the diagrams. Adding a language means adding such a folder (and its message
catalog); nothing here changes.

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
from typing import Any

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
    missing = [key for key in ("name", "order", "titles", "diagram") if key not in index]
    missing += [page for page in PAGES if page not in index.get("titles", {})]
    if missing:
        raise PageTextError(f"{folder.name}/{INDEX_FILE} lacks {', '.join(missing)}")
    return index


@cache
def _index(lang: str) -> dict[str, Any]:
    return read_index(_root() / lang)


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


LANGUAGES: tuple[str, ...] = discover_languages(_root())
"""The languages the pages are written in, in the order of the language menu."""


def _check_language(lang: str) -> None:
    if lang not in LANGUAGES:
        raise UnknownPageError(
            f"no pages in language {lang!r}: the languages are {', '.join(LANGUAGES)}"
        )


def page_titles(lang: str) -> dict[str, str]:
    """Every page's title in a language, in the order of :data:`PAGES`.

    >>> page_titles("ro")["rules-easy-harp"]
    'Regulile jocului Easy Harp'
    """
    _check_language(lang)
    titles = _index(lang)["titles"]
    return {page: str(titles[page]) for page in PAGES}


def language_names() -> dict[str, str]:
    """Each language's name in that language, for the language menu.

    >>> language_names()["ro"]
    'Română'
    """
    return {lang: str(_index(lang)["name"]) for lang in LANGUAGES}


def diagram_labels(lang: str, diagram: str) -> DiagramLabels:
    """The words of one diagram in a language."""
    _check_language(lang)
    words = _index(lang)["diagram"]
    return DiagramLabels(
        title=words["titles"][diagram],
        stock=words["stock"],
        waste=words["waste"],
        foundations=words["foundations"],
        face_down=words["face_down"],
        face_up=words["face_up"],
    )


@cache
def diagram_figure(lang: str, diagram: str) -> str:
    """The filled ``<figure>``: the SVG and a caption whose numbers come from the engine."""
    labels = diagram_labels(lang, diagram)
    caption = _index(lang)["diagram"]["captions"][diagram].format(**table_summary(diagram))
    return (
        f'<figure data-diagram="{diagram}">{starting_layout_svg(diagram, labels)}'
        f"<figcaption>{escape(caption)}</figcaption></figure>"
    )


def raw_page(lang: str, page: str) -> str:
    """A page's fragment as written, diagrams not yet filled in."""
    _check_language(lang)
    if page not in PAGES:
        raise UnknownPageError(f"no page {page!r}: the pages are {', '.join(PAGES)}")
    try:
        return (_root() / lang / f"{page}.html").read_text(encoding="utf-8")
    except FileNotFoundError as error:
        raise PageTextError(f"language {lang!r} has no text for page {page!r}") from error


@cache
def load_page(lang: str, page: str) -> str:
    """A page's HTML fragment in a language, with its diagrams filled in (built once: pages
    change only with a release)."""
    text = raw_page(lang, page)

    def fill(mark: re.Match[str]) -> str:
        diagram = mark.group(1)
        if diagram not in DIAGRAM_GAMES:
            raise PageTextError(f"{lang}/{page}.html asks for an unknown diagram {diagram!r}")
        return diagram_figure(lang, diagram)

    return DIAGRAM_MARK.sub(fill, text)


__all__ = [
    "LANGUAGES",
    "PAGES",
    "PageTextError",
    "UnknownPageError",
    "diagram_figure",
    "diagram_labels",
    "discover_languages",
    "language_names",
    "load_page",
    "page_titles",
    "raw_page",
    "read_index",
]
