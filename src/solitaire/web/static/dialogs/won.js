// The won game's dialog (UI-13, native <dialog>): the score and moves (`[data-won]`), the time
// played (`[data-won-time]`), what the win did to the variant's records (`[data-won-records]`:
// a new best score, fewest moves, fastest win, a first win, the streak — from the server,
// GET /api/games/{id}/records), and in a daily challenge whether its goal is met
// (`[data-won-challenge]`). One next step, "Play another deal" of the same kind (the primary
// button), and the way back to the New game choices; both are toolbar commands.
//
//   askRecords(state);   // as the win is celebrated: the records are asked for meanwhile
//   openWon(state);   closeWon();
//   recordLines(records, t)  →  ["New best score", "3 wins in a row"]

import { api } from "../api.js";
import { dayText } from "../challenge-words.js";
import { playedMs } from "../clock.js";
import { clockTime } from "../format.js";
import { t } from "../i18n.js";
import { ui } from "../state.js";

const $ = (id) => document.getElementById(id);
// A streak is news from its second win.
const STREAK_SAID_FROM = 2;
// The dialog opens whole: it waits for the records' lines, at most this long, so that they
// never arrive under a finger about to tap its buttons and push them down.
const RECORDS_WAIT_MS = 1500;
// Each openWon and closeWon counts one: an opening that waited opens only if nothing came
// between (a state no longer won, a new game, closes the dialog: win.js, flow.js).
let openings = 0;

// What a win did, as the dialog's lines, in the player's words (`t` gives them). Each line
// is {key, text}: the key names it for the tests and the styles.
export function recordLines(records, words = t) {
  if (!records) return [];
  const lines = [];
  if (records.first_win) lines.push({ key: "first_win", text: words("ui.won.first_win", { variant: records.variant_name }) });
  for (const key of ["best_score", "fewest_moves", "fastest_win"]) {
    if (records[key]) lines.push({ key, text: words(`ui.won.${key}`) });
  }
  if (records.streak >= STREAK_SAID_FROM) lines.push({ key: "streak", text: words("ui.won.streak", { count: records.streak }) });
  return lines;
}

// The records, once the server keeps the win's time (the clock reports it at the win, and
// "fastest win" is that time); an answer for another game than the one shown is dropped.
async function showRecords(state) {
  const list = $("won-records");
  list.replaceChildren();
  list.hidden = true;
  if (ui.clock?.gameId === state.id) await ui.clock.winReported;
  let answer;
  try {
    answer = await api.records(state.id);
  } catch {
    return; // offline: the dialog says what it knows
  }
  if (answer.status !== 200 || list.dataset.game !== state.id) return;
  const lines = recordLines(answer.body);
  list.replaceChildren(
    ...lines.map(({ key, text }) => {
      const item = document.createElement("li");
      item.dataset.record = key;
      item.textContent = text;
      return item;
    }),
  );
  list.hidden = lines.length === 0;
}

// Ask the server what this win did to the records (once per game); settled once the
// dialog's list is filled, or left empty (offline, an error).
let asked = Promise.resolve();
export function askRecords(state) {
  const records = $("won-records");
  if (records.dataset.game !== state.id) {
    records.dataset.game = state.id;
    // After the drawing in progress: the clock (drawn after the win) starts reporting the
    // win's time, which the records wait for.
    asked = Promise.resolve()
      .then(() => showRecords(state))
      .catch(console.error);
  }
  return asked;
}

const delay = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// Score, moves and the time played (UI-13); "Play another deal" deals the same kind at once.
// Opens once the records are in (or RECORDS_WAIT_MS has passed).
export async function openWon(state) {
  const opening = ++openings;
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
  if (!dialog.open) await Promise.race([askRecords(state), delay(RECORDS_WAIT_MS)]);
  if (opening !== openings) return;
  if (!dialog.open) dialog.showModal();
}

export function closeWon() {
  openings += 1;
  const dialog = $("won-dialog");
  if (dialog.open) dialog.close();
}
