// The pages' script: a language picked on a page becomes the player's language (as on the
// board), and the examples page gets its replays. The links work without it too.

import { api } from "../static/api.js";
import { registerServiceWorker } from "../static/offline.js";
import { mountReplays } from "./replay.js";

async function chooseLanguage(event) {
  const link = event.target.closest("a[data-lang]");
  if (!link || link.hasAttribute("aria-current")) return;
  event.preventDefault();
  try {
    await api.saveSettings({ language: link.dataset.lang });
  } catch {
    // Not saved (the server can't be reached): the page opens in that language all the same.
  } finally {
    // Saved or not, the reader asked for the page in that language.
    window.location.assign(link.href);
  }
}

// On a phone the pages' list is one sideways-scrolling row: bring the current page into it.
function showCurrentPage() {
  const list = document.querySelector(".site-nav ul");
  const current = list?.querySelector("[aria-current]")?.closest("li");
  if (list && current && list.scrollWidth > list.clientWidth) {
    list.scrollLeft = current.offsetLeft - list.offsetLeft - 14;
  }
}

// A code block or a table wider than the screen scrolls in its own box: it takes the focus,
// so that the keys can scroll it too (WCAG 2.1.1).
function scrollablesTakeFocus() {
  for (const element of document.querySelectorAll(".site-page :is(pre, table)")) {
    if (element.scrollWidth > element.clientWidth + 1) element.tabIndex = 0;
    else element.removeAttribute("tabindex");
  }
}

document.addEventListener("click", chooseLanguage);
scrollablesTakeFocus();
// The pages open offline too, once a visit has kept them (web/sw.js).
registerServiceWorker();
new ResizeObserver(scrollablesTakeFocus).observe(document.documentElement);
showCurrentPage();
mountReplays(document)
  .catch((error) => console.error("replays:", error))
  .finally(() => {
    document.body.dataset.ready = "true";
  });
