// The dialogs (native <dialog>: focus moves in, Escape closes, focus comes back): New game,
// Settings, the won game's message, and the question before leaving a game (UI-11).
//
//   openNewGame({game: "SS", suits: 2}, {onChoice: async (choice) => errorTextOrNull})
//   if (await mayLeave(state)) …start another game…

import { saveFrom, settings } from "./settings.js";
import { currentLanguage, languageChoices, t, translatePage } from "./i18n.js";
import { clockTime } from "./stats.js";
import { setupTransfer } from "./transfer.js";

const $ = (id) => document.getElementById(id);

// -- New game -------------------------------------------------------------------------------

// The variant text of the dialog's choices: KL1-D3V, SS1-S2, EH1-N (docs/api.md, DL-3).
export function variantOf(choices) {
  if (choices.game === "KL") return `KL1-D${choices.draw}${choices.scoring}`;
  if (choices.game === "SS") return `SS1-S${choices.suits}`;
  return "EH1-N";
}

// The dialog's starting choices from the game being played and the settings (SS-1: the
// suit count offered is the last one chosen).
export function defaultChoices(state) {
  const choices = { game: "KL", draw: "1", scoring: "N", suits: String(settings().simple_simon_suits ?? 1) };
  if (!state) return choices;
  choices.game = state.game;
  const options = state.options ?? "";
  if (state.game === "KL" && /^D[13][NV]$/.test(options)) {
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

export function setNewGameError(text) {
  const error = $("new-game-error");
  error.textContent = text ?? "";
  error.hidden = !text;
}

let onNewGameChoice = null;

// choice → {mode, variant|code|game_id}; onChoice answers an error text to show, or null.
export function openNewGame(choices, { onChoice, canRepeat, error = null }) {
  const dialog = $("new-game-dialog");
  const form = $("new-game-form");
  onNewGameChoice = onChoice;
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
        setNewGameError(t("ui.code_missing"));
        codeInput.focus();
        return;
      }
      choice.code = code;
    } else if (mode !== "same") {
      choice.variant = variantOf(choices);
    }
    // Only a new deal can be asked for winnable; the server may take a few seconds.
    if (mode === "new" && winnableOnly.checked) choice.winnable = true;
    const buttons = form.querySelectorAll("button");
    for (const button of buttons) button.setAttribute("aria-busy", "true");
    const error = await onNewGameChoice(choice, choices);
    for (const button of buttons) button.removeAttribute("aria-busy");
    if (error) {
      setNewGameError(error);
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

// -- Settings --------------------------------------------------------------------------------

// The settings' switches, each a checkbox with its label and help from the catalog: the
// game's (ui.setting.<name>, ui.setting.<name>_help) and the looks' (ui.looks.<name>, …).
const SWITCHES = {
  "setting-switches": {
    words: "ui.setting.",
    names: [
      "double_click",
      "auto_placement",
      "placement_help",
      "interactive_rules",
      "auto_finish",
      "pick_and_place",
      "keyboard_shortcuts",
      "hints",
    ],
  },
  "looks-switches": { words: "ui.looks.", names: ["large_print", "four_colour", "left_handed"] },
};
const SETTING_NAMES = Object.values(SWITCHES).flatMap((group) => group.names);

function switchRow(name, words) {
  const label = document.createElement("label");
  label.className = "switch";
  const input = document.createElement("input");
  input.type = "checkbox";
  input.name = name;
  const text = document.createElement("span");
  const title = document.createElement("strong");
  title.dataset.i18n = `${words}${name}`;
  const help = document.createElement("small");
  help.dataset.i18n = `${words}${name}_help`;
  text.append(title, help);
  label.append(input, text);
  return label;
}

function drawSwitches(dialog) {
  for (const [id, { words, names }] of Object.entries(SWITCHES)) {
    $(id).replaceChildren(...names.map((name) => switchRow(name, words)));
  }
  translatePage(dialog);
}

// The looks chosen from a list (docs/board.md, "Looks").
const CHOICE_NAMES = ["theme", "card_back"];


export function setupSettingsDialog({ onError, onLanguage }) {
  const dialog = $("settings-dialog");
  drawSwitches(dialog);
  setupTransfer();
  const languageSelect = $("language-select");
  languageSelect.addEventListener("change", async () => {
    const wanted = languageSelect.value;
    const error = await saveFrom(languageSelect, { language: wanted });
    if (error) {
      languageSelect.value = currentLanguage();
      onError(error.message ?? t("ui.error_unexpected"));
    } else {
      await onLanguage(wanted);
    }
  });
  for (const name of SETTING_NAMES) {
    const input = dialog.querySelector(`input[name="${name}"]`);
    input.addEventListener("change", async () => {
      const error = await saveFrom(input, { [name]: input.checked });
      // A refused save leaves the setting as the server keeps it.
      input.checked = Boolean(settings()[name]);
      if (error) onError(error.message ?? t("ui.error_unexpected"));
      // The toolbar shows the Hint button only while "Hints" is on.
      else document.dispatchEvent(new CustomEvent("settings-changed"));
    });
  }
  for (const name of CHOICE_NAMES) {
    const select = dialog.querySelector(`select[name="${name}"]`);
    select.addEventListener("change", async () => {
      const error = await saveFrom(select, { [name]: select.value });
      select.value = settings()[name];
      if (error) onError(error.message ?? t("ui.error_unexpected"));
      else document.dispatchEvent(new CustomEvent("settings-changed"));
    });
  }
}

export function openSettings() {
  const dialog = $("settings-dialog");
  for (const name of SETTING_NAMES) {
    dialog.querySelector(`input[name="${name}"]`).checked = Boolean(settings()[name]);
  }
  for (const name of CHOICE_NAMES) dialog.querySelector(`select[name="${name}"]`).value = settings()[name];
  // Each language by its own name ("Română"), as the toolbar's selector lists them.
  const choices = languageChoices();
  const select = $("language-select");
  select.replaceChildren(
    ...choices.map(({ code, name }) => {
      const option = document.createElement("option");
      option.value = code;
      option.lang = code;
      option.textContent = name;
      return option;
    }),
  );
  select.value = currentLanguage();
  // A choice of one is no choice: the row shows once a second catalog exists.
  $("language-row").hidden = choices.length < 2;
  dialog.showModal();
}

// -- A won game --------------------------------------------------------------------------------

// Score, moves and the time played (UI-13); "New deal" deals the same kind of game at once.
export function openWon(state) {
  $("won-text").textContent = t("ui.won_text", { score: state.score_text, moves: state.moves });
  const time = $("won-time");
  time.hidden = typeof state.seconds !== "number";
  time.textContent = time.hidden ? "" : t("ui.won_time", { time: clockTime(state.seconds) });
  const dialog = $("won-dialog");
  if (!dialog.open) dialog.showModal();
}

export function closeWon() {
  const dialog = $("won-dialog");
  if (dialog.open) dialog.close();
}

// -- Leaving a game (UI-11) ----------------------------------------------------------------------

// Whether starting another game may go ahead: at once for a game with no move yet or won;
// otherwise the player is asked "Leave this game? It will count as lost.", staying being the
// default (Escape, or the focused button). Nothing changes while the question is open.
export function mayLeave(state) {
  if (!state || state.won || state.moves === 0) return Promise.resolve(true);
  const dialog = $("leave-dialog");
  dialog.returnValue = "";
  return new Promise((resolve) => {
    dialog.addEventListener("close", () => resolve(dialog.returnValue === "leave"), { once: true });
    dialog.showModal();
  });
}

export function anyDialogOpen() {
  return document.querySelector("dialog[open]") !== null;
}
