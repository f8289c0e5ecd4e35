// auto-finish.js: "Finish automatically" (UI-10) sends a finish by itself as soon as a state
// from the server says it is possible, once per state, never on a drawn guess nor while
// actions are on their way (tests/e2e/test_redo_finish.py sees it end a game in Chromium).

import assert from "node:assert/strict";
import { test } from "node:test";

import { finishByItself, finishDue } from "../../src/solitaire/web/static/auto-finish.js";
import { defaults } from "../../src/solitaire/web/static/state.js";
import { klondike } from "./support/states.mjs";

// A board's state with the setting on or off, whose game records the actions it is given.
function board({ on = true, busy = false } = {}) {
  const state = defaults();
  state.settings = { auto_finish: on };
  state.sent = [];
  state.game = { busy: () => busy, act: (intent) => state.sent.push(intent) };
  return state;
}

const finishable = (fields = {}) => klondike({}, { can_finish: true, version: 4, ...fields });

test("a finish is sent once per state the server sent", () => {
  const on = board();
  finishByItself(finishable(), on);
  finishByItself(finishable(), on);
  assert.deepEqual(on.sent, [{ type: "finish" }]);
  // A later state (the finish refused, a move undone) may finish again.
  finishByItself(finishable({ version: 5 }), on);
  assert.equal(on.sent.length, 2);
});

test("no finish with the setting off, where none is possible, on a won game", () => {
  assert.equal(finishDue(finishable(), board({ on: false })), false);
  assert.equal(finishDue(finishable({ can_finish: false }), board()), false);
  assert.equal(finishDue(finishable({ won: true }), board()), false);
  assert.equal(finishDue(finishable(), board()), true);
});

test("no finish on a drawn guess nor while actions are on their way", () => {
  assert.equal(finishDue(finishable({ unsure: new Set(["t1"]) }), board()), false);
  const busy = board({ busy: true });
  finishByItself(finishable(), busy);
  assert.deepEqual(busy.sent, []);
});
