"""Rules UI-21: the engine the board runs offline (solitaire.local_play, under Pyodide) is
the server's own modules, and what it answers is what the server's routes answer."""

from __future__ import annotations

import json
import re
from pathlib import Path

from solitaire.local_play import BadIntent, Device, apply_intent, start_for, start_of

from .test_imports import import_graph

BUILD_OFFLINE = Path(__file__).parents[1] / "scripts" / "build-offline.mjs"


def closure(graph: dict[str, set[str]], name: str) -> set[str]:
    seen = {name}
    todo = [name]
    while todo:
        for other in graph[todo.pop()]:
            if other not in seen:
                seen.add(other)
                todo.append(other)
    return seen


def test_the_zipped_engine_is_what_local_play_imports() -> None:
    """UI-21: build-offline.mjs zips exactly the modules local_play needs (and packages'
    __init__ files): one missing would fail in the browser only, one too many would be
    downloaded for nothing."""
    listed = re.search(r"const ENGINE = \[(.*?)\];", BUILD_OFFLINE.read_text(), re.S)
    assert listed is not None
    zipped = {
        "solitaire." + name.removesuffix(".py").replace("/", ".").removesuffix(".__init__")
        for name in re.findall(r'"([^"]+\.py)"', listed.group(1))
    }
    zipped = {name.removesuffix(".__init__") for name in zipped} | {"solitaire"}
    needed = closure(import_graph(), "solitaire.local_play") | {"solitaire"}
    assert zipped == needed


def test_a_game_goes_as_the_api_says() -> None:
    device = Device()
    state = device.start("g", {"code": "KL1-D1N-AAAAAAG"})
    assert (state["id"], state["version"], state["last"]) == ("g", 0, None)
    answer = device.act("g", 0, {"type": "stock"})
    assert answer["status"] == 200 and answer["entry"] == "d"
    assert answer["body"]["last"]["action"] == "stock" and answer["body"]["version"] == 1
    assert device.act("g", 0, {"type": "stock"})["status"] == 409
    refused = device.act("g", 1, {"type": "drop", "pile": "t1", "index": 0, "target": "f1"})
    assert refused["status"] == 422 and refused["body"]["rule"]
    assert device.games["g"].log == ["d"]  # a refusal changes nothing
    check = device.check("g", 1, {"type": "drop", "pile": "t1", "index": 0, "target": "f1"})
    assert check == {"status": 200, "body": {"legal": False, **_reason(refused)}}
    assert device.act("g", 1, {"type": "undo"})["body"]["version"] == 2
    assert device.record("g") == {"start": {"code": "KL1-D1N-AAAAAAG"}, "log": ["d", "undo"]}


def _reason(refused: dict[str, object]) -> dict[str, object]:
    body = refused["body"]
    assert isinstance(body, dict)
    return {"reason": body["reason"], "rule": body["rule"]}


def test_a_log_replayed_gives_the_same_game() -> None:
    device = Device()
    device.start("a", {"code": "SS1-S1-AAAAAAB"})
    for _ in range(3):
        move = device.games["a"].legal_moves()[0]
        device.act("a", len(device.games["a"].log), {"type": "move", "move": str(move)})
    again = Device().start("b", device.record("a")["start"], device.record("a")["log"])
    assert {**again, "id": "a"} == device.state("a")


def test_bad_intents_are_refused_with_a_reason() -> None:
    game = start_of({"code": "KL1-D1N-AAAAAAG"})
    for intent in (
        {"type": "fly"},
        {"type": "tap", "pile": "t1"},
        {"type": "tap", "pile": "t1", "index": True},
        {"type": "drop", "pile": 3, "index": 0, "target": "t2"},
    ):
        try:
            apply_intent(game, intent)
        except BadIntent:
            continue
        raise AssertionError(f"taken: {intent}")
    assert game.log == []
    answer = json.loads(Device().handle(json.dumps({"op": "nothing"})))
    assert answer["error"] == "BadIntent"


def test_new_games_start_as_the_server_starts_them() -> None:
    daily = start_for({"mode": "daily", "variant": "EH1-N"}, "2026-11-29")
    import datetime as dt

    from solitaire.codes import parse_code
    from solitaire.deals import deal_of_the_day

    code = parse_code(daily["code"])
    assert code.deal == deal_of_the_day(code.variant.game, dt.date(2026, 11, 29))
    assert start_for({"mode": "code", "code": "kl1-d1n-aaaaaag"}, "2026-11-29") == {
        "code": "KL1-D1N-AAAAAAG"
    }
    fresh = parse_code(start_for({"mode": "new", "variant": "SS1-S4"}, "2026-11-29")["code"])
    assert str(fresh.variant) == "SS1-S4"
    try:
        start_for({"mode": "challenge"}, "2026-11-29")
    except BadIntent:
        pass
    else:
        raise AssertionError("a challenge needs the server")
