// The board's one state object, as chessground keeps its own: everything the page holds
// between two events, in one place that any module reaches, and nothing of the DOM (so that
// the board's logic can be loaded and tested under Node). The modules are its verbs: each
// reads and writes the part its job is about, and none keeps UI state in variables of its own.
//
//   import { ui } from "./state.js";
//   ui.settings.double_click  →  true;   ui.game.confirmed()  →  the server's last state
//   const fresh = defaults();   configure(fresh, boot);   // a state of one's own (tests)

// An empty state: no settings, no words, no game. configure() fills it from the page's
// boot data (routes/board.py), settings.js and i18n.js from the API without them.
export function defaults() {
  return {
    // The player's settings as the server keeps them (settings.js), over `defaults`.
    settings: {},
    // The settings' changes on their way, one after another (settings.js saveFrom).
    saving: Promise.resolve(),
    // The settings' defaults, as the server declares them (schemas.PlayerSettings).
    defaults: {},
    // The game codes' grammar, as the server declares it (solitaire.codes; codes.js reads it):
    // {version, games: {KL: ["D1N", …]}, deal_letters, variants: ["KL-D1N", …], default}.
    codes: null,
    // The message catalog in the player's language (i18n.js).
    i18n: { messages: {}, language: "en", available: ["en"], names: {} },
    // The pages' language for the board's (null: ask the server).
    pages: null,
    // The game's controller (game.js): the server's last state, the actions waiting, what is
    // drawn meanwhile — ui.game.confirmed(), ui.game.view(), ui.game.busy().
    game: null,
    // The dialogs' own state, one entry per dialog module (dialogs/).
    dialogs: {
      newGame: { onChoice: null },
      stats: { stats: null, selected: null, games: "all", loading: 0, history: [], total: 0, playAgain: null },
      transfer: { shown: null, pending: null },
    },
    // The game's flow (flow.js): the won game's cascade playing, the state Finish
    // automatically last sent a finish on ("id/version").
    celebration: null,
    finishedOn: null,
    // The clock (clock.js, UI-16): the game it times, the milliseconds kept, since when it
    // runs (null: stopped), paused, won, the last report, its `now`.
    clock: null,
    // The AudioContext of the sounds (sounds.js, UI-17): made at the first sound, never
    // with "Sounds" off.
    sounds: null,
    // Whether the player last used the keys or a pointer: the board's ring shows for the keys.
    lastInput: "pointer",
    // The toast's hiding timer (toast.js).
    toastTimer: null,
    // The page's parts once the board is wired (main.js): the board element, its view
    // (view.js), the pointer (drag.js), the keyboard cursor (focus.js), the network's watch.
    dom: null,
  };
}

// Takes what the page's boot data declares: the settings' defaults, the codes' grammar, the
// pages' language. The player's settings are settings.js's (useSettings), the words
// i18n.js's (useMessages), the game game.js's (adopt).
export function configure(state, boot) {
  if (!boot || typeof boot !== "object") return state;
  if (boot.defaults && typeof boot.defaults === "object") state.defaults = boot.defaults;
  if (boot.codes && typeof boot.codes === "object") state.codes = boot.codes;
  if (typeof boot.pages === "string") state.pages = boot.pages;
  return state;
}

// The board's state: the one the page runs on.
export const ui = defaults();
