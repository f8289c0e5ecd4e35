// Player-visible text, all from the server's message catalog (GET /api/messages, or the
// same answer delivered with the board's page), kept in the board's state (ui.i18n). No DOM
// here: translate.js fills the page's data-i18n* attributes.
//
//   await loadMessages("en");  t("ui.won_text", {score: "851", moves: 59})
//   useMessages(boot.messages);   // the answer the page came with

import { api } from "./api.js";
import { ui } from "./state.js";

export async function loadMessages(lang) {
  const { status, body } = await api.messages(lang);
  if (status !== 200 || !body || typeof body.messages !== "object") {
    throw new Error(`messages for ${lang}: HTTP ${status}`);
  }
  useMessages(body, lang);
}

// Takes a GET /api/messages answer as the board's words. Each language on offer is named in
// itself ({"ro": "Română"}), in menu order, from the server: a language's name comes from its
// own catalog (language.name).
export function useMessages(body, lang = body.lang) {
  const words = ui.i18n;
  words.messages = body.messages;
  words.language = body.lang || lang;
  if (Array.isArray(body.available) && body.available.length > 0) words.available = body.available;
  if (body.names && typeof body.names === "object") words.names = body.names;
}

// The text of a message id with {name} placeholders filled; a missing id shows the id
// itself, so a forgotten catalog entry is visible rather than silently blank.
export function t(id, params = {}) {
  const text = ui.i18n.messages[id] ?? id;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

export function currentLanguage() {
  return ui.i18n.language;
}

// The languages the server has a catalog for, each by its own name ("Română"), in the order
// of every language menu (the server's `names`; a code only if a name is missing).
export function languageChoices() {
  const { names, available } = ui.i18n;
  const codes = Object.keys(names).length > 0 ? Object.keys(names) : available;
  return codes.map((code) => ({ code, name: names[code] || code }));
}
