"""Rules UI-21: the games a device played offline go to the server as intents with their
versions; the server replays them through its rules and records what they make, never a
result the device claims. A game that moved on meanwhile is kept, the offline continuation
saved beside it; a refused intent stops that game's upload there."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import func, select

from solitaire.local_play import Device
from solitaire.server.routes.sync import MAX_OFFLINE_MS, OFFLINE_CLOCK_SLACK_MS
from solitaire.store.models import GameRow

from ..fixtures import KLONDIKE_ONE_MOVE_TO_WIN
from .conftest import AppFactory


def start(client: TestClient, code: str) -> dict[str, Any]:
    state: dict[str, Any] = client.post("/api/games", json={"mode": "code", "code": code}).json()
    return state


def played_offline(
    code: str, steps: int, base: dict[str, Any] | None = None
) -> tuple[Device, list[dict[str, Any]]]:
    """A game played on a device (the worker's engine, here in process): ``steps`` moves
    taken from its own dests, with the versions they were made on."""
    device = Device()
    if base is None:
        device.start("d", {"code": code})
    else:
        device.start("d", base["start"], base["log"])
    actions = []
    for _ in range(steps):
        state = device.state("d")
        movable = [dest for dest in state["dests"] if dest["targets"]]
        intent = (
            {
                "type": "drop",
                "pile": movable[0]["pile"],
                "index": movable[0]["index"],
                "target": movable[0]["targets"][0],
            }
            if movable
            else {"type": "stock"}
        )
        answer = device.act("d", state["version"], intent)
        assert answer["status"] == 200, answer
        actions.append({"version": state["version"], **intent})
    return device, actions


def test_a_game_begun_offline_is_replayed_and_recorded(client: TestClient) -> None:
    device, actions = played_offline("KL1-D1N-AAAAAAG", 6)
    answer = client.post(
        "/api/sync/games",
        json={"games": [{"ref": "o1", "start": {"code": "KL1-D1N-AAAAAAG"}, "actions": actions}]},
    )
    assert answer.status_code == 200, answer.text
    [synced] = answer.json()["games"]
    assert synced["outcome"] == "new_game" and synced["accepted"] == 6
    state = client.get(f"/api/games/{synced['id']}").json()
    local = device.state("d")
    assert (state["version"], state["score"], state["moves"], state["piles"]) == (
        local["version"],
        local["score"],
        local["moves"],
        local["piles"],
    )


def test_a_game_continued_offline_goes_on_where_it_was(client: TestClient) -> None:
    server = start(client, "KL1-D3V-AAAAAJX")
    client.post(f"/api/games/{server['id']}/actions", json={"version": 0, "type": "stock"})
    record = client.get(f"/api/sync/games/{server['id']}").json()
    assert record["version"] == 1 and record["log"] == ["d"]
    assert record["start"] == {"code": "KL1-D3V-AAAAAJX"}
    device, actions = played_offline("", 4, record)
    base = {"id": server["id"], "version": 1}
    game = {"ref": "o2", "base": base, "actions": actions}
    [synced] = client.post("/api/sync/games", json={"games": [game]}).json()["games"]
    assert (synced["outcome"], synced["id"], synced["accepted"]) == ("continued", server["id"], 4)
    assert client.get(f"/api/games/{server['id']}").json()["piles"] == device.state("d")["piles"]
    # The same upload again (its answer lost): nothing is counted twice.
    [again] = client.post("/api/sync/games", json={"games": [game]}).json()["games"]
    assert (again["outcome"], again["id"]) == ("continued", server["id"])
    assert client.get(f"/api/games/{server['id']}").json()["version"] == 5


def test_a_game_moved_on_elsewhere_is_kept_and_the_continuation_saved_beside_it(
    client: TestClient,
) -> None:
    server = start(client, "KL1-D3V-AAAAAJX")
    record = client.get(f"/api/sync/games/{server['id']}").json()
    device, actions = played_offline("", 3, record)
    # Meanwhile, another tab: the stock, twice.
    for version in (0, 1):
        client.post(
            f"/api/games/{server['id']}/actions", json={"version": version, "type": "stock"}
        )
    game = {"ref": "o3", "base": {"id": server["id"], "version": 0}, "actions": actions}
    [synced] = client.post("/api/sync/games", json={"games": [game]}).json()["games"]
    assert synced["outcome"] == "new_game" and synced["id"] != server["id"]
    kept = client.get(f"/api/games/{server['id']}").json()
    assert kept["version"] == 2 and kept["last"]["action"] == "stock"
    saved = client.get(f"/api/games/{synced['id']}").json()
    assert saved["code"] == kept["code"] and saved["piles"] == device.state("d")["piles"]


def test_a_tampered_log_is_refused_from_the_bad_action_on(client: TestClient) -> None:
    _, actions = played_offline("KL1-D1N-AAAAAAG", 4)
    # A claim the rules refuse: a card onto a pile it may not go to.
    tampered = [
        *actions[:2],
        {"version": 2, "type": "drop", "pile": "t1", "index": 0, "target": "f1"},
        *actions[3:],
    ]
    upload = {"games": [{"ref": "bad", "start": {"code": "KL1-D1N-AAAAAAG"}, "actions": tampered}]}
    [synced] = client.post("/api/sync/games", json=upload).json()["games"]
    assert (synced["outcome"], synced["accepted"], synced["refused_at"]) == ("refused", 2, 2)
    assert synced["reason"]
    state = client.get(f"/api/games/{synced['id']}").json()
    assert state["version"] == 2  # what the server accepted, and nothing else


def test_an_upload_claims_no_score(client: TestClient) -> None:
    upload = {
        "games": [{"ref": "x", "start": {"code": "KL1-D1N-AAAAAAG"}, "actions": [], "score": 5000}]
    }
    assert client.post("/api/sync/games", json=upload).status_code == 400
    bad = {"games": [{"ref": "y", "start": {"code": "KL9-nope"}, "actions": []}]}
    [synced] = client.post("/api/sync/games", json=bad).json()["games"]
    assert synced["outcome"] == "refused" and synced["id"] is None


def test_another_players_game_is_not_found(client: TestClient, app: Any) -> None:
    server = start(client, "KL1-D1N-AAAAAAG")
    other = TestClient(app)
    assert other.get(f"/api/sync/games/{server['id']}").status_code == 404
    game = {"ref": "z", "base": {"id": server["id"], "version": 0}, "actions": []}
    [synced] = other.post("/api/sync/games", json={"games": [game]}).json()["games"]
    assert synced["outcome"] == "not_found"


# -- the time played offline (UI-16, UI-21) ----------------------------------------------------


def _won_offline(
    client: TestClient, ref: str, played_ms: int, span_ms: int
) -> tuple[dict[str, Any], dict[str, Any]]:
    """An almost won deal begun offline and won there by its last tap; the answer and the
    history's row of it."""
    tap = {"version": 0, "type": "tap", "pile": "t1", "index": 0}
    game = {
        "ref": ref,
        "start": {"layout": KLONDIKE_ONE_MOVE_TO_WIN},
        "actions": [tap],
        "played_ms": played_ms,
        "span_ms": span_ms,
    }
    [synced] = client.post("/api/sync/games", json={"games": [game]}).json()["games"]
    [row] = [row for row in client.get("/api/history").json()["games"] if row["id"] == synced["id"]]
    return synced, row


def test_the_time_played_offline_is_kept_as_the_board_counted_it(client: TestClient) -> None:
    synced, row = _won_offline(client, "offline-time", played_ms=95_400, span_ms=100_000)
    assert (synced["outcome"], row["result"], row["seconds"]) == ("new_game", "won", 95)
    assert client.get(f"/api/games/{synced['id']}").json()["played_ms"] == 95_400


def test_a_forged_offline_time_is_capped_by_the_span_the_device_reports(
    client: TestClient,
) -> None:
    # Ten hours claimed for a game whose offline actions spanned a minute: the minute
    # (and the few seconds of the clock's reports) is all that counts.
    synced, row = _won_offline(client, "offline-forged", played_ms=36_000_000, span_ms=60_000)
    kept = client.get(f"/api/games/{synced['id']}").json()["played_ms"]
    assert kept == 60_000 + OFFLINE_CLOCK_SLACK_MS and row["seconds"] == kept // 1000
    # And never more than a day, whatever the span said.
    day = MAX_OFFLINE_MS
    synced, _ = _won_offline(client, "offline-days", played_ms=5 * day, span_ms=5 * day)
    assert client.get(f"/api/games/{synced['id']}").json()["played_ms"] == day


def test_a_game_continued_offline_keeps_no_more_time_than_it_has_existed(
    client: TestClient,
) -> None:
    server = start(client, "KL1-D3V-AAAAAJX")
    record = client.get(f"/api/sync/games/{server['id']}").json()
    _, actions = played_offline("", 2, record)
    game = {
        "ref": "offline-continued",
        "base": {"id": server["id"], "version": 0},
        "actions": actions,
        "played_ms": 3_600_000,
        "span_ms": 3_600_000,
    }
    [synced] = client.post("/api/sync/games", json={"games": [game]}).json()["games"]
    assert synced["outcome"] == "continued"
    kept = client.get(f"/api/games/{server['id']}").json()["played_ms"]
    # The game was made moments ago on the server's clock: an hour is not plausible.
    assert kept is not None and kept < 60_000


# -- an upload sent again makes nothing twice --------------------------------------------------


def test_an_upload_sent_again_answers_the_game_it_made(client: TestClient) -> None:
    device, actions = played_offline("KL1-D1N-AAAAAAG", 5)
    first = {"ref": "offline-0f9c", "start": {"code": "KL1-D1N-AAAAAAG"}, "actions": actions[:3]}
    [made] = client.post("/api/sync/games", json={"games": [first]}).json()["games"]
    # The answer lost, the device played on and sends the game again, whole.
    again = {**first, "actions": actions}
    [same] = client.post("/api/sync/games", json={"games": [again]}).json()["games"]
    assert (same["outcome"], same["id"], same["accepted"]) == ("new_game", made["id"], 5)
    state = client.get(f"/api/games/{made['id']}").json()
    assert (state["version"], state["piles"]) == (5, device.state("d")["piles"])
    [twice] = client.post("/api/sync/games", json={"games": [again]}).json()["games"]
    assert (twice["id"], client.get(f"/api/games/{made['id']}").json()["version"]) == (
        made["id"],
        5,
    )
    assert client.get("/api/games/current").json()["id"] == made["id"]


def test_a_continuation_saved_beside_a_moved_on_game_is_saved_once(client: TestClient) -> None:
    server = start(client, "KL1-D3V-AAAAAJX")
    record = client.get(f"/api/sync/games/{server['id']}").json()
    _, actions = played_offline("", 3, record)
    client.post(f"/api/games/{server['id']}/actions", json={"version": 0, "type": "stock"})
    game = {"ref": "offline-beside", "base": {"id": server["id"], "version": 0}, "actions": actions}
    [saved] = client.post("/api/sync/games", json={"games": [game]}).json()["games"]
    [again] = client.post("/api/sync/games", json={"games": [game]}).json()["games"]
    assert saved["outcome"] == again["outcome"] == "new_game"
    assert again["id"] == saved["id"] != server["id"]
    assert client.get(f"/api/games/{saved['id']}").json()["version"] == 3


def test_another_players_offline_name_is_theirs(
    client: TestClient, other_client: TestClient
) -> None:
    game = {"ref": "offline-shared-name", "start": {"code": "KL1-D1N-AAAAAAG"}, "actions": []}
    [mine] = client.post("/api/sync/games", json={"games": [game]}).json()["games"]
    [theirs] = other_client.post("/api/sync/games", json={"games": [game]}).json()["games"]
    assert mine["id"] != theirs["id"]
    assert other_client.get(f"/api/games/{mine['id']}").status_code == 404


# -- each game an upload makes is a game start -------------------------------------------------


def test_an_upload_past_the_game_start_limit_gets_429_and_records_nothing_of_that_game(
    make_app: AppFactory,
) -> None:
    now = [1000.0]
    app = make_app(game_starts_per_minute=2, limits_clock=lambda: now[0])

    def offline(ref: str) -> dict[str, Any]:
        return {"ref": ref, "start": {"code": "KL1-D1N-AAAAAAG"}, "actions": []}

    with TestClient(app) as client:
        # The first start, without a cookie, makes the player (counted as a new player);
        # from then on their starts count against their own allowance: two a minute.
        start(client, "KL1-D1N-AAAAAAG")
        upload = {"games": [offline("offline-a"), offline("offline-b"), offline("offline-c")]}
        refused = client.post("/api/sync/games", json=upload)
        assert refused.status_code == 429
        assert int(refused.headers["retry-after"]) == 30  # one start more every 60 / 2 s
        # The first two were made; the one past the limit was not.
        assert _games(app) == 3
        # Later, the same upload goes on: the game made is found, not made again.
        now[0] += 60.0
        answer = client.post("/api/sync/games", json=upload)
        assert answer.status_code == 200, answer.text
        assert [game["outcome"] for game in answer.json()["games"]] == ["new_game"] * 3
        assert _games(app) == 4


def _games(app: Any) -> int:
    with app.state.services.store.engine.connect() as connection:
        return int(connection.execute(select(func.count()).select_from(GameRow)).scalar_one())
