// Player-visible text, all from the server's message catalog (GET /api/messages, or the
// same answer delivered with the board's page). The HTML carries only message ids:
// data-i18n (text), data-i18n-aria-label, data-i18n-title and data-i18n-placeholder
// (attributes), filled by translatePage() (and by the server for the first paint).
//
//   await loadMessages("en");  t("ui.won_text", {score: "851", moves: 59})
//   useMessages(boot.messages);   // the answer the page came with

import { api } from "./api.js";

let messages = {};
let language = "en";
let available = ["en"];
// Each language on offer named in itself ({"ro": "Română"}), in menu order, from the server:
// a language's name comes from its own catalog (language.name).
let names = {};

export async function loadMessages(lang) {
  const { status, body } = await api.messages(lang);
  if (status !== 200 || !body || typeof body.messages !== "object") {
    throw new Error(`messages for ${lang}: HTTP ${status}`);
  }
  useMessages(body, lang);
}

// Takes a GET /api/messages answer as the board's words.
export function useMessages(body, lang = body.lang) {
  messages = body.messages;
  language = body.lang || lang;
  if (Array.isArray(body.available) && body.available.length > 0) available = body.available;
  if (body.names && typeof body.names === "object") names = body.names;
  document.documentElement.lang = language;
}

// The text of a message id with {name} placeholders filled; a missing id shows the id
// itself, so a forgotten catalog entry is visible rather than silently blank.
export function t(id, params = {}) {
  const text = messages[id] ?? id;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

export function currentLanguage() {
  return language;
}

// The languages the server has a catalog for, each by its own name ("Română"), in the order
// of every language menu (the server's `names`; a code only if a name is missing).
export function languageChoices() {
  const codes = Object.keys(names).length > 0 ? Object.keys(names) : available;
  return codes.map((code) => ({ code, name: names[code] || code }));
}

const ATTRIBUTES = [
  ["i18nAriaLabel", "aria-label"],
  ["i18nTitle", "title"],
  ["i18nPlaceholder", "placeholder"],
];

export function translatePage(root = document) {
  for (const element of root.querySelectorAll("[data-i18n]")) {
    element.textContent = t(element.dataset.i18n);
  }
  for (const [key, attribute] of ATTRIBUTES) {
    const selector = `[data-${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}]`;
    for (const element of root.querySelectorAll(selector)) {
      element.setAttribute(attribute, t(element.dataset[key]));
    }
  }
}
