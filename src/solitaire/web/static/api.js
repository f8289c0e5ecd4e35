// The one place that talks HTTP to the server (docs/api.md). Every call answers
// {status, body}; a network failure throws ApiUnreachable so callers can tell the player.
//
//   const {status, body} = await api.action(state.id, {version: 7, type: "stock"});

// i18n.js imports this module too; `t` is only called once both are loaded.
import { t } from "./i18n.js";

export class ApiUnreachable extends Error {}

// Exported for the tests, which send it an answer that is not JSON.
export async function request(method, path, body) {
  let response;
  try {
    response = await fetch(path, {
      method,
      credentials: "same-origin",
      headers: body === undefined ? {} : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    throw new ApiUnreachable(String(error));
  }
  let data = null;
  try {
    data = await response.json();
  } catch {
    // Not the API's JSON (a proxy's error page, say): the player reads the catalog's words
    // and the status; the browser's English status text is for developers only.
    console.error(`${method} ${path}: HTTP ${response.status} ${response.statusText}, not JSON`);
    data = { error: "bad_response", message: t("ui.error_generic", { message: response.status }) };
  }
  return { status: response.status, body: data };
}

export const api = {
  messages: (lang) => request("GET", `/api/messages?lang=${encodeURIComponent(lang)}`),
  settings: () => request("GET", "/api/settings"),
  saveSettings: (settings) => request("PUT", "/api/settings", settings),
  currentGame: () => request("GET", "/api/games/current"),
  game: (id) => request("GET", `/api/games/${encodeURIComponent(id)}`),
  // mode "new" | "daily" with variant, "code" with code, "same" with game_id.
  startGame: (choice) => request("POST", "/api/games", choice),
  action: (id, action) => request("POST", `/api/games/${encodeURIComponent(id)}/actions`, action),
  // The statistics per variant; reset one variant ("KL-D1N") or "all" from now on.
  stats: () => request("GET", "/api/stats"),
  resetStats: (variant) => request("POST", "/api/stats/reset", { variant }),
  // Finished games, newest first, a page at a time.
  history: (offset = 0, limit = 20) => request("GET", `/api/history?offset=${offset}&limit=${limit}`),
};
