"""Rules UI-21: the games a device played offline go to the server as intents with their
versions; the server replays them through its rules and records what they make, never a
result the device claims. A game that moved on meanwhile is kept, the offline continuation
saved beside it; a refused intent stops that game's upload there."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from solitaire.local_play import Device


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
