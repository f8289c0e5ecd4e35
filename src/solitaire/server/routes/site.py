"""The app's own pages: ``/<lang>/<page>`` (rules, FAQ, sources, examples) and ``/<lang>/``
(their index), each in the site layout of ``web/site/layout.html``; ``/site/<file>`` serves
that layout's CSS and scripts, ``/api/site`` what the board needs to link to the pages. Any
other address a browser opens (outside ``/api/`` and ``/static/``) gets the 404 page, in the
player's language, with the list of pages.

The page texts come from the settings' ``pages_dir`` (:class:`solitaire.pages.PageTexts`);
every other word (navigation, the 404 page, the replay controls, each language's own name)
from the message catalogs (``site.*`` and ``language.name``); the example games from
:mod:`solitaire.pages.examples`, replayed by the engine. A language has pages once it has both
its page texts and its catalog: no list of languages lives in code. Relative links in a page
(``faq#game-codes``) resolve against ``/<lang>/``, so they stay in the page's language.

>>> import tempfile
>>> from fastapi.testclient import TestClient
>>> from solitaire.server.app import create_app
>>> from solitaire.server.settings import Settings
>>> client = TestClient(create_app(Settings(data_dir=tempfile.mkdtemp(), database_url="")))
>>> answer = client.get("/nl/faq")
>>> answer.status_code, '<html lang="nl">' in answer.text
(200, True)
>>> client.get("/fr/faq").status_code
404
>>> client.get("/api/site", params={"lang": "ro-RO"}).json()["languages"]
{'en': 'English', 'ro': 'Română', 'nl': 'Nederlands'}
"""

from __future__ import annotations

import json
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from functools import cache
from html import escape
from pathlib import Path
from string import Template
from typing import Annotated, Any

from fastapi import APIRouter, FastAPI, Query, Request
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.convertors import Convertor, register_url_convertor
from starlette.exceptions import HTTPException

from ...pages import PAGES, PageTexts
from ...pages.examples import EXAMPLES, example_replay
from ..catalog import Catalogs
from ..services import PlayerDep, Services, ServicesDep

FALLBACK_LANGUAGE = "en"
SITE_FILES = {
    "site.css": "text/css",
    "site.js": "text/javascript",
    "replay.js": "text/javascript",
}
"""The files of ``web/site/`` a browser may fetch, and their types."""

SOLUTION_MOVES_MARK = "<span data-solution-moves></span>"
SOLUTION_SCORE_MARK = "<span data-solution-score></span>"
REPLAY_MARK = re.compile(r'<div data-replay="([^"]*)"></div>')


class LanguageTagConvertor(Convertor[str]):
    """A path segment shaped like a language tag (``ro``, ``nl-BE``): only such segments reach
    the pages' routes, so ``/api/…`` and ``/static/…`` never fall into them."""

    regex = "[A-Za-z]{2}(?:[-_][A-Za-z]{2,4})?"

    def convert(self, value: str) -> str:
        return value

    def to_string(self, value: str) -> str:
        return value


class OtherPathConvertor(Convertor[str]):
    """Any other path a browser may ask for (an old link, a typo), but none under ``/api/``
    (the API answers its own JSON 404) or ``/static/`` (the board's files, mounted after the
    routers)."""

    regex = "(?!(?:api|static)(?:/|$)).+"

    def convert(self, value: str) -> str:
        return value

    def to_string(self, value: str) -> str:
        return value


register_url_convertor("site_lang", LanguageTagConvertor())
register_url_convertor("site_other", OtherPathConvertor())


@asynccontextmanager
async def _read_page_texts(app: FastAPI) -> AsyncIterator[None]:
    """Reads the page texts as the app starts, so that a language folder with a broken or
    incomplete ``index.json`` stops the server with the file's name instead of failing pages."""
    services: Services = app.state.services
    page_texts(services.settings.pages_dir)
    yield


router = APIRouter(tags=["site"], lifespan=_read_page_texts)


# -- languages and words ---------------------------------------------------------------------


@cache
def page_texts(pages_dir: Path) -> PageTexts:
    """The page texts of a folder, read once (pages change only with a release)."""
    return PageTexts(pages_dir)


def site_languages(services: Services) -> tuple[str, ...]:
    """The languages the pages are offered in: page texts and a catalog both there, in the
    order of the page texts' ``index.json`` (``('en', 'ro', 'nl')``)."""
    available = set(services.catalogs.available())
    languages = page_texts(services.settings.pages_dir).languages
    return tuple(lang for lang in languages if lang in available)


