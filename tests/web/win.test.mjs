// win.js's timing decision (UI-13): a game won by the move just made is celebrated, one
// opened already won (a reload, another game) just shows its dialog, one no longer won
// closes it, and a state still won and already shown asks nothing (tests/e2e/test_won.py
// sees the cascade and the dialog in Chromium).

import assert from "node:assert/strict";
import { test } from "node:test";

import { winMoment } from "../../src/solitaire/web/static/win.js";
import { klondike } from "./support/states.mjs";

const playing = klondike({}, { version: 40 });
const won = klondike({}, { version: 41, won: true });

test("the move just made wins: the cascade, then the dialog", () => {
  assert.equal(winMoment(won, playing), "celebrate");
});

test("a game opened won, or won on another game's table, shows the dialog at once", () => {
  assert.equal(winMoment(won, null), "show");
  assert.equal(winMoment(won, { ...playing, id: "game-0" }), "show");
});

test("a game not won closes the dialog; a won game drawn again asks nothing", () => {
  assert.equal(winMoment(playing, won), "stop");
  assert.equal(winMoment(playing, null), "stop");
  assert.equal(winMoment(won, won), null);
});
