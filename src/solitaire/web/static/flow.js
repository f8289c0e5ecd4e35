// The game's flow: which game the board plays. At the start, the one the page's address links
// to (`/play/<code>`, dealt once; the address then becomes "/" so that a reload resumes it),
// else the player's current game, else a new deal of the default variant; later, a game
// started from New game, from the won dialog's New deal, or from History's Play again — each
// after the leave question (UI-11) while the game in progress has a move and is not won.
//
// Offline (or once the network returns to a page that had no game), the page's boot data
// holds no game to trust: the game is asked for (the engine on the device answers offline),
// and a `/play/<code>` link deals its code all the same (UI-21).
//
//   await startFromPage(boot);   await startFromAddress();   newGameDialog();   nextDeal();   playAgain(choice)

import { api } from "./api.js";
import { defaultVariant, variantKeyOf, variantOfCode } from "./codes.js";
import { asksBeforeLeaving, mayLeave } from "./dialogs/leave.js";
import { defaultChoices, openNewGame, typedCodeError } from "./dialogs/new-game.js";
import { closeWon } from "./dialogs/won.js";
import { reportFailure } from "./feedback.js";
import { variantName } from "./format.js";
import { t } from "./i18n.js";
import { loadSettings } from "./settings.js";
import { announce } from "./speech.js";
import { ui } from "./state.js";
import { showToast } from "./toast.js";

const showError = (error) => error && showToast(error, { kind: "error" });

// Starts a game; answers null, or the server's message when it refuses the choice. Started
// from a dialog (`fromDialog`), the board takes the focus once the dialog has given it back,
// and the new game is said aloud.
export async function startGame(choice, { fromDialog = false } = {}) {
  const { status, body } = await api.startGame(choice);
  if (status === 201 || status === 200) {
    closeWon();
    ui.game.adopt(body);
    if (fromDialog) {
      requestAnimationFrame(() => {
        ui.dom.cursor?.enter({ ring: ui.lastInput === "keys" });
        announce(t("ui.keys.new_game", { game: variantName(variantKeyOf(body)), code: body.code }));
      });
    }
    return null;
  }
  return body?.message ?? t("ui.error_generic", { message: status });
}

// The player's current game, or a first deal when there is none.
export async function resumeOrStart() {
  const { status, body } = await api.currentGame();
  if (status === 200) {
    ui.game.adopt(body);
    return;
  }
  showError(await startGame({ mode: "new", variant: defaultVariant() }));
}

export function newGameDialog(error = null) {
  const state = ui.game.confirmed();
  openNewGame(defaultChoices(state), {
    canRepeat: Boolean(state),
    error,
    onChoice: async (choice) => {
      // UI-11: staying closes the dialog and changes nothing.
      if (!(await mayLeave(ui.game.confirmed()))) return null;
      if (choice.mode === "same") choice.game_id = ui.game.confirmed().id;
      const refusal = await startGame(choice, { fromDialog: true });
      // SS-1: the server records the suit count of a Simple Simon game it starts; the next
      // New game dialog offers it.
      if (!refusal && ui.game.confirmed().game === "SS") await loadSettings().catch(() => null);
      return refusal;
    },
  });
}

// The won dialog's New deal: the same kind of game, dealt at once.
export function nextDeal() {
  const { code } = ui.game.confirmed();
  startGame({ mode: "new", variant: variantOfCode(code) }, { fromDialog: true }).then(showError, reportFailure);
}

// History's Play again: the POST /api/games body the server gave for a finished game.
export async function playAgain(choice) {
  return (await mayLeave(ui.game.confirmed())) ? startGame(choice, { fromDialog: true }) : null;
}

// The game the page opens on. `boot` is the page's boot data (null without it: the API is asked).
export async function startFromPage(boot, path = window.location.pathname) {
  const linked = path.match(/^\/play\/([^/]+)\/?$/);
  if (linked) {
    // The link's deal starts once; the address becomes "/" so that a reload resumes it.
    // A game in progress is shown first and the player asked (UI-11); the address keeps
    // the link's code until they answer.
    const code = decodeURIComponent(linked[1]);
    // A code that can't be one is said at once, before any question (UI-11).
    const mistyped = typedCodeError(code);
    // The game in progress is drawn under the question or the error only. One the link
    // replaces without a question (no move yet, or won) is never drawn: a tap on it in the
    // moment before the link's deal came would go to a game the player is leaving.
    if (boot?.game && (mistyped || asksBeforeLeaving(boot.game))) ui.game.adopt(boot.game);
    const leave = !mistyped && (await mayLeave(boot?.game ?? null));
    const error = mistyped ?? (leave ? await startGame({ mode: "code", code }) : null);
    window.history.replaceState(null, "", "/");
    if (!leave && !mistyped) return;
    if (error) {
      // The game in progress stays: drawn now if the link's deal was to replace it at once.
      if (!ui.game.confirmed()) {
        if (boot?.game) ui.game.adopt(boot.game);
        else await resumeOrStart();
      }
      newGameDialog(t("ui.bad_link", { code, message: error }));
    }
  } else if (boot?.game) {
    ui.game.adopt(boot.game);
  } else if (boot) {
    // The page says there is no game yet: a first visit deals one.
    showError(await startGame({ mode: "new", variant: defaultVariant() }));
  } else {
    await resumeOrStart();
  }
}

// The game the page opens on, the current game asked for rather than read from the page:
// offline (the kept page's game may be old; the engine answers for the device's) or when the
// network returns to a page that has none. A link's code is dealt as at any start.
export async function startFromAddress(path = window.location.pathname) {
  const { status, body } = await api.currentGame();
  await startFromPage({ game: status === 200 ? body : null }, path);
}
