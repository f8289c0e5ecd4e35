"""Rules UI-21: the engine in the browser is the server's own. The same games played through
the board's Web Worker (Pyodide running the engine's modules, in Chromium, under the app's
Content-Security-Policy) and through the server's API give the same states, action by
action: the same observation, dests, clicks, score, moves, version and last action."""

from __future__ import annotations

import random
from typing import Any

import pytest
from playwright.sync_api import Page

from .harness import api, open_board

# The service worker and its caches are what these tests are about: each context is new.
pytestmark = [pytest.mark.cold_browser, pytest.mark.service_worker]

#: What only the server knows of a game (its id, the time played, its level or challenge).
SERVER_ONLY = ("id", "seconds", "played_ms", "level", "challenge")

#: Boot the worker from the build's files.json, as the board does (offline-engine.js).
START_WORKER = """async () => {
  const files = await (await fetch('/offline/files.json')).json();
  const worker = new Worker(files.worker, { type: 'module' });
  let next = 0;
  const waiting = new Map();
  const ready = new Promise((resolve, reject) => {
    worker.onmessage = (event) => {
      const data = event.data;
      if ('ready' in data) return data.ready ? resolve() : reject(new Error(data.error));
      const [done, fail] = waiting.get(data.id);
      waiting.delete(data.id);
      data.error ? fail(new Error(data.error)) : done(data.answer);
    };
  });
  worker.postMessage({ files: { runtime: files.runtime, engine: files.engine } });
  const started = performance.now();
  await ready;
  window.engineStartMs = performance.now() - started;
  window.askEngine = (ask) => new Promise((done, fail) => {
    next += 1;
    waiting.set(next, [done, fail]);
    worker.postMessage({ id: next, ask });
  });
}"""


def comparable(state: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in state.items() if key not in SERVER_ONLY}


def some_intent(state: dict[str, Any], chance: random.Random) -> dict[str, Any]:
    """An action a player could make on ``state``: a drop from its dests, a tap, the stock,
    undo or redo, or now and then one the rules refuse."""
    roll = chance.random()
    if roll < 0.08 and state["can_undo"]:
        return {"type": "undo"}
    if roll < 0.12 and state["can_redo"]:
        return {"type": "redo"}
    if roll < 0.2 and state["stock_tap"] is not None:
        return {"type": "stock"}
    if roll < 0.3 and state["clicks"]:
        click = chance.choice(state["clicks"])
        return {"type": "tap", "pile": click["pile"], "index": click["index"]}
    movable = [dest for dest in state["dests"] if dest["targets"]]
    if roll < 0.35 or not movable:
        # Probably refused: a card dropped on a pile it may not go to.
        pile = chance.choice([pile for pile in state["piles"] if pile["cards"]])
        target = chance.choice(state["piles"])["id"]
        index = len(pile["cards"]) - 1
        return {"type": "drop", "pile": pile["id"], "index": index, "target": target}
    dest = chance.choice(movable)
    target = chance.choice(dest["targets"])
    return {"type": "drop", "pile": dest["pile"], "index": dest["index"], "target": target}


@pytest.mark.slow
def test_the_worker_and_the_server_give_the_same_states(page: Page, server: str) -> None:
    open_board(page, server)
    page.evaluate(START_WORKER)
    for code in ("KL1-D3V-AAAAAJX", "EH1-N-AAAAACB", "SS1-S2-AAAAAFK"):
        play_both(page, code)


def play_both(page: Page, code: str) -> None:
    """One deal played through the server and the worker, the same intents, compared."""
    served = api(page, "POST", "/api/games", {"mode": "code", "code": code})
    local = page.evaluate("(start) => askEngine({op: 'start', id: 'local', start})", {"code": code})
    assert comparable(local) == comparable(served)
    chance = random.Random(code)
    refused = 0
    for _ in range(60):
        intent = some_intent(served, chance)
        answer = page.evaluate(
            "(ask) => askEngine(ask)",
            {"op": "act", "id": "local", "version": served["version"], "intent": intent},
        )
        body = api(
            page,
            "POST",
            f"/api/games/{served['id']}/actions",
            {"version": served["version"], **intent},
        )
        if "error" in body:
            assert answer["status"] == 422, (intent, answer)
            assert (answer["body"]["reason"], answer["body"]["rule"]) == (
                body["reason"],
                body["rule"],
            )
            refused += 1
            continue
        assert answer["status"] == 200, (intent, answer)
        assert comparable(answer["body"]) == comparable(body), intent
        served = body
    assert refused < 60
    if served["can_finish"]:
        finished = api(
            page,
            "POST",
            f"/api/games/{served['id']}/actions",
            {"version": served["version"], "type": "finish"},
        )
        answer = page.evaluate(
            "(version) => askEngine({op: 'act', id: 'local', version, intent: {type: 'finish'}})",
            served["version"],
        )
        assert comparable(answer["body"]) == comparable(finished)
