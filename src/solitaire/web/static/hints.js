// Hints (the "hints" setting; the Hint button or H): the server's solver, which sees the
// face-down cards, names the next move of a solution by its piles; the cards to move and
// their target light up until the player acts or dismisses it (Escape, a press on the
// table), and the live region says it. A hint is asked about the
// true position: after every action is answered.
//
//   const hints = createHints(board, { game, adopt: (state) => …, onError: showToast });
//   hints.show();   hints.clear();   hints.settle(state);   // each state drawn

import { api } from "./api.js";
import { t } from "./i18n.js";
import { announce, cardName, pileName } from "./speech.js";
import { hideToast, showToast } from "./toast.js";

// A search may take a second or two: past this, the player is told it is under way.
const SEARCHING_MS = 400;

export function createHints(board, { game, adopt }) {
  // The version of the game the hint was shown on: another version means the player acted.
  let hinted = null;

  function clear() {
    hinted = null;
    delete board.dataset.hint;
    for (const element of board.querySelectorAll(".hint-source, .hint-target")) {
      element.classList.remove("hint-source", "hint-target");
    }
  }

  // What the hint says aloud: "Hint: Seven of hearts to Column 4."
  function said(hint, state) {
    if (hint.pile === "s") return t("ui.hint.said_stock");
    const code = state.piles.find((pile) => pile.id === hint.pile)?.cards[hint.index];
    if (!code) return t("ui.hint.said_stock");
    return t("ui.hint.said", { move: t("ui.keys.moved", { card: cardName(code), pile: pileName(hint.target) }) });
  }

  // The card at `index` of `pile` (with those on it) would go to `target`.
  function highlight(hint) {
    clear();
    const source = board.querySelector(`[data-pile="${hint.pile}"]`);
    const target = board.querySelector(`[data-pile="${hint.target}"]`);
    if (!source || !target) return;
    const cards = [...source.querySelectorAll(".card")];
    const moving = hint.index === null ? [source] : cards.slice(hint.index);
    for (const element of moving) element.classList.add("hint-source");
    target.classList.add("hint-target");
    board.dataset.hint = hint.move;
    hinted = game.confirmed()?.version ?? null;
  }

  async function show() {
    await game.idle();
    const asked = game.confirmed();
    if (!asked || asked.won) return;
    const button = document.getElementById("hint-button");
    button.setAttribute("aria-busy", "true");
    let searching = false;
    const slow = setTimeout(() => {
      searching = true;
      showToast(t("ui.hint.searching"));
    }, SEARCHING_MS);
    let answer;
    try {
      answer = await api.hint(asked.id, asked.version);
    } finally {
      clearTimeout(slow);
      button.removeAttribute("aria-busy");
      if (searching) hideToast();
    }
    const { status, body } = answer;
    if (status === 409 && body?.state) {
      adopt(body.state);
      return;
    }
    if (status !== 200) {
      showToast(body?.message ?? t("ui.error_generic", { message: status }), { kind: "error" });
      return;
    }
    // The game moved on while the solver searched: that hint is for a position gone.
    const now = game.confirmed();
    if (game.busy() || now.id !== asked.id || now.version !== body.version) return;
    if (body.found) {
      highlight(body);
      announce(said(body, now));
    } else showToast(body.message);
  }

  // A state drawn at another version than the hint's: the player acted, the hint is done.
  function settle(state) {
    if (board.dataset.hint !== undefined && state?.version !== hinted) clear();
  }

  board.addEventListener("pointerdown", () => board.dataset.hint !== undefined && clear());
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && board.dataset.hint !== undefined) clear();
  });

  return { show, clear, settle };
}
