// The one place that talks HTTP to the server (docs/api.md): the board's modules, the pages'
// scripts and the toolbar's links all call it. Every call answers {status, body}; a network
// failure throws ApiUnreachable so callers can tell the player. It knows no words: an
// answer that is not the API's JSON comes back as {error: "bad_response"}, and the caller
// says it in the player's language.
//
//   const {status, body} = await api.action(state.id, {version: 7, type: "stock"});

export class ApiUnreachable extends Error {}

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
  if (response.status === 204) return { status: 204, body: null }; // done, nothing to say
  try {
    data = await response.json();
  } catch {
    // Not the API's JSON (a proxy's error page, say): the browser's English status text is
    // for developers only.
    console.error(`${method} ${path}: HTTP ${response.status} ${response.statusText}, not JSON`);
    data = { error: "bad_response" };
  }
  return { status: response.status, body: data };
}

const game = (id) => `/api/games/${encodeURIComponent(id)}`;

export const api = {
  messages: (lang) => request("GET", `/api/messages?lang=${encodeURIComponent(lang)}`),
  settings: () => request("GET", "/api/settings"),
  saveSettings: (settings) => request("PUT", "/api/settings", settings),
  // The pages' language for a board language, every language's own name, the page titles.
  site: (lang) => request("GET", `/api/site?lang=${encodeURIComponent(lang)}`),
  currentGame: () => request("GET", "/api/games/current"),
  game: (id) => request("GET", game(id)),
  // mode "new" | "daily" with variant, "code" with code, "same" with game_id.
  startGame: (choice) => request("POST", "/api/games", choice),
  action: (id, action) => request("POST", `${game(id)}/actions`, action),
  // Whether the rules would take an action, without taking it: {legal, reason, message}.
  check: (id, action) => request("POST", `${game(id)}/check`, action),
  // UI-16: the board's clock for the game, in milliseconds played; answers {played_ms} kept.
  clock: (id, playedMs) => request("POST", `${game(id)}/clock`, { played_ms: playedMs }),
  // The same as the page goes away (a beacon outlives the page); false when not sent.
  clockBeacon: (id, playedMs) =>
    Boolean(navigator.sendBeacon?.(`${game(id)}/clock`, new Blob([JSON.stringify({ played_ms: playedMs })], { type: "application/json" }))),
  // The next move of a solution from the position at `version` (when hints are on).
  hint: (id, version) => request("POST", `${game(id)}/hint`, { version }),
  // The statistics per variant, of every game or of some (LV-1, DC-1): {level: "hard"},
  // {challenge: true}; reset one variant ("KL-D1N") or "all" from now on.
  stats: ({ level = null, challenge = false } = {}) => {
    const query = new URLSearchParams();
    if (level) query.set("level", level);
    if (challenge) query.set("challenge", "true");
    return request("GET", query.size ? `/api/stats?${query}` : "/api/stats");
  },
  // UI-20: the solver's verdict on the game at `version` ({verdict}, never a move).
  winnable: (id, version) => request("POST", `${game(id)}/winnable`, { version }),
  // What a won game did to its variant's records (the won dialog).
  records: (id) => request("GET", `${game(id)}/records`),
  resetStats: (variant) => request("POST", "/api/stats/reset", { variant }),
  // The month's daily challenges (DC-1): "2026-11", or null for this month.
  challenges: (month) => request("GET", month ? `/api/challenges?month=${encodeURIComponent(month)}` : "/api/challenges"),
  // Finished games, newest first, a page at a time.
  history: (offset = 0, limit = 20) => request("GET", `/api/history?offset=${offset}&limit=${limit}`),
  // UI-21: a game's start and log (to go on with it offline), and the games played offline.
  record: (id) => request("GET", `/api/sync/games/${encodeURIComponent(id)}`),
  sync: (games) => request("POST", "/api/sync/games", { games }),
  // A link that makes another browser this player (RC-2), and its cancellation.
  makeTransfer: () => request("POST", "/api/player/transfer"),
  // Until when the player's link works ({expires_at: null}: none); the link itself is not kept.
  transferStatus: () => request("GET", "/api/player/transfer"),
  cancelTransfer: () => request("DELETE", "/api/player/transfer"),
};
