// The Statistics dialog: the figures of one variant (GET /api/stats, with the server's SVG
// chart of the recent results), of all its games or of some — the deals of one level (LV-1,
// ?level=) or the daily challenges (DC-1, ?challenge=true) —, a reset in two steps
// (POST /api/stats/reset), and the History tab (GET /api/history) whose "Play again" starts
// a finished game anew.
// Every figure and record comes from the server; this module only lays them out and formats
// numbers, times and dates in the player's language. Offline, the figures are those of the
// games this device finished (offline-engine.js, device-stats.js: rules UI-21), and a quiet
// line says so until the network is back.
//
//   setupStatsDialog({ playAgain: async (choice) => errorTextOrNull, onError: showToast });
//   openStats(state);   // the current game's variant is the one shown first

import { ApiUnreachable, api } from "../api.js";
import { variantKeyOf, variantKeys } from "../codes.js";
import { clockTime, formatDate, formatNumber, formatPercent, variantName } from "../format.js";
import { t } from "../i18n.js";
import { ui } from "../state.js";

const $ = (id) => document.getElementById(id);

const FIGURES = ["played", "won", "win_rate", "best_score", "fewest_moves", "fastest_win", "current_streak", "best_streak"];
const HISTORY_PAGE = 20;
// Which games the figures count: every game, the deals of one level, the daily challenges.
const GAMES = ["all", "easy", "medium", "hard", "expert", "challenge"];

// The dialog's own state: the last GET /api/stats answer, the variant shown, which games
// count, the history's pages loaded, and what "Play again" does.
const view = ui.dialogs.stats;

// The query of GET /api/stats for a choice of GAMES.
export function statsQuery(games) {
  if (games === "challenge") return { challenge: true };
  if (games === "all") return {};
  return { level: games };
}

function showError(text) {
  const error = $("stats-error");
  error.textContent = text ?? "";
  error.hidden = !text;
}

function failureText(status, body) {
  return body?.message ?? t("ui.error_generic", { message: status });
}

// -- the figures ------------------------------------------------------------------------------

function fillVariantChoices() {
  const select = $("stats-variant");
  select.replaceChildren(
    ...variantKeys().map((key) => {
      const option = document.createElement("option");
      option.value = key;
      option.textContent = variantName(key);
      return option;
    }),
  );
  select.value = view.selected;
}

function fillGamesChoices() {
  const select = $("stats-games");
  select.replaceChildren(
    ...GAMES.map((games) => {
      const option = document.createElement("option");
      option.value = games;
      option.textContent = t(`ui.stats.games.${games}`);
      return option;
    }),
  );
  select.value = view.games;
}

function figureText(name, entry) {
  const value = entry[name];
  if (name === "win_rate") return formatPercent(value);
  if (name === "best_score") return value ? value.text : "—";
  if (name === "fewest_moves") return value ? formatNumber(value.value) : "—";
  if (name === "fastest_win") return value ? clockTime(value.value) : "—";
  return formatNumber(value);
}

function renderFigures() {
  const key = view.selected;
  const entry = view.stats?.variants.find((variant) => variant.variant === key) ?? null;
  const none = $("stats-none");
  none.hidden = entry !== null;
  const noneText =
    view.games === "all"
      ? t("ui.stats.none", { variant: variantName(key) })
      : t("ui.stats.none_among", { variant: variantName(key), games: t(`ui.stats.games.${view.games}`) });
  none.textContent = entry ? "" : noneText;
  $("stats-played").hidden = entry === null;
  if (entry) {
    for (const name of FIGURES) {
      document.querySelector(`#stats-figures [data-stat="${name}"]`).textContent = figureText(name, entry);
    }
    // The chart is the server's SVG: its text is escaped there, its title in this language.
    $("stats-chart").innerHTML = entry.chart;
    // Offline there is no chart (the server draws it): no legend without one.
    $("stats-chart").closest("figure").hidden = !entry.chart;
  } else {
    $("stats-chart").replaceChildren();
  }
  // UI-21: offline, this device's games only; a reset and the history's file are the
  // server's: their controls stay in place, not usable, and a line says why.
  const device = Boolean(view.stats?.device);
  $("stats-device").hidden = !device;
  $("stats-offline-note").hidden = !device;
  $("stats-reset-button").disabled = device;
  const download = $("history-download");
  download.dataset.address ??= download.getAttribute("href");
  if (device) {
    download.removeAttribute("href");
    download.setAttribute("aria-disabled", "true");
  } else {
    download.setAttribute("href", download.dataset.address);
    download.removeAttribute("aria-disabled");
  }
  const resetAt = view.stats?.resets?.[key];
  const since = $("stats-since");
  since.hidden = !resetAt;
  since.textContent = resetAt ? t("ui.stats.since", { date: formatDate(resetAt) }) : "";
  $("stats-reset-variant").textContent = t("ui.stats.reset_variant", { variant: variantName(key) });
}

