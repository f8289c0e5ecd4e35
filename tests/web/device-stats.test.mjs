// device-stats.js (rules UI-21: statistics of what this device knows): the games finished on
// this device, counted as the server counts them (solitaire/stats.py) — played once won or
// left after a move, records first reached, streaks per variant — in GET /api/stats's shape,
// marked as the device's (tests/e2e/test_offline_play.py opens the dialog offline).

import assert from "node:assert/strict";
import { test } from "node:test";

import { FINISHED_LIMIT, deviceStats, noteFinished, noteTime } from "../../src/solitaire/web/static/device-stats.js";

function game(id, variant, won, score, moves, seconds, minute) {
  const finished_at = `2026-12-02T10:${String(minute).padStart(2, "0")}:00.000Z`;
  return { id, variant, won, score, score_text: String(score), moves, played_ms: seconds * 1000, finished_at };
}

test("UI-21: nothing finished, no figures", () => {
  assert.deepEqual(deviceStats([]), { variants: [], resets: {}, device: true });
  assert.deepEqual(deviceStats(null), { variants: [], resets: {}, device: true });
});

test("UI-21: played, won, the rate, records and streaks as the server counts them", () => {
  let finished = [];
  finished = noteFinished(finished, game("a", "KL-D1N", true, 600, 100, 300, 1));
  finished = noteFinished(finished, game("b", "KL-D1N", false, 700, 40, 90, 2));
  finished = noteFinished(finished, game("c", "KL-D1N", true, 600, 95, 240, 3));
  finished = noteFinished(finished, game("d", "KL-D1N", true, 500, 95, 500, 4));
  finished = noteFinished(finished, game("e", "SS-S4", false, 12, 8, 60, 5));
  // Left before any move: no game played.
  finished = noteFinished(finished, game("f", "KL-D1N", false, 0, 0, 5, 6));
  const { variants, device } = deviceStats(finished, ["KL-D1N", "KL-D3N", "SS-S4"]);
  assert.equal(device, true);
  assert.deepEqual(
    variants.map((entry) => entry.variant),
    ["KL-D1N", "SS-S4"],
  );
  const [klondike, simon] = variants;
  assert.deepEqual([klondike.played, klondike.won, klondike.win_rate], [4, 3, 0.75]);
  assert.deepEqual(klondike.best_score, { value: 700, finished_at: "2026-12-02T10:02:00.000Z", text: "700" });
  // A tie does not take a record: the first game to reach it keeps it.
  assert.deepEqual(klondike.fewest_moves, { value: 95, finished_at: "2026-12-02T10:03:00.000Z" });
  assert.deepEqual(klondike.fastest_win, { value: 240, finished_at: "2026-12-02T10:03:00.000Z" });
  assert.deepEqual([klondike.current_streak, klondike.best_streak], [2, 2]);
  // A Simple Simon loss breaks no Klondike streak.
  assert.deepEqual([simon.played, simon.won, simon.fastest_win, simon.current_streak], [1, 0, null, 0]);
  assert.equal(klondike.chart, "");
});

test("UI-21: a game noted again is counted once; the clock's report gives its time", () => {
  let finished = noteFinished([], { ...game("a", "KL-D1N", true, 600, 100, 0, 1), played_ms: null });
  finished = noteFinished(finished, game("a", "KL-D1N", true, 610, 101, 0, 2));
  finished = noteTime(finished, "a", 61_900);
  finished = noteTime(finished, "nobody", 5);
  const [entry] = deviceStats(finished).variants;
  assert.deepEqual([entry.played, entry.won, entry.fastest_win.value, entry.best_score.text], [1, 1, 61, "610"]);
});

test("UI-21: the device keeps its latest games, at most FINISHED_LIMIT", () => {
  let finished = [];
  for (let index = 0; index < FINISHED_LIMIT + 5; index += 1) finished = noteFinished(finished, game(`g${index}`, "KL-D1N", false, 0, 1, 1, 0));
  assert.equal(finished.length, FINISHED_LIMIT);
  assert.equal(finished[0].id, "g5");
});
