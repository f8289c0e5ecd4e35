// Numbers, percentages, dates and times in the player's language, and a variant's name: the
// board's formatting, with no DOM (tested under Node, tests/web/format.test.mjs).
//
//   clockTime(75)  →  "1:15";   formatPercent(0.5)  →  "50%";   variantName("KL-D3V")

import { singleVariant } from "./codes.js";
import { currentLanguage, t } from "./i18n.js";

// Seconds as m:ss (h:mm:ss from an hour on): 75 → "1:15".
export function clockTime(seconds) {
  const whole = Math.max(0, Math.round(seconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const secs = String(whole % 60).padStart(2, "0");
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, "0")}:${secs}` : `${minutes}:${secs}`;
}

export function formatNumber(value, lang = currentLanguage()) {
  return new Intl.NumberFormat(lang).format(value);
}

export function formatPercent(rate, lang = currentLanguage()) {
  return new Intl.NumberFormat(lang, { style: "percent", maximumFractionDigits: 0 }).format(rate);
}

// An ISO date and time ("2026-11-29T10:00:00Z") as the player's language writes it.
export function formatDate(iso, lang = currentLanguage()) {
  return new Intl.DateTimeFormat(lang, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
}

// "in 24 hours (Wednesday 2 December 2026 at 13:21)", in the board's language.
export function expiryWords(expiresAt, now = new Date(), lang = currentLanguage(), message = "ui.transfer.expires") {
  const minutes = Math.max(0, Math.round((expiresAt - now) / 60000));
  const relative = new Intl.RelativeTimeFormat(lang, { numeric: "auto" });
  const inWords = minutes >= 90 ? relative.format(Math.round(minutes / 60), "hour") : relative.format(minutes, "minute");
  const time = new Intl.DateTimeFormat(lang, { dateStyle: "full", timeStyle: "short" }).format(expiresAt);
  return t(message, { relative: inWords, time });
}

// A variant's name in the player's language (a variant key, "KL-D3V"): the game's name (as
// the New game dialog names it) with its options; a game with one variant (Easy Harp) has none.
export function variantName(key, codes) {
  const game = t(`ui.game.${key.split("-")[0]}`);
  return singleVariant(key, codes) ? game : t(`ui.stats.variant.${key}`, { game });
}
