// Keyboard shortcuts: Ctrl+Z / Cmd+Z undo, N opens New game, S the Statistics, Space taps
// the stock.
// Escape closing dialogs is the native <dialog> behaviour. Keys typed into a field, or
// while a dialog is open, are left alone.
//
//   attachKeyboard({undo: () => …, newGame: () => …, stats: () => …, stock: () => …});

import { anyDialogOpen } from "./dialogs.js";

export function attachKeyboard(commands) {
  document.addEventListener("keydown", (event) => {
    if (anyDialogOpen() || event.altKey) return;
    const target = event.target;
    if (target instanceof HTMLElement && target.closest("input, textarea, select, [contenteditable]")) return;
    const key = event.key.toLowerCase();
    if ((event.ctrlKey || event.metaKey) && key === "z" && !event.shiftKey) {
      event.preventDefault();
      commands.undo();
    } else if (event.ctrlKey || event.metaKey) {
      return;
    } else if (key === "n") {
      event.preventDefault();
      commands.newGame();
    } else if (key === "s") {
      event.preventDefault();
      commands.stats();
    } else if (event.key === " " && !(target instanceof HTMLButtonElement)) {
      // A focused button keeps Space for itself, as every button does.
      event.preventDefault();
      commands.stock();
    }
  });
}
