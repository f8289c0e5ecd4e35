// The board's wiring: the page's boot data (settings, words, the current game) into the
// modules, the modules into each other. Each job is a module of its own (docs/board.md):
// game.js holds the game and its queue of actions, view.js draws, drag.js and clicks.js
// read the pointer, focus.js the keys, hints.js, toolbar.js and dialogs.js the rest.

import { homeFlightMs, motionAllowed } from "./anim.js";
import { ApiUnreachable, api } from "./api.js";
import { setupBoardLinks } from "./board-links.js";
import { celebrate, raise as raiseCelebration } from "./celebrate.js";
import { createClicks } from "./clicks.js";
import { defaultVariant, variantKeyOf, variantOfCode } from "./codes.js";
import { showChallenge } from "./challenge-bar.js";
import { openChallenges, setupChallengesDialog } from "./dialogs/challenges.js";
import { mayLeave } from "./dialogs/leave.js";
import { defaultChoices, openNewGame, setupNewGameDialog } from "./dialogs/new-game.js";
import { openSettings, setupSettingsDialog } from "./dialogs/settings.js";
import { openStats, setupStatsDialog } from "./dialogs/stats.js";
import { closeWon, openWon } from "./dialogs/won.js";
import { attachPointer } from "./drag.js";
import { attachCursor } from "./focus.js";
import { createGame } from "./game.js";
import { createHints } from "./hints.js";
import { clockTime, variantName } from "./format.js";
import { loadMessages, t, useMessages } from "./i18n.js";
import { applyLooks } from "./looks.js";
import { registerServiceWorker, watchNetwork } from "./offline.js";
import { attachKeyboard, declareShortcuts } from "./keyboard.js";
import { destOf } from "./predict.js";
import { loadSettings, settings, useSettings } from "./settings.js";
import { announce, describeChange, describeState } from "./speech.js";
import { showToast } from "./toast.js";
import { copyLink, updateToolbar, wireToolbar } from "./toolbar.js";
import { ui } from "./state.js";
import { translatePage } from "./translate.js";
import { createView } from "./view.js";

const board = document.getElementById("board");
ui.dom = { board, pointer: null, cursor: null };

// Something failed outside the server's answers (the network, or the board's own code): the
// player reads a catalog message; the exception itself, in English, goes to the console.
function reportFailure(error) {
  console.error(error);
  showToast(t(error instanceof ApiUnreachable ? "ui.error_network" : "ui.error_unexpected"), { kind: "error" });
}

// The settings, the words and the current game, as the board's page brought them
// (<script type="application/json" id="boot">, routes/board.py); null without them.
function readBoot() {
  try {
    return JSON.parse(document.getElementById("boot")?.textContent ?? "null");
  } catch {
    return null;
  }
}

// -- the game, drawn -------------------------------------------------------------------------

// UI-13: a game won by the move just made is celebrated, and the won dialog opens while the
// cards still fly; one opened already won (a reload) just shows the dialog.
const WON_DIALOG_AFTER_MS = 900;

function won(state, before) {
  if (!(before && before.id === state.id && !before.won)) {
    openWon(state);
    return;
  }
  // After a finish, once its cards have flown up.
  const flights = state.last?.action === "finish" ? homeFlightMs(state) : 0;
  const stillWon = () => {
    const now = game.confirmed();
    return now && now.id === state.id && now.won ? now : null;
  };
  setTimeout(() => {
    if (!stillWon()) return;
    ui.celebration = celebrate(board, state);
    setTimeout(() => {
      const now = stillWon();
      if (!now) return;
      openWon(now);
      raiseCelebration();
    }, motionAllowed() ? WON_DIALOG_AFTER_MS : 0);
  }, flights);
}

// "Finish automatically" (UI-10): as soon as the server says a finish is possible, once per
// state, and only on a state the server sent (not on one drawn ahead of its answer).
function finishByItself(state) {
  if (!settings().auto_finish || !state.can_finish || state.won || state.unsure || game.busy()) return;
  const key = `${state.id}/${state.version}`;
  if (ui.finishedOn === key) return;
  ui.finishedOn = key;
  game.act({ type: "finish" });
}

