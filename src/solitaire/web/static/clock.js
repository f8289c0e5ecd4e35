// UI-16, the clock: the time played in the toolbar (`[data-clock]`, m:ss, h:mm:ss from an
// hour), shown with "Show the clock" on; it counts only while the game is on screen, not
// paused and not won. Pause covers the table (`[data-paused]`) and stops it; a hidden tab
// pauses by itself. The server keeps the time (POST /api/games/{id}/clock, docs/records.md):
// after each action, on a pause, when the page goes away and at the win — so a reload, the
// history and "Fastest win" all read this time. Its state is ui.clock; `now` is injectable.
//
//   followClock(state);        // each state drawn
//   pauseGame(); resumeGame(); // the toolbar's Pause and the cover's Resume
//   playedMs(ui.clock)  →  61500

import { api } from "./api.js";
import { clockTime } from "./format.js";
import { ui } from "./state.js";

// A report to the server at most this often while playing (a pause or a win always reports).
const REPORT_EVERY_MS = 5000;
const PAUSED_KEY = "solitaire.paused";
// The time this tab last counted for its game, kept in the tab when a report is made: a
// reload's page is asked for before the old page goes away, so it may carry a time older
// than the old page's last beacon (an untouched game has reported nothing at all).
const COUNTED_KEY = "solitaire.clock";

if (!ui.clock) ui.clock = newClock();

// A clock of its own (tests give their own `now`).
export function newClock(now = () => performance.now()) {
  return { gameId: null, baseMs: 0, since: null, paused: false, won: false, reportedAt: -Infinity, now, timer: null };
}

// The milliseconds played: those kept, plus the running stretch.
export function playedMs(clock) {
  return clock.baseMs + (clock.since === null ? 0 : clock.now() - clock.since);
}

function shouldRun(clock) {
  return clock.gameId !== null && !clock.paused && !clock.won && !document.hidden;
}

// Starts or stops the running stretch as the clock's conditions now say.
function settle(clock) {
  const run = shouldRun(clock);
  if (run && clock.since === null) clock.since = clock.now();
  if (!run && clock.since !== null) {
    clock.baseMs = playedMs(clock);
    clock.since = null;
  }
}

function draw(clock) {
  const shown = document.querySelector("[data-clock]");
  if (!shown) return;
  shown.textContent = clockTime(Math.floor(playedMs(clock) / 1000));
  const stat = document.getElementById("clock-stat");
  if (stat) stat.hidden = !ui.settings.show_clock;
}

// The time a game starts from on this page: the time the server keeps, or the time this tab
// counted for it before a reload when that is more (a won game's time is the server's).
//   startingMs({ id: "g1", won: false, played_ms: 3000 }, '{"id":"g1","ms":5200}')  →  5200
export function startingMs(state, counted) {
  const kept = typeof state.played_ms === "number" ? state.played_ms : (state.seconds ?? 0) * 1000;
  if (state.won || !counted) return kept;
  try {
    const { id, ms } = JSON.parse(counted);
    return id === state.id && Number.isFinite(ms) ? Math.max(kept, ms) : kept;
  } catch {
    return kept;
  }
}

// Answers the report's promise (settled either way; null for a beacon or no game).
function report(clock, { beacon = false } = {}) {
  if (clock.gameId === null) return null;
  const ms = Math.floor(playedMs(clock));
  clock.reportedAt = clock.now();
  sessionStorage.setItem(COUNTED_KEY, JSON.stringify({ id: clock.gameId, ms }));
  if (beacon && api.clockBeacon(clock.gameId, ms)) return null;
  return api.clock(clock.gameId, ms).catch(() => null);
}

// The cover shown or not; a pause the player asked for outlives a reload of the tab (the
// hidden tab's own pause does not: a reload hides the page on its way out).
function showPaused(clock, { remember = false } = {}) {
  const cover = document.querySelector("[data-paused]");
  if (cover) cover.hidden = !clock.paused;
  document.body.toggleAttribute("data-game-paused", clock.paused);
  if (clock.paused && remember) sessionStorage.setItem(PAUSED_KEY, clock.gameId ?? "");
  else if (!clock.paused) sessionStorage.removeItem(PAUSED_KEY);
}

// Each state drawn: a new game starts from the time the server keeps (a reload resumes it,
// paused if it was paused, and from the time this tab counted if the server has less), an
// action reports now and then, a win stops the clock and reports.
export function followClock(state, clock = ui.clock) {
  if (!state) return;
  if (state.id !== clock.gameId) {
    const kept = startingMs(state, sessionStorage.getItem(COUNTED_KEY));
    Object.assign(clock, { gameId: state.id, baseMs: kept, since: null, won: state.won, reportedAt: clock.now() });
    clock.paused = !state.won && sessionStorage.getItem(PAUSED_KEY) === state.id;
    showPaused(clock, { remember: clock.paused });
  } else if (state.won && !clock.won) {
    settle(clock);
    clock.won = true;
    // The won dialog reads the records once the server keeps the win's time (won.js).
    clock.winReported = report(clock);
  } else if (!state.won && clock.won) {
    clock.won = false; // an undone win (a reload of an older state) plays on
  }
  settle(clock);
  if (!clock.won && clock.now() - clock.reportedAt >= REPORT_EVERY_MS) report(clock);
  draw(clock);
}

export function pauseGame(clock = ui.clock, { remember = true } = {}) {
  if (clock.gameId === null || clock.won || clock.paused) return;
  clock.paused = true;
  settle(clock);
  report(clock);
  showPaused(clock, { remember });
  draw(clock);
}

export function resumeGame(clock = ui.clock) {
  if (!clock.paused) return;
  clock.paused = false;
  settle(clock);
  showPaused(clock);
  draw(clock);
}

// Once: the tick that redraws, the hidden tab's pause, the report when the page goes away.
export function startClock(clock = ui.clock) {
  clock.timer = setInterval(() => draw(clock), 250);
  document.addEventListener("visibilitychange", () => {
    if (document.hidden) pauseGame(clock, { remember: false });
    settle(clock);
    draw(clock);
  });
  window.addEventListener("pagehide", () => {
    if (!clock.won && !clock.paused) report(clock, { beacon: true });
  });
}
