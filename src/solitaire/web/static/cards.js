// Drawing one card as DOM + SVG: crisp at any size because everything scales from the
// board's --card-w variable. A face-up card carries data-card="7H"; a face-down card is
// a bare back with nothing that could reveal it. The suits and the court figures are SVG
// symbols drawn once in the page (cardSymbols) and referenced with <use>, so a card adds
// a few small elements and no image to fetch.
//
//   faceUpCard("TD")  →  <div class="card red" data-card="TD">…10♦, ten pips…</div>

import { t } from "./i18n.js";
import { cardName } from "./speech.js";

const SUIT_SYMBOLS = { S: "♠", H: "♥", D: "♦", C: "♣" };
const RED_SUITS = new Set(["H", "D"]);
// The letters a language's own decks print in the corner (Dutch decks: H, V, B for heer,
// vrouw, boer) come from its catalog (ui.index.*); the numbers are the same everywhere.
const RANK_LABELS = { T: "10" };
const LETTERED = "AJQK";
const SVG = "http://www.w3.org/2000/svg";

// Where the pips of a number card lie, as the usual decks print them: [column, row] with
// columns 0 (left), 0.5 (middle), 1 (right) and rows from 0 (top) to 1 (bottom) of the space
// between the corners; a pip below the middle is printed upside down.
const L = 0;
const C = 0.5;
const R = 1;
const PIPS = {
  A: [[C, 0.5]],
  2: [[C, 0], [C, 1]],
  3: [[C, 0], [C, 0.5], [C, 1]],
  4: [[L, 0], [R, 0], [L, 1], [R, 1]],
  5: [[L, 0], [R, 0], [C, 0.5], [L, 1], [R, 1]],
  6: [[L, 0], [R, 0], [L, 0.5], [R, 0.5], [L, 1], [R, 1]],
  7: [[L, 0], [R, 0], [C, 0.25], [L, 0.5], [R, 0.5], [L, 1], [R, 1]],
  8: [[L, 0], [R, 0], [C, 0.25], [L, 0.5], [R, 0.5], [C, 0.75], [L, 1], [R, 1]],
  9: [[L, 0], [R, 0], [L, 1 / 3], [R, 1 / 3], [C, 0.5], [L, 2 / 3], [R, 2 / 3], [L, 1], [R, 1]],
  T: [[L, 0], [R, 0], [C, 1 / 6], [L, 1 / 3], [R, 1 / 3], [L, 2 / 3], [R, 2 / 3], [C, 5 / 6], [L, 1], [R, 1]],
};
// How many pips high each pattern is: the pips are as large as that many fit.
const PIP_ROWS = { A: 1, 2: 2, 3: 3, 4: 2, 5: 3, 6: 3, 7: 4, 8: 4, 9: 4, T: 4 };

// The four suits (viewBox 0 0 100 100) and the upper half of each court figure (viewBox
// 0 0 100 50; the card prints it twice, the second turned about the middle, as real decks
// do). The robes take the suit's colour (currentColor), so the four-colour deck and the
// dark theme need nothing more. Drawn for this app. What a figure holds (the king's sword,
// the queen's rose, the jack's halberd) stands at its right, clear of the suit printed in
// the picture's corner at its left (courtPicture: x 6 – 21, y 5 – 20), as does everything
// else of the figure; the jack's feather sweeps left from his cap, short of that suit.
const GOLD = "#d9a21b";
const SKIN = "#f4d2ab";
const HAIR = "#4a3220";
const LINE = "#2b2118";
const ROBE = `<path d="M15 50v-8c0-7 10-11 22-12h26c12 1 22 5 22 12v8Z" fill="currentColor"/>
<path d="M38 30c4 7 20 7 24 0M50 37v13" fill="none" stroke="${GOLD}" stroke-width="3"/>
<path d="M15 45h15M70 45h15" stroke="${GOLD}" stroke-width="2.5"/>
<path d="M45 26h10v6H45z" fill="${SKIN}"/>`;
const HEAD = `<ellipse cx="50" cy="19" rx="9.5" ry="11" fill="${SKIN}" stroke="${LINE}" stroke-width="1"/>
<circle cx="46.5" cy="18" r="1.2" fill="${LINE}"/><circle cx="53.5" cy="18" r="1.2" fill="${LINE}"/>
<path d="M47 24.5q3 1.6 6 0" fill="none" stroke="${LINE}" stroke-width="0.9"/>`;
const SYMBOLS = `
<symbol id="suit-S" viewBox="0 0 100 100"><path d="M50 3C62 22 95 38 95 60c0 15-11 24-23 24-9 0-15-4-18-10 1 10 5 17 13 22H33c8-5 12-12 13-22-3 6-9 10-18 10C16 84 5 75 5 60 5 38 38 22 50 3Z"/></symbol>
<symbol id="suit-H" viewBox="0 0 100 100"><path d="M50 94C21 68 3 51 3 31 3 15 15 5 28 5c10 0 18 6 22 15 4-9 12-15 22-15 13 0 25 10 25 26 0 20-18 37-47 63Z"/></symbol>
<symbol id="suit-D" viewBox="0 0 100 100"><path d="M50 2 90 50 50 98 10 50Z"/></symbol>
<symbol id="suit-C" viewBox="0 0 100 100"><circle cx="50" cy="27" r="21"/><circle cx="26" cy="60" r="21"/><circle cx="74" cy="60" r="21"/><path d="M40 40h20v20H40zM46 58c0 17-5 28-13 37h34c-8-9-13-20-13-37Z"/></symbol>
<symbol id="court-K" viewBox="0 0 100 50">${ROBE}<path d="M80 4v42M74 31h12" stroke="#8d979f" stroke-width="3"/>${HEAD}
<path d="M41 21c0 13 18 13 18 0-3 5-15 5-18 0Z" fill="${HAIR}"/>
<path d="M40 11V1l5 5 5-6 5 6 5-5v10Z" fill="${GOLD}" stroke="${LINE}" stroke-width="0.8"/></symbol>
<symbol id="court-Q" viewBox="0 0 100 50">${ROBE}<path d="M79 45V20" stroke="#3f8a3f" stroke-width="2"/>
<circle cx="79" cy="16" r="5" fill="#d6336c"/><circle cx="79" cy="16" r="2" fill="${GOLD}"/>
<path d="M41 13c-5 9-4 17-1 22l5-3c-2-6-2-12 0-17ZM59 13c5 9 4 17 1 22l-5-3c2-6 2-12 0-17Z" fill="${HAIR}"/>${HEAD}
<path d="M41 12c1-6 5-9 9-10 4 1 8 4 9 10Z" fill="${GOLD}" stroke="${LINE}" stroke-width="0.8"/>
<circle cx="50" cy="7" r="1.6" fill="#d6336c"/></symbol>
<symbol id="court-J" viewBox="0 0 100 50">${ROBE}<path d="M79 46V6" stroke="#8a5a2b" stroke-width="2.5"/>
<path d="M79 6c7 2 9 7 9 11l-9-3Z" fill="#8d979f"/>${HEAD}
<path d="M39 14c0-9 22-9 22 0l4 1H35Z" fill="currentColor" stroke="${LINE}" stroke-width="0.8"/>
<path d="M41 9c-5-5-11-6-15-4 5 1 9 5 13 9Z" fill="${GOLD}"/></symbol>`;

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

