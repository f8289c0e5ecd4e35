// The question before leaving a game in progress (UI-11, native <dialog> #leave-dialog):
// "Leave this game? It will count as lost.", Stay focused, Escape stays.
//
//   if (await mayLeave(state)) …start another game…

const $ = (id) => document.getElementById(id);

// Whether leaving `state` for another game asks first: only a game with a move and not won.
export const asksBeforeLeaving = (state) => Boolean(state) && !state.won && state.moves > 0;

// Whether starting another game may go ahead: at once for a game with no move yet or won;
// otherwise the player is asked "Leave this game? It will count as lost.", staying being the
// default (Escape, or the focused button). Nothing changes while the question is open.
export function mayLeave(state) {
  if (!asksBeforeLeaving(state)) return Promise.resolve(true);
  const dialog = $("leave-dialog");
  dialog.returnValue = "";
  return new Promise((resolve) => {
    dialog.addEventListener("close", () => resolve(dialog.returnValue === "leave"), { once: true });
    dialog.showModal();
  });
}
