// The player's settings (ui.settings), kept on the server (GET/PUT /api/settings) so that
// every tab and every visit plays the same way, over their defaults as the server declares
// them (ui.defaults, from the page's boot data).
//
//   await loadSettings();  settings().double_click  →  true
//   useSettings(boot.settings);   // the answer the board's page came with
//   await saveSettings({auto_placement: true});
//   await saveFrom(checkbox, {auto_placement: true});   // the control stays focused

import { ApiUnreachable, api } from "./api.js";
import { t } from "./i18n.js";
import { ui } from "./state.js";

export function settings() {
  return ui.settings;
}

export async function loadSettings() {
  const { status, body } = await api.settings();
  if (status === 200) useSettings(body);
  return ui.settings;
}

// Takes a GET /api/settings answer as the player's settings.
export function useSettings(body) {
  if (body && typeof body === "object") ui.settings = { ...ui.defaults, ...body };
}

// Saves a change; answers {error, message} when it was not saved (nothing changes then),
// the message in the player's language: the server's own, or the catalog's when the server
// can't be reached or answers no message of its own.
export async function saveSettings(changes) {
  let answer;
  try {
    // The server takes any subset of the settings and answers them all.
    answer = await api.saveSettings(changes);
  } catch (error) {
    if (error instanceof ApiUnreachable) return { error: "unreachable", message: t("ui.error_network") };
    throw error;
  }
  const { status, body } = answer;
  if (status !== 200) {
    // api.js marks an answer that is not JSON (a proxy's error page): its text is not ours.
    const own = body?.error !== "bad_response" && typeof body?.message === "string";
    return {
      error: body?.error ?? "bad_response",
      message: own ? body.message : t("ui.error_generic", { message: status }),
    };
  }
  ui.settings = { ...ui.defaults, ...body };
  return null;
}

// Saves a change a control asked for, after those asked before it (a quick second toggle is
// not overtaken by the first). The control keeps the focus meanwhile: it is marked busy, never
// disabled (a disabled control drops the focus). Answers as saveSettings does.
export function saveFrom(control, changes) {
  control.setAttribute("aria-busy", "true");
  const saved = ui.saving.then(() => saveSettings(changes));
  ui.saving = saved.catch(() => null);
  return saved.finally(() => control.removeAttribute("aria-busy"));
}
