// challenge-words.js, the one place the daily challenges' words are made (DC-1): the goal,
// how far along a game is (the bar over the table, tests/e2e/test_challenges.py), a day and
// a level. Scores are the server's texts: money in Klondike Vegas.

import assert from "node:assert/strict";
import { test } from "node:test";

import { dayText, goalText, levelText, progressText } from "../../src/solitaire/web/static/challenge-words.js";
import { useMessages } from "../../src/solitaire/web/static/i18n.js";

const MESSAGES = {
  "ui.challenge.goal.win": "Goal: win the game",
  "ui.challenge.goal.moves": "Goal: win in at most {moves} moves",
  "ui.challenge.goal.score": "Goal: reach a score of {score}",
  "ui.challenge.progress.moves": "{moves} of {limit} moves",
  "ui.challenge.progress.score": "Score {score} of {target}",
  "ui.level.hard": "Hard",
};

const challenge = (goal) => ({ date: "2026-11-29", game: "KL", level: "hard", goal, met: false });

test("a goal in words, its numbers in the board's language", () => {
  useMessages({ lang: "en", messages: MESSAGES });
  assert.equal(goalText({ kind: "win", moves: null, score: null }), "Goal: win the game");
  assert.equal(goalText({ kind: "moves", moves: 1650, score: null }), "Goal: win in at most 1,650 moves");
  assert.equal(goalText({ kind: "score", moves: null, score: 100, score_text: "100" }), "Goal: reach a score of 100");
  useMessages({ lang: "nl", messages: MESSAGES });
  assert.equal(goalText({ kind: "moves", moves: 1650, score: null }), "Goal: win in at most 1.650 moves");
});

test("a score goal in Vegas is money, as the toolbar shows the score", () => {
  useMessages({ lang: "en", messages: MESSAGES });
  const goal = { kind: "score", moves: null, score: 100, score_text: "+$100" };
  assert.equal(goalText(goal), "Goal: reach a score of +$100");
  const state = { moves: 12, score: -52, score_text: "-$52", challenge: challenge(goal) };
  assert.equal(progressText(state), "Score -$52 of +$100");
});

test("how far along: the move counter against the limit; nothing for a plain win", () => {
  useMessages({ lang: "en", messages: MESSAGES });
  const moves = { moves: 45, score: 0, score_text: "0", challenge: challenge({ kind: "moves", moves: 180, score: null }) };
  assert.equal(progressText(moves), "45 of 180 moves");
  const win = { moves: 45, score: 0, score_text: "0", challenge: challenge({ kind: "win", moves: null, score: null }) };
  assert.equal(progressText(win), null);
  assert.equal(progressText({ moves: 3, score: 0, score_text: "0", challenge: null }), null);
});

test("a day in the board's language, a level by its name", () => {
  useMessages({ lang: "en", messages: MESSAGES });
  assert.match(dayText("2026-11-29", "en"), /Nov 29, 2026/);
  // The UTC day, whatever the machine's time zone.
  assert.match(dayText("2026-12-01", "nl"), /1 dec 2026/);
  assert.equal(levelText("hard"), "Hard");
});
