// The board's controller: loads the catalog, the settings and the game, draws each state the
// server sends, and turns the player's clicks, drags and keys into intents for the server.
// It decides no rule: `dests` only say which piles to highlight while dragging.

import { ApiUnreachable, api } from "./api.js";
import { animateFrom, snapshotCards } from "./anim.js";
import {
  closeWon,
  defaultChoices,
  openNewGame,
  openSettings,
  openWon,
  setupNewGameDialog,
  setupSettingsDialog,
} from "./dialogs.js";
import { attachPointer, flyBack } from "./drag.js";
import { announce, attachCursor, cardName, pileName } from "./focus.js";
import { loadMessages, t, translatePage } from "./i18n.js";
import { attachKeyboard } from "./keyboard.js";
import { setupBoardLinks } from "/site/board-links.js";
import { renderBoard } from "./render.js";
import { loadSettings, settings } from "./settings.js";
import { openStats, setupStatsDialog } from "./stats.js";
import { hideToast, showToast } from "./toast.js";

const DOUBLE_CLICK_MS = 400;
const DEFAULT_VARIANT = "KL1-D1N";

const board = document.getElementById("board");
let state = null;
// The keyboard cursor (focus.js); set up at boot.
let cursor = null;
// Actions go to the server one after another, each on the version the last one produced.
let queue = Promise.resolve();

function enqueue(task) {
  queue = queue.then(task).catch(reportFailure);
  return queue;
}

// Something failed outside the server's answers (the network, or the board's own code): the
// player reads a catalog message; the exception itself, in English, goes to the console.
function reportFailure(error) {
  console.error(error);
  if (error instanceof ApiUnreachable) showToast(t("ui.error_network"), { kind: "error" });
  else showToast(t("ui.error_unexpected"), { kind: "error" });
}

// -- drawing ----------------------------------------------------------------------------------

function show(next, { animate = true } = {}) {
  const previous = state;
  const before = animate && previous ? snapshotCards(board) : null;
  state = next;
  renderBoard(board, state);
  cursor?.redraw(state);
  if (before) animateFrom(board, before);
  updateToolbar();
  if (state.won && !(previous && previous.id === state.id && previous.won)) openWon(state);
  if (!state.won) closeWon();
}

function updateToolbar() {
  document.querySelector("[data-score]").textContent = state.score_text;
  document.querySelector("[data-moves]").textContent = String(state.moves);
  document.getElementById("game-code").textContent = state.code;
  // A typed-in position's code names the game alone (SS1-S4): there is no deal to link to.
  document.getElementById("copy-button").hidden = state.code.split("-").length < 3;
  document.getElementById("game-name").textContent = t(`ui.game.${state.game}`);
  document.getElementById("undo-button").disabled = !state.can_undo;
  const hintButton = document.getElementById("hint-button");
  hintButton.hidden = !settings().hints;
  hintButton.disabled = state.won;
  const runs = document.getElementById("runs-stat");
  runs.hidden = state.runs_removed === undefined || state.runs_removed === null;
  document.querySelector("[data-runs-removed]").textContent = t("ui.runs_count", {
    count: state.runs_removed ?? 0,
  });
  document.title = `${t(`ui.game.${state.game}`)} · ${t("ui.title")}`;
}

// -- acting -------------------------------------------------------------------------------------

// Sends one action; answers whether the server applied it. A refused action redraws the
// state the server holds (so a dropped card flies back) and, with "Interactive rules" on and
// unless `quiet`, shows the reminder; a stale version silently adopts the current state.
// An action on a card carries the version the player saw when choosing it (`seen`), so a
// card that changed place meanwhile is not moved by mistake: the server answers 409.
// `keys`: the action came from the keyboard, so a refusal is also said when the reminders
// are off (a player who can't see the cards fly back must hear that nothing moved).
async function send(action, { quiet = false, seen = null, keys = false } = {}) {
  if (!state) return false;
  const version = seen ?? state.version;
  let answer;
  try {
    answer = await api.action(state.id, { version, ...action });
  } catch (error) {
    show(state); // a dropped card goes back where it was
    throw error;
  }
  const { status, body } = answer;
  if (status === 200) {
    const previous = state;
    show(body);
    const said = describeChange(previous, body);
    if (said) announce(said);
    return true;
  }
  if (body?.state) show(body.state);
  else show(state);
  if (status === 409) return false;
  if (status === 422 && body?.error === "illegal") {
    // The toast is a live region itself: the reminder is read from there.
    if (!quiet && settings().interactive_rules) showToast(body.message, { kind: "reminder" });
    else if (keys) announce(t("ui.keys.not_moved"));
    return false;
  }
  if (status === 404) {
    await resumeOrStart();
    return false;
  }
  showToast(body?.message ?? t("ui.error_generic", { message: status }), { kind: "error" });
  return false;
}

