// The words of the daily challenges (DC-1), shared by the bar over the table, the won dialog
// and the Challenges dialog: a goal, how far along a game is, a day, a level.
//
//   goalText({kind: "moves", moves: 180})   // "Win in at most 180 moves"
//   progressText(state)                      // "45 of 180 moves", or null
//   dayText("2026-11-29")                    // "29 Nov 2026", in the board's language

import { currentLanguage, t } from "./i18n.js";

export function goalText(goal) {
  if (goal.kind === "moves") return t("ui.challenge.goal.moves", { moves: goal.moves });
  if (goal.kind === "score") return t("ui.challenge.goal.score", { score: goal.score });
  return t("ui.challenge.goal.win");
}

// How far along the game stands towards its challenge's goal; null for a plain win.
export function progressText(state) {
  const goal = state.challenge?.goal;
  if (!goal) return null;
  if (goal.kind === "moves") return t("ui.challenge.progress.moves", { moves: state.moves, limit: goal.moves });
  if (goal.kind === "score") return t("ui.challenge.progress.score", { score: state.score, target: goal.score });
  return null;
}

// A calendar day (YYYY-MM-DD, UTC) in the board's language.
export function dayText(iso, lang = currentLanguage()) {
  const [year, month, day] = iso.split("-").map(Number);
  return new Intl.DateTimeFormat(lang, { dateStyle: "medium", timeZone: "UTC" }).format(Date.UTC(year, month - 1, day));
}

export function levelText(level) {
  return t(`ui.level.${level}`);
}
