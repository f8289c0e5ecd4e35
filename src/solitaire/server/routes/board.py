"""The board's page: ``/`` and ``/play/{code}`` serve ``web/index.html`` ready for its first
frame — its words already in the player's language, its scripts and styles at their built
addresses (:mod:`..assets`), and in a ``<script type="application/json" id="boot">`` data
block what the board would otherwise ask the API for one request after another (the
player's settings, the messages of their language, the pages' language and their current
game) and what the board knows only from the server's own sources (the settings' defaults,
the game codes' grammar and the variant keys), so that it copies none of them by hand.
Reading the page writes nothing (a new visitor's first game is started by the board).

>>> import tempfile
>>> from fastapi.testclient import TestClient
>>> from solitaire.server.app import create_app
>>> from solitaire.server.settings import Settings
>>> client = TestClient(create_app(Settings(data_dir=tempfile.mkdtemp(), database_url="")))
>>> page = client.get("/", headers={"Accept-Language": "nl"}).text
>>> '<html lang="nl"' in page, '"game":null' in page
(True, True)
"""

from __future__ import annotations

import html
import re
from functools import cache
from pathlib import Path
from string import Template
from typing import Annotated, Any

from fastapi import APIRouter, Header
from fastapi.responses import HTMLResponse, Response

from ...catalogs import Catalogs
from ...codes import ALL_VARIANTS, CODE_VERSION, DEAL_LETTERS, MAX_DEAL, MIN_DEAL, OPTIONS
from ...pages.render import script_json
from ..assets import IMMUTABLE
from ..language import PlayerTexts, PlayerTextsDep, page_language
from ..live import NotFound
from ..schemas import PlayerSettings
from ..services import PlayerDep, Services, ServicesDep

router = APIRouter(tags=["board"])

