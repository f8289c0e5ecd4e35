// clock.js's count (UI-16) with an injected `now`: the time kept plus the running stretch,
// nothing while stopped (tests/e2e/test_clock.py sees it run, pause and reload in Chromium).

import assert from "node:assert/strict";
import { test } from "node:test";

import { newClock, playedMs } from "../../src/solitaire/web/static/clock.js";

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
