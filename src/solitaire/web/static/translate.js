// The page's words in the board's language (i18n.js): data-i18n (text), data-i18n-aria-label,
// data-i18n-title and data-i18n-placeholder (attributes), and <html lang>. The server fills
// them for the first paint; this fills them again when the language changes.
//
//   translatePage();   translatePage(dialog);

import { currentLanguage, t } from "./i18n.js";

const ATTRIBUTES = [
  ["i18nAriaLabel", "aria-label"],
  ["i18nTitle", "title"],
  ["i18nPlaceholder", "placeholder"],
];

export function translatePage(root = document) {
  // board-links.js follows <html lang> to the pages' language.
  if (root === document) document.documentElement.lang = currentLanguage();
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