def language_menu(services: Services) -> dict[str, str]:
    """Every language with a catalog → its own name ("Română"), the pages' languages first,
    in their order: what every language selector offers."""
    return services.catalogs.names(order=page_texts(services.settings.pages_dir).languages)


def _word(catalogs: Catalogs, lang: str, key: str, **values: object) -> str:
    """One word of the layout (``site.<key>``) in ``lang``, escaped for HTML."""
    return escape(catalogs.text(lang, f"site.{key}", **values))


# -- the layout -----------------------------------------------------------------------------


def _language_links(services: Services, lang: str, page: str | None) -> str:
    links = []
    for code in site_languages(services):
        href = f"/{code}/{page}" if page else f"/{code}/"
        current = ' aria-current="true"' if code == lang else ""
        name = services.catalogs.language_name(code)
        links.append(
            f'<a href="{href}" hreflang="{code}" lang="{code}" data-lang="{code}"{current}>'
            f"{escape(name)}</a>"
        )
    return "".join(links)


def _nav_items(titles: dict[str, str], lang: str, page: str | None) -> str:
    items = []
    for slug, title in titles.items():
        current = ' aria-current="page"' if slug == page else ""
        items.append(f'<li><a href="/{lang}/{slug}"{current}>{escape(title)}</a></li>')
    return "".join(items)


def _render(
    services: Services,
    *,
    lang: str,
    page: str | None,
    title: str,
    content: str,
    data: str = "",
) -> str:
    catalogs = services.catalogs
    layout_file = services.settings.web_dir / "site" / "layout.html"
    if not layout_file.is_file():
        # A web folder without the site (a test's, a bare board): no page is there.
        raise HTTPException(status_code=404)
    layout = Template(layout_file.read_text(encoding="utf-8"))
    return layout.substitute(
        lang=lang,
        page=page or "",
        title=escape(title),
        app_name=escape(catalogs.text(lang, "ui.title")),
        back_to_game=_word(catalogs, lang, "back_to_game"),
        language_label=_word(catalogs, lang, "language"),
        pages_label=_word(catalogs, lang, "pages"),
        languages=_language_links(services, lang, page),
        nav=_nav_items(page_texts(services.settings.pages_dir).page_titles(lang), lang, page),
        content=content,
        data=data,
        board_css=services.assets.url("board.css"),
        site_css=services.assets.url("site.css"),
        site_js=services.assets.url("site.js"),
    )


def _html(text: str, status: int = 200) -> HTMLResponse:
    # Pages change only with a release; let the browser revalidate rather than guess.
    return HTMLResponse(text, status_code=status, headers={"Cache-Control": "no-cache"})


def _not_found(services: Services, player_id: str, lang: str, path: str) -> HTMLResponse:
    if lang not in site_languages(services):
        lang = page_language(services, services.language(player_id))
    catalogs = services.catalogs
    items = "".join(
        f'<li><a href="/{lang}/{slug}">{escape(title)}</a></li>'
        for slug, title in page_texts(services.settings.pages_dir).page_titles(lang).items()
    )
    content = (
        f"<h1>{_word(catalogs, lang, 'not_found_title')}</h1>"
        f"<p>{_word(catalogs, lang, 'not_found_text', path=path)}</p>"
        f'<ul class="page-list">{items}</ul>'
        f'<p><a href="/">{_word(catalogs, lang, "back_to_game")}</a></p>'
    )
    text = _render(
        services,
        lang=lang,
        page=None,
        title=catalogs.text(lang, "site.not_found_title"),
        content=content,
    )
    return _html(text, status=404)


def page_language(services: Services, wanted: str) -> str:
    """The pages' language for a catalog language or tag (``nl``, ``nl-BE``), or English."""
    base = wanted.replace("_", "-").split("-")[0].lower()
    return base if base in site_languages(services) else FALLBACK_LANGUAGE


# -- the examples ---------------------------------------------------------------------------


def replay_data(catalogs: Catalogs, lang: str) -> dict[str, Any]:
    """Every example's steps for the replay widget, reminders in ``lang``."""
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


def _examples_page(html: str) -> str:
    """The examples page with the solution's figures written in, from the engine's replay."""
    last = example_replay("simple-simon").steps[-1].view
    html = html.replace(SOLUTION_MOVES_MARK, f"<span data-solution-moves>{last['moves']}</span>")
    return html.replace(
        SOLUTION_SCORE_MARK, f"<span data-solution-score>{escape(last['score_text'])}</span>"
    )


