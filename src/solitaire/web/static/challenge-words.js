// The words of the daily challenges (DC-1), the one place that formats them, shared by the bar
// over the table, the won dialog and the Challenges dialog: a goal, how far along a game is
// towards it, a day, a level. Scores are the server's texts (`+$100` in Klondike Vegas, where
// the score is money), move counts numbers in the board's language.
//
//   goalText({kind: "moves", moves: 180})          // "Goal: win in at most 180 moves"
//   goalText({kind: "score", score: 100, score_text: "+$100"})   // "Goal: reach a score of +$100"
//   progressText(state)                            // "45 of 180 moves", or null
//   dayText("2026-11-29")                          // "Nov 29, 2026", in the board's language

import { formatNumber } from "./format.js";
import { currentLanguage, t } from "./i18n.js";

// A goal's score as the board shows the variant's scores (the server's score_text).
function goalScore(goal) {
  return goal.score_text ?? formatNumber(goal.score);
}

export function goalText(goal) {
  if (goal.kind === "moves") return t("ui.challenge.goal.moves", { moves: formatNumber(goal.moves) });
  if (goal.kind === "score") return t("ui.challenge.goal.score", { score: goalScore(goal) });
  return t("ui.challenge.goal.win");
}

// How far along the game stands towards its challenge's goal; null for a plain win (or no
// challenge). The game's score is its score_text, as the toolbar shows it.
export function progressText(state) {
  const goal = state.challenge?.goal;
  if (!goal) return null;
  if (goal.kind === "moves") {
    return t("ui.challenge.progress.moves", { moves: formatNumber(state.moves), limit: formatNumber(goal.moves) });
  }
  if (goal.kind === "score") {
    return t("ui.challenge.progress.score", { score: state.score_text ?? formatNumber(state.score), target: goalScore(goal) });
  }
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
