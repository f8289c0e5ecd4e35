// The board's way to the pages and its language selector, both in the toolbar: the link
// opens the pages in the board's language (English pages for a language that has a catalog
// but no pages yet), and the selector — every language by its own name, as the Settings
// dialog lists them — saves the language setting and has the board reload its messages.
//
//   setupBoardLinks({ onLanguage: async (lang) => {…reload messages…}, onError: showToast })

import { ApiUnreachable } from "/static/api.js";
import { currentLanguage, languageChoices, t } from "/static/i18n.js";
import { saveSettings } from "/static/settings.js";

// The pages' language for the board's language (GET /api/site).
async function pagesLanguage(lang) {
  let response;
  try {
    response = await fetch(`/api/site?lang=${encodeURIComponent(lang)}`, {
      credentials: "same-origin",
    });
  } catch (error) {
    throw new ApiUnreachable(String(error));
  }
  const body = await response.json().catch(() => null);
  if (!response.ok || typeof body?.lang !== "string") {
    throw new Error(body?.message ?? t("ui.error_generic", { message: response.status }));
  }
  return body.lang;
}

function errorText(error) {
  return error instanceof ApiUnreachable ? t("ui.error_network") : String(error?.message ?? error);
}

export async function setupBoardLinks({ onLanguage, onError }) {
  const link = document.getElementById("pages-link");
  const select = document.getElementById("toolbar-language");
  if (!link || !select) return;

  async function refresh() {
    // The words first, from the messages already loaded; the address once the server answers.
    const help = t("site.help");
    link.querySelector("[data-pages-link-text]").textContent = help;
    link.setAttribute("aria-label", help);
    link.title = help;
    const options = languageChoices().map(({ code, name }) => {
      const option = document.createElement("option");
      option.value = code;
      option.lang = code;
      option.textContent = name;
      return option;
    });
    select.replaceChildren(...options);
    select.value = currentLanguage();
    const lang = await pagesLanguage(currentLanguage());
    link.href = `/${lang}/`;
    link.hreflang = lang;
  }

  select.addEventListener("change", async () => {
    const wanted = select.value;
    select.disabled = true;
    try {
      const error = await saveSettings({ language: wanted });
      if (error) {
        onError(error.message);
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
  new MutationObserver(() => refresh().catch((error) => onError(errorText(error)))).observe(
    document.documentElement,
    { attributes: true, attributeFilter: ["lang"] },
  );
  await refresh().catch((error) => onError(errorText(error)));
}
