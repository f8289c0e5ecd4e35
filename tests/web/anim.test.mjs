// anim.js's pace and deal (UI-18): the setting "Animations" scales every animation (fast:
// half the time; off: none), reduced motion stops them whatever the setting; a new deal is
// dealt row by row across the columns, short whatever the number of cards
// (tests/e2e/test_deal.py sees the cards fly in Chromium, and not at all when off).

import assert from "node:assert/strict";
import { test } from "node:test";

import { dealPlan, isNewDeal, pace } from "../../src/solitaire/web/static/anim.js";
import { klondike } from "./support/states.mjs";

test("UI-18: normal, fast and off set the pace; reduced motion is off", () => {
  assert.equal(pace("normal", false), 1);
  assert.equal(pace("fast", false), 0.5);
  assert.equal(pace("off", false), 0);
  assert.equal(pace("normal", true), 0);
  assert.equal(pace("fast", true), 0);
  // A value the board does not know (an older server's) is the default, normal.
  assert.equal(pace(undefined, false), 1);
});

// Klondike's 28 table cards: column n holds n cards.
const table = [];
for (let column = 1; column <= 7; column += 1) {
  for (let index = 0; index < column; index += 1) table.push({ pile: `t${column}`, index });
}

test("UI-18: the deal goes row by row across the columns, as a dealer deals", () => {
  const plan = dealPlan([...table].reverse(), 1);
  assert.equal(plan.length, 28);
  assert.deepEqual(
    plan.slice(0, 8).map(({ pile, index }) => `${pile}/${index}`),
    ["t1/0", "t2/0", "t3/0", "t4/0", "t5/0", "t6/0", "t7/0", "t2/1"],
  );
  const delays = plan.map((flight) => flight.delay);
  assert.deepEqual(delays, [...delays].sort((a, b) => a - b));
});

test("UI-18: only the columns are dealt; the stock, waste and foundations stay", () => {
  const plan = dealPlan([{ pile: "s", index: 0 }, { pile: "f1", index: 0 }, { pile: "w", index: 0 }, { pile: "t3", index: 0 }], 1);
  assert.deepEqual(plan.map((flight) => flight.pile), ["t3"]);
});

test("UI-18: a deal stays short, fast takes half the time, off deals nothing", () => {
  // Simple Simon's 52 cards all on the table.
  const many = [];
  for (let column = 1; column <= 10; column += 1) for (let index = 0; index < 6; index += 1) many.push({ pile: `t${column}`, index });
  const end = (plan) => Math.max(...plan.map((flight) => flight.delay + flight.duration));
  const normal = dealPlan(many, 1);
  assert.ok(end(normal) <= 900, `the deal takes ${end(normal)} ms`);
  const fast = dealPlan(many, 0.5);
  assert.ok(Math.abs(end(fast) - end(normal) / 2) <= 2);
  assert.deepEqual(dealPlan(many, 0), []);
});

test("UI-18: a game is dealt when it is first drawn at its start, not after a move or when won", () => {
  const fresh = klondike({}, { id: "game-2", version: 0 });
  assert.equal(isNewDeal(null, fresh), true);
  assert.equal(isNewDeal(klondike({}, { id: "game-1", version: 9 }), fresh), true);
  assert.equal(isNewDeal(fresh, fresh), false);
  assert.equal(isNewDeal(fresh, klondike({}, { id: "game-2", version: 1 })), false);
  assert.equal(isNewDeal(null, klondike({}, { id: "game-3", version: 0, won: true })), false);
});
