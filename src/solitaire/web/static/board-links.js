// The board's way to the pages and its language selector, both in the toolbar: the link
// opens the pages in the board's language (English pages for a language that has a catalog
// but no pages yet), and the selector — every language by its own name, as the Settings
// dialog lists them — saves the language setting and has the board reload its messages.
//
//   setupBoardLinks({ pages: "ro", onLanguage: async (lang) => {…}, onError: showToast })

import { ApiUnreachable, api } from "./api.js";
import { currentLanguage, languageChoices, t } from "./i18n.js";
import { saveFrom } from "./settings.js";

// The pages' language for the board's language (GET /api/site).
async function pagesLanguage(lang) {
  const { status, body } = await api.site(lang);
  if (status !== 200 || typeof body?.lang !== "string") {
    throw new Error(body?.message ?? t("ui.error_generic", { message: status }));
  }
  return body.lang;
}

function errorText(error) {
  return error instanceof ApiUnreachable ? t("ui.error_network") : String(error?.message ?? error);
}

// `pages`: the pages' language the board's page came with (null: ask the server).
export function setupBoardLinks({ pages = null, onLanguage, onError }) {
  const link = document.getElementById("pages-link");
  const select = document.getElementById("toolbar-language");
  if (!link || !select) return;
  let known = pages === null ? null : { board: currentLanguage(), pages };

  async function refresh() {
    // The words first, from the messages already loaded; the address once it is known.
    const help = t("site.help");
    // The Settings dialog holds the same link (a phone's bar has no room for it).
    const inSettings = document.getElementById("settings-pages-link");
    link.querySelector("[data-pages-link-text]").textContent = help;
    if (inSettings) inSettings.textContent = help;
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
    const board = currentLanguage();
    const lang = known?.board === board ? known.pages : await pagesLanguage(board);
    known = { board, pages: lang };
    for (const each of [link, inSettings]) {
      if (!each) continue;
      each.href = `/${lang}/`;
      each.hreflang = lang;
    }
  }

  select.addEventListener("change", async () => {
    const wanted = select.value;
    const error = await saveFrom(select, { language: wanted });
    if (error) {
      onError(error.message);
      select.value = currentLanguage();
      return;
    }
    await onLanguage(wanted);
  });

  // The messages' language may also change from the settings dialog: loadMessages() sets
  // <html lang>, and the link and the selector follow it.
  new MutationObserver(() => refresh().catch((error) => onError(errorText(error)))).observe(
    document.documentElement,
    { attributes: true, attributeFilter: ["lang"] },
  );
  refresh().catch((error) => onError(errorText(error)));
}
