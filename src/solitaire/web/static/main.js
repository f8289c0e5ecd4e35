// The board's wiring, and nothing else: the page's boot data into the board's state
// (state.js), the modules into each other, then the game the page opens on (flow.js). Each
// job is a module of its own (docs/board.md): game.js holds the game and its queue of actions,
// view.js draws, drag.js, clicks.js and focus.js read the pointer and the keys, commands.js
// turns them into actions, flow.js picks the game, win.js and auto-finish.js follow what is
// drawn, resync.js reads the game again, feedback.js says what happened, dialogs/ the rest.

import { api } from "./api.js";
import { setupBoardLinks } from "./board-links.js";
import { showChallenge } from "./challenge-bar.js";
import { createClicks } from "./clicks.js";
import { followClock, pauseGame, resumeGame, startClock } from "./clock.js";
import { cardIntent, drop, dropNowhere, finish, redo, tapStock, targetsFor, undo } from "./commands.js";
import { finishByItself } from "./auto-finish.js";
import { openChallenges, setupChallengesDialog } from "./dialogs/challenges.js";
import { setupNewGameDialog } from "./dialogs/new-game.js";
import { openSettings, setupSettingsDialog } from "./dialogs/settings.js";
import { openStats, setupStatsDialog } from "./dialogs/stats.js";
import { closeWon } from "./dialogs/won.js";
import { attachPointer } from "./drag.js";
import { answerFeedback, reportFailure } from "./feedback.js";
import { newGameDialog, nextDeal, playAgain, resumeOrStart, startFromAddress, startFromPage } from "./flow.js";
import { attachCursor } from "./focus.js";
import { clockTime } from "./format.js";
import { createGame } from "./game.js";
import { createHints } from "./hints.js";
import { loadMessages, useMessages } from "./i18n.js";
import { attachKeyboard, declareShortcuts } from "./keyboard.js";
import { applyLooks } from "./looks.js";
import { registerServiceWorker } from "./offline.js";
import { playOffline } from "./offline-engine.js";
import { resync, watchResync } from "./resync.js";
import { loadSettings, settings, useSettings } from "./settings.js";
import { announce, describeState } from "./speech.js";
import { configure, ui } from "./state.js";
import { answerTap } from "./tap-answer.js";
import { followSounds, playSound, showSoundsToggle, toggleSounds } from "./sounds.js";
import { showStuck } from "./stuck.js";
import { showToast } from "./toast.js";
import { copyLink, fitToolbar, updateToolbar, wireToolbar } from "./toolbar.js";
import { translatePage } from "./translate.js";
import { createView } from "./view.js";
import { followWin } from "./win.js";
import { createWinnableLight } from "./winnable-light.js";

// The settings, the words and the current game, as the board's page brought them
// (<script type="application/json" id="boot">, routes/board.py); null without them.
function readBoot() {
  try {
    return JSON.parse(document.getElementById("boot")?.textContent ?? "null");
  } catch {
    return null;
  }
}

const board = document.getElementById("board");
ui.dom = { board, pointer: null, cursor: null, network: null, hints: null };

const view = createView(board, {
  pressing: () => ui.dom.pointer?.pressing() ?? false,
  cursor: { redraw: (state) => ui.dom.cursor?.redraw(state) },
  arrange(state) {
    updateToolbar(state);
    showChallenge(state);
  },
  drawn(state, before) {
    followWin(state, before);
    document.body.dataset.ready = "true";
    finishByItself(state);
    showStuck(state, settings());
    followClock(state);
    followSounds(state, before);
    ui.dom.hints?.settle(state);
    ui.dom.light?.follow();
  },
});
ui.dom.view = view;

// UI-21: without the network, the game goes on through the engine on the device; back, the
// server judges what was played (offline-engine.js). It wraps the API's game calls, before
// any is made.
const offline = playOffline(api, {
  adopt: (state) => ui.game.adopt(state, { animate: true }),
  current: () => ui.game?.confirmed() ?? null,
});

const feedback = answerFeedback({ restart: resumeOrStart, resync });
ui.game = createGame({
  show: (state, options) => view.show(state, options),
  ...feedback,
  refused: (body, action) => {
    playSound("refusal");
    feedback.refused(body, action);
  },
  options: () => ({ autoPlacement: settings().auto_placement }),
});
// UI-20: the winnable light asks once the game's actions have all been answered.
ui.dom.light = createWinnableLight({ settings, confirmed: () => ui.game.confirmed(), idle: () => ui.game.idle() });
// The network back to a page that had no game (opened offline): the game, or the deal of the
// `/play/<code>` link it was opened on.
ui.dom.network = watchResync({ restart: () => startFromAddress(), onFailure: reportFailure });