// What a screen reader says after an applied action, from the state's `last` (the move as
// the server resolved it): "Seven of hearts to Column 4", a card turned from the stock, an
// undo. The moving card is read from the state before, where it was face up.
function describeChange(previous, next) {
  const last = next.last;
  if (!last || !previous || previous.id !== next.id) return null;
  if (last.action === "undo") return t("ui.keys.undone");
  if (last.action === "stock") {
    const waste = next.piles.find((pile) => pile.id === "w")?.cards ?? [];
    const stock = previous.piles.find((pile) => pile.id === "s")?.cards ?? [];
    const top = waste[waste.length - 1];
    return stock.length > 0 && top ? t("ui.keys.turned", { card: cardName(top) }) : t("ui.keys.redealt");
  }
  const match = /^([a-z]\d*)(?::(\d+))?-([a-z]\d*)$/.exec(last.move ?? "");
  if (!match) return null;
  const [, source, count, target] = match;
  const cards = previous.piles.find((pile) => pile.id === source)?.cards ?? [];
  const lead = cards[cards.length - Number(count ?? 1)];
  if (!lead) return null;
  let text = t("ui.keys.moved", { card: cardName(lead), pile: pileName(target) });
  if (last.runs_removed > 0) text = `${text} ${t("ui.keys.run_removed")}`;
  return text;
}

let recentClick = null;

function onClick(place) {
  if (!state) return;
  if (place.pile === "s") {
    enqueue(() => send({ type: "stock" }));
    return;
  }
  if (place.index < 0) return;
  const now = performance.now();
  const previous = recentClick;
  const same = previous && previous.place.pile === place.pile && previous.place.index === place.index;
  if (settings().double_click && same && now - previous.time < DOUBLE_CLICK_MS) {
    // UI-3: the second click of a double click. The first was sent as a tap (UI-2); if that
    // tap moved nothing, the server now resolves the double click (foundation, then column).
    recentClick = null;
    enqueue(async () => {
      if (!(await previous.tapped)) {
        await send({ type: "double_click", ...place }, { seen: previous.seen });
      }
    });
    return;
  }
  const click = { place, time: now, tapped: null, seen: state.version };
  // A refused single click says nothing: it is often the first half of a double click.
  click.tapped = new Promise((resolve) => {
    enqueue(async () => {
      let moved = false;
      try {
        moved = await send({ type: "tap", ...place }, { quiet: true, seen: click.seen });
      } finally {
        resolve(moved);
      }
    });
  });
  recentClick = click;
}

function onDrop(place, target, seen) {
  enqueue(() => send({ type: "drop", pile: place.pile, index: place.index, target }, { seen }));
}

// Released over the felt: the cards fly back, or with "Auto placement" on (UI-4) the server
// sends them to their best place, which is what a double click asks for.
function onDropNowhere(place, seen, cards) {
  if (settings().auto_placement) {
    enqueue(() => send({ type: "double_click", pile: place.pile, index: place.index }, { seen }));
  } else {
    flyBack(cards);
  }
}

function targetsFor(place) {
  if (!state || !settings().placement_help) return [];
  const dest = state.dests.find((d) => d.pile === place.pile && d.index === place.index);
  return dest ? dest.targets : [];
}

// The keyboard's actions (focus.js): the same intents as a drop, a tap and a double click.
function keyDrop(place, target, seen) {
  enqueue(() => send({ type: "drop", pile: place.pile, index: place.index, target }, { seen, keys: true }));
}

