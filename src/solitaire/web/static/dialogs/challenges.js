// The Challenges dialog (DC-1, native <dialog>): the month's calendar of daily challenges
// (GET /api/challenges), the days done, the streak and each game's badge of the month; a day
// chosen lists its challenges, each with its goal and a Play button (today and the days
// before it in this month). Every figure comes from the server.
//
//   setupChallengesDialog({ play: async ({date, game}) => errorTextOrNull });   // once
//   openChallenges();   // this month

import { api, ApiUnreachable } from "../api.js";
import { dayText, goalText, levelText } from "../challenge-words.js";
import { currentLanguage, t } from "../i18n.js";

const $ = (id) => document.getElementById(id);

// The dialog's own state: the month shown, its answer, the day chosen, and what Play does.
const view = { month: null, answer: null, selected: null, play: null };

function showError(text) {
  const error = $("challenges-error");
  error.textContent = text ?? "";
  error.hidden = !text;
}

function monthTitle(month, lang = currentLanguage()) {
  const [year, number] = month.split("-").map(Number);
  return new Intl.DateTimeFormat(lang, { month: "long", year: "numeric", timeZone: "UTC" }).format(Date.UTC(year, number - 1, 1));
}

function shiftMonth(month, by) {
  const [year, number] = month.split("-").map(Number);
  const date = new Date(Date.UTC(year, number - 1 + by, 1));
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, "0")}`;
}

// Monday first, as the weekday levels go (easy Monday … expert Sunday).
function weekdayNames(lang = currentLanguage()) {
  const format = new Intl.DateTimeFormat(lang, { weekday: "narrow", timeZone: "UTC" });
  return Array.from({ length: 7 }, (_, i) => format.format(Date.UTC(2024, 0, 1 + i)));
}

function drawCalendar() {
  const answer = view.answer;
  $("challenges-month").textContent = monthTitle(answer.month);
  $("challenges-streak").textContent = t("ui.challenges.streak", { days: answer.streak });
  const grid = $("challenges-calendar");
  const heads = weekdayNames().map((name) => {
    const cell = document.createElement("span");
    cell.className = "calendar-head";
    cell.setAttribute("aria-hidden", "true");
    cell.textContent = name;
    return cell;
  });
  const [year, number] = answer.month.split("-").map(Number);
  const firstWeekday = (new Date(Date.UTC(year, number - 1, 1)).getUTCDay() + 6) % 7;
  const blanks = Array.from({ length: firstWeekday }, () => {
    const cell = document.createElement("span");
    cell.className = "calendar-blank";
    return cell;
  });
  const days = answer.days.map((day) => {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "calendar-day";
    button.dataset.date = day.date;
    if (day.done) button.dataset.done = "";
    if (day.date === answer.today) button.dataset.today = "";
    button.disabled = day.challenges.length === 0;
    button.setAttribute("aria-pressed", String(day.date === view.selected));
    const label = [dayText(day.date)];
    if (day.done) label.push(t("ui.challenges.day_done"));
    button.setAttribute("aria-label", label.join(", "));
    button.textContent = String(Number(day.date.slice(8)));
    button.addEventListener("click", () => {
      view.selected = day.date;
      drawCalendar();
      $("challenges-calendar").querySelector(`[data-date="${day.date}"]`)?.focus();
    });
    return button;
  });
  grid.replaceChildren(...heads, ...blanks, ...days);
  drawBadges();
  drawDay();
}

function drawBadges() {
  const list = $("challenges-badges");
  list.replaceChildren(
    ...view.answer.badges.map((entry) => {
      const item = document.createElement("li");
      item.dataset.game = entry.game;
      if (entry.badge) item.dataset.badge = entry.badge;
      const name = t(`ui.game.${entry.game}`);
      const badge = entry.badge ? t(`ui.challenges.badge.${entry.badge}`) : t("ui.challenges.badge.none");
      item.textContent = t("ui.challenges.badge_line", { game: name, days: entry.days_done, badge });
      return item;
    }),
  );
}

function drawDay() {
  const day = view.answer.days.find((entry) => entry.date === view.selected);
  const title = $("challenges-day-title");
  const list = $("challenges-day");
  if (!day) {
    title.textContent = "";
    list.replaceChildren();
    return;
  }
  title.textContent = dayText(day.date);
  list.replaceChildren(
    ...day.challenges.map((challenge) => {
      const item = document.createElement("li");
      item.className = "challenge-item";
      item.dataset.game = challenge.game;
      const text = document.createElement("span");
      const name = document.createElement("strong");
      name.textContent = t(`ui.game.${challenge.game}`);
      const detail = document.createElement("span");
      detail.textContent = `${levelText(challenge.level)} · ${goalText(challenge.goal)}`;
      text.append(name, " ", detail);
      item.append(text);
      if (challenge.done) {
        const done = document.createElement("span");
        done.className = "challenge-done";
        done.dataset.challengeDone = "";
        done.textContent = t("ui.challenges.done");
        item.append(done);
      }
      if (day.playable) {
        const play = document.createElement("button");
        play.type = "button";
        play.className = challenge.done ? "" : "primary";
        play.dataset.play = challenge.game;
        play.textContent = t("ui.challenges.play");
        play.addEventListener("click", () => playChallenge(challenge));
        item.append(play);
      }
      return item;
    }),
  );
}

async function playChallenge(challenge) {
  const error = await view.play({ mode: "challenge", date: challenge.date, game: challenge.game });
  if (error) showError(error);
  else $("challenges-dialog").close();
}

async function load(month) {
  showError(null);
  let answer;
  try {
    answer = await api.challenges(month);
  } catch (error) {
    if (!(error instanceof ApiUnreachable)) throw error;
    showError(t("ui.error_network"));
    return;
  }
  const { status, body } = answer;
  if (status !== 200) {
    showError(body?.message ?? t("ui.error_generic", { message: status }));
    return;
  }
  view.month = body.month;
  view.answer = body;
  const inMonth = body.days.some((day) => day.date === view.selected);
  if (!inMonth) view.selected = body.days.some((day) => day.date === body.today) ? body.today : null;
  drawCalendar();
}

export async function openChallenges() {
  const dialog = $("challenges-dialog");
  if (!dialog.open) dialog.showModal();
  await load(null);
}

export function setupChallengesDialog({ play }) {
  view.play = play;
  $("challenges-previous").addEventListener("click", () => view.month && load(shiftMonth(view.month, -1)));
  $("challenges-next").addEventListener("click", () => view.month && load(shiftMonth(view.month, 1)));
}
