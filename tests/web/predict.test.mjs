// predict.js: an action drawn from the state's dests, clicks and stock_tap alone (UI-14), as
// tests/e2e/test_instant.py sees it in Chromium: a legal drop drawn at once with the card it
// uncovers face down, a refused drop not drawn, a drop the board can't draw yet (its target a
// guess), a stock tap, a tap and a double click going where the state says.

import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { clicksOf, destOf, destination, isGuess, predict, unsureOfAll } from "../../src/solitaire/web/static/predict.js";
import { cardsOf, click, dest, klondike } from "./support/states.mjs";

// 7♥ may go on the 8♠ (t1); a tap sends the A♠ (t3) to f1; 7♥'s double click goes to t1.
const table = () =>
  klondike(
    { t1: ["8S"], t2: [null, "7H"], t3: ["AS"], t4: ["KC"], w: ["2D", "AH"], s: [null, null] },
    {
      dests: [dest("t2", 1, "t1"), dest("t3", 0, "f1", "t5"), dest("w", 1, "f1")],
      clicks: [click("t2", 1, null, "t1"), click("t3", 0, "f1", "f1"), click("w", 1, "f1", "f1")],
      stock_tap: { to: "w", count: 1, fan: 1 },
      fan: 2,
    },
  );

describe("destination", () => {
  test("a drop goes to a target its dests entry names", () => {
    assert.equal(destination(table(), { type: "drop", pile: "t2", index: 1, target: "t1" }), "t1");
  });

  test("a drop its dests rule out is not drawn, and one on its own pile neither", () => {
    assert.equal(destination(table(), { type: "drop", pile: "t2", index: 1, target: "t4" }), null);
    assert.equal(destination(table(), { type: "drop", pile: "t2", index: 1, target: "t2" }), null);
    assert.equal(destination(table(), { type: "drop", pile: "t1", index: 0, target: "t2" }), null);
  });

  test("a drop on any foundation goes where a tap would (the foundation area, KL-5)", () => {
    assert.equal(destination(table(), { type: "drop", pile: "t3", index: 0, target: "f4" }), "f1");
  });

  test("with Auto placement a drop where the card may not go goes where a double click would (UI-4)", () => {
    const intent = { type: "drop", pile: "t2", index: 1, target: "t4" };
    assert.equal(destination(table(), intent, { autoPlacement: true }), "t1");
    assert.equal(destination(table(), intent, { autoPlacement: false }), null);
  });

  test("a tap and a double click go where the state's clicks say; none listed, none drawn", () => {
    assert.equal(destination(table(), { type: "tap", pile: "t3", index: 0 }), "f1");
    assert.equal(destination(table(), { type: "tap", pile: "t2", index: 1 }), null);
    assert.equal(destination(table(), { type: "double_click", pile: "t2", index: 1 }), "t1");
    assert.equal(destination(table(), { type: "double_click", pile: "t4", index: 0 }), null);
  });

  test("destOf and clicksOf find a card's entries by pile and place", () => {
    assert.deepEqual(destOf(table(), "t3", 0).targets, ["f1", "t5"]);
    assert.equal(destOf(table(), "t3", 1), null);
    assert.equal(clicksOf(table(), "w", 1).tap, "f1");
    assert.equal(clicksOf(klondike(), "w", 0), null);
  });
});

