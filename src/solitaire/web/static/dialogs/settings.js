// The Settings dialog (native <dialog>), in four groups: Play (the game's switches), Looks
// (the theme, the card back chosen from previews, how cards move, the looks' switches, the
// language), Help (the pages, the keys) and Records ("Move your records to another device",
// transfer.js). Each setting is saved on the server as it is changed (a refused save leaves it
// as the server keeps it). The title with the groups' shortcuts and Close stay in sight.
//
//   setupSettingsDialog({ onError: showToast, onLanguage: async (lang) => {…} });   // once
//   openSettings();
//   switchGroups({double_click: true, theme: "system", large_print: false, …})
//     →  {play: ["double_click", …], looks: ["large_print", …]}

import { currentLanguage, languageChoices, t } from "../i18n.js";
import { saveFrom, settings } from "../settings.js";
import { ui } from "../state.js";
import { translatePage } from "../translate.js";
import { setupTransfer } from "./transfer.js";

const $ = (id) => document.getElementById(id);

// The switches are the settings the server declares with a true/false default (the boot
// data's `defaults`, the server's PlayerSettings), so that the board lists none by hand. The
// board only says where each goes and in what order: the looks' in Looks, those kept
// elsewhere nowhere here, and every other one in Play, in this order, then any the order does
// not name yet (a new setting is never left out); a name the server does not declare is not
// drawn.
const PLAY_ORDER = [
  "double_click",
  "one_tap_moves",
  "pick_and_place",
  "auto_placement",
  "placement_help",
  "interactive_rules",
  "auto_finish",
  "hints",
  "winnable_light",
  "no_move_notice",
  "show_clock",
  "sounds",
  "keyboard_shortcuts",
];
const LOOKS_ORDER = ["large_print", "four_colour", "left_handed"];
// "Winnable deals only" is the New game dialog's checkbox.
const ELSEWHERE = new Set(["winnable_only"]);
// Each group's words: ui.setting.<name> and ui.setting.<name>_help; ui.looks.<name>, ….
const WORDS = { play: "ui.setting.", looks: "ui.looks." };

export function switchGroups(defaults) {
  const switches = Object.keys(defaults).filter((name) => typeof defaults[name] === "boolean" && !ELSEWHERE.has(name));
  const looks = LOOKS_ORDER.filter((name) => switches.includes(name));
  const named = PLAY_ORDER.filter((name) => switches.includes(name));
  const unnamed = switches.filter((name) => !PLAY_ORDER.includes(name) && !LOOKS_ORDER.includes(name));
  return { play: [...named, ...unnamed], looks };
}

// The settings chosen among a few values: a <select> (the theme) or radio buttons (the card
// back, how cards move). One the server does not declare is hidden.
const CHOICE_NAMES = ["theme", "card_back", "animations"];

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

// The settings the server declares: the boot data's defaults, or, for a board started
// without boot data, the settings the API answered (every setting, with its value).
function declared() {
  return Object.keys(ui.defaults ?? {}).length ? ui.defaults : (ui.settings ?? {});
}

function drawSwitches(dialog) {
  const groups = switchGroups(declared());
  $("setting-switches").replaceChildren(...groups.play.map((name) => switchRow(name, WORDS.play)));
  $("looks-switches").replaceChildren(...groups.looks.map((name) => switchRow(name, WORDS.looks)));
  translatePage(dialog);
  return [...groups.play, ...groups.looks];
}

// A choice's controls: its <select>, or its radio buttons.
const choiceControls = (dialog, name) => [...dialog.querySelectorAll(`[name="${name}"]`)];

function showChoice(dialog, name) {
  for (const control of choiceControls(dialog, name)) {
    if (control.type === "radio") control.checked = control.value === settings()[name];
    else control.value = settings()[name];
  }
}

export function setupSettingsDialog({ onError, onLanguage }) {
  const dialog = $("settings-dialog");
  const switchNames = drawSwitches(dialog);
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
  for (const name of switchNames) {
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
    const controls = choiceControls(dialog, name);
    const known = Object.hasOwn(declared(), name);
    for (const control of controls) {
      const row = control.closest("fieldset, .select-row");
      if (row) row.hidden = !known;
      control.addEventListener("change", async () => {
        const error = await saveFrom(control, { [name]: control.value });
        showChoice(dialog, name);
        if (error) onError(error.message ?? t("ui.error_unexpected"));
        else document.dispatchEvent(new CustomEvent("settings-changed"));
      });
    }
  }
  // The groups' shortcuts scroll their group to just under the head.
  const head = dialog.querySelector(".settings-head");
  for (const button of dialog.querySelectorAll(".settings-nav [data-group]")) {
    button.addEventListener("click", () => {
      dialog.style.setProperty("--head", `${head.offsetHeight + 4}px`);
      $(button.dataset.group).scrollIntoView({ block: "start", behavior: "smooth" });
    });
  }
}

export function openSettings() {
  const dialog = $("settings-dialog");
  for (const { name } of dialog.querySelectorAll('.switch input[type="checkbox"]')) {
    dialog.querySelector(`input[name="${name}"]`).checked = Boolean(settings()[name]);
  }
  for (const name of CHOICE_NAMES) showChoice(dialog, name);
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
  // It opens at its top, on the Play group.
  dialog.scrollTop = 0;
}
