// The Settings dialog (native <dialog>): the game's switches and the looks', each saved on the
// server as it is changed (a refused save leaves it as the server keeps it), the language,
// and "Move your records to another device" (transfer.js).
//
//   setupSettingsDialog({ onError: showToast, onLanguage: async (lang) => {…} });   // once
//   openSettings();

import { currentLanguage, languageChoices, t } from "../i18n.js";
import { saveFrom, settings } from "../settings.js";
import { translatePage } from "../translate.js";
import { setupTransfer } from "./transfer.js";

const $ = (id) => document.getElementById(id);

// The settings' switches, each a checkbox with its label and help from the catalog: the
// game's (ui.setting.<name>, ui.setting.<name>_help) and the looks' (ui.looks.<name>, …).
const SWITCHES = {
  "setting-switches": {
    words: "ui.setting.",
    names: [
      "double_click",
      "one_tap_moves",
      "auto_placement",
      "placement_help",
      "interactive_rules",
      "auto_finish",
      "pick_and_place",
      "keyboard_shortcuts",
      "hints",
      "winnable_light",
      "show_clock",
      "sounds",
      "no_move_notice",
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
