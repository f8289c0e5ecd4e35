// The toolbar: the game's name, code, score, moves and runs as the server counts them, the
// buttons' state, and what each button does (data-action="undo" → commands.undo()).
//
//   wireToolbar({ "new-game": …, undo: …, hint: …, settings: …, stats: …, "copy-link": … });
//   updateToolbar(state);

import { hasDeal, variantKeyOf } from "./codes.js";
import { variantName } from "./format.js";
import { t } from "./i18n.js";
import { settings } from "./settings.js";
import { showToast } from "./toast.js";

export function updateToolbar(state) {
  document.querySelector("[data-score]").textContent = state.score_text;
  document.querySelector("[data-moves]").textContent = String(state.moves);
  document.getElementById("game-code").textContent = state.code;
  // A typed-in position's code names the game alone (SS1-S4): there is no deal to link to.
  document.getElementById("copy-button").hidden = !hasDeal(state.code);
  // The game and its options in words ("Klondike: draw 3, Vegas"), not only in the code.
  document.getElementById("game-name").textContent = variantName(variantKeyOf(state));
  document.getElementById("undo-button").disabled = !state.can_undo;
  document.getElementById("redo-button").disabled = !state.can_redo;
  // UI-10: Finish shows while foundation moves and stock taps alone can end the game.
  document.getElementById("finish-button").hidden = !state.can_finish;
  const hintButton = document.getElementById("hint-button");
  hintButton.hidden = !settings().hints;
  hintButton.disabled = state.won;
  const runs = document.getElementById("runs-stat");
  runs.hidden = state.runs_removed === undefined || state.runs_removed === null;
  document.querySelector("[data-runs-removed]").textContent = t("ui.runs_count", {
    count: state.runs_removed ?? 0,
  });
  document.title = `${t(`ui.game.${state.game}`)} · ${t("ui.title")}`;
  fitToolbar();
}

// Above 900 px the toolbar keeps to one row whatever it holds (Finish, Hint, a long game
// name, Dutch labels), so that the table below it never moves, and the game's name shows
// whole before any button's word: when the row can't hold everything, the buttons whose
// icons say enough drop their labels ("compact"), then Hint and Statistics ("spare"), then
// the pages' link its words ("bare"), then New game and Finish ("iconic"), then the name
// stands over the code and the figures under their labels ("stacked"), then the language
// selector goes ("unlisted", it is in Settings), and only then, if the row still can't hold
// it, the game's name gives way ("tight", cut with an ellipsis). At 900 px and narrower its
// rows are fixed by board.css; on a phone held upright, where one of the bar's words does
// not fit its slot whole, all of them give way to the icons ("bar-icons"; the bar keeps its
// height).
const DESKTOP_STEPS = ["compact", "spare", "bare", "iconic", "stacked", "unlisted", "tight"];

export function fitToolbar() {
  const bar = document.querySelector(".toolbar");
  bar.classList.remove(...DESKTOP_STEPS, "bar-icons");
  if (window.matchMedia("(max-width: 560px) and (orientation: portrait)").matches) {
    const words = [...bar.querySelectorAll(".toolbar-actions .bar-label")].filter((word) => word.offsetWidth > 0);
    bar.classList.toggle("bar-icons", words.some((word) => word.scrollWidth > word.clientWidth));
    return;
  }
  if (!window.matchMedia("(min-width: 901px)").matches) return;
  // Each step is measured with the row free to wrap: a second row says it did not fit.
  const wraps = () => bar.lastElementChild.offsetTop > bar.firstElementChild.offsetTop + 4;
  for (const step of DESKTOP_STEPS) {
    if (!wraps()) return;
    bar.classList.add(step);
  }
}

export function wireToolbar(commands) {
  window.addEventListener("resize", fitToolbar);
  document.addEventListener("click", (event) => {
    const button = event.target.closest("[data-action]");
    if (!button) return;
    // A mouse click leaves no focus behind, so Space keeps tapping the stock.
    if (event.detail > 0) button.blur();
    commands[button.dataset.action]?.();
  });
}

// Copies the game's link (`/play/<code>`) and says so.
export async function copyLink(state) {
  if (!state) return;
  const link = `${window.location.origin}/play/${state.code}`;
  try {
    await navigator.clipboard.writeText(link);
    showToast(t("ui.link_copied", { link }));
  } catch {
    showToast(t("ui.copy_failed", { link }), { kind: "error" });
  }
}
