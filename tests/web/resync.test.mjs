// resync.js's read of the game after a network failure or as the network returns: the answer
// is drawn unless actions were made, or another state drawn, while it was on its way (back
// online after a look without the network, the device's older copy of the game may answer
// after the server's game was drawn: tests/e2e/test_offline_play.py sees the whole of it).

import assert from "node:assert/strict";
import { test } from "node:test";

import { api } from "../../src/solitaire/web/static/api.js";
import { resync } from "../../src/solitaire/web/static/resync.js";
import { ui } from "../../src/solitaire/web/static/state.js";

// A controller that only keeps what it was given (game.js's confirmed and adopt), and an
// api.game whose answer comes when the test says.
function board(state) {
  const drawn = [];
  let confirmed = state;
  ui.game = {
    confirmed: () => confirmed,
    busy: () => false,
    adopt(next) {
      confirmed = next;
      drawn.push(next.version);
    },
  };
  ui.dom = { ...ui.dom, network: { found: () => drawn.push("found") } };
  let answer;
  api.game = () => new Promise((resolve) => (answer = resolve));
  return { drawn, answer: (body) => answer({ status: 200, body }) };
}

test("the game read again is drawn when nothing else was drawn meanwhile", async () => {
  const { drawn, answer } = board({ id: "g", version: 3 });
  const reading = resync();
  answer({ id: "g", version: 4 });
  await reading;
  assert.deepEqual(drawn, ["found", 4]);
});

test("an answer that comes after another state was drawn does not put the older one back", async () => {
  const { drawn, answer } = board({ id: "g", version: 0 });
  const reading = resync();
  ui.game.adopt({ id: "g", version: 1 }); // the server's game, moved on in another tab
  answer({ id: "g", version: 0 }); // the device's copy, slower to answer
  await reading;
  assert.deepEqual(drawn, [1, "found"]);
  assert.equal(ui.game.confirmed().version, 1);
});
