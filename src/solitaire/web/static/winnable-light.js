// UI-20, "Can this still be won?": with the setting `winnable_light` on, after each action
// that has settled (its answer in, no other on its way) a small light beside the score shows
// the solver's verdict on the position — `data-winnable` = winnable | not_winnable | unknown
// (empty while the solver is asked) — never a move (POST /api/games/{id}/winnable). Not in a
// daily challenge (DC-1), nor on a won game. The light is an image with a short label (its
// verdict in words) and a glyph besides its colour (✓, ✕, ?).
//
//   const light = createWinnableLight({ settings, confirmed: () => ui.game.confirmed() });
//   light.follow();   // after each state drawn, and when the settings change
//   lightQuestion(state, settings)  →  "game-1@7", or null (no light)

import { api } from "./api.js";
import { t } from "./i18n.js";

export const VERDICTS = ["winnable", "not_winnable", "unknown"];
const GLYPHS = { winnable: "✓", not_winnable: "✕", unknown: "?" };
// The light asks once the actions have stopped coming for this long: a burst of moves asks
// once, for the position it ends on.
const SETTLE_MS = 300;

// The position the light would ask about ("id@version"), or null when it shows nothing.
export function lightQuestion(state, settings) {
  if (!settings?.winnable_light || !state || state.won || state.challenge) return null;
  return `${state.id}@${state.version}`;
}

// The verdict an answer gives the light: the server's, or unknown when it could not say
// (a failure, the network).
export function verdictOf(answer) {
  return answer?.status === 200 && VERDICTS.includes(answer.body?.verdict) ? answer.body.verdict : "unknown";
}

export function createWinnableLight({ settings, confirmed, idle = () => Promise.resolve(), ask = api.winnable, settleMs = SETTLE_MS }) {
  let asked = null;
  let timer = null;
  const holder = () => document.getElementById("winnable-stat");
  const light = () => document.querySelector("[data-winnable]");

  function draw(verdict) {
    const element = light();
    if (!element) return;
    element.dataset.winnable = verdict ?? "";
    element.textContent = verdict ? GLYPHS[verdict] : "";
    const label = t(verdict ? `ui.light.${verdict}` : "ui.light.asking");
    element.setAttribute("aria-label", label);
    element.title = label;
  }

  async function askNow(question) {
    await idle();
    const state = confirmed();
    if (asked !== question || lightQuestion(state, settings()) !== question) return;
    const answer = await ask(state.id, state.version).catch(() => null);
    // Another position meanwhile: its own question is on its way.
    if (asked === question) draw(verdictOf(answer));
  }

  function follow() {
    const question = lightQuestion(confirmed(), settings());
    const shown = holder();
    if (shown) shown.hidden = question === null;
    if (question === asked) return;
    asked = question;
    clearTimeout(timer);
    if (question === null) return;
    draw(null);
    timer = setTimeout(() => askNow(question), settleMs);
  }

  return { follow };
}
