// The won game's dialog (UI-13, native <dialog>): the score and moves (`[data-won]`), the time
// played (`[data-won-time]`); its buttons are the toolbar's commands (New game, New deal).
//
//   openWon(state);   closeWon();

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
  const dialog = $("won-dialog");
  if (!dialog.open) dialog.showModal();
}

export function closeWon() {
  const dialog = $("won-dialog");
  if (dialog.open) dialog.close();
}
