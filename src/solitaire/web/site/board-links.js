// The board's way to the pages and its language selector, both in the toolbar: the link
// opens the pages in the board's language, and the selector (English / Română / Nederlands,
// names from the server) saves the language setting and has the board reload its messages.
//
//   setupBoardLinks({ onLanguage: async (lang) => {…reload messages…}, onError: showToast })

import { currentLanguage } from "/static/i18n.js";
import { saveSettings } from "/static/settings.js";

async function siteInfo(lang) {
  const response = await fetch(`/api/site?lang=${encodeURIComponent(lang)}`, {
    credentials: "same-origin",
  });
  if (!response.ok) throw new Error(`site info for ${lang}: HTTP ${response.status}`);
  return response.json();
}

export async function setupBoardLinks({ onLanguage, onError }) {
  const link = document.getElementById("pages-link");
  const select = document.getElementById("toolbar-language");
  if (!link || !select) return;

  async function refresh() {
    const info = await siteInfo(currentLanguage());
    link.href = `/${info.lang}/`;
    link.hreflang = info.lang;
    link.querySelector("[data-pages-link-text]").textContent = info.texts.help;
    link.setAttribute("aria-label", info.texts.help);
    link.title = info.texts.help;
    const options = Object.entries(info.languages).map(([code, name]) => {
      const option = document.createElement("option");
      option.value = code;
      option.lang = code;
      option.textContent = name;
      return option;
    });
    select.replaceChildren(...options);
    select.value = info.lang;
  }

  select.addEventListener("change", async () => {
    const wanted = select.value;
    select.disabled = true;
    try {
      const error = await saveSettings({ language: wanted });
      if (error) {
        onError(error.message ?? String(error.error));
        select.value = currentLanguage();
        return;
      }
      await onLanguage(wanted);
    } finally {
      select.disabled = false;
    }
  });

  // The messages' language may also change from the settings dialog: loadMessages() sets
  // <html lang>, and the link and the selector follow it.
  new MutationObserver(() => refresh().catch((error) => onError(String(error)))).observe(
    document.documentElement,
    { attributes: true, attributeFilter: ["lang"] },
  );
  await refresh();
}
