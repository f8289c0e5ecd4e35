// The New game dialog (native <dialog>: focus moves in, Escape closes, focus comes back): the
// game and its options, any deal or a level (LV-1), a new deal, the same deal again, the deal
// of the day, a code typed in, and "Winnable deals only" (kept in the settings).
//
//   setupNewGameDialog();   // once
//   openNewGame(defaultChoices(state), {canRepeat: true, onChoice: async (choice) => errorTextOrNull})

import { codeProblem, defaultVariant, optionsOf, variantText } from "../codes.js";
import { currentLanguage, t } from "../i18n.js";
import { saveFrom, settings } from "../settings.js";
import { ui } from "../state.js";

const $ = (id) => document.getElementById(id);

// The variant text of the dialog's choices: KL1-D3V, SS1-S2, EH1-N (docs/api.md, DL-3), as
// the server's code grammar writes them (codes.js); a game with one variant takes its own.
export function variantOf(choices) {
  if (choices.game === "KL") return variantText("KL", `D${choices.draw}${choices.scoring}`);
  if (choices.game === "SS") return variantText("SS", `S${choices.suits}`);
  return variantText(choices.game, optionsOf(choices.game)[0]);
}

// The dialog's starting choices from the game being played, or the default variant without
// one, and the settings (SS-1: the suit count offered is the last one chosen).
export function defaultChoices(state) {
  const [head, first] = defaultVariant().split("-");
  const game = state?.game ?? head.slice(0, 2);
  const options = state ? (state.options ?? "") : first;
  const choices = { game, draw: "1", scoring: "N", suits: String(settings().simple_simon_suits) };
  // Klondike's options are D<draw><scoring> (D3V: draw 3, Vegas).
  if (game === "KL" && optionsOf("KL").includes(options)) {
    choices.draw = options[1];
    choices.scoring = options[2];
  }
  return choices;
}

function readChoices(form) {
  const data = new FormData(form);
  return {
    game: data.get("game") ?? "KL",
    draw: data.get("draw") ?? "1",
    scoring: data.get("scoring") ?? "N",
    suits: data.get("suits") ?? "1",
  };
}

function showOptionsFor(form) {
  const game = new FormData(form).get("game");
  for (const fieldset of form.querySelectorAll("[data-options-for]")) {
    fieldset.hidden = fieldset.dataset.optionsFor !== game;
  }
}

function setRadio(form, name, value) {
  const input = form.querySelector(`input[name="${name}"][value="${value}"]`);
  if (input) input.checked = true;
}

// What is wrong with a typed-in code, in plain words (ui.code_check.*): null for a code the
// grammar takes. The server is asked nothing, and no game is left, for a code that can't be one.
//
//   typedCodeError("KL1-D9N-AAAAAAG")  →  "A Klondike code has D1N, D1V, D3N or D3V in the middle."
export function typedCodeError(code) {
  // Without the grammar (a page with no boot data) the server alone judges the code.
  const found = ui.codes ? codeProblem(code) : null;
  if (!found) return null;
  const { problem, game, choices, ...values } = found;
  const list = new Intl.ListFormat(currentLanguage(), { type: "disjunction" });
  const particulars = game ? { game: t(`ui.game.${game}`), choices: list.format(choices) } : {};
  return t(`ui.code_check.${problem}`, { ...values, ...particulars });
}

// The dialog's error, under its title; one about the typed code (`atCode`) under the code
// field instead, next to what it is about and in sight while it is mended on a small phone
// (the field is the dialog's last, far below the title).
export function setNewGameError(text, { atCode = false } = {}) {
  const error = $("new-game-error");
  error.textContent = text ?? "";
  error.hidden = !text;
  if (atCode) $("code-input").closest(".code-entry").append(error);
  else $("new-game-title").after(error);
  $("code-input").toggleAttribute("aria-invalid", Boolean(text) && atCode);
  if (atCode) $("code-input").setAttribute("aria-describedby", "new-game-error");
  else $("code-input").removeAttribute("aria-describedby");
  // The dialog scrolls just enough to show it, the field above it staying in sight.
  if (text && atCode) error.scrollIntoView({ block: "nearest" });
}

// choice → {mode, variant|code|game_id}; onChoice answers an error text to show, or null.
export function openNewGame(choices, { onChoice, canRepeat, error = null }) {
  const dialog = $("new-game-dialog");
  const form = $("new-game-form");
  ui.dialogs.newGame.onChoice = onChoice;
  for (const [name, value] of Object.entries(choices)) setRadio(form, name, value);
  form.querySelector('[data-deal="same"]').disabled = !canRepeat;
  $("winnable-only").checked = Boolean(settings().winnable_only);
  showOptionsFor(form);
  setNewGameError(error);
  if (!dialog.open) dialog.showModal();
  form.querySelector('input[name="game"]:checked')?.focus();
}

export function setupNewGameDialog() {
  const dialog = $("new-game-dialog");
  const form = $("new-game-form");
  form.addEventListener("change", () => showOptionsFor(form));
  // "Winnable deals only" is remembered in the settings (a refused save leaves it as kept).
  const winnableOnly = $("winnable-only");
  winnableOnly.addEventListener("change", async () => {
    const error = await saveFrom(winnableOnly, { winnable_only: winnableOnly.checked });
    winnableOnly.checked = Boolean(settings().winnable_only);
    if (error) setNewGameError(error.message ?? t("ui.error_unexpected"));
  });
  const codeInput = $("code-input");
  async function choose(mode) {
    const choices = readChoices(form);
    const choice = { mode };
    if (mode === "code") {
      const code = codeInput.value.trim();
      if (!code) {
        setNewGameError(t("ui.code_missing"), { atCode: true });
        codeInput.focus();
        return;
      }
      // Checked before "Leave this game?" is asked (UI-11): a slip costs nothing.
      const mistyped = typedCodeError(code);
      if (mistyped) {
        setNewGameError(mistyped, { atCode: true });
        codeInput.select();
        return;
      }
      choice.code = code;
    } else if (mode !== "same") {
      choice.variant = variantOf(choices);
    }
    // LV-1: a new deal of a level is a graded deal, proven winnable already; "Any deal" is
    // the source's random deal. Only a new deal can be asked for winnable; the server may
    // take a few seconds.
    const level = new FormData(form).get("level") ?? "any";
    if (mode === "new" && level !== "any") choice.level = level;
    else if (mode === "new" && winnableOnly.checked) choice.winnable = true;
    const buttons = form.querySelectorAll("button");
    for (const button of buttons) button.setAttribute("aria-busy", "true");
    // Waiting is never silent: the solver's search is said while it runs.
    const looking = $("winnable-looking");
    looking.textContent = choice.winnable ? t("ui.winnable.looking") : "";
    looking.hidden = !choice.winnable;
    const error = await ui.dialogs.newGame.onChoice(choice, choices);
    looking.hidden = true;
    for (const button of buttons) button.removeAttribute("aria-busy");
    if (error) {
      setNewGameError(error, { atCode: mode === "code" });
      if (mode === "code") codeInput.select();
    } else {
      codeInput.value = "";
      dialog.close();
    }
  }
  for (const button of form.querySelectorAll("[data-deal]")) {
    button.addEventListener("click", () => choose(button.dataset.deal));
  }
  codeInput.addEventListener("keydown", (event) => {
    if (event.key === "Enter") {
      event.preventDefault();
      choose("code");
    }
  });
}
