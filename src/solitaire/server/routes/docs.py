"""``/docs`` (the API's reference, drawn from ``/openapi.json``: :mod:`solitaire.server.api_docs`)
and its stylesheet; off with the setting ``api_docs`` (``/openapi.json`` stays)."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response
from starlette.exceptions import HTTPException

from ..api_docs import API_DOCS_CSS, render_api_docs
from ..services import ServicesDep

router = APIRouter(tags=["docs"])


@router.get("/docs", include_in_schema=False)
def api_docs(request: Request, services: ServicesDep) -> HTMLResponse:
    if not services.settings.api_docs:
        raise HTTPException(status_code=404)
    return HTMLResponse(render_api_docs(request.app.openapi()))


@router.get("/docs/docs.css", include_in_schema=False)
def api_docs_css(services: ServicesDep) -> Response:
    if not services.settings.api_docs:
        raise HTTPException(status_code=404)
    return Response(API_DOCS_CSS, media_type="text/css")
