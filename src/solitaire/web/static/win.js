// A won game (UI-13): a game won by the move just made is celebrated — after a finish, once
// its cards have flown up — and the won dialog opens a moment after the cascade starts, over
// it (the cards fly on behind and around the dialog, never over its text); a game opened
// already won (a reload) just shows the dialog; a game no longer won closes it and stops the
// cascade. The timing is here; the cascade is celebrate.js's, the dialog dialogs/won.js's.
//
//   followWin(state, before);   // each time a state is drawn (view.js `drawn`)

import { homeFlightMs, paced } from "./anim.js";
import { celebrate } from "./celebrate.js";
import { askRecords, closeWon, openWon } from "./dialogs/won.js";
import { ui } from "./state.js";

// The won dialog opens this long after the cascade starts (at the normal pace), so that the
// cascade is seen starting.
const WON_DIALOG_AFTER_MS = 900;

// What a drawn state asks of the win: "celebrate" (won by the move just made), "show" (opened
// already won), "stop" (not won), or null (still won, already shown).
export function winMoment(state, before) {
  const same = before && before.id === state.id;
  if (!state.won) return "stop";
  if (same && before.won) return null;
  return same ? "celebrate" : "show";
}

// The state still won as the server holds it, or null (a new game started meanwhile).
function stillWon(state) {
  const now = ui.game.confirmed();
  return now && now.id === state.id && now.won ? now : null;
}

function celebrateThenShow(state) {
  const flights = state.last?.action === "finish" ? homeFlightMs(state) : 0;
  setTimeout(() => {
    if (!stillWon(state)) return;
    ui.celebration = celebrate(ui.dom.board, state);
    setTimeout(
      () => {
        const now = stillWon(state);
        if (!now) return;
        openWon(now);
      },
      paced(WON_DIALOG_AFTER_MS),
    );
  }, flights);
}

export function followWin(state, before) {
  const moment = winMoment(state, before);
  if (moment === "show") {
    openWon(state);
  } else if (moment === "celebrate") {
    askRecords(state); // asked during the cascade: the dialog opens with them
    celebrateThenShow(state);
  } else if (moment === "stop") {
    closeWon();
    ui.celebration?.stop();
    ui.celebration = null;
  }
}