// Whether the player last used the keys or a pointer: the board's ring shows for the keys.
document.addEventListener("keydown", () => (ui.lastInput = "keys"), true);
document.addEventListener("pointerdown", () => (ui.lastInput = "pointer"), true);

// The Challenges dialog (DC-1), from the toolbar's button or the New game dialog's (a
// phone's toolbar has no room for it).
function openChallengesDialog() {
  closeWon();
  const newGame = document.getElementById("new-game-dialog");
  if (newGame.open) newGame.close();
  openChallenges().catch(reportFailure);
}

// The Statistics dialog opens on the current game's variant.
function openStatistics() {
  closeWon();
  openStats(ui.game.confirmed()).catch(reportFailure);
}

async function changeLanguage(language) {
  await loadMessages(language);
  translatePage();
  // Every card's and pile's name is in the new language; the toolbar fits its new words.
  view.relabel();
  fitToolbar();
}

function settingsChanged() {
  declareShortcuts(settings().keyboard_shortcuts);
  applyLooks(settings());
  // Large print and the left-handed layout change where the cards go.
  view.relabel();
  if (ui.game.view()) {
    updateToolbar(ui.game.view());
    showChallenge(ui.game.view());
  }
  showStuck(ui.game.view(), settings());
  followClock(ui.game.view());
  showSoundsToggle();
  ui.dom.light?.follow();
}

async function boot() {
  const given = readBoot();
  configure(ui, given);
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
  setupBoardLinks({ pages: ui.pages, onError, onLanguage: changeLanguage });
  setupStatsDialog({ playAgain });
  setupChallengesDialog({ play: playAgain });
  const hints = createHints(board, { game: ui.game, adopt: (state) => ui.game.adopt(state, { animate: true }) });
  ui.dom.hints = hints;
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
    challenges: openChallengesDialog,
    "copy-link": () => copyLink(ui.game.confirmed()),
    "next-deal": nextDeal,
    pause: () => pauseGame(),
    sounds: () => toggleSounds((message) => showToast(message, { kind: "error" })),
    resume: () => resumeGame(),
  });
  startClock();
  showSoundsToggle();
  declareShortcuts(settings().keyboard_shortcuts);
  applyLooks(settings());
  document.addEventListener("settings-changed", settingsChanged);
  const cursor = () => ui.dom.cursor;
  const clicks = createClicks({
    act: (intent, options) => ui.game.act(intent, options),
    view: () => ui.game.view(),
    doubleClickOn: () => settings().double_click,
    // UI-15: a tap that sends nothing answers; "One tap moves" makes it a double tap.
    oneTapMoves: () => settings().one_tap_moves,
    answer: answerTap,
    // UI-12: the pointer picks and places through the keyboard cursor's pick.
    picker: {
      enabled: () => settings().pick_and_place,
      picked: () => cursor().picked(),
      pickAt: (place) => cursor().pickAt(place),
      putBack: () => cursor().putBack(),
      release: () => cursor().release(),
    },
  });
  ui.dom.pointer = attachPointer(board, {
    click: (place, point) => clicks.click(place, point),
    drop: (place, target) => drop(place, target),
    dropNowhere,
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
    hint: () => settings().hints && !ui.game.view()?.challenge && hints.show().catch(reportFailure),
    state: () => ui.game.view() && announce(describeState(ui.game.view(), clockTime)),
    shortcutsOn: () => settings().keyboard_shortcuts,
    board: (event) => {
      if (cursor().key(event)) return true;
      // Cards picked up by a tap (UI-12) are put back by Escape wherever the focus is.
      if (event.key !== "Escape" || !cursor().isPicking()) return false;
      cursor().putBack();
      return true;
    },
  });
  new ResizeObserver(() => requestAnimationFrame(() => view.resized())).observe(board);

  registerServiceWorker();
  // UI-21: the engine's files, downloaded in the background once the service worker is in.
  navigator.serviceWorker?.ready.then(() => offline.prepare(() => ui.game.confirmed())).catch(console.error);
  // Offline (the page came from the service worker): the game kept on the device goes on
  // through the engine when it is there (the one in the kept page may be old), or a
  // `/play/<code>` link deals its code (after the leave question); else no game until the
  // network returns, and the network's watch starts it then.
  if (ui.dom.network.isOffline()) {
    if (await offline.canPlay()) await startFromAddress();
    return;
  }
  await startFromPage(given);
}

boot().catch(reportFailure);
