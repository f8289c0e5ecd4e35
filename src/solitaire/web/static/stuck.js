// UI-19, the stuck moment: with "Say when no move is left" on, a notice over the table when
// the server's state says no move can change anything (`stuck`, each game's condition in
// docs/engine.md), with Undo and New game at hand. The notice's buttons are toolbar actions
// (data-action), so they do what the toolbar's do.
//
//   showStuck(state, settings());   // after each state drawn

export function showStuck(state, settings) {
  const notice = document.querySelector("[data-stuck]");
  if (!notice) return;
  const shown = Boolean(settings.no_move_notice && state?.stuck && !state.won);
  if (notice.hidden === !shown) return;
  notice.hidden = !shown;
  notice.querySelector("[data-action='undo']").disabled = !state?.can_undo;
}
