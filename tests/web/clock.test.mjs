// clock.js's count (UI-16) with an injected `now`: the time kept plus the running stretch,
// nothing while stopped (tests/e2e/test_clock.py sees it run, pause and reload in Chromium).

import assert from "node:assert/strict";
import { test } from "node:test";

import { newClock, playedMs, startingMs } from "../../src/solitaire/web/static/clock.js";

test("a stopped clock shows the time kept", () => {
  let now = 1000;
  const clock = newClock(() => now);
  clock.baseMs = 61_500;
  now = 99_000;
  assert.equal(playedMs(clock), 61_500);
});

test("a running clock adds the stretch since it started", () => {
  let now = 1000;
  const clock = newClock(() => now);
  clock.baseMs = 2000;
  clock.since = now;
  now += 3250;
  assert.equal(playedMs(clock), 5250);
});

test("a reload starts from the time this tab counted when the server has less (UI-16)", () => {
  const counted = JSON.stringify({ id: "g1", ms: 5200 });
  // The reloaded page was asked for before the old page's last report reached the server.
  assert.equal(startingMs({ id: "g1", won: false, played_ms: null, seconds: 0 }, counted), 5200);
  assert.equal(startingMs({ id: "g1", won: false, played_ms: 3000 }, counted), 5200);
  // The server's larger time (another tab) stays; another game's count is not this one's.
  assert.equal(startingMs({ id: "g1", won: false, played_ms: 9000 }, counted), 9000);
  assert.equal(startingMs({ id: "g2", won: false, played_ms: 3000 }, counted), 3000);
  // A won game's time is the one the server fixed at the win.
  assert.equal(startingMs({ id: "g1", won: true, played_ms: 3000 }, counted), 3000);
  assert.equal(startingMs({ id: "g1", won: false, played_ms: 3000 }, null), 3000);
  assert.equal(startingMs({ id: "g1", won: false, played_ms: 3000 }, "{not json"), 3000);
});
