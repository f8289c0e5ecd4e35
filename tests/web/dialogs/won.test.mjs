// dialogs/won.js's lines for what a win did (UI-13): each record beaten, a first win, and the
// streak from its second win, in the player's words (tests/e2e/test_won.py reads them from
// the server's records in Chromium).

import assert from "node:assert/strict";
import { test } from "node:test";

import { recordLines } from "../../../src/solitaire/web/static/dialogs/won.js";

// The catalog's keys with their values, as t() fills them.
const words = (key, values = {}) => `${key}${Object.keys(values).length ? ` ${JSON.stringify(values)}` : ""}`;
const none = { first_win: false, best_score: false, fewest_moves: false, fastest_win: false, streak: 1, variant_name: "Easy Harp" };

test("a win that beat nothing and starts no streak says nothing more", () => {
  assert.deepEqual(recordLines(none, words), []);
  assert.deepEqual(recordLines(null, words), []);
});

test("each record beaten is a line, then the streak", () => {
  const lines = recordLines({ ...none, best_score: true, fastest_win: true, streak: 3 }, words);
  assert.deepEqual(
    lines.map((line) => line.key),
    ["best_score", "fastest_win", "streak"],
  );
  assert.equal(lines[2].text, 'ui.won.streak {"count":3}');
});

test("a first win names its game", () => {
  assert.deepEqual(recordLines({ ...none, first_win: true }, words), [{ key: "first_win", text: 'ui.won.first_win {"variant":"Easy Harp"}' }]);
});
