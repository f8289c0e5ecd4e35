// Drawing what the game module says is on the table. The board is redrawn only when its
// cards changed, so that a card gliding to its place is not replaced for nothing; a new deal
// is dealt from the stock (UI-18); each change glides from where every card was seen
// (anim.js), the middle of a glide included;
// and nothing is redrawn under a finger: a state that comes during a press is drawn when the
// press ends (the dragged cards stay the ones the player holds).
//
//   const view = createView(board, { pressing, cursor, arrange: (state) => …, drawn: (state, before) => … });
//
// `arrange` sets what takes room around the board (the toolbar's words, the challenge's bar)
// before the board is laid out, so that the board is laid out once, at its size: set after,
// it would change the board's size and the board would be laid out again a frame later,
// every pile drawn anew under a finger or a pointer already on a card.
//   view.show(state, {animate: true});   view.flush();   view.resized();   view.relabel();

import { animateFrom, dealFrom, flyHome, isNewDeal, snapshotCards } from "./anim.js";
import { renderBoard } from "./render.js";

function sameTable(a, b) {
  if (!a || !b || a.id !== b.id || a.fan !== b.fan || a.piles.length !== b.piles.length) return false;
  return a.piles.every((pile, i) => {
    const other = b.piles[i];
    return pile.id === other.id && pile.cards.length === other.cards.length && pile.cards.every((card, j) => card === other.cards[j]);
  });
}

export function createView(board, { pressing, cursor, arrange, drawn }) {
  let current = null;
  let waiting = null;

  function draw(state, animate) {
    const before = current;
    arrange(state);
    if (!sameTable(before, state)) {
      const seen = animate && before ? snapshotCards(board) : null;
      renderBoard(board, state);
      cursor.redraw(state);
      // A new deal is dealt (UI-18); a finish's cards go up one by one; any other change
      // glides at once.
      const finish = state.last?.action === "finish" && before?.id === state.id && !before.won;
      if (isNewDeal(before, state)) dealFrom(board);
      else if (seen && finish) flyHome(board, seen, before, state);
      else if (seen) animateFrom(board, seen);
    }
    current = state;
    drawn(state, before);
  }

  function relabel() {
    if (!current) return;
    arrange(current);
    renderBoard(board, current, { fresh: true });
    cursor.redraw(current);
    drawn(current, current);
  }

  function resized() {
    const size = `${board.clientWidth}x${board.clientHeight}`;
    if (!current || board.dataset.size === size || pressing()) return;
    const flying = board.getAnimations({ subtree: true });
    if (flying.length > 0) {
      Promise.allSettled(flying.map((animation) => animation.finished)).then(resized);
      return;
    }
    relabel();
  }

  return {
    show(state, { animate = true } = {}) {
      if (pressing()) {
        // The first of the states waiting keeps its wish to glide.
        waiting = { state, animate: animate || Boolean(waiting?.animate) };
        return;
      }
      waiting = null;
      draw(state, animate);
    },
    // After a press: the state that came meanwhile, if any.
    flush() {
      if (!waiting || pressing()) return;
      const { state, animate } = waiting;
      waiting = null;
      draw(state, animate);
    },
    // The board changed size: the same state laid out again, if it was drawn at another size —
    // once the cards in flight have landed (a finish's cards, a glide), so none is cut short.
    resized,
    // The same state drawn again (its cards' and piles' names in a new language).
    relabel,
    current: () => current,
  };
}