function keyTap(place, seen) {
  enqueue(() => send({ type: "tap", ...place }, { seen, keys: true }));
}

function keyDoubleClick(place, seen) {
  enqueue(() => send({ type: "double_click", ...place }, { seen, keys: true }));
}

function undo() {
  if (state?.can_undo) enqueue(() => send({ type: "undo" }));
}

function tapStock() {
  if (state?.piles.some((pile) => pile.id === "s")) enqueue(() => send({ type: "stock" }));
}

// -- hints ----------------------------------------------------------------------------------------

const HINT_SHOW_MS = 2000;
let hintTimer = 0;

async function requestHint(game) {
  let response;
  try {
    response = await fetch(`/api/games/${encodeURIComponent(game.id)}/hint`, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ version: game.version }),
    });
  } catch (error) {
    throw new ApiUnreachable(String(error));
  }
  const body = await response.json().catch(() => null);
  return { status: response.status, body };
}

function clearHint() {
  clearTimeout(hintTimer);
  delete board.dataset.hint;
  for (const element of board.querySelectorAll(".hint-source, .hint-target")) {
    element.classList.remove("hint-source", "hint-target");
  }
}

// The server's solver sees the face-down cards; its answer names piles only: the card at
// `index` of `pile` (with those on it) would go to `target`. They light up for a moment.
function highlightHint(hint) {
  clearHint();
  const source = board.querySelector(`[data-pile="${hint.pile}"]`);
  const target = board.querySelector(`[data-pile="${hint.target}"]`);
  if (!source || !target) return;
  const cards = [...source.querySelectorAll(".card")];
  const moving = hint.index === null ? [source] : cards.slice(hint.index);
  for (const element of moving) element.classList.add("hint-source");
  target.classList.add("hint-target");
  board.dataset.hint = hint.move;
  hintTimer = setTimeout(clearHint, HINT_SHOW_MS);
}

async function showHint() {
  if (!state || state.won) return;
  const asked = state;
  const button = document.getElementById("hint-button");
  button.setAttribute("aria-busy", "true");
  // A search may take a second or two: say so if it is not over at once.
  let searching = false;
  const slow = setTimeout(() => {
    searching = true;
    showToast(t("ui.hint.searching"));
  }, 400);
  let answer;
  try {
    answer = await requestHint(asked);
  } finally {
    clearTimeout(slow);
    button.removeAttribute("aria-busy");
    if (searching) hideToast();
  }
  const { status, body } = answer;
  if (status === 409 && body?.state) {
    show(body.state);
    return;
  }
  if (status !== 200) {
    showToast(body?.message ?? t("ui.error_generic", { message: status }), { kind: "error" });
    return;
  }
  // The game moved on while the solver searched: that hint is for a position gone.
  if (state.id !== asked.id || state.version !== body.version) return;
  if (body.found) highlightHint(body);
  else showToast(body.message);
}

// -- games ----------------------------------------------------------------------------------------

// Starts a game; answers null, or the server's message when it refuses the choice.
async function startGame(choice) {
  const { status, body } = await api.startGame(choice);
  if (status === 201 || status === 200) {
    closeWon();
    show(body, { animate: false });
    return null;
  }
  return body?.message ?? t("ui.error_generic", { message: status });
}

async function resumeOrStart() {
  const { status, body } = await api.currentGame();
  if (status === 200) {
    show(body, { animate: false });
    return;
  }
  const error = await startGame({ mode: "new", variant: DEFAULT_VARIANT });
  if (error) showToast(error, { kind: "error" });
}

function newGameDialog(error = null) {
  openNewGame(defaultChoices(state), {
    canRepeat: Boolean(state),
    error,
    onChoice: async (choice, choices) => {
      if (choice.mode === "same") choice.game_id = state.id;
      const refusal = await startGame(choice);
      // SS-1: the server records the suit count of a Simple Simon game it starts; the next
      // New game dialog offers it.
      if (!refusal && state.game === "SS") await loadSettings().catch(() => null);
      return refusal;
    },
  });
}

