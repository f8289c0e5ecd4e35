// Drawing one card as DOM + CSS: crisp at any size because everything scales from the
// board's --card-w variable. A face-up card carries data-card="7H"; a face-down card is
// a bare back with nothing that could reveal it.
//
//   faceUpCard("TD")  →  <div class="card red" data-card="TD">…10♦…</div>

import { t } from "./i18n.js";
import { cardName } from "./speech.js";

const SUIT_SYMBOLS = { S: "♠", H: "♥", D: "♦", C: "♣" };
const RED_SUITS = new Set(["H", "D"]);
// The letters a language's own decks print in the corner (Dutch decks: H, V, B for heer,
// vrouw, boer) come from its catalog (ui.index.*); the numbers are the same everywhere.
const RANK_LABELS = { T: "10" };
const LETTERED = "AJQK";

function rankLabel(rank) {
  return LETTERED.includes(rank) ? t(`ui.index.${rank}`) : (RANK_LABELS[rank] ?? rank);
}

export function suitSymbol(letter) {
  return SUIT_SYMBOLS[letter];
}

export function rankOf(code) {
  return code.slice(0, -1);
}

export function suitOf(code) {
  return code.slice(-1);
}

function span(className, text) {
  const element = document.createElement("span");
  element.className = className;
  element.textContent = text;
  element.setAttribute("aria-hidden", "true");
  return element;
}

export function faceUpCard(code) {
  const rank = rankOf(code);
  const suit = suitOf(code);
  const symbol = SUIT_SYMBOLS[suit];
  const label = rankLabel(rank);
  const card = document.createElement("div");
  // s-D: the suit's own colour in the four-colour deck (board.css); only a face-up card has it.
  card.className = `card face ${RED_SUITS.has(suit) ? "red" : "black"} s-${suit}`;
  if ("JQK".includes(rank)) card.classList.add("court");
  card.dataset.card = code;
  card.setAttribute("role", "img");
  card.setAttribute("aria-label", cardName(code));
  const corner = document.createElement("span");
  corner.className = "corner";
  corner.setAttribute("aria-hidden", "true");
  corner.append(span("rank", label), span("suit", symbol));
  const far = corner.cloneNode(true);
  far.className = "corner far";
  // A second small suit under the rank shows in the draw-3 fan, where cards overlap sideways.
  card.append(corner, span("side-suit", symbol), span("pip", "JQK".includes(rank) ? label : symbol), far);
  if ("JQK".includes(rank)) card.append(span("pip-suit", symbol));
  return card;
}

export function faceDownCard() {
  const card = document.createElement("div");
  card.className = "card back";
  card.setAttribute("role", "img");
  card.setAttribute("aria-label", t("ui.card_face_down"));
  return card;
}
