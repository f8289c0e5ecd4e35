// geometry.js's card and index sizes (UI-22): large print never makes a card smaller, in any
// game at any width, and its corner index grows but keeps "10♥" on the card, the narrowest
// cards included (Simple Simon's and Easy Harp's at 320 px). tests/e2e/test_phone.py measures
// the same corners in Chromium.

import assert from "node:assert/strict";
import { test } from "node:test";

import { boardGeometry } from "../../src/solitaire/web/static/geometry.js";
import { klondike } from "./support/states.mjs";

const column = (downs, ups) => [...Array(downs).fill(null), ...Array(ups).fill("TH")];
const columns = (count, cards) => Array.from({ length: count }, (_, i) => ({ id: `t${i + 1}`, cards: cards(i) }));

const GAMES = {
  klondike: klondike(
    Object.fromEntries(Array.from({ length: 7 }, (_, i) => [`t${i + 1}`, column(i, 1)])),
    { top_row: ["s", "w", null, "f1", "f2", "f3", "f4"] },
  ),
  "easy-harp": {
    top_row: ["s", "w", "f1", "f2", "f3", "f4", "f5", "f6", "f7", "f8"],
    piles: [
      { id: "s", cards: column(59, 0) },
      { id: "w", cards: [] },
      ...Array.from({ length: 8 }, (_, i) => ({ id: `f${i + 1}`, cards: [] })),
      ...columns(9, (i) => column(i, 1)),
    ],
  },
  "simple-simon": { top_row: [], piles: columns(10, (i) => column(0, i < 3 ? 8 : 7 - (i - 3))) },
};

// The board's size under the toolbar (a phone's bar takes about 110 px at the bottom).
const BOARDS = [
  [320, 590],
  [360, 620],
  [390, 734],
  [1024, 710],
  [1440, 840],
];

// "10♥" in DejaVu Sans Bold, the widest system font: 2.0 em; its corner starts 3.5 % of the
// card in, inside a 1 px border.
const fits = (cardW, index) => cardW * 0.035 + 1 + index * 2.0 <= cardW;

for (const [game, state] of Object.entries(GAMES)) {
  for (const [width, height] of BOARDS) {
    test(`${game} at ${width}×${height}: large print keeps the card's width, grows its index and keeps "10♥" on it`, () => {
      const plain = boardGeometry(state, width, height);
      const large = boardGeometry(state, width, height, { largePrint: true });
      assert.equal(large.cardW, plain.cardW);
      assert.ok(large.indexSize > plain.indexSize, `${plain.indexSize} → ${large.indexSize}`);
      assert.ok(fits(large.cardW, large.indexSize), `${large.indexSize} px on a ${large.cardW} px card`);
      for (const pile of large.piles.values()) assert.ok(pile.indexSize <= large.indexSize);
    });
  }
}

test("Simple Simon and Easy Harp at 320 px: 29 px cards, a 13 px large print index", () => {
  for (const game of ["simple-simon", "easy-harp"]) {
    const large = boardGeometry(GAMES[game], 320, 590, { largePrint: true });
    assert.equal(large.cardW, 29, game);
    assert.equal(large.indexSize, 13, game);
  }
});