// Reads the figures of the games chosen; an answer overtaken by a later choice is dropped.
// The dialog's data-loaded says the last choice's answer is in (or failed, with an error).
async function loadStats() {
  const dialog = $("stats-dialog");
  const figures = $("stats-figures");
  delete dialog.dataset.loaded;
  figures.setAttribute("aria-busy", "true");
  const asked = ++view.loading;
  try {
    const { status, body } = await api.stats(statsQuery(view.games));
    if (asked !== view.loading) return;
    if (status !== 200) throw new Error(failureText(status, body));
    view.stats = body;
    renderFigures();
  } finally {
    if (asked === view.loading) {
      figures.removeAttribute("aria-busy");
      dialog.dataset.loaded = "true";
    }
  }
}

// -- reset, in two steps ------------------------------------------------------------------------

function askReset() {
  $("stats-reset-done").textContent = "";
  $("stats-reset-button").hidden = true;
  $("stats-reset-confirm").hidden = false;
  // The safe choice has the focus: Enter or Space does not wipe anything by accident.
  $("stats-reset-cancel").focus();
}

function closeResetQuestion({ focus = true } = {}) {
  const wasOpen = !$("stats-reset-confirm").hidden;
  $("stats-reset-confirm").hidden = true;
  $("stats-reset-button").hidden = false;
  if (wasOpen && focus) $("stats-reset-button").focus();
  return wasOpen;
}

async function reset(variant) {
  showError(null);
  const buttons = $("stats-reset-confirm").querySelectorAll("button");
  for (const button of buttons) button.disabled = true;
  try {
    const { status, body } = await api.resetStats(variant);
    if (status !== 200) {
      showError(failureText(status, body));
      return;
    }
    // The reset answers the figures of every game: those of a level or of the challenges
    // are read again.
    if (view.games === "all") {
      view.stats = body;
      renderFigures();
    } else {
      await loadStats();
    }
    closeResetQuestion();
    $("stats-reset-done").textContent = t("ui.stats.reset_done");
  } catch (error) {
    showError(error instanceof ApiUnreachable ? t("ui.error_network") : String(error?.message ?? error));
  } finally {
    for (const button of buttons) button.disabled = false;
  }
}

// -- the history --------------------------------------------------------------------------------

function historyRow(game) {
  const item = document.createElement("li");
  item.className = "history-row";
  item.dataset.gameId = game.id;
  item.dataset.result = game.result;

  const head = document.createElement("div");
  head.className = "history-head";
  const name = document.createElement("span");
  name.className = "history-variant";
  name.textContent = variantName(game.variant);
  const result = document.createElement("span");
  result.className = `history-result ${game.result}`;
  result.textContent = t(game.result === "won" ? "ui.stats.result_won" : "ui.stats.result_lost");
  head.append(name, result);

  const meta = document.createElement("div");
  meta.className = "history-meta";
  const when = document.createElement("time");
  when.dateTime = game.finished_at;
  when.textContent = formatDate(game.finished_at);
  const code = document.createElement("code");
  code.textContent = game.code;
  meta.append(when, code);
  // UI-20: a game played with hints, or with the winnable light, says so.
  for (const [field, words] of [["hints", "ui.stats.with_hints"], ["light", "ui.stats.with_light"]]) {
    if (!game[field]) continue;
    const mark = document.createElement("span");
    mark.className = "history-help";
    mark.dataset.help = field;
    mark.textContent = t(words);
    meta.append(mark);
  }

  const figures = document.createElement("div");
  figures.className = "history-figures";
  for (const [label, value] of [
    ["ui.score", game.score_text],
    ["ui.moves", formatNumber(game.moves)],
  ]) {
    const figure = document.createElement("span");
    const strong = document.createElement("strong");
    strong.textContent = value;
    figure.append(`${t(label)} `, strong);
    figures.append(figure);
  }
  const again = document.createElement("button");
  again.type = "button";
  again.className = "history-again";
  again.textContent = t("ui.stats.play_again");
  again.setAttribute("aria-label", t("ui.stats.play_again_code", { code: game.code }));
  again.addEventListener("click", () => playAgain(game, again));
  figures.append(again);

  item.append(head, meta, figures);
  return item;
}

function renderHistory() {
  $("history-list").replaceChildren(...view.history.map(historyRow));
  $("history-empty").hidden = view.total > 0;
  $("history-more").hidden = view.history.length >= view.total;
  $("history-count").textContent =
    view.total > 0 ? t("ui.stats.shown", { shown: view.history.length, total: view.total }) : "";
}

