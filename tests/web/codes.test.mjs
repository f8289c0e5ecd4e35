// codes.js: the game codes (DL-3) as the server's grammar says them — the board writes none of
// it by hand, so a grammar with another game or version is followed as it is.

import assert from "node:assert/strict";
import { test } from "node:test";

import {
  defaultVariant,
  hasDeal,
  optionsOf,
  singleVariant,
  variantKeyOf,
  variantKeys,
  variantOfCode,
  variantText,
} from "../../src/solitaire/web/static/codes.js";
import { configure, defaults } from "../../src/solitaire/web/static/state.js";
import { GRAMMAR } from "./support/grammar.mjs";

test("a variant's text is the game, the code version and options the game takes", () => {
  assert.equal(variantText("KL", "D3V", GRAMMAR), "KL1-D3V");
  assert.equal(variantText("SS", "S2", GRAMMAR), "SS1-S2");
  assert.equal(variantText("EH", "N", GRAMMAR), "EH1-N");
  assert.equal(variantText("KL", "D2N", GRAMMAR), null);
  assert.equal(variantText("XX", "N", GRAMMAR), null);
  assert.equal(variantText("KL", "D1N", { ...GRAMMAR, version: "2" }), "KL2-D1N");
});

test("the variant keys, the options and the default come from the grammar, in its order", () => {
  assert.deepEqual(variantKeys(GRAMMAR), GRAMMAR.variants);
  assert.deepEqual(optionsOf("SS", GRAMMAR), ["S1", "S2", "S4"]);
  assert.deepEqual(optionsOf("XX", GRAMMAR), []);
  assert.equal(defaultVariant(GRAMMAR), "KL1-D1N");
  assert.equal(defaultVariant({ ...GRAMMAR, default: "SS1-S1" }), "SS1-S1");
});

test("a state's variant key, the first one for a state that names none the grammar knows", () => {
  assert.equal(variantKeyOf({ game: "KL", options: "D3V" }, GRAMMAR), "KL-D3V");
  assert.equal(variantKeyOf({ game: "EH", options: "N" }, GRAMMAR), "EH-N");
  assert.equal(variantKeyOf({ game: "KL", options: "D9X" }, GRAMMAR), "KL-D1N");
  assert.equal(variantKeyOf(null, GRAMMAR), "KL-D1N");
});

test("a code's variant part, and whether a code names a deal", () => {
  assert.equal(variantOfCode("KL1-D1N-AAAAAAG"), "KL1-D1N");
  assert.equal(variantOfCode("SS1-S4"), "SS1-S4");
  assert.equal(hasDeal("KL1-D1N-AAAAAAG", GRAMMAR), true);
  // A typed-in position's code names the game alone: there is no deal to link to.
  assert.equal(hasDeal("SS1-S4", GRAMMAR), false);
  assert.equal(hasDeal("KL1-D1N-AAAG", GRAMMAR), false);
});

test("a game with one variant only has no options to name", () => {
  assert.equal(singleVariant("EH-N", GRAMMAR), true);
  assert.equal(singleVariant("KL-D1N", GRAMMAR), false);
});

test("the board's grammar is the boot data's, and none is guessed without it", () => {
  assert.equal(defaults().codes, null);
  assert.equal(configure(defaults(), { codes: GRAMMAR }).codes, GRAMMAR);
  // This test's board has no boot data: its grammar is not loaded.
  assert.throws(() => variantKeys(), /grammar is not loaded/);
});
