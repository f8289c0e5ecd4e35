"""``GET /api/history``: the player's finished games, newest first, each with the body that
starts it again (docs/api.md); ``GET /api/history.csv``: the same entries as CSV."""

from __future__ import annotations

import csv
import datetime as dt
import io
import json
from typing import Any

import pytest
from fastapi.testclient import TestClient

from solitaire.server.routes import stats

from .conftest import act, start
from .test_stats_api import ALMOST_WON

EMPTY = {"games": [], "total": 0, "limit": 20, "offset": 0}


def history(client: TestClient, **params: Any) -> dict[str, Any]:
    response = client.get("/api/history", params=params)
    assert response.status_code == 200, response.text
    body: dict[str, Any] = response.json()
    return body


def one_move_game(client: TestClient, code: str) -> dict[str, Any]:
    """A game with one move on its counter (a stock turn), left in progress."""
    state = start(client, mode="code", code=code)
    answer = act(client, state, type="stock")
    assert answer.status_code == 200
    moved: dict[str, Any] = answer.json()
    return moved


def test_a_new_player_has_no_history(client: TestClient) -> None:
    assert history(client) == EMPTY


def test_finished_games_with_a_move_newest_first(client: TestClient) -> None:
    first = one_move_game(client, "KL1-D3V-AAAAAAG")
    start(client, mode="code", code="SS1-S2-AAAAABD")  # untouched, then left: not played
    second = one_move_game(client, "EH1-N-AAAAAAF")
    won = start(client, mode="layout", layout=ALMOST_WON)
    won = act(client, won, type="tap", pile="t1", index=0).json()
    assert won["won"]
    in_progress = one_move_game(client, "KL1-D1N-AAAAAAB")  # not finished: not listed
    rows = history(client)["games"]
    assert [row["id"] for row in rows] == [won["id"], second["id"], first["id"]]
    assert in_progress["id"] not in [row["id"] for row in rows]
    assert rows[0] == {
        "id": won["id"],
        "code": "KL1-D1N",
        "variant": "KL-D1N",
        "finished_at": rows[0]["finished_at"],
        "result": "won",
        "score": won["score"],
        "score_text": won["score_text"],
        "moves": 1,
        "seconds": rows[0]["seconds"],
        "replay": {"mode": "same", "game_id": won["id"]},
        "hints": False,
        "light": False,
    }
    assert rows[2] == {
        "id": first["id"],
        "code": "KL1-D3V-AAAAAAG",
        "variant": "KL-D3V",
        "finished_at": rows[2]["finished_at"],
        "result": "lost",
        "score": -52,
        "score_text": "-$52",
        "moves": 1,
        "seconds": rows[2]["seconds"],
        "replay": {"mode": "code", "code": "KL1-D3V-AAAAAAG"},
        "hints": False,
        "light": False,
    }
    times = [dt.datetime.fromisoformat(row["finished_at"]) for row in rows]
    assert all(moment.tzinfo is not None for moment in times)
    assert times == sorted(times, reverse=True)


def test_pages_of_the_history(client: TestClient) -> None:
    codes = [f"EH1-N-AAAAAA{letter}" for letter in "BCDEF"]
    for code in codes:
        one_move_game(client, code)
    start(client, mode="code", code="EH1-N-AAAAAAG")  # finishes the last one
    full = history(client)
    assert full["total"] == 5
    assert [row["code"] for row in full["games"]] == codes[::-1]
    pages = [history(client, limit=2, offset=offset) for offset in (0, 2, 4)]
    assert [page["total"] for page in pages] == [5, 5, 5]
    assert [(page["limit"], page["offset"]) for page in pages] == [(2, 0), (2, 2), (2, 4)]
    assert [row for page in pages for row in page["games"]] == full["games"]
    assert history(client, offset=5)["games"] == []


def test_play_again_starts_the_deal_from_its_first_position(client: TestClient) -> None:
    fresh = start(client, mode="code", code="KL1-D1N-AAAAAAG")
    act(client, fresh, type="move", move="t6-t7")
    start(client, mode="code", code="SS1-S1-AAAAABD")
    (row,) = history(client)["games"]
    again = client.post("/api/games", json=row["replay"])
    assert again.status_code == 201
    state = again.json()
    assert state["id"] != fresh["id"]
    assert (state["code"], state["version"], state["moves"]) == ("KL1-D1N-AAAAAAG", 0, 0)
    assert state["piles"] == fresh["piles"]