def _script_json(value: object) -> str:
    # "</" would end the <script> element early; "\u003c" reads back as the same "<".
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")


# -- routes ---------------------------------------------------------------------------------


@router.get("/api/site")
def read_site(
    services: ServicesDep,
    player_id: PlayerDep,
    lang: Annotated[str | None, Query(max_length=16)] = None,
) -> JSONResponse:
    """What the board needs to link to the pages: the pages' language for ``lang`` (without
    it, the player's language), every language's own name (the languages with a catalog,
    in menu order) and the page titles."""
    wanted = lang if lang is not None else services.language(player_id)
    language = page_language(services, wanted)
    return JSONResponse(
        {
            "lang": language,
            "languages": language_menu(services),
            "titles": page_texts(services.settings.pages_dir).page_titles(language),
        }
    )


@router.get("/site/{name}", include_in_schema=False)
def site_file(name: str, services: ServicesDep, player_id: PlayerDep) -> Response:
    """The layout's CSS and scripts (only the files listed in :data:`SITE_FILES`)."""
    media_type = SITE_FILES.get(name)
    path = services.settings.web_dir / "site" / name
    if media_type is None or not path.is_file():
        return _not_found(services, player_id, "", f"/site/{name}")
    return FileResponse(path, media_type=media_type, headers={"Cache-Control": "no-cache"})


@router.get("/{lang:site_lang}", include_in_schema=False)
def language_home(lang: str, services: ServicesDep, player_id: PlayerDep) -> Response:
    """``/ro`` → ``/ro/``, so that the index's relative links stay in the language."""
    if lang not in site_languages(services):
        return _not_found(services, player_id, lang, f"/{lang}")
    return RedirectResponse(f"/{lang}/", status_code=308)


@router.get("/{lang:site_lang}/", include_in_schema=False)
def page_index(lang: str, services: ServicesDep, player_id: PlayerDep) -> Response:
    """Every page of a language, with its title."""
    if lang not in site_languages(services):
        return _not_found(services, player_id, lang, f"/{lang}/")
    catalogs = services.catalogs
    items = "".join(
        f'<li><a href="{slug}">{escape(title)}</a></li>'
        for slug, title in page_texts(services.settings.pages_dir).page_titles(lang).items()
    )
    content = (
        f"<h1>{_word(catalogs, lang, 'help')}</h1>"
        f"<p>{_word(catalogs, lang, 'index_intro')}</p>"
        f'<ul class="page-list">{items}</ul>'
    )
    title = catalogs.text(lang, "site.help")
    return _html(_render(services, lang=lang, page=None, title=title, content=content))


@router.get("/{lang:site_lang}/{page}", include_in_schema=False)
def site_page(lang: str, page: str, services: ServicesDep, player_id: PlayerDep) -> Response:
    """One page in one language, in the site layout."""
    if lang not in site_languages(services) or page not in PAGES:
        return _not_found(services, player_id, lang, f"/{lang}/{page}")
    texts = page_texts(services.settings.pages_dir)
    content = texts.load_page(lang, page)
    data = ""
    if page == "examples":
        content = _examples_page(content)
        no_script = _word(services.catalogs, lang, "no_script")
        content = REPLAY_MARK.sub(
            lambda mark: (
                f'<div data-replay="{mark.group(1)}" class="replay">'
                f'<p class="replay-no-script">{no_script}</p></div>'
            ),
            content,
        )
        # The replay's words come from the catalog through /api/messages, as on the board.
        payload = {"replays": replay_data(services.catalogs, lang)}
        data = f'<script type="application/json" id="replay-data">{_script_json(payload)}</script>'
    title = texts.page_titles(lang)[page]
    return _html(_render(services, lang=lang, page=page, title=title, content=content, data=data))


# Last of all the app's routes (app.py includes this router last): whatever no route took.
@router.api_route(
    "/{path:site_other}",
    methods=["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"],
    include_in_schema=False,
)
def other_path(
    path: str, request: Request, services: ServicesDep, player_id: PlayerDep
) -> Response:
    """The 404 page, in the player's language, for any other address a browser opens; any
    other method gets the API's JSON 404, as before this route."""
    if request.method not in ("GET", "HEAD"):
        raise HTTPException(status_code=404)
    return _not_found(services, player_id, "", f"/{path}")