const view = createView(board, {
  pressing: () => ui.dom.pointer?.pressing() ?? false,
  cursor: { redraw: (state) => ui.dom.cursor?.redraw(state) },
  drawn(state, before) {
    updateToolbar(state);
    showChallenge(state);
    if (state.won && !(before && before.id === state.id && before.won)) won(state, before);
    if (!state.won) {
      closeWon();
      ui.celebration?.stop();
      ui.celebration = null;
    }
    document.body.dataset.ready = "true";
    finishByItself(state);
  },
});

function refusedText(body) {
  return body?.message ?? t("ui.error_generic", { message: 422 });
}

const game = (ui.game = createGame({
  show: (state, options) => view.show(state, options),
  applied(before, after) {
    const said = describeChange(before, after);
    if (said) announce(said);
  },
  refused(body, action) {
    // The toast is a live region itself: the reminder is read from there.
    if (!action.quiet && settings().interactive_rules) showToast(refusedText(body), { kind: "reminder" });
    else if (action.keys) announce(t("ui.keys.not_moved"));
  },
  stale: () => showToast(t("ui.stale")),
  lost: () => announce(t("ui.action_lost")),
  notFound: () => resumeOrStart().catch(reportFailure),
  failed(problem) {
    if (problem instanceof ApiUnreachable) {
      // The network is gone: the banner says so, and the game is read again when it returns.
      network.lost();
      return;
    }
    if (problem instanceof Error) {
      reportFailure(problem);
      resync();
      return;
    }
    const { status, body } = problem;
    const own = body?.error !== "bad_response" && typeof body?.message === "string";
    showToast(own ? body.message : t("ui.error_generic", { message: status }), { kind: "error" });
  },
  options: () => ({ autoPlacement: settings().auto_placement }),
}));

// While the network is away the board waits; back, it reads the game as the server holds it
// (the last action may or may not have arrived).
const network = watchNetwork({ back: () => (game.confirmed() ? resync() : resumeOrStart()).catch(reportFailure) });

// After a network failure the last action may or may not have been applied: the server says.
async function resync() {
  const current = game.confirmed();
  if (!current) return;
  const { status, body } = await api.game(current.id).catch(() => ({ status: 0 }));
  if (status === 200 && !game.busy()) {
    network.found();
    game.adopt(body, { animate: true });
  }
}

function codeAt(place) {
  return game.view()?.piles.find((pile) => pile.id === place.pile)?.cards[place.index] ?? null;
}

// A card (with those on it) let go over `target`; answers whether the move is drawn.
function drop(place, target, options = {}) {
  const code = place.code ?? codeAt(place);
  if (!code) return false;
  return game.act({ type: "drop", pile: place.pile, index: place.index, target, code }, options);
}

function cardIntent(type, place, options = {}) {
  const code = place.code ?? codeAt(place);
  if (code) game.act({ type, pile: place.pile, index: place.index, code }, options);
}

function targetsFor(place) {
  const state = game.view();
  if (!state || !settings().placement_help) return [];
  return destOf(state, place.pile, place.index)?.targets ?? [];
}

function undo() {
  if (game.view()?.can_undo || game.busy()) game.act({ type: "undo" });
}

function redo() {
  if (game.view()?.can_redo || game.busy()) game.act({ type: "redo" });
}

function finish() {
  if (game.view()?.can_finish) game.act({ type: "finish" });
}

function tapStock() {
  if (game.view()?.piles.some((pile) => pile.id === "s")) game.act({ type: "stock" });
}

// -- games ----------------------------------------------------------------------------------------

