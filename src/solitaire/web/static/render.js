// Drawing a game state on the board: one element per pile (data-pile="t3") holding its
// cards, placed by geometry.js. A pile whose cards and place are those already drawn keeps
// its element (a card gliding there goes on gliding, a card under a finger stays the same
// element); the others are drawn anew; anim.js makes the change visible.
//
//   renderBoard(boardElement, state)  →  Map(pile id → pile element)
//   renderBoard(boardElement, state, {fresh: true})   // every pile anew (a new language)

import { faceDownCard, faceUpCard, suitSymbol } from "./cards.js";
import { boardGeometry } from "./geometry.js";
import { largePrint, leftHanded } from "./looks.js";
import { pileName } from "./speech.js";

// card element → {pile, index}: where a card lies, without writing anything on the card
// that a face-down card could give away.
export const cardPlace = new WeakMap();

// pile element → what it was drawn from (its cards and place), to tell whether it changed.
const drawnFrom = new WeakMap();

function drawPile(pile, place, geometry, suit) {
  const element = document.createElement("div");
  element.className = `pile ${place.kind}`;
  element.dataset.pile = pile.id;
  // A named group: a screen reader says "Column 3" on entering it, then the card's name.
  element.setAttribute("role", "group");
  element.setAttribute("aria-label", pileName(pile.id));
  element.style.left = `${place.x}px`;
  element.style.top = `${place.y}px`;
  element.style.width = `${place.w}px`;
  element.style.height = `${place.h}px`;
  if (pile.cards.length === 0) element.classList.add("empty");
  if (place.kind === "stock") {
    // The recycle ring only where a tap would bring the waste back (stock_tap, docs/api.md);
    // the count of the cards left on a stock that has some.
    element.classList.toggle("recycle", pile.cards.length === 0 && place.recycle);
    if (pile.cards.length > 0) {
      element.dataset.count = String(pile.cards.length);
      // The top card rises above the stack's foot (geometry.js): the count sits on that card.
      element.style.setProperty("--top-rise", `${-place.cards.at(-1).y}px`);
    }
  }
  // KL-0, EH-0: an empty foundation shows, faintly, the suit it is kept for (board.css).
  if (suit) element.dataset.suit = suitSymbol(suit);
  if (place.indexSize !== geometry.indexSize) {
    element.style.setProperty("--index-size", `${place.indexSize}px`);
  }
  pile.cards.forEach((code, index) => {
    const card = code === null ? faceDownCard() : faceUpCard(code);
    card.style.left = `${place.cards[index].x}px`;
    card.style.top = `${place.cards[index].y}px`;
    card.style.zIndex = String(index + 1);
    cardPlace.set(card, { pile: pile.id, index });
    element.append(card);
  });
  return element;
}

export function renderBoard(board, state, { fresh = false } = {}) {
  const geometry = boardGeometry(state, board.clientWidth, board.clientHeight, {
    largePrint: largePrint(),
    leftHanded: leftHanded(),
  });
  board.dataset.size = `${board.clientWidth}x${board.clientHeight}`;
  board.style.setProperty("--card-w", `${geometry.cardW}px`);
  board.style.setProperty("--card-h", `${geometry.cardH}px`);
  board.style.setProperty("--index-size", `${geometry.indexSize}px`);
  board.dataset.game = state.game;
  board.toggleAttribute("data-small", geometry.cardW < 64);
  const drawn = [...board.querySelectorAll(":scope > [data-pile]")];
  const sameTable =
    !fresh &&
    drawn.length === state.piles.length &&
    drawn.every((element, i) => element.dataset.pile === state.piles[i].id);
  const pileElements = new Map();
  const foundationSuits = new Map(
    state.piles
      .filter((pile) => geometry.piles.get(pile.id).kind === "foundation")
      .map((pile, i) => [pile.id, state.foundation_suits?.[i]]),
  );
  const elements = state.piles.map((pile, i) => {
    let place = geometry.piles.get(pile.id);
    if (place.kind === "stock") place = { ...place, recycle: state.stock_tap?.to === "s" };
    const wanted = JSON.stringify([pile.cards, place, geometry.indexSize]);
    if (sameTable && drawnFrom.get(drawn[i]) === wanted) {
      pileElements.set(pile.id, drawn[i]);
      return drawn[i];
    }
    const element = drawPile(pile, place, geometry, foundationSuits.get(pile.id));
    drawnFrom.set(element, wanted);
    pileElements.set(pile.id, element);
    if (sameTable) drawn[i].replaceWith(element);
    return element;
  });
  if (!sameTable) board.replaceChildren(...elements);
  return pileElements;
}
