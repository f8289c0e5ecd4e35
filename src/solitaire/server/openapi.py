"""``/openapi.json`` as the server really answers: each operation's statuses with their
bodies (:mod:`solitaire.server.answers`), and not FastAPI's "422 Validation Error", which
this API never answers (a body that does not validate is a 400 here).

>>> import tempfile
>>> from solitaire.server.app import create_app
>>> from solitaire.server.settings import Settings
>>> schema = create_app(Settings(data_dir=tempfile.mkdtemp(), database_url="")).openapi()
>>> sorted(schema["paths"]["/api/games/{game_id}/actions"]["post"]["responses"])
['200', '400', '404', '409', '413', '422', '503']
>>> "HTTPValidationError" in str(schema)
False
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from fastapi import FastAPI
from fastapi.openapi.utils import get_openapi

DESCRIPTION = """\
The server behind the solitaire board: games (Klondike, Simple Simon, Easy Harp) played
by their rules, the player's settings, statistics and history, messages in the player's
language.

The player is an anonymous id in the `solitaire_player` cookie (HttpOnly); a request
without it gets a new id, and the player's row is created by their first write. Every
error answers `{"error": key, "message": text, ...}`, `message` in the player's language.
The whole contract is in the repository's docs/api.md.
"""

#: FastAPI's own error models, named by the 422 it adds to every operation with a body or
#: parameters unless the operation says otherwise.
_FASTAPI_VALIDATION = ("HTTPValidationError", "ValidationError")


def truthful_openapi(app: FastAPI) -> Callable[[], dict[str, Any]]:
    """The app's ``openapi`` function: FastAPI's schema, built once, without its 422."""

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            schema = get_openapi(
                title=app.title,
                version=app.version,
                summary=app.summary,
                description=DESCRIPTION,
                routes=app.routes,
            )
            for path_item in schema.get("paths", {}).values():
                for operation in path_item.values():
                    responses = operation.get("responses", {})
                    if _FASTAPI_VALIDATION[0] in json.dumps(responses.get("422", {})):
                        del responses["422"]
            models = schema.get("components", {}).get("schemas", {})
            text = json.dumps(schema.get("paths", {}))
            for name in _FASTAPI_VALIDATION:
                if f"#/components/schemas/{name}" not in text:
                    models.pop(name, None)
            app.openapi_schema = schema
        return app.openapi_schema

    return openapi
