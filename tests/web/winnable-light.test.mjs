// winnable-light.js's decisions (UI-20): the light asks about the confirmed position only with
// the setting on, never in a daily challenge or on a won game; an answer it cannot read is
// "unknown", never a guess (tests/e2e/test_winnable_light.py sees the three verdicts).

import assert from "node:assert/strict";
import { test } from "node:test";

import { lightQuestion, verdictOf } from "../../src/solitaire/web/static/winnable-light.js";
import { klondike } from "./support/states.mjs";

const playing = klondike({}, { id: "game-1", version: 7 });

test("UI-20: the light asks about the game's id and version, only with the setting on", () => {
  assert.equal(lightQuestion(playing, { winnable_light: true }), "game-1@7");
  assert.equal(lightQuestion(playing, { winnable_light: false }), null);
  assert.equal(lightQuestion(null, { winnable_light: true }), null);
});

test("UI-20: no light in a daily challenge, nor on a won game", () => {
  assert.equal(lightQuestion({ ...playing, challenge: { date: "2026-11-29" } }, { winnable_light: true }), null);
  assert.equal(lightQuestion({ ...playing, won: true }, { winnable_light: true }), null);
});

test("UI-20: the server's verdict is shown; anything else is unknown", () => {
  for (const verdict of ["winnable", "not_winnable", "unknown"]) {
    assert.equal(verdictOf({ status: 200, body: { verdict } }), verdict);
  }
  assert.equal(verdictOf({ status: 200, body: { verdict: "won" } }), "unknown");
  assert.equal(verdictOf({ status: 403, body: { error: "light_off" } }), "unknown");
  assert.equal(verdictOf(null), "unknown");
});