BOARD_MISSING = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Solitaire</title></head>
<body><h1>Solitaire</h1>
<p>The server is running, but the board (<code>web/index.html</code>) is not there yet.</p>
<p>The API answers at <a href="/docs">/docs</a>.</p></body></html>
"""

#: An element whose text is a message: ``<span data-i18n="ui.undo"></span>``.
_TEXT = re.compile(
    r'(<(?P<tag>[a-z][a-z0-9]*)\b[^>]*?\sdata-i18n="(?P<id>[\w.]+)"[^>]*>)(</(?P=tag)>)'
)
#: An attribute that is a message: ``data-i18n-title="ui.undo"``.
_ATTRIBUTE = re.compile(r'\sdata-i18n-(?P<name>aria-label|title|placeholder)="(?P<id>[\w.]+)"')


def translate(page: str, catalogs: Catalogs, lang: str) -> str:
    """The page with every ``data-i18n`` text and attribute filled in ``lang``, as the
    board's ``translatePage()`` fills them, so that the first paint has its words.

    >>> from pathlib import Path
    >>> import solitaire
    >>> catalogs = Catalogs(Path(solitaire.__file__).parent / "locales")
    >>> translate('<b data-i18n="ui.undo"></b>', catalogs, "nl")
    '<b data-i18n="ui.undo">Ongedaan maken</b>'
    >>> translate('<i data-i18n-title="ui.undo"></i>', catalogs, "nl")
    '<i title="Ongedaan maken" data-i18n-title="ui.undo"></i>'
    """

    def text(match: re.Match[str]) -> str:
        words = html.escape(catalogs.text(lang, match["id"]), quote=False)
        return f"{match[1]}{words}{match[4]}"

    def attribute(match: re.Match[str]) -> str:
        words = html.escape(catalogs.text(lang, match["id"]))
        return f' {match["name"]}="{words}"{match[0]}'

    return _ATTRIBUTE.sub(attribute, _TEXT.sub(text, page))


@cache
def _page_template(index: Path, modified: float, lang: str, catalogs: Catalogs) -> Template:
    """``index.html`` translated into ``lang`` (read again when the file changes)."""
    return Template(translate(index.read_text(encoding="utf-8"), catalogs, lang))


def looks_attributes(settings: PlayerSettings) -> str:
    """The player's looks as attributes of ``<html>``, so that the page's styles apply them
    before its first paint (``web/static/looks.js`` keeps them in step afterwards). The
    defaults (the system's theme, blue backs) need none: the page is as it is for everyone.

    >>> looks_attributes(PlayerSettings(theme="dark", four_colour=True))
    ' data-theme="dark" data-four-colour'
    >>> looks_attributes(PlayerSettings())
    ''
    """
    attributes = ""
    default = PlayerSettings()
    if settings.theme != default.theme:
        attributes += f' data-theme="{settings.theme}"'
    if settings.card_back != default.card_back:
        attributes += f' data-back="{settings.card_back}"'
    for name, on in (
        ("large-print", settings.large_print),
        ("four-colour", settings.four_colour),
        ("left-handed", settings.left_handed),
    ):
        if on:
            attributes += f" data-{name}"
    return attributes


def code_grammar() -> dict[str, Any]:
    """The game codes' grammar (:mod:`solitaire.codes`, DL-3) as the board reads it
    (``web/static/codes.js``): the code format's ``version``, each game's options in menu
    order, every variant key in menu order (the statistics' and the menus'), the variant a
    new visitor is dealt (the first), how many letters a deal has and the deal numbers' range
    (so that the board checks a typed-in code before it asks to leave a game, UI-11).

    >>> grammar = code_grammar()
    >>> grammar["games"]["SS"], grammar["variants"][0], grammar["default"]
    (['S1', 'S2', 'S4'], 'KL-D1N', 'KL1-D1N')
    """
    return {
        "version": CODE_VERSION,
        "games": {game.value: list(options) for game, options in OPTIONS.items()},
        "variants": [variant.key for variant in ALL_VARIANTS],
        "default": str(ALL_VARIANTS[0]),
        "deal_letters": DEAL_LETTERS,
        "min_deal": MIN_DEAL,
        "max_deal": MAX_DEAL,
    }


def boot_data(services: Services, player_id: str, settings: PlayerSettings) -> dict[str, Any]:
    """What the board needs for its first frame, each part as its API route answers it:
    ``settings`` (``GET /api/settings``: the player's, their language the one an answer speaks),
    ``messages`` (``GET /api/messages``), ``pages`` (the ``lang`` of ``GET /api/site``) and
    ``game`` (``GET /api/games/current``, or None); and from the server's sources, ``defaults``
    (every setting's default, :class:`PlayerSettings`) and ``codes`` (:func:`code_grammar`)."""
    language = settings.language
    catalogs = services.catalogs
    site = services.site()
    try:
        game: dict[str, Any] | None = services.games.latest(player_id)
    except NotFound:
        game = None
    return {
        "settings": settings.model_dump(),
        "messages": {
            "lang": language,
            "messages": catalogs.messages(language),
            "available": catalogs.available(),
            "names": site.language_menu(),
        },
        "pages": page_language(site.languages(), language),
        "game": game,
        "defaults": PlayerSettings().model_dump(),
        "codes": code_grammar(),
    }


def _board(services: Services, player_id: str, texts: PlayerTexts) -> Response:
    index = services.settings.web_dir / "index.html"
    if not index.is_file():
        return HTMLResponse(BOARD_MISSING)
    language = texts.language()
    saved = services.player_settings(player_id, texts.saved_settings())
    settings = saved.model_copy(update={"language": language})
    boot = boot_data(services, player_id, settings)
    template = _page_template(index, index.stat().st_mtime, language, services.catalogs)
    assets = services.assets
    page = template.substitute(
        lang=language,
        looks=looks_attributes(settings),
        board_css=assets.url("board.css"),
        main_js=assets.url("main.js"),
        boot=script_json(boot),
    )
    # The page holds this player's game: no shared cache may keep it, and the browser asks
    # again at every visit (its scripts and styles, at their hashed addresses, stay cached).
    return HTMLResponse(page, headers={"Cache-Control": "private, no-cache"})


@router.get("/", include_in_schema=False)
def home(services: ServicesDep, player_id: PlayerDep, texts: PlayerTextsDep) -> Response:
    return _board(services, player_id, texts)


@router.get("/play/{code}", include_in_schema=False)
def play(code: str, services: ServicesDep, player_id: PlayerDep, texts: PlayerTextsDep) -> Response:
    # The board reads the code from the address and starts that game through the API.
    return _board(services, player_id, texts)


@router.get("/assets/{name}", include_in_schema=False)
def built_file(
    name: str,
    services: ServicesDep,
    accept_encoding: Annotated[str | None, Header(max_length=1000)] = None,
    if_none_match: Annotated[str | None, Header(max_length=1000)] = None,
) -> Response:
    """A bundle built by ``scripts/build-web.mjs``, gzipped when the browser takes it;
    its name changes with its content, so it may be kept for a year."""
    found = services.assets.files.get(name)
    if found is None:
        return Response(status_code=404)
    headers = {"Cache-Control": IMMUTABLE, "ETag": found.etag, "Vary": "Accept-Encoding"}
    if if_none_match == found.etag:
        return Response(status_code=304, headers=headers)
    if "gzip" in (accept_encoding or ""):
        headers["Content-Encoding"] = "gzip"
        return Response(found.gzipped, media_type=found.media_type, headers=headers)
    return Response(found.body, media_type=found.media_type, headers=headers)