def test_play_again_restarts_a_typed_in_position(client: TestClient) -> None:
    typed = start(client, mode="layout", layout=ALMOST_WON)
    act(client, typed, type="tap", pile="t1", index=0)
    (row,) = history(client)["games"]
    assert row["replay"] == {"mode": "same", "game_id": typed["id"]}
    again = client.post("/api/games", json=row["replay"])
    assert again.status_code == 201
    assert again.json()["piles"] == typed["piles"]
    assert not again.json()["won"]


def test_the_history_is_the_players_own(client: TestClient, other_client: TestClient) -> None:
    one_move_game(client, "EH1-N-AAAAAAB")
    start(client, mode="code", code="EH1-N-AAAAAAC")
    assert history(client)["total"] == 1
    assert history(other_client) == EMPTY
    (row,) = history(client)["games"]
    # Someone else's game cannot be restarted by its id.
    same = other_client.post("/api/games", json={"mode": "same", "game_id": row["id"]})
    assert same.status_code == 404


@pytest.mark.parametrize(
    "params",
    [
        {"limit": 0},
        {"limit": 101},
        {"limit": -1},
        {"limit": "ten"},
        {"offset": -1},
        {"offset": "x"},
        {"offset": 10**12},
    ],
)
def test_bad_paging_is_refused(client: TestClient, params: dict[str, Any]) -> None:
    answer = client.get("/api/history", params=params)
    assert answer.status_code == 400
    body = answer.json()
    assert body["error"] == "bad_request"
    assert body["detail"][0]["loc"][0] == "query"


def test_the_history_is_read_only(client: TestClient) -> None:
    assert client.post("/api/history", json={}).status_code == 405
    assert client.delete("/api/history").status_code == 405


def csv_rows(client: TestClient) -> tuple[list[str], list[list[str]]]:
    answer = client.get("/api/history.csv")
    assert answer.status_code == 200
    assert answer.headers["content-type"] == "text/csv; charset=utf-8"
    assert answer.headers["content-disposition"] == ('attachment; filename="solitaire-history.csv"')
    table = list(csv.reader(io.StringIO(answer.text)))
    return table[0], table[1:]


def test_the_history_csv_rows_are_the_history_entries(client: TestClient) -> None:
    header, body = csv_rows(client)
    assert header == [
        "id", "code", "variant", "finished_at", "result", "score", "score_text", "moves",
        "seconds", "replay", "hints", "light",
    ]  # fmt: skip
    assert body == []
    for code in ("KL1-D3V-AAAAAAG", "EH1-N-AAAAAAF", "KL1-D1N-AAAAAAB"):
        one_move_game(client, code)
    won = start(client, mode="layout", layout=ALMOST_WON)  # a typed-in position, won
    assert act(client, won, type="tap", pile="t1", index=0).json()["won"]
    start(client, mode="code", code="KL1-D1N-AAAAAAC")
    history = client.get("/api/history", params={"limit": 100}).json()["games"]
    assert len(history) == 4
    header, body = csv_rows(client)
    assert len(body) == len(history)
    for row, entry in zip(body, history, strict=True):
        assert list(entry) == header
        expected = [
            value if isinstance(value, str) else json.dumps(value) for value in entry.values()
        ]
        assert row == expected
        assert json.loads(row[header.index("replay")]) == entry["replay"]
        assert int(row[header.index("score")]) == entry["score"]


def test_the_history_csv_holds_every_game_past_one_page(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(stats, "CSV_PAGE", 2)
    for deal in "BCDEF":
        act(client, start(client, mode="code", code=f"KL1-D1N-AAAAAA{deal}"), type="stock")
    start(client, mode="code", code="KL1-D1N-AAAAAAG")
    _, body = csv_rows(client)
    ids = [entry["id"] for entry in client.get("/api/history").json()["games"]]
    assert [row[0] for row in body] == ids and len(ids) == 5


def test_the_history_csv_is_only_the_players_own(
    client: TestClient, other_client: TestClient
) -> None:
    act(client, start(client, mode="code", code="KL1-D3N-AAAAAAG"), type="stock")
    start(client, mode="code", code="EH1-N-AAAAAAF")
    _, mine = csv_rows(client)
    _, theirs = csv_rows(other_client)
    assert len(mine) == 1 and theirs == []
