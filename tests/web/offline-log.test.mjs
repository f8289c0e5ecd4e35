// offline-log.js (rules UI-21): the offline log keeps each game's actions in the order
// played with their versions, an upload sends them with the board's clock and the span they
// took, and the server's answer is adopted — the games played on during the upload go on from
// the game the server holds, a refused game is dropped (tests/e2e/test_offline_play.py plays
// it all in Chromium; tests/server/test_sync_api.py judges the uploads).

import assert from "node:assert/strict";
import { test } from "node:test";

import { adoptAnswer, newRef, noteAction, noteClock, offlineGame, untouched, uploadOf } from "../../src/solitaire/web/static/offline-log.js";

const START = { code: "KL1-D1N-AAAAAAG" };

test("UI-21: each offline game has a random name of its own, within the server's 64", () => {
  const names = new Set(Array.from({ length: 200 }, () => newRef()));
  assert.equal(names.size, 200);
  for (const name of names) assert.match(name, /^offline-[0-9a-f-]{32,36}$/);
  // Where crypto.randomUUID is missing (an insecure page), random bytes name it.
  const bytes = { getRandomValues: (array) => array.fill(171) };
  assert.equal(newRef(bytes), `offline-${"ab".repeat(16)}`);
  assert.ok(`${newRef()}`.length <= 64);
});

test("UI-21: the log keeps the actions in the order played, with their versions and time", () => {
  const game = offlineGame({ id: "offline-1", ref: "offline-1", start: START, now: 1_000 });
  noteAction(game, { version: 0, type: "stock" }, 4_000);
  noteAction(game, { version: 1, type: "move", move: "w-t3" }, 9_500);
  noteAction(game, { version: 2, type: "undo" }, 12_000);
  assert.deepEqual(
    game.actions.map((action) => action.version),
    [0, 1, 2],
  );
  assert.deepEqual([game.began_at, game.last_at], [1_000, 12_000]);
  // The clock only grows (two tabs: the larger stays); nonsense is ignored.
  noteClock(game, 11_200);
  noteClock(game, 10_000);
  noteClock(game, -5);
  noteClock(game, "lots");
  assert.equal(game.played_ms, 11_200);
});

test("UI-21: a server's game opened offline with nothing played in it is untouched: no upload", () => {
  const looked = offlineGame({ id: "g1", base: { id: "g1", version: 3 }, start: START, now: 1_000 });
  assert.equal(untouched(looked), true);
  // One action offline, and the server has something to judge.
  noteAction(looked, { version: 3, type: "stock" }, 2_000);
  assert.equal(untouched(looked), false);
  // A game begun offline is the player's choice of a deal: it goes even without a move.
  assert.equal(untouched(offlineGame({ id: "offline-1", start: START, now: 1_000 })), false);
});

test("UI-21: an upload sends each game's start or base, its actions, its clock and span", () => {
  const begun = offlineGame({ id: "offline-a", ref: "offline-a", start: START, now: 0 });
  noteAction(begun, { version: 0, type: "stock" }, 30_000);
  noteClock(begun, 31_999.7);
  const continued = offlineGame({
    id: "srv1",
    ref: "offline-b",
    base: { id: "srv1", version: 4 },
    start: START,
    prefix: ["d", "d", "d", "d"],
    playedMs: 60_000,
    now: 100_000,
  });
  noteAction(continued, { version: 4, type: "stock" }, 105_000);
  const { sent, games } = uploadOf([begun, continued]);
  assert.deepEqual(games, [
    { ref: "offline-a", start: START, actions: [{ version: 0, type: "stock" }], played_ms: 31_999, span_ms: 30_000 },
    { ref: "offline-b", base: { id: "srv1", version: 4 }, actions: [{ version: 4, type: "stock" }], played_ms: 60_000, span_ms: 5_000 },
  ]);
  // The device's own bookkeeping (the engine's prefix, the times) stays on the device.
  assert.equal(JSON.stringify(games).includes("prefix"), false);
  // What the player does while the upload is on its way is not in it.
  noteAction(begun, { version: 1, type: "stock" }, 40_000);
  assert.deepEqual(
    sent.map(({ count }) => count),
    [1, 1],
  );
  assert.equal(games[0].actions.length, 1);
});

test("UI-21: the server's answer is adopted: saved games go, the shown one is followed", () => {
  const shown = offlineGame({ id: "offline-a", ref: "offline-a", start: START, now: 0 });
  noteAction(shown, { version: 0, type: "stock" }, 1);
  const refused = offlineGame({ id: "offline-c", ref: "offline-c", start: START, now: 0 });
  noteAction(refused, { version: 0, type: "drop", pile: "t1", index: 0, target: "f1" }, 1);
  const { sent } = uploadOf([shown, refused]);
  const answer = [
    { ref: "offline-a", id: "srv9", outcome: "new_game", accepted: 1 },
    { ref: "offline-c", id: "srv10", outcome: "refused", accepted: 0, refused_at: 0, reason: "illegal" },
  ];
  const adopted = adoptAnswer(sent, answer, new Map(), "offline-a");
  assert.deepEqual(adopted.left, []);
  assert.equal(adopted.shown, "srv9");
  assert.deepEqual(
    adopted.refused.map((synced) => synced.ref),
    ["offline-c"],
  );
});

test("UI-21: a game played on during the upload goes on from the game the server made", () => {
  const game = offlineGame({ id: "offline-a", ref: "offline-a", start: START, now: 1_000 });
  noteAction(game, { version: 0, type: "stock" }, 2_000);
  noteAction(game, { version: 1, type: "stock" }, 3_000);
  noteClock(game, 2_500);
  const { sent } = uploadOf([game]);
  noteAction(game, { version: 2, type: "undo" }, 4_000);
  const logs = new Map([["offline-a", ["d", "d", "undo"]]]);
  const answer = [{ ref: "offline-a", id: "srv9", outcome: "new_game", accepted: 2 }];
  const { left, shown } = adoptAnswer(sent, answer, logs, "offline-a", () => "offline-next");
  assert.equal(shown, null); // still the device's: the board plays on where it is
  assert.deepEqual(left, [
    {
      ref: "offline-next",
      id: "offline-a",
      base: { id: "srv9", version: 2 },
      start: START,
      prefix: ["d", "d"],
      actions: [{ version: 2, type: "undo" }],
      played_ms: 2_500,
      began_at: 1_000,
      last_at: 4_000,
    },
  ]);
});

test("UI-21: a game the answer does not mention is kept for the next upload", () => {
  const game = offlineGame({ id: "offline-a", ref: "offline-a", start: START, now: 0 });
  const { sent } = uploadOf([game]);
  assert.deepEqual(adoptAnswer(sent, [], new Map(), null).left, [game]);
});
