// Drawing a game state on the board: one element per pile (data-pile="t3") holding its
// cards, placed by geometry.js. The board is redrawn whole from each state the server sends;
// anim.js makes the change visible.
//
//   renderBoard(boardElement, state)  →  Map(pile id → pile element)

import { faceDownCard, faceUpCard } from "./cards.js";
import { boardGeometry } from "./geometry.js";
import { t } from "./i18n.js";

// card element → {pile, index}: where a card lies, without writing anything on the card
// that a face-down card could give away.
export const cardPlace = new WeakMap();

function pileLabel(id) {
  if (id === "s") return t("ui.pile.stock");
  if (id === "w") return t("ui.pile.waste");
  const number = id.slice(1);
  return t(id.startsWith("f") ? "ui.pile.foundation" : "ui.pile.column", { n: number });
}

export function renderBoard(board, state) {
  const geometry = boardGeometry(state, board.clientWidth, board.clientHeight);
  board.dataset.size = `${board.clientWidth}x${board.clientHeight}`;
  board.style.setProperty("--card-w", `${geometry.cardW}px`);
  board.style.setProperty("--card-h", `${geometry.cardH}px`);
  board.style.setProperty("--index-size", `${geometry.indexSize}px`);
  board.dataset.game = state.game;
  board.toggleAttribute("data-small", geometry.cardW < 64);
  const fragment = document.createDocumentFragment();
  const pileElements = new Map();
  for (const pile of state.piles) {
    const place = geometry.piles.get(pile.id);
    const element = document.createElement("div");
    element.className = `pile ${place.kind}`;
    element.dataset.pile = pile.id;
    // A named group: a screen reader says "Column 3" on entering it, then the card's name.
    element.setAttribute("role", "group");
    element.setAttribute("aria-label", pileLabel(pile.id));
    element.style.left = `${place.x}px`;
    element.style.top = `${place.y}px`;
    element.style.width = `${place.w}px`;
    element.style.height = `${place.h}px`;
    if (pile.cards.length === 0) element.classList.add("empty");
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
    pileElements.set(pile.id, element);
    fragment.append(element);
  }
  board.replaceChildren(fragment);
  return pileElements;
}
