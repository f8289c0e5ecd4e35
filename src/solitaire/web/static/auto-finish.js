// "Finish automatically" (UI-10, the setting `auto_finish`): as soon as a state from the server
// says a finish is possible, the board sends it, once per state, and only on a state the
// server sent (not on one drawn ahead of its answer, nor while actions are on their way).
// The policy has no DOM (tested under Node, tests/web/auto-finish.test.mjs).
//
//   finishByItself(state);   // each time a state is drawn

import { ui } from "./state.js";

// Whether `state` calls for a finish sent by itself, given the board's state `on`.
export function finishDue(state, on = ui) {
  if (!on.settings.auto_finish || !state.can_finish || state.won || state.unsure || on.game.busy()) return false;
  return on.finishedOn !== `${state.id}/${state.version}`;
}

export function finishByItself(state, on = ui) {
  if (!finishDue(state, on)) return;
  on.finishedOn = `${state.id}/${state.version}`;
  on.game.act({ type: "finish" });
}
