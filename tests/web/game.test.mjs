// game.js: the queue of actions not answered yet (UI-14), as tests/e2e/test_instant.py sees
// it in Chromium — each action sent after the answer to the one before, with the version that
// answer brought; drawn at once where the dests say; aimed again at the latest state just
// before it is sent (its card found where it lies now, or the action dropped and said lost);
// a gesture the dests rule out asked about, not sent; 409, 422, 404 and a network failure.

import assert from "node:assert/strict";
import { test } from "node:test";

import { createGame } from "../../src/solitaire/web/static/game.js";
import { answeringServer } from "./support/server.mjs";
import { cardsOf, click, dest, klondike } from "./support/states.mjs";

// A game on an answering server; `heard` lists the callbacks called, in order.
function play(options = {}) {
  const server = answeringServer();
  const heard = [];
  const shown = [];
  const game = createGame({
    show: (view, how) => shown.push({ view, how }),
    applied: (before, after, action) => heard.push(["applied", action.intent.type]),
    refused: (body, action) => heard.push(["refused", action.intent.type, body?.message ?? null]),
    stale: (state) => heard.push(["stale", state.version]),
    lost: (action) => heard.push(["lost", action.intent.code]),
    notFound: () => heard.push(["notFound"]),
    failed: (problem) => heard.push(["failed", problem instanceof Error ? problem.message : problem.status]),
    options: () => ({ autoPlacement: false, ...options }),
    server,
  });
  return { game, server, heard, shown };
}

// Four aces and twos to tap up, each tap listed in the state's clicks.
function taps(version = 0, cards = { t1: ["2S"], t2: ["AS"], t3: ["AH"], t4: ["2H"] }, foundations = {}) {
  const clicks = [];
  for (const [pile, list] of Object.entries(cards)) {
    if (list.at(-1)) clicks.push(click(pile, list.length - 1, foundations[list.at(-1)] ?? "f1"));
  }
  return klondike(cards, { version, clicks });
}

test("actions are sent one after another, each with the version the answer before it brought", async () => {
  const { game, server, heard } = play();
  game.adopt(taps(0));
  game.act({ type: "tap", pile: "t2", index: 0, code: "AS" });
  game.act({ type: "tap", pile: "t1", index: 0, code: "2S" });
  // Only the first is on its way.
  assert.equal(server.sent.length, 1);
  assert.deepEqual(server.sent[0], { kind: "action", id: "game-1", body: { version: 0, type: "tap", pile: "t2", index: 0 } });
  await server.answer(200, taps(1, { t1: ["2S"], f1: ["AS"], t3: ["AH"] }));
  assert.equal(server.sent.length, 2);
  assert.deepEqual(server.sent[1], { kind: "action", id: "game-1", body: { version: 1, type: "tap", pile: "t1", index: 0 } });
  await server.answer(200, klondike({ f1: ["AS", "2S"], t3: ["AH"] }, { version: 2 }));
  assert.deepEqual(heard, [["applied", "tap"], ["applied", "tap"]]);
  assert.equal(game.busy(), false);
  assert.equal(game.confirmed().version, 2);
});

test("an action the dests place is drawn at once, before its answer", async () => {
  const { game, server, shown } = play();
  game.adopt(klondike({ t1: ["8S"], t2: [null, "7H"] }, { dests: [dest("t2", 1, "t1")], clicks: [click("t2", 1, null, "t1")] }));
  const drawn = game.act({ type: "drop", pile: "t2", index: 1, target: "t1", code: "7H" });
  assert.equal(drawn, true);
  assert.deepEqual(cardsOf(game.view()).t1, ["8S", "7H"]);
  assert.deepEqual(shown.at(-1).how, { animate: true });
  assert.equal(game.confirmed().version, 0);
  assert.equal(server.pending(), 1);
  // The answer brings the uncovered card's face.
  await server.answer(200, klondike({ t1: ["8S", "7H"], t2: ["JD"] }, { version: 1 }));
  assert.deepEqual(cardsOf(game.view()).t2, ["JD"]);
});

