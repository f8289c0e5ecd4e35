// The player's settings, kept on the server (GET/PUT /api/settings) so that every tab and
// every visit plays the same way. Until the server answers, the SPEC defaults hold.
//
//   await loadSettings();  settings().double_click  →  true
//   await saveSettings({auto_placement: true});

import { api } from "./api.js";

const DEFAULTS = {
  double_click: true,
  auto_placement: false,
  placement_help: true,
  interactive_rules: true,
  language: "en",
  simple_simon_suits: 1,
  hints: false,
  winnable_only: false,
};

let current = { ...DEFAULTS };

export function settings() {
  return current;
}

export async function loadSettings() {
  const { status, body } = await api.settings();
  if (status === 200 && body && typeof body === "object") current = { ...DEFAULTS, ...body };
  return current;
}

// Saves a change; answers the error body when the server refuses it (nothing changes then).
export async function saveSettings(changes) {
  // The server takes any subset of the settings and answers them all.
  const { status, body } = await api.saveSettings(changes);
  if (status !== 200) return body ?? { error: "bad_response", message: String(status) };
  current = { ...DEFAULTS, ...body };
  return null;
}
