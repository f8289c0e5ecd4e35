"""``/api/games``: starting, reading and acting on games, with good and bad input."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from fastapi.testclient import TestClient

from solitaire.codes import ALL_VARIANTS, GameCode, GameId, parse_code
from solitaire.deals import deal_of_the_day

from .conftest import AppFactory, act, start

DEAL_6 = "KL1-D1N-AAAAAAG"
STATE_KEYS = {
    "id", "version", "code", "game", "options", "piles", "top_row", "fan", "score",
    "score_text", "moves", "can_undo", "can_redo", "can_finish", "won", "dests", "last",
    "seconds",
}  # fmt: skip


def _read(client: TestClient, state: dict[str, Any]) -> dict[str, Any]:
    response = client.get(f"/api/games/{state['id']}")
    assert response.status_code == 200
    body: dict[str, Any] = response.json()
    return body


def _almost_won_layout() -> str:
    ranks = "A23456789TJQK"

    def suit(letter: str, count: int) -> str:
        return " ".join(rank + letter for rank in ranks[:count])

    return (
        f"game: KL1-D1N\ns:\nw:\nf1: {suit('S', 13)}\nf2: {suit('H', 12)}\n"
        f"f3: {suit('D', 13)}\nf4: {suit('C', 13)}\nt1: KH\nt2:\nt3:\nt4:\nt5:\nt6:\nt7:\n"
    )


# -- starting a game ------------------------------------------------------------------------
def test_start_by_code_answers_the_full_state_and_sets_the_player_cookie(
    client: TestClient,
) -> None:
    response = client.post("/api/games", json={"mode": "code", "code": " kl1-d1n-aaaaaag "})
    assert response.status_code == 201
    state = response.json()
    assert set(state) >= STATE_KEYS
    assert state["code"] == DEAL_6
    assert (state["version"], state["moves"], state["score"], state["last"]) == (0, 0, 0, None)
    assert (state["game"], state["options"], state["can_undo"], state["won"]) == (
        "KL",
        "D1N",
        False,
        False,
    )
    assert len(state["id"]) == 22
    piles = {pile["id"]: pile["cards"] for pile in state["piles"]}
    assert piles["t1"] == ["KC"]
    assert piles["t7"] == [None] * 6 + ["4H"]
    assert piles["s"] == [None] * 24
    assert state["dests"] == [{"pile": "t6", "index": 5, "targets": ["t7"]}]
    cookie = response.headers["set-cookie"]
    assert cookie.startswith("solitaire_player=")
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie and "Path=/" in cookie
    assert "Secure" not in cookie


def test_the_cookie_is_secure_when_the_settings_say_so(make_app: Any) -> None:
    with TestClient(make_app(cookie_secure=True)) as client:
        response = client.get("/api/settings")
    assert "Secure" in response.headers["set-cookie"]


def test_a_player_keeps_one_cookie(client: TestClient) -> None:
    first = client.get("/api/settings")
    assert "set-cookie" in first.headers
    second = client.get("/api/settings")
    assert "set-cookie" not in second.headers


def test_a_malformed_cookie_gets_a_new_player(client: TestClient) -> None:
    client.cookies.set("solitaire_player", "not a token")
    response = client.get("/api/settings")
    new_id = response.headers["set-cookie"].split(";")[0].split("=", 1)[1]
    assert len(new_id) == 22 and new_id != "not a token"


@pytest.mark.parametrize("variant", [str(v) for v in ALL_VARIANTS])
def test_a_new_deal_of_every_variant(client: TestClient, variant: str) -> None:
    state = start(client, mode="new", variant=variant)
    code = parse_code(state["code"])
    assert str(code.variant) == variant
    assert 1 <= code.deal <= 999_999


def test_new_deals_are_random_and_ids_unguessable(client: TestClient) -> None:
    states = [start(client, mode="new", variant="KL1-D3V") for _ in range(8)]
    assert len({state["code"] for state in states}) > 1
    assert len({state["id"] for state in states}) == 8


def test_the_deal_of_the_day(make_app: AppFactory) -> None:
    # The server takes today from its clock; pinned, the deal is known in advance.
    for day in (dt.date(2026, 11, 29), dt.date(2026, 12, 2)):
        with TestClient(make_app(today=day)) as client:
            state = start(client, mode="daily", variant="SS1-S2")
        code = parse_code(state["code"])
        assert code.deal == deal_of_the_day(GameId.SIMPLE_SIMON, day)
        assert str(code.variant) == "SS1-S2"


def test_a_full_code_as_variant_uses_its_variant_only(client: TestClient) -> None:
    state = start(client, mode="new", variant="EH1-N-AAAAAAF")
    assert parse_code(state["code"]).variant == parse_code("EH1-N-AAAAAAF").variant


def test_same_deal_restarts_from_the_first_position(client: TestClient) -> None:
    first = start(client, mode="code", code=DEAL_6)
    moved = act(client, first, type="move", move="t6-t7").json()
    again = start(client, mode="same", game_id=first["id"])
    assert again["id"] != first["id"]
    assert again["code"] == DEAL_6
    assert again["version"] == 0
    assert again["piles"] == first["piles"] != moved["piles"]


def test_same_deal_of_another_players_game_is_not_found(
    client: TestClient, other_client: TestClient
) -> None:
    theirs = start(other_client, mode="code", code=DEAL_6)
    response = client.post("/api/games", json={"mode": "same", "game_id": theirs["id"]})
    assert response.status_code == 404
    assert response.json()["error"] == "not_found"


def test_a_typed_in_layout_and_its_same_deal(client: TestClient) -> None:
    layout = _almost_won_layout()
    state = start(client, mode="layout", layout=layout)
    assert state["code"] == "KL1-D1N"
    piles = {pile["id"]: pile["cards"] for pile in state["piles"]}
    assert piles["t1"] == ["KH"] and len(piles["f2"]) == 12
    won = act(client, state, type="tap", pile="t1", index=0).json()
    assert won["won"] and not won["can_undo"]
    again = start(client, mode="same", game_id=state["id"])
    assert again["piles"] == state["piles"]


def test_a_simple_simon_game_remembers_its_suit_count(client: TestClient) -> None:
    assert client.get("/api/settings").json()["simple_simon_suits"] == 1
    start(client, mode="new", variant="SS1-S4")
    assert client.get("/api/settings").json()["simple_simon_suits"] == 4


@pytest.mark.parametrize(
    ("code", "words"),
    [
        ("XX1-D1N-AAAAAAG", "unknown game"),
        ("KL1-D1X-AAAAAAG", "do not belong"),
        ("KL1-D1N-AAAAAAA", "deal 0"),
        ("KL1-D1N-ZZZZZZZ", "deals go from"),
        ("KL1-D1N-AAAAA", "letters"),
        ("KL1-D1N-AAAAAA1", "only letters"),
        ("hello", "not a game code"),
    ],
)
def test_a_bad_code_is_refused_with_a_clear_message(
    client: TestClient, code: str, words: str
) -> None:
    response = client.post("/api/games", json={"mode": "code", "code": code})
    assert response.status_code == 400
    body = response.json()
    assert body["error"] == "bad_request"
    assert body["message"].startswith("That is not a game code")
    assert words in body["message"]
    assert body["detail"][0]["loc"] == ["body", "code"]


@pytest.mark.parametrize(
    "body",
    [
        {"mode": "code"},
        {"mode": "code", "code": "  "},
        {"mode": "new"},
        {"mode": "new", "variant": "KL1-D9N"},
        {"mode": "daily", "variant": "SS1-S3"},
        {"mode": "same"},
        {"mode": "layout"},
        {"mode": "layout", "layout": "game: KL1-D1N\nt1: KD"},
        {"mode": "fresh", "variant": "KL1-D1N"},
        {"mode": "new", "variant": "KL1-D1N", "colour": "red"},
        {"mode": "code", "code": 17},
        {"mode": None},
        {},
        [],
        "code",
    ],
)
def test_bad_start_requests_get_400(client: TestClient, body: Any) -> None:
    response = client.post("/api/games", json=body)
    assert response.status_code == 400, response.text
    answer = response.json()
    assert answer["error"] == "bad_request"
    assert answer["message"]
    assert isinstance(answer["detail"], list)
    assert client.get("/api/games/current").status_code == 404


@pytest.mark.parametrize(
    ("content", "content_type"),
    [
        (b"{", "application/json"),
        (b'{"mode": "code", "code": "KL1-D1N-AAAAAAG"', "application/json"),
        (b"\xff\xfe\x00", "application/json"),
        (b"mode=code", "application/x-www-form-urlencoded"),
        (b"", "application/json"),
    ],
)
def test_malformed_bodies_get_400(client: TestClient, content: bytes, content_type: str) -> None:
    response = client.post("/api/games", content=content, headers={"content-type": content_type})
    assert response.status_code == 400
    assert response.json()["error"] == "bad_request"


def test_a_huge_body_gets_413_and_changes_nothing(client: TestClient) -> None:
    huge = '{"mode": "layout", "layout": "' + "x" * 200_000 + '"}'
    response = client.post("/api/games", content=huge, headers={"content-type": "application/json"})
    assert response.status_code == 413
    assert response.json()["error"] == "bad_request"
    assert client.get("/api/games/current").status_code == 404


def test_a_huge_chunked_body_gets_413(client: TestClient) -> None:
    def chunks() -> Any:
        for _ in range(100):
            yield b"x" * 1000

    response = client.post(
        "/api/games", content=chunks(), headers={"content-type": "application/json"}
    )
    assert response.status_code == 413


# -- reading ----------------------------------------------------------------------------------
def test_read_a_game(client: TestClient) -> None:
    state = start(client, mode="code", code=DEAL_6)
    assert _read(client, state) == state


@pytest.mark.parametrize("game_id", ["x", "A" * 22, "A" * 300, "..%2F..%2Fetc", "%00", "current2"])
def test_unknown_game_ids_are_not_found(client: TestClient, game_id: str) -> None:
    response = client.get(f"/api/games/{game_id}")
    assert response.status_code == 404
    assert response.json()["error"] == "not_found"


def test_another_players_game_is_not_found_and_untouched(
    client: TestClient, other_client: TestClient
) -> None:
    mine = start(client, mode="code", code=DEAL_6)
    assert other_client.get(f"/api/games/{mine['id']}").status_code == 404
    response = act(other_client, mine, type="move", move="t6-t7")
    assert response.status_code == 404
    assert response.json() == {"error": "not_found", "message": "There is no such game."}
    assert _read(client, mine) == mine
    assert other_client.get("/api/games/current").status_code == 404


def test_the_current_game_is_the_last_one_played(client: TestClient) -> None:
    response = client.get("/api/games/current")
    assert response.status_code == 404
    assert response.json()["error"] == "not_found"
    first = start(client, mode="code", code=DEAL_6)
    second = start(client, mode="code", code="SS1-S4-AAAAABD")
    assert client.get("/api/games/current").json()["id"] == second["id"]
    act(client, first, type="stock")
    current = client.get("/api/games/current").json()
    assert (current["id"], current["version"]) == (first["id"], 1)


# -- acting -----------------------------------------------------------------------------------
def test_a_move_by_its_text(client: TestClient) -> None:
    state = start(client, mode="code", code=DEAL_6)
    response = act(client, state, type="move", move="T6-T7")
    assert response.status_code == 200
    after = response.json()
    assert (after["version"], after["moves"], after["score"], after["can_undo"]) == (1, 1, 5, True)
    assert after["last"] == {"action": "move", "move": "t6-t7", "flips": 1, "runs_removed": 0}
    piles = {pile["id"]: pile["cards"] for pile in after["piles"]}
    assert piles["t7"][-2:] == ["4H", "3S"]
    assert piles["t6"] == [None] * 4 + ["2H"]
    assert _read(client, after) == after


def test_stock_and_undo(client: TestClient) -> None:
    state = start(client, mode="code", code=DEAL_6)
    turned = act(client, state, type="stock").json()
    assert turned["last"] == {"action": "stock", "move": "d", "flips": 0, "runs_removed": 0}
    assert {p["id"]: p["cards"] for p in turned["piles"]}["w"] == ["4D"]
    undone = act(client, turned, type="undo").json()
    assert undone["version"] == 2
    assert undone["last"]["action"] == "undo" and undone["last"]["move"] == "d"
    assert undone["piles"] == state["piles"]
    assert (undone["moves"], undone["can_undo"]) == (0, False)


def test_tap_sends_a_card_home(client: TestClient) -> None:
    state = start(client, mode="code", code="EH1-N-AAAAAAF")
    after = act(client, state, type="tap", pile="t4", index=3).json()
    assert after["last"]["move"] == "t4-f3"
    assert after["score"] == 15  # +10 home, +5 for the card turned up


def test_double_click_finds_a_column(client: TestClient) -> None:
    state = start(client, mode="code", code="SS1-S4-AAAAABD")
    after = act(client, state, type="double_click", pile="t8", index=2).json()
    assert after["last"]["move"] in {"t8-t4", "t8-t6"}
    assert after["score"] == 499


def test_drop_and_auto_placement(client: TestClient) -> None:
    # UI-1: the drop carries the player's auto placement (off when absent).
    state = start(client, mode="code", code=DEAL_6)
    refused = act(client, state, type="drop", pile="t6", index=5, target="t1")
    assert refused.status_code == 422
    assert refused.json()["reason"] == "build_down"
    placed = act(client, state, type="drop", pile="t6", index=5, target="t1", auto_placement=True)
    assert placed.status_code == 200
    assert placed.json()["last"]["move"] == "t6-t7"


def test_drop_on_the_foundation_area(client: TestClient) -> None:
    state = start(client, mode="code", code="EH1-N-AAAAAAF")
    after = act(client, state, type="drop", pile="t4", index=3, target="f7").json()
    assert after["last"]["move"] == "t4-f3"


def test_a_stale_version_gets_409_with_the_current_state(client: TestClient) -> None:
    state = start(client, mode="code", code=DEAL_6)
    moved = act(client, state, type="stock").json()
    response = act(client, state, type="move", move="t6-t7")
    assert response.status_code == 409
    body = response.json()
    assert body["error"] == "stale"
    assert body["message"]
    assert body["state"] == moved
    assert _read(client, state) == moved
    ahead = client.post(f"/api/games/{state['id']}/actions", json={"version": 5, "type": "stock"})
    assert ahead.status_code == 409
    assert _read(client, state) == moved


def test_an_illegal_move_gets_422_and_changes_nothing(client: TestClient) -> None:
    state = start(client, mode="code", code=DEAL_6)
    response = act(client, state, type="move", move="t2-t5")
    assert response.status_code == 422
    body = response.json()
    assert body["error"] == "illegal"
    assert (body["reason"], body["rule"]) == ("build_down", "KL-1")
    assert body["message"] == "A card goes on a card of the other colour, one rank higher."
    assert body["state"] == state
    assert _read(client, state) == state
    assert "detail" not in body


@pytest.mark.parametrize(
    ("code", "action", "reason", "rule"),
    [
        (DEAL_6, {"type": "move", "move": "t2-t1"}, "build_down", "KL-1"),
        (DEAL_6, {"type": "move", "move": "t2:2-t5"}, "face_down", "KL-2"),
        (DEAL_6, {"type": "tap", "pile": "t7", "index": 0}, "tap_nothing", None),
        (DEAL_6, {"type": "tap", "pile": "t9", "index": 0}, "no_such_pile", None),
        (DEAL_6, {"type": "double_click", "pile": "t1", "index": 40}, "no_card", None),
        (DEAL_6, {"type": "drop", "pile": "t6", "index": 5, "target": "x"}, "no_such_pile", None),
        (DEAL_6, {"type": "drop", "pile": "w", "index": 0, "target": "t1"}, "no_card", None),
        (DEAL_6, {"type": "drop", "pile": "s", "index": 23, "target": "t1"}, "face_down", "KL-2"),
        (DEAL_6, {"type": "undo"}, "nothing_to_undo", None),
        ("SS1-S4-AAAAABD", {"type": "stock"}, "no_stock", None),
        ("SS1-S4-AAAAABD", {"type": "move", "move": "t1:2-t10"}, "same_suit_group", "SS-3"),
        ("EH1-N-AAAAAAF", {"type": "move", "move": "t9:2-t1"}, "face_down", "EH-2"),
    ],
)
def test_refusals_carry_reason_rule_and_reminder(
    client: TestClient, code: str, action: dict[str, Any], reason: str, rule: str | None
) -> None:
    state = start(client, mode="code", code=code)
    response = act(client, state, **action)
    assert response.status_code == 422, response.text
    body = response.json()
    assert (body["error"], body["reason"], body["rule"]) == ("illegal", reason, rule)
    assert body["message"] and not body["message"].startswith("reason.")
    assert _read(client, state) == state


def test_a_won_game_takes_no_more_actions(client: TestClient) -> None:
    state = start(client, mode="layout", layout=_almost_won_layout())
    won = act(client, state, type="move", move="t1-f").json()
    assert won["won"] and won["dests"] == []
    for action in ({"type": "undo"}, {"type": "stock"}, {"type": "move", "move": "f2-t1"}):
        response = act(client, won, **action)
        assert response.status_code == 422
        assert response.json()["reason"] == "game_over"
    assert _read(client, won) == won


@pytest.mark.parametrize(
    "action",
    [
        {"type": "fly"},
        {"type": "stock", "version": -1},
        {"type": "stock", "version": "0"},
        {"type": "stock", "version": 0.5},
        {"type": "stock", "version": True},
        {"type": "stock", "version": None},
        {"type": "stock", "version": 10**30},
        {"type": "move", "version": 0},
        {"type": "move", "version": 0, "move": ""},
        {"type": "move", "version": 0, "move": "t1-"},
        {"type": "move", "version": 0, "move": "t11-t2"},
        {"type": "move", "version": 0, "move": "t1-t2" * 10},
        {"type": "move", "version": 0, "move": ["t6-t7"]},
        {"type": "tap", "version": 0, "pile": "t7", "index": -1},
        {"type": "tap", "version": 0, "pile": "t7", "index": "6"},
        {"type": "tap", "version": 0, "pile": "t7", "index": 1e9},
        {"type": "tap", "version": 0, "pile": "t7", "index": 104},
        {"type": "tap", "version": 0, "pile": "t7"},
        {"type": "tap", "version": 0, "pile": 7, "index": 0},
        {"type": "tap", "version": 0, "pile": "t77x", "index": 0},
        {"type": "tap", "version": 0, "pile": "T7", "index": 0},
        {"type": "tap", "version": 0, "pile": "", "index": 0},
        {"type": "double_click", "version": 0, "pile": "t7", "index": -3},
        {"type": "drop", "version": 0, "pile": "t6", "index": 5},
        {"type": "drop", "version": 0, "pile": "t6", "index": 5, "target": "t7/"},
        {"type": "stock", "version": 0, "pile": "s"},
        {"version": 0},
        {},
    ],
)
def test_malformed_actions_get_400_and_change_nothing(
    client: TestClient, action: dict[str, Any]
) -> None:
    state = start(client, mode="code", code=DEAL_6)
    response = client.post(f"/api/games/{state['id']}/actions", json=action)
    assert response.status_code == 400, response.text
    body = response.json()
    assert body["error"] == "bad_request"
    assert body["message"]
    assert isinstance(body["detail"], list)
    assert _read(client, state) == state


def test_malformed_json_action_gets_400(client: TestClient) -> None:
    state = start(client, mode="code", code=DEAL_6)
    for content in (b"{", b"[1, 2]", b"null", b'"stock"', b'{"version": 0, "type": "stock"'):
        response = client.post(
            f"/api/games/{state['id']}/actions",
            content=content,
            headers={"content-type": "application/json"},
        )
        assert response.status_code == 400
        assert response.json()["error"] == "bad_request"
    assert _read(client, state) == state


def test_actions_on_unknown_games_are_not_found(client: TestClient) -> None:
    response = client.post("/api/games/nothing/actions", json={"version": 0, "type": "stock"})
    assert response.status_code == 404


def test_unknown_paths_and_methods_answer_in_the_error_shape(client: TestClient) -> None:
    missing = client.get("/api/nothing")
    assert (missing.status_code, missing.json()["error"]) == (404, "not_found")
    wrong = client.delete("/api/games/current")
    assert (wrong.status_code, wrong.json()["error"]) == (405, "bad_request")


def test_the_game_code_round_trips(client: TestClient) -> None:
    state = start(client, mode="code", code="KL1-D3V-AAAAAAG")
    assert str(GameCode(parse_code(state["code"]).variant, 6)) == "KL1-D3V-AAAAAAG"
    assert state["score_text"] == "-$52"
    assert state["fan"] == 0


def _check(client: TestClient, state: dict[str, Any], **action: Any) -> Any:
    return client.post(
        f"/api/games/{state['id']}/check", json={"version": state["version"], **action}
    )


@pytest.mark.parametrize(
    ("action", "reason", "rule"),
    [
        ({"type": "move", "move": "t2-t5"}, "build_down", "KL-1"),
        ({"type": "drop", "pile": "s", "index": 23, "target": "t1"}, "face_down", "KL-2"),
        ({"type": "undo"}, "nothing_to_undo", None),
    ],
)
def test_check_says_why_the_rules_refuse_and_changes_nothing(
    client: TestClient, action: dict[str, Any], reason: str, rule: str | None
) -> None:
    # UI-6 without a failed request: the board asks for a gesture its dests rule out.
    state = start(client, mode="code", code=DEAL_6)
    refused = act(client, state, **action).json()
    response = _check(client, state, **action)
    assert response.status_code == 200
    body = response.json()
    assert body == {"legal": False, "reason": reason, "rule": rule, "message": refused["message"]}
    assert _read(client, state) == state


def test_check_of_a_move_the_rules_take_takes_nothing(client: TestClient) -> None:
    state = start(client, mode="code", code=DEAL_6)
    assert _check(client, state, type="stock").json() == {"legal": True}
    assert _read(client, state) == state
    # The game goes on from where it was: the same action is then really taken.
    assert act(client, state, type="stock").status_code == 200
    stale = _check(client, state, type="stock")
    assert stale.status_code == 409 and stale.json()["error"] == "stale"
    missing = client.post("/api/games/nope/check", json={"version": 0, "type": "stock"})
    assert missing.status_code == 404