test("an action is aimed again at the latest state: the same card, at its place now", async () => {
  // Drawn, 7♥ (t2) would have gone on t1; the server's answer put a card under it in t2
  // (another tab's move), so the next action on 7♥ names its new place.
  const { game, server } = play();
  game.adopt(taps(0, { t2: ["7H"], t3: ["AS"] }));
  game.act({ type: "tap", pile: "t3", index: 0, code: "AS" });
  game.act({ type: "double_click", pile: "t2", index: 0, code: "7H" });
  await server.answer(200, taps(1, { t2: ["9C", "7H"], f1: ["AS"] }));
  assert.deepEqual(server.sent[1], { kind: "action", id: "game-1", body: { version: 1, type: "double_click", pile: "t2", index: 1 } });
});

test("an action whose card is no longer in its pile is dropped, said lost, and never sent", async () => {
  const { game, server, heard } = play();
  const stockTap = { to: "w", count: 1, fan: 1 };
  game.adopt({ ...taps(0, { t2: ["7H"], t3: ["AS"], s: [null] }), stock_tap: stockTap });
  game.act({ type: "tap", pile: "t3", index: 0, code: "AS" });
  game.act({ type: "tap", pile: "t2", index: 0, code: "7H" });
  game.act({ type: "stock" });
  // The answer says 7♥ left t2 meanwhile (another tab put it on the 8♠).
  await server.answer(200, klondike({ t1: ["8S", "7H"], f1: ["AS"], s: [null] }, { version: 1, stock_tap: stockTap }));
  assert.deepEqual(heard, [["applied", "tap"], ["lost", "7H"]]);
  // The stock tap after it is sent on the answer's version.
  assert.equal(server.sent.length, 2);
  assert.deepEqual(server.sent[1], { kind: "action", id: "game-1", body: { version: 1, type: "stock" } });
});

test("a gesture the confirmed dests rule out is asked about (check), and not sent when refused", async () => {
  const { game, server, heard } = play();
  game.adopt(klondike({ t1: [], t2: [null, "8S"], t3: [null, "7H"] }, { dests: [dest("t3", 1, "t2")] }));
  const drawn = game.act({ type: "drop", pile: "t3", index: 1, target: "t1", code: "7H" });
  assert.equal(drawn, false);
  assert.deepEqual(server.sent, [{ kind: "check", id: "game-1", body: { version: 0, type: "drop", pile: "t3", index: 1, target: "t1" } }]);
  await server.answer(200, { legal: false, reason: "king_only", message: "Only a king can go into an empty column." });
  assert.deepEqual(heard, [["refused", "drop", "Only a king can go into an empty column."]]);
  assert.equal(server.sent.length, 1);
  assert.deepEqual(cardsOf(game.view()).t3, [null, "7H"]);
  assert.equal(game.busy(), false);
});

test("when the rules take what the dests ruled out, the action is sent after all", async () => {
  const { game, server, heard } = play();
  game.adopt(klondike({ t1: ["8S"], t2: ["7H"] }));
  game.act({ type: "drop", pile: "t2", index: 0, target: "t1", code: "7H" });
  await server.answer(200, { legal: true });
  assert.deepEqual(server.sent.map((request) => request.kind), ["check", "action"]);
  await server.answer(200, klondike({ t1: ["8S", "7H"] }, { version: 1 }));
  assert.deepEqual(heard, [["applied", "drop"]]);
});

