"""The actions route taken past FastAPI's routing (``server/action_lane.py``) answers every
request exactly as the route does through FastAPI: the same statuses, bodies and headers,
for good actions and for each way an action can be refused or malformed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from solitaire.server.action_lane import ActionLane
from solitaire.server.app import create_app

from .conftest import sqlite_settings

CODE = {"mode": "code", "code": "KL1-D1N-AAAAAAG"}


def _without_lane(app: FastAPI) -> FastAPI:
    lane: Any = ActionLane
    app.user_middleware = [entry for entry in app.user_middleware if entry.cls is not lane]
    return app


def _requests(game_id: str) -> list[tuple[str, dict[str, Any]]]:
    """Requests on a game at version 0, in order: each is sent to both apps."""
    path = f"/api/games/{game_id}/actions"
    return [
        (path, {"json": {"type": "stock", "version": 0}}),  # 200
        (path, {"json": {"type": "stock", "version": 0}}),  # 409, stale
        (path, {"json": {"type": "move", "move": "t1-t2", "version": 1}}),  # 422
        (path, {"json": {"type": "move", "move": "zz", "version": 1}}),  # 400, move text
        (path, {"json": {"type": "leap", "version": 1}}),  # 400, no such type
        (path, {"json": {"type": "stock"}}),  # 400, no version
        (path, {"json": [1, 2]}),  # 400, not an object
        (path, {"content": b'{"type": "stock", "version": NaN}'}),  # 400, not JSON
        (path, {"content": b"type=stock", "headers": {"content-type": "text/plain"}}),  # 400
        (
            path,
            {"json": {"type": "drop", "pile": "w", "index": 0, "target": "f1", "version": 1}},
        ),  # 422
        (path, {"json": {"type": "undo", "version": 1}}),  # 200
        (path, {"json": {"type": "redo", "version": 2}}),  # 200
        (path, {"json": {"type": "finish", "version": 3}}),  # 422: not yet
        ("/api/games/nosuchgame/actions", {"json": {"type": "stock", "version": 0}}),  # 404
        ("/api/games/bad%00id/actions", {"json": {"type": "stock", "version": 0}}),  # 404
        (path + "/", {"json": {"type": "stock", "version": 3}}),  # FastAPI's redirect
    ]


def _comparable(response: Any, game_id: str) -> tuple[int, Any, list[tuple[str, str]]]:
    try:
        body: Any = response.json()
    except ValueError:
        body = response.text
    text = repr(body).replace(game_id, "<id>")
    headers = sorted(
        (name, value.replace(game_id, "<id>"))
        for name, value in response.headers.items()
        if name not in ("set-cookie", "date")
    )
    return response.status_code, text, headers


def test_every_answer_is_the_routes_own(tmp_path: Path) -> None:
    with_lane = create_app(sqlite_settings(tmp_path / "lane"))
    through_fastapi = _without_lane(create_app(sqlite_settings(tmp_path / "plain")))
    answers: list[list[tuple[int, Any, list[tuple[str, str]]]]] = []
    for app in (with_lane, through_fastapi):
        # Uncompressed, so that the lengths do not depend on how each game's id compresses.
        with TestClient(
            app, follow_redirects=False, headers={"accept-encoding": "identity"}
        ) as client:
            game = client.post("/api/games", json=CODE).json()
            answers.append(
                [
                    _comparable(client.post(path, **options), game["id"])
                    for path, options in _requests(game["id"])
                ]
            )
    lane, plain = answers
    statuses = [status for status, _, _ in lane]
    assert statuses == [
        200,
        409,
        422,
        400,
        400,
        400,
        400,
        400,
        400,
        422,
        200,
        200,
        422,
        404,
        404,
        307,
    ]
    for index, (mine, theirs) in enumerate(zip(lane, plain, strict=True)):
        assert mine == theirs, _requests("<id>")[index]


@pytest.mark.parametrize("language", ["nl", "ro"])
def test_a_refusal_speaks_the_players_language(tmp_path: Path, language: str) -> None:
    with TestClient(create_app(sqlite_settings(tmp_path))) as client:
        game = client.post("/api/games", json=CODE).json()
        english = client.post(
            f"/api/games/{game['id']}/actions",
            json={"type": "move", "move": "t1-t2", "version": 0},
        ).json()["message"]
        refused = client.post(
            f"/api/games/{game['id']}/actions",
            json={"type": "move", "move": "t1-t2", "version": 0},
            headers={"Accept-Language": language},
        )
    assert refused.status_code == 422
    assert refused.json()["message"] != english


def test_the_lane_serves_valid_actions_itself(tmp_path: Path, monkeypatch: Any) -> None:
    from solitaire.server import action_lane

    served: list[str] = []
    route = action_lane.act  # type: ignore[attr-defined]

    async def counted(game_id: str, request: Any, action: Any) -> Any:
        served.append(action.type)
        return await route(game_id, request, action)

    monkeypatch.setattr(action_lane, "act", counted)
    with TestClient(create_app(sqlite_settings(tmp_path))) as client:
        game = client.post("/api/games", json=CODE).json()
        for path, options in _requests(game["id"]):
            client.post(path, follow_redirects=False, **options)
    # Every body that validates, refused or not; the malformed ones went to FastAPI.
    on_the_game = ["stock", "stock", "move", "move", "drop", "undo", "redo", "finish"]
    assert served == [*on_the_game, "stock", "stock"]  # and the two that are no game
