// Keyboard shortcuts: Ctrl+Z / Cmd+Z undo, Ctrl+Y or Ctrl+Shift+Z redo; and the one-key
// shortcuts N (New game), S (Statistics), H (a hint), I (the game's state, read out) and
// Space (the stock, when no card has the focus). The board's own keys (arrows, Tab between
// piles, Enter, Space, Escape, F, D: see focus.js) are offered to `board` first.
// Nothing here acts in a field or while a dialog is open (Escape closing a dialog is the
// native <dialog> behaviour), and the one-key shortcuts can be turned off in Settings
// (`keyboard_shortcuts`, WCAG 2.1.4); the controls that have one declare it
// (`aria-keyshortcuts`), only while it is on.
//
//   attachKeyboard({undo, redo, newGame, stats, stock, hint, state,
//                   shortcutsOn: () => true, board: (event) => true});  // true: the board's key

// The controls each one-key shortcut stands for, and the key they declare.
const DECLARED = [
  ["new-game-button", "N"],
  ["stats-button", "S"],
  ["hint-button", "H"],
];

// Says on each control which key works it, or nothing while the one-key shortcuts are off.
export function declareShortcuts(on) {
  for (const [id, key] of DECLARED) {
    const control = document.getElementById(id);
    if (!control) continue;
    if (on) control.setAttribute("aria-keyshortcuts", key);
    else control.removeAttribute("aria-keyshortcuts");
  }
}

export function attachKeyboard(commands) {
  document.addEventListener("keydown", (event) => {
    // A dialog open has the keys (native <dialog>: its own Escape, Tab, Enter).
    if (document.querySelector("dialog[open]") || event.altKey) return;
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
    } else if (!commands.shortcutsOn()) {
      return;
    } else if (key === "n") {
      event.preventDefault();
      commands.newGame();
    } else if (key === "s") {
      event.preventDefault();
      commands.stats();
    } else if (key === "h") {
      event.preventDefault();
      commands.hint();
    } else if (key === "i") {
      event.preventDefault();
      commands.state();
    } else if (event.key === " " && !(target instanceof HTMLButtonElement || target instanceof HTMLAnchorElement)) {
      // A focused button or link keeps Space for itself, as every one does.
      event.preventDefault();
      commands.stock();
    }
  });
}