test("a drop the board can't draw yet waits undrawn, then the confirmed dests judge it", async () => {
  // Both 7s may go on the 8♠, but only the first can (test_instant.py).
  const { game, server, heard } = play();
  game.adopt(klondike({ t1: ["8S"], t2: ["7H"], t3: ["7D"] }, { dests: [dest("t2", 0, "t1"), dest("t3", 0, "t1")] }));
  assert.equal(game.act({ type: "drop", pile: "t2", index: 0, target: "t1", code: "7H" }), true);
  assert.equal(game.act({ type: "drop", pile: "t3", index: 0, target: "t1", code: "7D" }), false);
  // Drawn: the first; the second waits undrawn, and the drawn state vouches for nothing.
  assert.deepEqual(cardsOf(game.view()).t3, ["7D"]);
  assert.deepEqual(game.view().dests, []);
  await server.answer(200, klondike({ t1: ["8S", "7H"], t3: ["7D"] }, { version: 1 }));
  // The answer's dests rule the second out: the server is asked why.
  assert.equal(server.sent[1].kind, "check");
  await server.answer(200, { legal: false, reason: "build_down", message: "Build down in alternate colours." });
  assert.deepEqual(heard, [["applied", "drop"], ["refused", "drop", "Build down in alternate colours."]]);
});

test("a 422 draws the state it carries and says the refusal", async () => {
  const { game, server, heard } = play();
  const start = klondike({ t1: ["8S"], t2: ["7H"] }, { dests: [dest("t2", 0, "t1")] });
  game.adopt(start);
  game.act({ type: "drop", pile: "t2", index: 0, target: "t1", code: "7H" });
  await server.answer(422, { error: "illegal", message: "No.", state: start });
  assert.deepEqual(heard, [["refused", "drop", "No."]]);
  assert.deepEqual(cardsOf(game.view()).t2, ["7H"]);
});

test("a 409 voids every waiting action and draws the game as the server holds it", async () => {
  const { game, server, heard } = play();
  game.adopt(taps(0));
  game.act({ type: "tap", pile: "t2", index: 0, code: "AS" });
  game.act({ type: "tap", pile: "t1", index: 0, code: "2S" });
  const theirs = klondike({ t1: ["8S", "7H"] }, { version: 3 });
  await server.answer(409, { error: "stale", state: theirs });
  assert.deepEqual(heard, [["stale", 3]]);
  assert.equal(server.sent.length, 1);
  assert.equal(game.busy(), false);
  assert.equal(game.view(), theirs);
});

test("a network failure voids the waiting actions and says so", async () => {
  const { game, server, heard } = play();
  game.adopt(taps(0));
  game.act({ type: "tap", pile: "t2", index: 0, code: "AS" });
  game.act({ type: "tap", pile: "t1", index: 0, code: "2S" });
  await server.fail(new TypeError("Failed to fetch"));
  assert.deepEqual(heard, [["failed", "Failed to fetch"]]);
  assert.equal(server.sent.length, 1);
  assert.equal(game.busy(), false);
  assert.equal(game.view().version, 0);
});

test("a game that is gone (404) asks for another; other errors are said", async () => {
  const { game, server, heard } = play();
  game.adopt(taps(0));
  game.act({ type: "stock" });
  await server.answer(404, { error: "not_found" });
  game.act({ type: "undo" });
  await server.answer(500, { error: "bad_response" });
  assert.deepEqual(heard, [["notFound"], ["failed", 500]]);
});

test("an answer to a game replaced meanwhile (a new game adopted) is ignored", async () => {
  const { game, server, heard } = play();
  game.adopt(taps(0));
  game.act({ type: "tap", pile: "t2", index: 0, code: "AS" });
  const fresh = klondike({ t5: ["KD"] }, { id: "game-2" });
  game.adopt(fresh);
  assert.equal(game.busy(), false);
  await server.answer(200, klondike({ f1: ["AS"] }, { version: 1 }));
  assert.deepEqual(heard, []);
  assert.equal(game.confirmed(), fresh);
});

test("idle() resolves once every answer is in; no action is taken without a game", async () => {
  const { game, server } = play();
  assert.equal(game.act({ type: "stock" }), false);
  assert.equal(server.sent.length, 0);
  game.adopt(taps(0));
  game.act({ type: "tap", pile: "t2", index: 0, code: "AS" });
  let idle = false;
  const waiting = game.idle().then(() => (idle = true));
  await server.settle();
  assert.equal(idle, false);
  await server.answer(200, klondike({ f1: ["AS"] }, { version: 1 }));
  await waiting;
  assert.equal(idle, true);
});
