// codes.js: the game codes (DL-3) as the server's grammar says them — the board writes none of
// it by hand, so a grammar with another game or version is followed as it is.

import assert from "node:assert/strict";
import { test } from "node:test";

import {
  codeProblem,
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

test("a typed-in code is checked as the server's grammar checks it, before anything is asked", () => {
  // Any letter case, spaces around it: as solitaire.codes parse_code reads it.
  assert.equal(codeProblem(" kl1-d1n-aaaaaag ", GRAMMAR), null);
  assert.equal(codeProblem("EH1-N-AACEXHN", GRAMMAR), null); // deal 999,999, the last
  assert.deepEqual(codeProblem("KL1-D1N", GRAMMAR), { problem: "shape" });
  assert.deepEqual(codeProblem("KL1-D1N-AAAAAAG-X", GRAMMAR), { problem: "shape" });
  assert.deepEqual(codeProblem("XX1-D1N-AAAAAAG", GRAMMAR), { problem: "game", part: "XX1" });
  assert.deepEqual(codeProblem("KL2-D1N-AAAAAAG", GRAMMAR), { problem: "game", part: "KL2" });
  assert.deepEqual(codeProblem("KL-D1N-AAAAAAG", GRAMMAR), { problem: "game", part: "KL" });
  assert.deepEqual(codeProblem("KL1-D9N-AAAAAAG", GRAMMAR), {
    problem: "options",
    game: "KL",
    options: "D9N",
    choices: ["D1N", "D1V", "D3N", "D3V"],
  });
  assert.deepEqual(codeProblem("SS1-D1N-AAAAAAG", GRAMMAR).problem, "options");
  assert.deepEqual(codeProblem("KL1-D1N-AAAAAA", GRAMMAR), { problem: "deal", letters: 7 });
  assert.deepEqual(codeProblem("KL1-D1N-AAAAA1G", GRAMMAR), { problem: "deal", letters: 7 });
  // ZZZZZZZ would be deal 8,031,810,175, AAAAAAA deal 0: neither is a deal.
  assert.deepEqual(codeProblem("KL1-D1N-ZZZZZZZ", GRAMMAR), { problem: "deal_range", part: "ZZZZZZZ" });
  assert.deepEqual(codeProblem("KL1-D1N-AACEXHO", GRAMMAR), { problem: "deal_range", part: "AACEXHO" });
  assert.deepEqual(codeProblem("KL1-D1N-AAAAAAA", GRAMMAR), { problem: "deal_range", part: "AAAAAAA" });
  // A grammar from an older page, without the deals' range, leaves the range to the server.
  const { min_deal, max_deal, ...older } = GRAMMAR;
  assert.equal(codeProblem("KL1-D1N-ZZZZZZZ", older), null);
  // Another version's grammar is followed as it is.
  assert.equal(codeProblem("KL2-D1N-AAAAAAG", { ...GRAMMAR, version: "2" }), null);
});
