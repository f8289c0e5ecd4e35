// format.js and the catalog (i18n.js): the time played (the won dialog's `m:ss`,
// tests/e2e/test_won.py), the statistics' figures (test_stats.py: "50%"), dates, a link's
// expiry, a variant's name, and a message with its placeholders.

import assert from "node:assert/strict";
import { test } from "node:test";

import { clockTime, expiryWords, formatDate, formatNumber, formatPercent, variantName } from "../../src/solitaire/web/static/format.js";
import { currentLanguage, languageChoices, t, useMessages } from "../../src/solitaire/web/static/i18n.js";
import { GRAMMAR } from "./support/grammar.mjs";

const MESSAGES = {
  "ui.game.KL": "Klondike",
  "ui.game.EH": "Easy Harp",
  "ui.stats.variant.KL-D3V": "{game}: draw 3, Vegas",
  "ui.won_text": "Score {score} in {moves} moves.",
  "ui.transfer.expires": "It works {relative} ({time}).",
};

test("the time played as m:ss, and h:mm:ss from an hour on", () => {
  assert.equal(clockTime(0), "0:00");
  assert.equal(clockTime(75), "1:15");
  assert.equal(clockTime(59.6), "1:00");
  assert.equal(clockTime(3675), "1:01:15");
  assert.equal(clockTime(-5), "0:00");
});

test("numbers, rates and dates in the player's language", () => {
  assert.equal(formatNumber(1234, "en"), "1,234");
  assert.equal(formatNumber(1234, "nl"), "1.234");
  assert.equal(formatPercent(0.5, "en"), "50%");
  assert.equal(formatPercent(2 / 3, "en"), "67%");
  assert.match(formatDate("2026-11-29T10:05:00Z", "en"), /Nov 29, 2026/);
});

test("a link's expiry in words, from a clock the caller gives", () => {
  useMessages({ lang: "en", messages: MESSAGES });
  const now = new Date("2026-11-29T10:00:00Z");
  assert.match(expiryWords(new Date("2026-11-30T10:00:00Z"), now, "en"), /^It works in 24 hours \(.*2026.*\)\.$/);
  assert.match(expiryWords(new Date("2026-11-29T10:30:00Z"), now, "en"), /^It works in 30 minutes /);
});

test("a variant's name: the game with its options, a single-variant game alone", () => {
  useMessages({ lang: "en", messages: MESSAGES });
  assert.equal(variantName("KL-D3V", GRAMMAR), "Klondike: draw 3, Vegas");
  assert.equal(variantName("EH-N", GRAMMAR), "Easy Harp");
});

test("a message with its placeholders filled; a missing one shows its id", () => {
  useMessages({ lang: "en", messages: MESSAGES });
  assert.equal(t("ui.won_text", { score: "851", moves: 59 }), "Score 851 in 59 moves.");
  assert.equal(t("ui.won_text", { score: "851" }), "Score 851 in {moves} moves.");
  assert.equal(t("ui.nothing"), "ui.nothing");
});

test("the languages on offer, each by its own name, in the server's order", () => {
  useMessages({ lang: "ro", messages: MESSAGES, available: ["en", "ro"], names: { ro: "Română", en: "English" } });
  assert.equal(currentLanguage(), "ro");
  assert.deepEqual(languageChoices(), [
    { code: "ro", name: "Română" },
    { code: "en", name: "English" },
  ]);
});
