// The won game's dialog (UI-13, native <dialog>): the score and moves (`[data-won]`), the time
// played (`[data-won-time]`); its buttons are the toolbar's commands (New game, New deal).
//
//   openWon(state);   closeWon();

import { clockTime } from "../format.js";
import { t } from "../i18n.js";

const $ = (id) => document.getElementById(id);

// Score, moves and the time played (UI-13); "New deal" deals the same kind of game at once.
export function openWon(state) {
  $("won-text").textContent = t("ui.won_text", { score: state.score_text, moves: state.moves });
  const time = $("won-time");
  time.hidden = typeof state.seconds !== "number";
  time.textContent = time.hidden ? "" : t("ui.won_time", { time: clockTime(state.seconds) });
  const dialog = $("won-dialog");
  if (!dialog.open) dialog.showModal();
}

export function closeWon() {
  const dialog = $("won-dialog");
  if (dialog.open) dialog.close();
}
