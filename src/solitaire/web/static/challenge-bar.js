// While a daily challenge is played (DC-1), the bar over the table says its goal and how far
// along the game is; it says so too once the goal is met. In a challenge the Hint button is
// hidden: the server refuses hints there.
//
//   showChallenge(state);   // after every state drawn

import { dayText, goalText, levelText, progressText } from "./challenge-words.js";
import { t } from "./i18n.js";

const $ = (id) => document.getElementById(id);

export function showChallenge(state) {
  const bar = $("challenge-bar");
  if (!bar) return;
  const challenge = state?.challenge;
  bar.hidden = !challenge;
  document.body.toggleAttribute("data-challenge", Boolean(challenge));
  if (!challenge) {
    bar.replaceChildren();
    return;
  }
  $("hint-button").hidden = true;
  const title = document.createElement("strong");
  title.textContent = t("ui.challenge.bar", { date: dayText(challenge.date), level: levelText(challenge.level) });
  const goal = document.createElement("span");
  goal.dataset.challengeGoal = challenge.goal.kind;
  goal.textContent = goalText(challenge.goal);
  const parts = [title, goal];
  const progress = progressText(state);
  if (progress) {
    const along = document.createElement("span");
    along.dataset.challengeProgress = "";
    along.textContent = progress;
    parts.push(along);
  }
  if (challenge.met) {
    const met = document.createElement("span");
    met.className = "challenge-met";
    met.dataset.challengeMet = "";
    met.textContent = t("ui.challenge.met");
    parts.push(met);
  }
  bar.replaceChildren(...parts);
}
