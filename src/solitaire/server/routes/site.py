"""The routes of the app's own pages: ``/<lang>/<page>`` (rules, FAQ, sources, examples),
``/<lang>/`` (their index), ``/site/<file>`` (the layout's CSS and scripts) and ``/api/site``
(what the board needs to link to the pages). Any other address a browser opens (outside
``/api/`` and ``/static/``) gets the 404 page with the list of pages.

The HTML is drawn by :class:`solitaire.pages.render.SitePages`; these routes only choose
what to draw and in which language: a page speaks the language of its address, the 404 page
the language of the answer (:mod:`solitaire.server.language`) when it has pages.

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

import re
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Annotated

from fastapi import APIRouter, FastAPI, Query, Request
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.convertors import Convertor, register_url_convertor
from starlette.exceptions import HTTPException

from ...pages import UnknownPageError
from ...pages.render import LayoutMissingError, SitePages
from ..answers import SiteAnswer, error_answers
from ..language import PlayerTexts, PlayerTextsDep, page_language
from ..services import Services, ServicesDep
from .board import looks_attributes

SITE_FILES = {
    "site.css": "text/css",
    "site.js": "text/javascript",
    "replay.js": "text/javascript",
}
"""The files of ``web/site/`` a browser may fetch, and their types."""


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
    services.site()
    yield


router = APIRouter(tags=["site"], lifespan=_read_page_texts)


_HTML_TAG = re.compile(r'<html lang="[^"]*"')


def _html(draw: Callable[[], str], texts: PlayerTexts, status: int = 200) -> HTMLResponse:
    try:
        text = draw()
    except LayoutMissingError:
        raise HTTPException(status_code=404) from None
    # The player's looks on <html>, as on the board, so a page is dark when they chose dark.
    text = _HTML_TAG.sub(lambda tag: tag[0] + looks_attributes(texts.settings()), text, count=1)
    # Pages change only with a release; let the browser revalidate rather than guess.
    return HTMLResponse(text, status_code=status, headers={"Cache-Control": "no-cache"})


def _not_found(site: SitePages, texts: PlayerTexts, lang: str, path: str) -> HTMLResponse:
    """The 404 page: in the address's language when it has pages, else in the answer's."""
    if lang not in site.languages():
        lang = page_language(site.languages(), texts.language())
    return _html(lambda: site.not_found(lang, path), texts, status=404)


@router.get("/api/site", response_model=SiteAnswer, responses=error_answers(400))
def read_site(
    services: ServicesDep,
    texts: PlayerTextsDep,
    lang: Annotated[str | None, Query(max_length=16)] = None,
) -> JSONResponse:
    """What the board needs to link to the pages: the pages' language for ``lang`` (without
    it, the answer's language), every language's own name (the languages with a catalog,
    in menu order) and the page titles."""
    site = services.site()
    language = page_language(site.languages(), lang if lang is not None else texts.language())
    return JSONResponse(
        {
            "lang": language,
            "languages": site.language_menu(),
            "titles": site.titles(language),
        }
    )


@router.get("/site/{name}", include_in_schema=False)
def site_file(name: str, services: ServicesDep, texts: PlayerTextsDep) -> Response:
    """The layout's CSS and scripts (only the files listed in :data:`SITE_FILES`)."""
    media_type = SITE_FILES.get(name)
    path = services.settings.web_dir / "site" / name
    if media_type is None or not path.is_file():
        return _not_found(services.site(), texts, "", f"/site/{name}")
    return FileResponse(path, media_type=media_type, headers={"Cache-Control": "no-cache"})


@router.get("/{lang:site_lang}", include_in_schema=False)
def language_home(lang: str, services: ServicesDep, texts: PlayerTextsDep) -> Response:
    """``/ro`` → ``/ro/``, so that the index's relative links stay in the language."""
    site = services.site()
    if lang not in site.languages():
        return _not_found(site, texts, lang, f"/{lang}")
    return RedirectResponse(f"/{lang}/", status_code=308)


@router.get("/{lang:site_lang}/", include_in_schema=False)
def page_index(lang: str, services: ServicesDep, texts: PlayerTextsDep) -> Response:
    """Every page of a language, with its title."""
    site = services.site()
    if lang not in site.languages():
        return _not_found(site, texts, lang, f"/{lang}/")
    return _html(lambda: site.index(lang), texts)


@router.get("/{lang:site_lang}/{page}", include_in_schema=False)
def site_page(lang: str, page: str, services: ServicesDep, texts: PlayerTextsDep) -> Response:
    """One page in one language, in the site layout."""
    site = services.site()
    try:
        return _html(lambda: site.page(lang, page), texts)
    except UnknownPageError:
        return _not_found(site, texts, lang, f"/{lang}/{page}")


# Last of all the app's routes (app.py includes this router last): whatever no route took.
@router.api_route(
    "/{path:site_other}",
    # No HEAD here: a HEAD for a page route that takes only GET would match this route in
    # full; refused (405), it goes again as a GET (HeadMiddleware) and finds its page.
    methods=["GET", "POST", "PUT", "PATCH", "DELETE"],
    include_in_schema=False,
)
def other_path(
    path: str, request: Request, services: ServicesDep, texts: PlayerTextsDep
) -> Response:
    """The 404 page, in the answer's language, for any other address a browser opens; any
    other method gets the API's JSON 404, as before this route."""
    if request.method != "GET":
        raise HTTPException(status_code=404)
    return _not_found(services.site(), texts, "", f"/{path}")
