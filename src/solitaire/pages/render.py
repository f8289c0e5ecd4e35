"""The pages as HTML: a page text (:class:`solitaire.pages.PageTexts`) inside the site layout
(``web/site/layout.html``) with its navigation, its language links and, on the examples page,
the replays' data; the index of a language's pages; the 404 page.

Every word around a page text (navigation, the 404 page, the replay controls, each
language's own name) is a catalog message (``site.*``, ``language.name``). A language has
pages once it has both its page texts and its catalog: no list of languages lives in code.
Which language to render is the caller's to say (the server's one rule for it).

>>> from pathlib import Path
>>> import solitaire
>>> from solitaire.catalogs import Catalogs
>>> root = Path(solitaire.__file__).parent
>>> site = SitePages(
...     PageTexts(root / "pages"),
...     Catalogs(root / "locales"),
...     root / "web/site/layout.html",
...     asset_url=lambda name: f"/assets/{name}",
... )
>>> site.languages()
('en', 'ro', 'nl')
>>> '<html lang="nl">' in site.page("nl", "faq")
True
>>> "Pagina niet gevonden" in site.not_found("nl", "/nl/spelregels")
True
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from html import escape
from pathlib import Path
from string import Template
from typing import Any

from ..catalogs import Catalogs
from . import PAGES, PageTexts, UnknownPageError
from .examples import EXAMPLES, example_replay

SOLUTION_MOVES_MARK = "<span data-solution-moves></span>"
SOLUTION_SCORE_MARK = "<span data-solution-score></span>"
REPLAY_MARK = re.compile(r'<div data-replay="([^"]*)"></div>')


class LayoutMissingError(LookupError):
    """The web folder has no site layout (a test's, a bare board): no page can be drawn."""


def replay_data(catalogs: Catalogs, lang: str) -> dict[str, Any]:
    """Every example's steps for the replay widget, its reminders in ``lang``.

    >>> from pathlib import Path
    >>> import solitaire
    >>> catalogs = Catalogs(Path(solitaire.__file__).parent / "locales")
    >>> steps = replay_data(catalogs, "en")["klondike"]["steps"]
    >>> [step["reminder"] for step in steps if step["reminder"]]
    ['Only a king can go into an empty column.']
    """
    replays: dict[str, Any] = {}
    for name in EXAMPLES:
        replay = example_replay(name)
        replays[name] = {
            "code": replay.code,
            "steps": [
                {
                    "move": step.move,
                    "reminder": (
                        catalogs.text(lang, f"reason.{step.refusal}") if step.refusal else None
                    ),
                    "view": step.view,
                }
                for step in replay.steps
            ],
        }
    return replays


def script_json(value: object) -> str:
    """JSON to put inside a ``<script type="application/json">`` data block: ``</`` would
    end the element early, and ``\\u003c`` reads back as the same ``<``.

    >>> script_json({"a": "</script>"})
    '{"a":"\\\\u003c/script>"}'
    """
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")


def _with_solution_figures(html: str) -> str:
    """The examples page with the solution's figures written in, from the engine's replay."""
    last = example_replay("simple-simon").steps[-1].view
    html = html.replace(SOLUTION_MOVES_MARK, f"<span data-solution-moves>{last['moves']}</span>")
    return html.replace(
        SOLUTION_SCORE_MARK, f"<span data-solution-score>{escape(last['score_text'])}</span>"
    )


@dataclass(frozen=True, slots=True)
class SitePages:
    """The pages of one set of page texts, catalogs and layout file."""

    texts: PageTexts
    catalogs: Catalogs
    layout_file: Path
    #: Where the layout's styles and script are (``site.css`` → its built address).
    asset_url: Callable[[str], str]

    def languages(self) -> tuple[str, ...]:
        """The languages the pages are offered in: page texts and a catalog both there, in
        the order of the page texts' ``index.json``."""
        available = set(self.catalogs.available())
        return tuple(lang for lang in self.texts.languages if lang in available)

    def language_menu(self) -> dict[str, str]:
        """Every language with a catalog → its own name ("Română"), the pages' languages
        first, in their order: what every language selector offers."""
        return self.catalogs.names(order=self.texts.languages)

    def titles(self, lang: str) -> dict[str, str]:
        """Every page's title in a language that has pages."""
        return self.texts.page_titles(lang)

    def _word(self, lang: str, key: str, **values: object) -> str:
        """One word of the layout (``site.<key>``) in ``lang``, escaped for HTML."""
        return escape(self.catalogs.text(lang, f"site.{key}", **values))

    def _language_links(self, lang: str, page: str | None) -> str:
        links = []
        for code in self.languages():
            href = f"/{code}/{page}" if page else f"/{code}/"
            current = ' aria-current="true"' if code == lang else ""
            name = self.catalogs.language_name(code)
            links.append(
                f'<a href="{href}" hreflang="{code}" lang="{code}" data-lang="{code}"{current}>'
                f"{escape(name)}</a>"
            )
        return "".join(links)

    def _nav_items(self, lang: str, page: str | None) -> str:
        items = []
        for slug, title in self.titles(lang).items():
            current = ' aria-current="page"' if slug == page else ""
            items.append(f'<li><a href="/{lang}/{slug}"{current}>{escape(title)}</a></li>')
        return "".join(items)

    def _layout(
        self, *, lang: str, page: str | None, title: str, content: str, data: str = ""
    ) -> str:
        if not self.layout_file.is_file():
            raise LayoutMissingError(f"no site layout at {self.layout_file}")
        layout = Template(self.layout_file.read_text(encoding="utf-8"))
        return layout.substitute(
            lang=lang,
            page=page or "",
            title=escape(title),
            app_name=escape(self.catalogs.text(lang, "ui.title")),
            back_to_game=self._word(lang, "back_to_game"),
            language_label=self._word(lang, "language"),
            pages_label=self._word(lang, "pages"),
            languages=self._language_links(lang, page),
            nav=self._nav_items(lang, page),
            content=content,
            data=data,
            board_css=self.asset_url("board.css"),
            site_css=self.asset_url("site.css"),
            site_js=self.asset_url("site.js"),
        )

    def _page_list(self, lang: str, prefix: str) -> str:
        items = "".join(
            f'<li><a href="{prefix}{slug}">{escape(title)}</a></li>'
            for slug, title in self.titles(lang).items()
        )
        return f'<ul class="page-list">{items}</ul>'

    def index(self, lang: str) -> str:
        """Every page of a language, with its title; relative links (``faq``), so that they
        stay in the language of ``/<lang>/``."""
        content = (
            f"<h1>{self._word(lang, 'help')}</h1>"
            f"<p>{self._word(lang, 'index_intro')}</p>"
            f"{self._page_list(lang, '')}"
        )
        title = self.catalogs.text(lang, "site.help")
        return self._layout(lang=lang, page=None, title=title, content=content)

    def page(self, lang: str, page: str) -> str:
        """One page in one language (``UnknownPageError`` for a page the app does not
        carry); the examples page with its figures and its replays' data."""
        if lang not in self.languages() or page not in PAGES:
            raise UnknownPageError(f"no page {page!r} in language {lang!r}")
        content = self.texts.load_page(lang, page)
        data = ""
        if page == "examples":
            content = _with_solution_figures(content)
            no_script = self._word(lang, "no_script")
            content = REPLAY_MARK.sub(
                lambda mark: (
                    f'<div data-replay="{mark.group(1)}" class="replay">'
                    f'<p class="replay-no-script">{no_script}</p></div>'
                ),
                content,
            )
            # The replay's words come from the catalog through /api/messages, as on the board.
            payload = {"replays": replay_data(self.catalogs, lang)}
            data = (
                f'<script type="application/json" id="replay-data">{script_json(payload)}</script>'
            )
        title = self.titles(lang)[page]
        return self._layout(lang=lang, page=page, title=title, content=content, data=data)

    def not_found(self, lang: str, path: str) -> str:
        """The 404 page in a language that has pages: what was asked for, and every page."""
        content = (
            f"<h1>{self._word(lang, 'not_found_title')}</h1>"
            f"<p>{self._word(lang, 'not_found_text', path=path)}</p>"
            f"{self._page_list(lang, f'/{lang}/')}"
            f'<p><a href="/">{self._word(lang, "back_to_game")}</a></p>'
        )
        title = self.catalogs.text(lang, "site.not_found_title")
        return self._layout(lang=lang, page=None, title=title, content=content)

    def notice(self, lang: str, title: str, text: str) -> str:
        """A page that says one thing (a link that no longer works, say) in the site's
        layout, with the way back to the game; ``title`` and ``text`` are plain words."""
        content = (
            f"<h1>{escape(title)}</h1>"
            f"<p>{escape(text)}</p>"
            f'<p><a href="/">{self._word(lang, "back_to_game")}</a></p>'
        )
        return self._layout(lang=lang, page=None, title=title, content=content)