// The symbols, put in the page the first time a card is drawn.
function cardSymbols() {
  if (document.getElementById("card-symbols")) return;
  const holder = document.createElementNS(SVG, "svg");
  holder.id = "card-symbols";
  holder.setAttribute("aria-hidden", "true");
  // Out of sight but rendered (<use> needs its symbols in a drawn tree); set through the
  // style object, which the page's Content-Security-Policy allows where a style attribute
  // would be refused.
  Object.assign(holder.style, { position: "absolute", width: "0", height: "0", overflow: "hidden" });
  holder.innerHTML = SYMBOLS;
  document.body.prepend(holder);
}

function span(className, text) {
  const element = document.createElement("span");
  element.className = className;
  element.textContent = text;
  element.setAttribute("aria-hidden", "true");
  return element;
}

function svg(className, viewBox) {
  const element = document.createElementNS(SVG, "svg");
  element.setAttribute("class", className);
  element.setAttribute("viewBox", viewBox);
  element.setAttribute("aria-hidden", "true");
  return element;
}

function use(symbol, attributes = {}) {
  const element = document.createElementNS(SVG, "use");
  element.setAttribute("href", `#${symbol}`);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  return element;
}

// A number card's pips, each placed by its --x and --y (board.css turns the lower ones).
function pips(rank, suit) {
  const holder = document.createElement("span");
  holder.className = "pips";
  holder.setAttribute("aria-hidden", "true");
  holder.style.setProperty("--rows", String(PIP_ROWS[rank]));
  // The ace's one pip is large.
  if (rank === "A") holder.style.setProperty("--pip-share", "0.44");
  for (const [x, y] of PIPS[rank]) {
    const pip = svg(y > 0.5 ? "pip turned" : "pip", "0 0 100 100");
    pip.style.setProperty("--x", String(x));
    pip.style.setProperty("--y", String(y));
    pip.append(use(`suit-${suit}`));
    holder.append(pip);
  }
  return holder;
}

function line() {
  const element = document.createElementNS(SVG, "path");
  element.setAttribute("d", "M0 50h100");
  element.setAttribute("stroke", GOLD);
  element.setAttribute("stroke-width", "1.5");
  return element;
}

// A court card's picture: the figure twice, head to head, in a frame, with the suit beside
// each head.
function courtPicture(rank, suit) {
  const picture = svg("court-picture", "0 0 100 100");
  picture.setAttribute("preserveAspectRatio", "none");
  picture.append(
    use(`court-${rank}`, { x: "0", y: "0", width: "100", height: "50" }),
    use(`court-${rank}`, { x: "0", y: "0", width: "100", height: "50", transform: "rotate(180 50 50)" }),
    // The line where the two halves meet, as printed decks draw it.
    line(),
    use(`suit-${suit}`, { x: "6", y: "5", width: "15", height: "15" }),
    use(`suit-${suit}`, { x: "6", y: "5", width: "15", height: "15", transform: "rotate(180 50 50)" }),
  );
  const frame = document.createElement("span");
  frame.className = "court-frame";
  frame.setAttribute("aria-hidden", "true");
  frame.append(picture);
  return frame;
}

export function faceUpCard(code) {
  cardSymbols();
  const rank = rankOf(code);
  const suit = suitOf(code);
  const symbol = SUIT_SYMBOLS[suit];
  const label = rankLabel(rank);
  const court = "JQK".includes(rank);
  const card = document.createElement("div");
  // s-D: the suit's own colour in the four-colour deck (board.css); only a face-up card has it.
  card.className = `card face ${RED_SUITS.has(suit) ? "red" : "black"} s-${suit}`;
  if (court) card.classList.add("court");
  if (rank === "A") card.classList.add("ace");
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
  card.append(court ? courtPicture(rank, suit) : pips(rank, suit), corner, span("side-suit", symbol), far);
  return card;
}

export function faceDownCard() {
  const card = document.createElement("div");
  card.className = "card back";
  card.setAttribute("role", "img");
  card.setAttribute("aria-label", t("ui.card_face_down"));
  return card;
}
