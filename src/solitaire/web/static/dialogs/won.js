// The won game's dialog (UI-13, native <dialog>): the score and moves (`[data-won]`), the time
// played (`[data-won-time]`), and in a daily challenge whether its goal is met
// (`[data-won-challenge]`); its buttons are the toolbar's commands (New game, New deal).
//
//   openWon(state);   closeWon();

import { dayText } from "../challenge-words.js";
import { playedMs } from "../clock.js";
import { clockTime } from "../format.js";
import { t } from "../i18n.js";
import { ui } from "../state.js";

const $ = (id) => document.getElementById(id);

// Score, moves and the time played (UI-13); "New deal" deals the same kind of game at once.
export function openWon(state) {
  $("won-text").textContent = t("ui.won_text", { score: state.score_text, moves: state.moves });
  const time = $("won-time");
  // UI-16: the clock's time, the one the server keeps for the win.
  const timed = ui.clock?.gameId === state.id;
  const seconds = timed ? Math.floor(playedMs(ui.clock) / 1000) : state.seconds;
  time.hidden = typeof seconds !== "number";
  time.textContent = time.hidden ? "" : t("ui.won_time", { time: clockTime(seconds) });
  // DC-1: a challenge's game says whether its goal is met.
  const challenge = $("won-challenge");
  challenge.hidden = !state.challenge;
  challenge.textContent = !state.challenge
    ? ""
    : t(state.challenge.met ? "ui.challenge.won_met" : "ui.challenge.won_not_met", { date: dayText(state.challenge.date) });
  const dialog = $("won-dialog");
  if (!dialog.open) dialog.showModal();
}

export function closeWon() {
  const dialog = $("won-dialog");
  if (dialog.open) dialog.close();
}