async function loadHistory({ more = false } = {}) {
  const offset = more ? view.history.length : 0;
  $("history-offline").hidden = true;
  let answer;
  try {
    answer = await api.history(offset, HISTORY_PAGE);
  } catch (error) {
    if (!(error instanceof ApiUnreachable)) throw error;
    // UI-21: the history is the server's; offline it says so plainly, not as a failure.
    view.history = [];
    view.total = 0;
    renderHistory();
    $("history-empty").hidden = true;
    $("history-offline").hidden = false;
    return;
  }
  const { status, body } = answer;
  if (status !== 200) throw new Error(failureText(status, body));
  view.history = more ? [...view.history, ...body.games] : body.games;
  view.total = body.total;
  renderHistory();
}

async function playAgain(game, button) {
  showError(null);
  button.setAttribute("aria-busy", "true");
  let error = null;
  try {
    error = await view.playAgain(game.replay);
  } finally {
    button.removeAttribute("aria-busy");
  }
  if (error) showError(error);
  else $("stats-dialog").close();
}

// -- tabs ---------------------------------------------------------------------------------------

const TABS = [
  ["stats-tab-figures", "stats-figures"],
  ["stats-tab-history", "stats-history"],
];

async function selectTab(tabId, { focus = false } = {}) {
  for (const [id, panel] of TABS) {
    const chosen = id === tabId;
    const tab = $(id);
    tab.setAttribute("aria-selected", String(chosen));
    tab.tabIndex = chosen ? 0 : -1;
    $(panel).hidden = !chosen;
  }
  if (focus) $(tabId).focus();
  closeResetQuestion({ focus: false });
  if (tabId === "stats-tab-history") await guard(() => loadHistory());
}

async function guard(task) {
  showError(null);
  try {
    await task();
  } catch (error) {
    showError(error instanceof ApiUnreachable ? t("ui.error_network") : String(error?.message ?? error));
  }
}

// -- setup and opening --------------------------------------------------------------------------

export function setupStatsDialog({ playAgain }) {
  view.playAgain = playAgain;
  const dialog = $("stats-dialog");
  $("stats-variant").addEventListener("change", () => {
    view.selected = $("stats-variant").value;
    closeResetQuestion({ focus: false });
    $("stats-reset-done").textContent = "";
    renderFigures();
  });
  $("stats-games").addEventListener("change", () => {
    view.games = $("stats-games").value;
    closeResetQuestion({ focus: false });
    $("stats-reset-done").textContent = "";
    guard(loadStats);
  });
  $("stats-reset-button").addEventListener("click", askReset);
  $("stats-reset-cancel").addEventListener("click", () => closeResetQuestion());
  $("stats-reset-variant").addEventListener("click", () => reset(view.selected));
  $("stats-reset-all").addEventListener("click", () => reset("all"));
  $("history-more").addEventListener("click", () => guard(() => loadHistory({ more: true })));
  for (const [id] of TABS) $(id).addEventListener("click", () => selectTab(id));
  // The tab list's keys (WAI-ARIA tabs): arrows move between the tabs, Home and End too.
  $("stats-tab-figures").parentElement.addEventListener("keydown", (event) => {
    const ids = TABS.map(([id]) => id);
    const at = ids.indexOf(document.activeElement?.id);
    if (at < 0) return;
    let next = null;
    if (event.key === "ArrowRight") next = ids[(at + 1) % ids.length];
    else if (event.key === "ArrowLeft") next = ids[(at - 1 + ids.length) % ids.length];
    else if (event.key === "Home") next = ids[0];
    else if (event.key === "End") next = ids[ids.length - 1];
    if (next) {
      event.preventDefault();
      selectTab(next, { focus: true });
    }
  });
  // Escape with the reset question open takes back the question, not the whole dialog.
  dialog.addEventListener("cancel", (event) => {
    if (closeResetQuestion()) event.preventDefault();
  });
}

// Opens the dialog on the figures of the current game's variant (of the games chosen last).
export async function openStats(state) {
  const dialog = $("stats-dialog");
  delete dialog.dataset.loaded;
  view.selected = variantKeyOf(state);
  fillVariantChoices();
  fillGamesChoices();
  closeResetQuestion({ focus: false });
  $("stats-reset-done").textContent = "";
  showError(null);
  await selectTab("stats-tab-figures");
  // Drawn from the last answer (or empty) at once, then from the server.
  renderFigures();
  if (!dialog.open) dialog.showModal();
  $("stats-variant").focus();
  await guard(loadStats);
}
