"""The API against its own OpenAPI schema (server/openapi.py, server/answers.py): schemathesis
generates requests for every operation from ``/openapi.json`` (a fixed seed, a bounded number
of examples) and checks that no answer is a server error, that every status is one the
operation documents, and that every body, errors included, is the schema's.

Half the requests act on a real game of a real player (their cookie, their game's id), so
that the answers of a game in play (200, 409 with the state, 422 with the reason) are
checked too, and not only 404s for made-up ids.
"""

from __future__ import annotations

import itertools
import tempfile
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from solitaire.server.app import create_app
from solitaire.server.players import PLAYER_COOKIE

from .conftest import sqlite_settings

EXAMPLES_PER_OPERATION = 40
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    response_schema_conformance,
    content_type_conformance,
]

_turns = itertools.count()


# Built at import: schemathesis makes its tests from the schema as the module is collected
# (its fixture-based loader does not run under this pytest).
_DATA = tempfile.TemporaryDirectory(prefix="solitaire-contract-")
APP = create_app(sqlite_settings(Path(_DATA.name) / "data"))
schema = schemathesis.openapi.from_asgi("/openapi.json", APP)


@pytest.fixture(scope="module")
def player() -> dict[str, Any]:
    """A player with a game in play and a finished one (so that the history and the
    statistics have something to show)."""
    app = APP
    client = TestClient(app)
    first = client.post("/api/games", json={"mode": "code", "code": "KL1-D1N-AAAAAAG"}).json()
    client.post(f"/api/games/{first['id']}/actions", json={"version": 0, "type": "stock"})
    game = client.post("/api/games", json={"mode": "code", "code": "SS1-S4-AAAAABD"}).json()
    return {"app": app, "cookie": client.cookies[PLAYER_COOKIE], "game_id": game["id"]}


@pytest.mark.slow
@schema.parametrize()
@settings(
    max_examples=EXAMPLES_PER_OPERATION,
    derandomize=True,
    deadline=None,
    suppress_health_check=list(HealthCheck),
)
def test_the_api_answers_as_its_schema_says(case: Any, player: dict[str, Any]) -> None:
    headers = {}
    if next(_turns) % 2 == 0:
        headers["cookie"] = f"{PLAYER_COOKIE}={player['cookie']}"
        if case.path_parameters and "game_id" in case.path_parameters:
            case.path_parameters["game_id"] = player["game_id"]
    case.call_and_validate(headers=headers, checks=CHECKS)


def test_the_schema_documents_every_operation_of_the_api(player: dict[str, Any]) -> None:
    documented = player["app"].openapi()["paths"]
    assert set(documented) == {
        "/api/games",
        "/api/games/current",
        "/api/games/{game_id}",
        "/api/games/{game_id}/actions",
        "/api/games/{game_id}/check",
        "/api/games/{game_id}/hint",
        "/api/games/{game_id}/clock",
        "/api/games/{game_id}/winnable",
        "/api/games/{game_id}/records",
        "/api/settings",
        "/api/messages",
        "/api/site",
        "/api/stats",
        "/api/stats/reset",
        "/api/history",
        "/api/history.csv",
        "/api/player/transfer",
        "/api/challenges",
        "/api/sync/games",
        "/api/sync/games/{game_id}",
    }
    for path, item in documented.items():
        for method, operation in item.items():
            statuses = set(operation["responses"])
            assert any(status.startswith("2") for status in statuses), (method, path)
            for status, answer in operation["responses"].items():
                if status == "204":
                    assert "content" not in answer, (method, path)  # no body, none said
                    continue
                kind = "text/csv" if path.endswith(".csv") and status == "200" else None
                content = answer["content"][kind or "application/json"]["schema"]
                assert content, (method, path, status)  # never {}
    transfer = documented["/api/player/transfer"]
    assert sorted(transfer["post"]["responses"]) == ["201", "429", "503"]
    assert sorted(transfer["delete"]["responses"]) == ["204", "503"]
    assert sorted(transfer["get"]["responses"]) == ["200", "503"]
    assert sorted(documented["/api/history.csv"]["get"]["responses"]) == ["200", "503"]


def test_the_schema_file_is_one_a_client_generator_can_read(tmp_path: Path) -> None:
    app = create_app(sqlite_settings(tmp_path / "data"))
    with TestClient(app) as client:
        schema_text = client.get("/openapi.json").text
    assert "HTTPValidationError" not in schema_text
    assert '"422"' in schema_text  # the rules' refusal, documented on the actions only
