"""The app's own pages: ``/<lang>/<page>`` (rules, FAQ, sources, examples) and ``/<lang>/``
(their index), each in the site layout of ``web/site/layout.html``; ``/site/<file>`` serves
that layout's CSS and scripts, ``/api/site`` what the board needs to link to the pages.

The page texts come from :mod:`solitaire.pages`; the layout's own few words (navigation,
replay controls, the 404 page) from ``web/site/texts.json``; the example games from
:mod:`solitaire.pages.examples`, replayed by the engine. Relative links in a page
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
"""

from __future__ import annotations

import json
import re
from functools import cache
from html import escape
from pathlib import Path
from string import Template
from typing import Annotated, Any

from fastapi import APIRouter, Query
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.convertors import Convertor, register_url_convertor

from ...pages import LANGUAGES, PAGES, language_names, load_page, page_titles
from ...pages.examples import EXAMPLES, example_replay
from ..catalog import Catalogs
from ..services import PlayerDep, ServicesDep

FALLBACK_LANGUAGE = "en"
SITE_FILES = {
    "site.css": "text/css",
    "site.js": "text/javascript",
    "replay.js": "text/javascript",
    "board-links.js": "text/javascript",
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


register_url_convertor("site_lang", LanguageTagConvertor())

router = APIRouter(tags=["site"])


# -- the words of the layout ------------------------------------------------------------------


@cache
def _texts_file(site_dir: Path) -> dict[str, dict[str, str]]:
    texts: dict[str, dict[str, str]] = json.loads(
        (site_dir / "texts.json").read_text(encoding="utf-8")
    )
    return texts


def site_texts(site_dir: Path, lang: str) -> dict[str, str]:
    """The layout's words in ``lang``, English where a language lacks one.

    >>> site_texts(Path(__file__).parents[2] / "web" / "site", "nl")["pages"]
    'Pagina’s'
    """
    texts = _texts_file(site_dir)
    return {**texts[FALLBACK_LANGUAGE], **texts.get(lang, {})}


def _fill(template: str, **values: object) -> str:
    """``{name}`` placeholders filled, others left as they are."""
    return re.sub(r"\{(\w+)\}", lambda m: str(values.get(m.group(1), m.group(0))), template)


# -- the layout -----------------------------------------------------------------------------


def _language_links(lang: str, page: str | None) -> str:
    links = []
    for code, name in language_names().items():
        href = f"/{code}/{page}" if page else f"/{code}/"
        current = ' aria-current="true"' if code == lang else ""
        links.append(
            f'<a href="{href}" hreflang="{code}" lang="{code}" data-lang="{code}"{current}>'
            f"{escape(name)}</a>"
        )
    return "".join(links)


def _nav_items(lang: str, page: str | None) -> str:
    items = []
    for slug, title in page_titles(lang).items():
        current = ' aria-current="page"' if slug == page else ""
        items.append(f'<li><a href="/{lang}/{slug}"{current}>{escape(title)}</a></li>')
    return "".join(items)


def _render(
    site_dir: Path,
    catalogs: Catalogs,
    *,
    lang: str,
    page: str | None,
    title: str,
    content: str,
    data: str = "",
) -> str:
    texts = site_texts(site_dir, lang)
    layout = Template((site_dir / "layout.html").read_text(encoding="utf-8"))
    return layout.substitute(
        lang=lang,
        page=page or "",
        title=escape(title),
        app_name=escape(catalogs.text(lang, "ui.title")),
        back_to_game=escape(texts["back_to_game"]),
        language_label=escape(texts["language"]),
        pages_label=escape(texts["pages"]),
        languages=_language_links(lang, page),
        nav=_nav_items(lang, page),
        content=content,
        data=data,
    )


def _html(text: str, status: int = 200) -> HTMLResponse:
    # Pages change only with a release; let the browser revalidate rather than guess.
    return HTMLResponse(text, status_code=status, headers={"Cache-Control": "no-cache"})


def _not_found(services: ServicesDep, player_id: str, lang: str, path: str) -> HTMLResponse:
    if lang not in LANGUAGES:
        lang = _page_language(services.language(player_id))
    site_dir = services.settings.web_dir / "site"
    texts = site_texts(site_dir, lang)
    items = "".join(
        f'<li><a href="/{lang}/{slug}">{escape(title)}</a></li>'
        for slug, title in page_titles(lang).items()
    )
    content = (
        f"<h1>{escape(texts['not_found_title'])}</h1>"
        f"<p>{escape(_fill(texts['not_found_text'], path=path))}</p>"
        f'<ul class="page-list">{items}</ul>'
        f'<p><a href="/">{escape(texts["back_to_game"])}</a></p>'
    )
    text = _render(
        site_dir,
        services.catalogs,
        lang=lang,
        page=None,
        title=texts["not_found_title"],
        content=content,
    )
    return _html(text, status=404)


def _page_language(wanted: str) -> str:
    """The pages' language for a catalog language (``nl``) or English."""
    base = wanted.replace("_", "-").split("-")[0].lower()
    return base if base in LANGUAGES else FALLBACK_LANGUAGE


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
    it, the player's language), every language's name, the page titles and the layout's
    words."""
    language = _page_language(lang if lang is not None else services.language(player_id))
    site_dir = services.settings.web_dir / "site"
    return JSONResponse(
        {
            "lang": language,
            "languages": language_names(),
            "titles": page_titles(language),
            "texts": site_texts(site_dir, language),
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
    if lang not in LANGUAGES:
        return _not_found(services, player_id, lang, f"/{lang}")
    return RedirectResponse(f"/{lang}/", status_code=308)


@router.get("/{lang:site_lang}/", include_in_schema=False)
def page_index(lang: str, services: ServicesDep, player_id: PlayerDep) -> Response:
    """Every page of a language, with its title."""
    if lang not in LANGUAGES:
        return _not_found(services, player_id, lang, f"/{lang}/")
    site_dir = services.settings.web_dir / "site"
    texts = site_texts(site_dir, lang)
    items = "".join(
        f'<li><a href="{slug}">{escape(title)}</a></li>'
        for slug, title in page_titles(lang).items()
    )
    content = (
        f"<h1>{escape(texts['help'])}</h1>"
        f"<p>{escape(texts['index_intro'])}</p>"
        f'<ul class="page-list">{items}</ul>'
    )
    text = _render(
        site_dir, services.catalogs, lang=lang, page=None, title=texts["help"], content=content
    )
    return _html(text)


@router.get("/{lang:site_lang}/{page}", include_in_schema=False)
def site_page(lang: str, page: str, services: ServicesDep, player_id: PlayerDep) -> Response:
    """One page in one language, in the site layout."""
    if lang not in LANGUAGES or page not in PAGES:
        return _not_found(services, player_id, lang, f"/{lang}/{page}")
    site_dir = services.settings.web_dir / "site"
    content = load_page(lang, page)
    data = ""
    if page == "examples":
        content = _examples_page(content)
        texts = site_texts(site_dir, lang)
        content = REPLAY_MARK.sub(
            lambda mark: (
                f'<div data-replay="{mark.group(1)}" class="replay">'
                f'<p class="replay-no-script">{escape(texts["no_script"])}</p></div>'
            ),
            content,
        )
        payload = {"texts": texts, "replays": replay_data(services.catalogs, lang)}
        data = f'<script type="application/json" id="replay-data">{_script_json(payload)}</script>'
    text = _render(
        site_dir,
        services.catalogs,
        lang=lang,
        page=page,
        title=page_titles(lang)[page],
        content=content,
        data=data,
    )
    return _html(text)
