// Keyboard shortcuts: Ctrl+Z / Cmd+Z undo, Ctrl+Y or Ctrl+Shift+Z redo, N opens New game,
// S the Statistics, Space taps
// the stock when no card has the focus. The board's own keys (arrows, Tab between piles,
// Enter, Space, Escape, F, D: see focus.js) are offered to `board` first.
// Escape closing dialogs is the native <dialog> behaviour. Keys typed into a field, or
// while a dialog is open, are left alone.
//
//   attachKeyboard({undo: () => …, redo: () => …, newGame: () => …, stats: () => …, stock: () => …,
//                   board: (event) => true});   // true: the board used the key

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
    } else if ((event.ctrlKey || event.metaKey) && (key === "y" || (key === "z" && event.shiftKey))) {
      // UI-9: Ctrl+Y, and Ctrl+Shift+Z as on a Mac (Cmd+Shift+Z).
      event.preventDefault();
      commands.redo();
    } else if (event.ctrlKey || event.metaKey) {
      return;
    } else if (commands.board?.(event)) {
      event.preventDefault();
    } else if (key === "n") {
      event.preventDefault();
      commands.newGame();
    } else if (key === "s") {
      event.preventDefault();
      commands.stats();
    } else if (event.key === " " && !(target instanceof HTMLButtonElement || target instanceof HTMLAnchorElement)) {
      // A focused button or link keeps Space for itself, as every one does.
      event.preventDefault();
      commands.stock();
    }
  });
}
