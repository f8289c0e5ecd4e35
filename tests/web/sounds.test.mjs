// sounds.js's choice of sound for each state drawn (UI-17); tests/e2e/test_sounds.py sees
// that none plays with Sounds off, and that one does with it on.

import assert from "node:assert/strict";
import { test } from "node:test";

import { soundFor } from "../../src/solitaire/web/static/sounds.js";
import { klondike } from "./support/states.mjs";

const before = klondike({}, { version: 4 });

test("a new game is a deal; the same state again is silent", () => {
  assert.equal(soundFor(before, null), "deal");
  assert.equal(soundFor(before, before), null);
});

test("a move places, turns up, removes a run or wins", () => {
  const after = (last, extra = {}) => klondike({}, { version: 5, last, ...extra });
  assert.equal(soundFor(after({ action: "move", flips: 0 }), before), "place");
  assert.equal(soundFor(after({ action: "move", flips: 1 }), before), "turn");
  assert.equal(soundFor(after({ action: "move", runs_removed: 1 }), before), "run");
  assert.equal(soundFor(after({ action: "move" }, { won: true }), before), "win");
});