// Starts a game; answers null, or the server's message when it refuses the choice. Started
// from a dialog (`fromDialog`), the board takes the focus once the dialog has given it back,
// and the new game is said aloud.
async function startGame(choice, { fromDialog = false } = {}) {
  const { status, body } = await api.startGame(choice);
  if (status === 201 || status === 200) {
    closeWon();
    game.adopt(body);
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

// Whether the player last used the keys or a pointer: the board's ring shows for the keys.
document.addEventListener("keydown", () => (ui.lastInput = "keys"), true);
document.addEventListener("pointerdown", () => (ui.lastInput = "pointer"), true);

async function resumeOrStart() {
  const { status, body } = await api.currentGame();
  if (status === 200) {
    game.adopt(body);
    return;
  }
  const error = await startGame({ mode: "new", variant: defaultVariant() });
  if (error) showToast(error, { kind: "error" });
}

function newGameDialog(error = null) {
  const state = game.confirmed();
  openNewGame(defaultChoices(state), {
    canRepeat: Boolean(state),
    error,
    onChoice: async (choice) => {
      // UI-11: staying closes the dialog and changes nothing.
      if (!(await mayLeave(game.confirmed()))) return null;
      if (choice.mode === "same") choice.game_id = game.confirmed().id;
      const refusal = await startGame(choice, { fromDialog: true });
      // SS-1: the server records the suit count of a Simple Simon game it starts; the next
      // New game dialog offers it.
      if (!refusal && game.confirmed().game === "SS") await loadSettings().catch(() => null);
      return refusal;
    },
  });
}

// The Statistics dialog opens on the current game's variant; its History starts a finished
// game again with the POST /api/games body the server gave for it.
function openStatistics() {
  closeWon();
  openStats(game.confirmed()).catch(reportFailure);
}

// -- start ------------------------------------------------------------------------------------------

async function changeLanguage(language) {
  await loadMessages(language);
  translatePage();
  // Every card's and pile's name is in the new language.
  view.relabel();
}

async function boot() {
  const given = readBoot();
  if (given?.settings) useSettings(given.settings);
  else await loadSettings().catch(() => null);
  if (given?.messages) useMessages(given.messages);
  else {
    const language = settings().language || navigator.language || "en";
    await loadMessages(language).catch(() => loadMessages("en"));
  }
  translatePage();
  setupNewGameDialog();
  const onError = (message) => showToast(message, { kind: "error" });
  setupSettingsDialog({ onError, onLanguage: changeLanguage });
  // The link to the pages and the toolbar's language selector.
  setupBoardLinks({ pages: given?.pages ?? null, onError, onLanguage: changeLanguage });
  setupStatsDialog({
    playAgain: async (choice) =>
      (await mayLeave(game.confirmed())) ? startGame(choice, { fromDialog: true }) : null,
  });
  setupChallengesDialog({
    play: async (choice) => ((await mayLeave(game.confirmed())) ? startGame(choice, { fromDialog: true }) : null),
  });
  const hints = createHints(board, { game, adopt: (state) => game.adopt(state, { animate: true }) });
  wireToolbar({
    "new-game": () => {
      closeWon();
      newGameDialog();
    },
    undo,
    redo,
    finish,
    hint: () => hints.show().catch(reportFailure),
    settings: openSettings,
    stats: openStatistics,
    // The toolbar's Challenges button, or the New game dialog's (a phone's toolbar has no
    // room for it).
    challenges: () => {
      closeWon();
      const newGame = document.getElementById("new-game-dialog");
      if (newGame.open) newGame.close();
      openChallenges().catch(reportFailure);
    },
    "copy-link": () => copyLink(game.confirmed()),
    // The won dialog's New deal: the same kind of game, dealt at once.
    "next-deal": () => {
      const { code } = game.confirmed();
      startGame({ mode: "new", variant: variantOfCode(code) }, { fromDialog: true }).then(
        (error) => error && showToast(error, { kind: "error" }),
        reportFailure,
      );
    },
  });
  declareShortcuts(settings().keyboard_shortcuts);
  applyLooks(settings());
  document.addEventListener("settings-changed", () => {
    declareShortcuts(settings().keyboard_shortcuts);
    applyLooks(settings());
    // Large print and the left-handed layout change where the cards go.
    view.relabel();
    if (game.view()) {
      updateToolbar(game.view());
      showChallenge(game.view());
    }
  });
  const clicks = createClicks({
    act: (intent, options) => game.act(intent, options),
    view: () => game.view(),
    doubleClickOn: () => settings().double_click,
    // UI-12: the pointer picks and places through the keyboard cursor's pick.
    picker: {
      enabled: () => settings().pick_and_place,
      picked: () => ui.dom.cursor.picked(),
      pickAt: (place) => ui.dom.cursor.pickAt(place),
      putBack: () => ui.dom.cursor.putBack(),
      release: () => ui.dom.cursor.release(),
    },
  });
  ui.dom.pointer = attachPointer(board, {
    click: (place, point) => clicks.click(place, point),
    drop: (place, target) => drop(place, target),
    // Released over the felt: the cards fly back, or with "Auto placement" on (UI-4) they go
    // to their best place, which is what a double click asks for.
    dropNowhere: (place) => {
      if (!settings().auto_placement) return false;
      const code = codeAt(place);
      return code ? game.act({ type: "double_click", pile: place.pile, index: place.index, code }) : false;
    },
    released: () => view.flush(),
    targetsFor,
  });
  ui.dom.cursor = attachCursor(board, {
    pickAndPlace: () => settings().pick_and_place,
    drop: (place, target) => drop(place, target, { keys: true }),
    tap: (place) => cardIntent("tap", place, { keys: true }),
    doubleClick: (place) => cardIntent("double_click", place, { keys: true }),
    stock: tapStock,
    targetsFor,
  });
  attachKeyboard({
    undo,
    redo,
    newGame: () => newGameDialog(),
    stats: openStatistics,
    stock: tapStock,
    hint: () => settings().hints && !game.view()?.challenge && hints.show().catch(reportFailure),
    state: () => game.view() && announce(describeState(game.view(), clockTime)),
    shortcutsOn: () => settings().keyboard_shortcuts,
    board: (event) => {
      if (ui.dom.cursor.key(event)) return true;
      // Cards picked up by a tap (UI-12) are put back by Escape wherever the focus is.
      if (event.key !== "Escape" || !ui.dom.cursor.isPicking()) return false;
      ui.dom.cursor.putBack();
      return true;
    },
  });
  new ResizeObserver(() => requestAnimationFrame(() => view.resized())).observe(board);
  document.addEventListener("visibilitychange", async () => {
    // Another tab may have moved meanwhile: show the game as the server holds it.
    const current = game.confirmed();
    if (document.visibilityState !== "visible" || !current || game.busy()) return;
    const { status, body } = await api.game(current.id);
    if (status === 200 && body.version !== current.version && game.confirmed() === current) {
      game.adopt(body, { animate: true });
      showToast(t("ui.stale"));
    }
  });

  registerServiceWorker();
  // Offline (the page came from the service worker): no game until the network returns, as
  // the one in the kept page may be old; `network` starts it then.
  if (network.isOffline()) return;
  const linked = window.location.pathname.match(/^\/play\/([^/]+)\/?$/);
  if (linked) {
    // The link's deal starts once; the address becomes "/" so that a reload resumes it.
    // A game in progress is shown first and the player asked (UI-11); the address keeps
    // the link's code until they answer.
    const code = decodeURIComponent(linked[1]);
    if (given?.game) game.adopt(given.game);
    const leave = await mayLeave(given?.game ?? null);
    const error = leave ? await startGame({ mode: "code", code }) : null;
    window.history.replaceState(null, "", "/");
    if (!leave) return;
    if (error) {
      if (!given?.game) await resumeOrStart();
      newGameDialog(t("ui.bad_link", { code, message: error }));
    }
  } else if (given?.game) {
    game.adopt(given.game);
  } else if (given) {
    // The page says there is no game yet: a first visit deals one.
    const error = await startGame({ mode: "new", variant: defaultVariant() });
    if (error) showToast(error, { kind: "error" });
  } else {
    await resumeOrStart();
  }
}

boot().catch(reportFailure);