// The Statistics dialog opens on the current game's variant; its History starts a finished
// game again with the POST /api/games body the server gave for it.
function openStatistics() {
  closeWon();
  openStats(state).catch(reportFailure);
}

async function copyLink() {
  if (!state) return;
  const link = `${window.location.origin}/play/${state.code}`;
  try {
    await navigator.clipboard.writeText(link);
    showToast(t("ui.link_copied", { link }));
  } catch {
    showToast(t("ui.copy_failed", { link }), { kind: "error" });
  }
}

// -- start ------------------------------------------------------------------------------------------

function wireToolbar() {
  document.addEventListener("click", (event) => {
    const button = event.target.closest("[data-action]");
    if (!button) return;
    // A mouse click leaves no focus behind, so Space keeps tapping the stock.
    if (event.detail > 0) button.blur();
    const action = button.dataset.action;
    if (action === "new-game") {
      closeWon();
      newGameDialog();
    } else if (action === "undo") undo();
    // After the actions already sent, but without holding back those that follow.
    else if (action === "hint") enqueue(async () => void showHint().catch(reportFailure));
    else if (action === "settings") openSettings();
    else if (action === "stats") openStatistics();
    else if (action === "copy-link") copyLink();
  });
}

let resizeFrame = 0;
function redrawOnResize() {
  cancelAnimationFrame(resizeFrame);
  resizeFrame = requestAnimationFrame(() => {
    // The observer also reports the size the board was just drawn at: redraw only on change,
    // so that cards under a finger (or a test) are not replaced for nothing.
    const drawn = board.dataset.size;
    const size = `${board.clientWidth}x${board.clientHeight}`;
    if (state && drawn !== size) {
      renderBoard(board, state);
      cursor?.redraw(state);
    }
  });
}

async function boot() {
  await loadSettings().catch(() => null);
  const language = settings().language || navigator.language || "en";
  await loadMessages(language).catch(() => loadMessages("en"));
  translatePage();
  setupNewGameDialog();
  const onError = (message) => showToast(message, { kind: "error" });
  const onLanguage = async (language) => {
    await loadMessages(language);
    translatePage();
    if (state) show(state, { animate: false });
  };
  setupSettingsDialog({ onError, onLanguage });
  // The link to the pages and the toolbar's language selector (web/site/board-links.js).
  setupBoardLinks({ onError, onLanguage }).catch(reportFailure);
  setupStatsDialog({ playAgain: (choice) => startGame(choice) });
  wireToolbar();
  document.addEventListener("settings-changed", () => state && updateToolbar());
  attachPointer(board, {
    click: onClick,
    // The version the board showed when the card was picked up.
    pressed: () => state?.version ?? null,
    drop: onDrop,
    dropNowhere: onDropNowhere,
    targetsFor,
  });
  cursor = attachCursor(board, {
    drop: keyDrop,
    tap: keyTap,
    doubleClick: keyDoubleClick,
    stock: tapStock,
    targetsFor,
  });
  attachKeyboard({
    undo,
    newGame: () => newGameDialog(),
    stats: openStatistics,
    stock: tapStock,
    board: (event) => cursor.key(event),
  });
  new ResizeObserver(redrawOnResize).observe(board);
  document.addEventListener("visibilitychange", () => {
    // Another tab may have moved meanwhile: show the game as the server holds it.
    if (document.visibilityState === "visible" && state) {
      enqueue(async () => {
        const { status, body } = await api.game(state.id);
        if (status === 200 && body.version !== state.version) show(body);
      });
    }
  });

  const linked = window.location.pathname.match(/^\/play\/([^/]+)\/?$/);
  if (linked) {
    // The link's deal starts once; the address becomes "/" so that a reload resumes it.
    const code = decodeURIComponent(linked[1]);
    const error = await startGame({ mode: "code", code });
    window.history.replaceState(null, "", "/");
    if (error) {
      await resumeOrStart();
      newGameDialog(t("ui.bad_link", { code, message: error }));
    }
  } else {
    await resumeOrStart();
  }
  document.body.dataset.ready = "true";
}

boot().catch(reportFailure);