describe("predict", () => {
  test("a legal drop moves the card, and the card it uncovers stays face down", () => {
    const drawn = predict(table(), { type: "drop", pile: "t2", index: 1, target: "t1", code: "7H" });
    assert.deepEqual(cardsOf(drawn).t1, ["8S", "7H"]);
    assert.deepEqual(cardsOf(drawn).t2, [null]);
    // The server's figures stay its own until its answer.
    assert.equal(drawn.moves, 0);
    assert.equal(drawn.version, 0);
  });

  test("a drop moves the cards on it too", () => {
    const state = klondike({ t1: ["9C"], t2: ["8D", "7S"] }, { dests: [dest("t2", 0, "t1")] });
    const drawn = predict(state, { type: "drop", pile: "t2", index: 0, target: "t1" });
    assert.deepEqual(cardsOf(drawn).t1, ["9C", "8D", "7S"]);
    assert.deepEqual(cardsOf(drawn).t2, []);
  });

  test("a guess vouches only for the piles no drawn move touched", () => {
    const drawn = predict(table(), { type: "drop", pile: "t2", index: 1, target: "t1" });
    assert.deepEqual([...drawn.unsure].sort(), ["t1", "t2"]);
    assert.ok(isGuess(drawn));
    // t3's entry keeps its untouched target only; t2's is gone; the waste's stays.
    assert.deepEqual(drawn.dests, [dest("t3", 0, "f1", "t5"), dest("w", 1, "f1")]);
    assert.equal(clicksOf(drawn, "t2", 1), null);
    assert.equal(clicksOf(drawn, "t3", 0).tap, "f1");
    // The stock and the waste were not touched: a stock tap can still be drawn.
    assert.deepEqual(drawn.stock_tap, { to: "w", count: 1, fan: 1 });
  });

  test("a second drop on a pile a guess touched is not drawn: only the server can judge it", () => {
    // Both 7s may go on the 8♠, but only the first can (test_instant.py).
    const state = klondike(
      { t1: ["8S"], t2: ["7H"], t3: ["7D"] },
      { dests: [dest("t2", 0, "t1"), dest("t3", 0, "t1")] },
    );
    const first = predict(state, { type: "drop", pile: "t2", index: 0, target: "t1" });
    assert.ok(first);
    assert.equal(predict(first, { type: "drop", pile: "t3", index: 0, target: "t1" }), null);
  });

  test("a tap sends a card where the clicks say, and the waste's fan closes up by one", () => {
    const drawn = predict(table(), { type: "tap", pile: "w", index: 1 });
    assert.deepEqual(cardsOf(drawn).f1, ["AH"]);
    assert.deepEqual(cardsOf(drawn).w, ["2D"]);
    assert.equal(drawn.fan, 1);
    // The waste moved: where a stock tap goes is no longer known.
    assert.equal(drawn.stock_tap, null);
  });

  test("a stock tap turns cards onto the waste face down, their faces coming with the answer", () => {
    const drawn = predict(table(), { type: "stock" });
    assert.deepEqual(cardsOf(drawn).s, [null]);
    assert.deepEqual(cardsOf(drawn).w, ["2D", "AH", null]);
    assert.equal(drawn.fan, 1);
    assert.deepEqual([...drawn.unsure].sort(), ["s", "w"]);
  });

  test("a stock tap that puts the waste back turns it face down onto the stock", () => {
    const state = klondike({ w: ["2D", "AH"] }, { stock_tap: { to: "s", count: 2, fan: 0 }, fan: 2 });
    const drawn = predict(state, { type: "stock" });
    assert.deepEqual(cardsOf(drawn).s, [null, null]);
    assert.deepEqual(cardsOf(drawn).w, []);
    assert.equal(drawn.fan, 0);
  });

  test("nothing is drawn on a won game, without a stock_tap, or on a card the state does not list", () => {
    assert.equal(predict({ ...table(), won: true }, { type: "tap", pile: "t3", index: 0 }), null);
    assert.equal(predict({ ...table(), stock_tap: null }, { type: "stock" }), null);
    assert.equal(predict(table(), { type: "undo" }), null);
    assert.equal(predict(null, { type: "stock" }), null);
  });

  test("the state is not changed by a drawing", () => {
    const state = table();
    const before = structuredClone(state);
    predict(state, { type: "drop", pile: "t2", index: 1, target: "t1" });
    predict(state, { type: "stock" });
    assert.deepEqual(state, before);
  });
});

test("unsureOfAll: a state with an action waiting undrawn vouches for no pile", () => {
  const state = unsureOfAll(table());
  assert.deepEqual(state.dests, []);
  assert.deepEqual(state.clicks, []);
  assert.equal(state.stock_tap, null);
  assert.equal(state.unsure.size, table().piles.length);
  assert.ok(isGuess(state));
  assert.ok(!isGuess(table()));
});
