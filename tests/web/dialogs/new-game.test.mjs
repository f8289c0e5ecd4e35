// dialogs/new-game.js, its logic without the dialog: the variant its choices ask for, written
// as the server's grammar writes it, and the choices it opens on (tests/e2e/test_games.py
// sees the dialog itself in Chromium).

import assert from "node:assert/strict";
import { test } from "node:test";

import { defaultChoices, typedCodeError, variantOf } from "../../../src/solitaire/web/static/dialogs/new-game.js";
import { useSettings } from "../../../src/solitaire/web/static/settings.js";
import { configure, ui } from "../../../src/solitaire/web/static/state.js";
import { GRAMMAR } from "../support/grammar.mjs";

configure(ui, { codes: GRAMMAR, defaults: { simple_simon_suits: 1 } });

test("the choices' variant, as the grammar writes it", () => {
  assert.equal(variantOf({ game: "KL", draw: "3", scoring: "V", suits: "1" }), "KL1-D3V");
  assert.equal(variantOf({ game: "SS", draw: "1", scoring: "N", suits: "4" }), "SS1-S4");
  assert.equal(variantOf({ game: "EH", draw: "1", scoring: "N", suits: "1" }), "EH1-N");
  assert.equal(variantOf({ game: "KL", draw: "2", scoring: "N", suits: "1" }), null);
});

test("the dialog opens on the game being played, or on the default variant without one", () => {
  useSettings({ simple_simon_suits: 2 });
  assert.deepEqual(defaultChoices(null), { game: "KL", draw: "1", scoring: "N", suits: "2" });
  assert.deepEqual(defaultChoices({ game: "KL", options: "D3V" }), { game: "KL", draw: "3", scoring: "V", suits: "2" });
  // SS-1: the suit count offered is the last one chosen (the settings'), not the game's.
  assert.deepEqual(defaultChoices({ game: "SS", options: "S4" }), { game: "SS", draw: "1", scoring: "N", suits: "2" });
  assert.deepEqual(defaultChoices({ game: "EH", options: "N" }).game, "EH");
});

test("the default variant is the grammar's", () => {
  configure(ui, { codes: { ...GRAMMAR, default: "KL1-D3N" } });
  assert.deepEqual(defaultChoices(null), { game: "KL", draw: "3", scoring: "N", suits: "2" });
  configure(ui, { codes: GRAMMAR });
});

test("a mistyped code is told in the catalog's plain words, its lists in the player's language", () => {
  ui.i18n = {
    language: "en",
    messages: {
      "ui.game.KL": "Klondike",
      "ui.code_check.options": "A {game} code has {choices} in the middle.",
      "ui.code_check.deal_range": "No deal has the letters {part}. Check the end of the code.",
    },
  };
  assert.equal(typedCodeError(" kl1-d1n-aaaaaag "), null);
  assert.equal(typedCodeError("KL1-D9N-AAAAAAG"), "A Klondike code has D1N, D1V, D3N, or D3V in the middle.");
  // Never the deal's number (ZZZZZZZ would be deal 8,031,810,175).
  assert.equal(typedCodeError("KL1-D1N-ZZZZZZZ"), "No deal has the letters ZZZZZZZ. Check the end of the code.");
  ui.i18n = { ...ui.i18n, language: "nl", messages: { ...ui.i18n.messages, "ui.code_check.options": "{choices}" } };
  assert.equal(typedCodeError("KL1-D9N-AAAAAAG"), "D1N, D1V, D3N of D3V");
});
