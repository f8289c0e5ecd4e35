// Where every pile and card goes for a board of a given size: the card size follows the
// screen, and long columns tighten their fan so the whole table fits without scrolling.
// Pure arithmetic on the state the server sent; no DOM, no rules.
//
//   const g = boardGeometry(state, 390, 760);  g.piles.get("t3").cards[2]  →  {x, y}
//   boardGeometry(state, 390, 760, { largePrint: true, leftHanded: true })

const CARD_RATIO = 1.4; // height / width
// A phone held upright has height to spare and no width: its cards are a little taller.
const UPRIGHT_CARD_RATIO = 1.5;
const MAX_CARD_WIDTH = 132;
const MIN_CARD_WIDTH = 24;
const MIN_DOWN_STEP = 3;

const MIN_INDEX_SIZE = 11;
// Large print: corner indices (and with them the fan that shows them) a third larger.
const LARGE_PRINT = 1.35;

// How wide a corner's "10♥" is, in ems of the index: "10" set tight on small cards (board.css)
// and its suit at 0.95 em; 2.0 em in DejaVu Sans Bold, the widest of the usual system fonts,
// and a little room to spare.
const TEN_AND_SUIT_EMS = 2.05;

// The largest index whose "10♥" lies wholly on a card this wide: the corner starts at 3.5 %
// of the card from its edge, inside a 1 px border (board.css, .board[data-small]).
function widestIndex(cardW) {
  return Math.floor((cardW * 0.965 - 1) / TEN_AND_SUIT_EMS);
}

// Large print's indices are larger at every card size, the smallest cards included, and
// never wider than the card: at the narrowest (Simple Simon and Easy Harp at 320 px, cards
// 29 px wide) "10♥" fits at 13 px, not at large print's usual 15.
function indexSizeFor(cardW, print = 1) {
  const plain = Math.max(12, Math.min(24, Math.round(cardW * 0.27)));
  if (print === 1) return plain;
  const large = Math.max(15, Math.min(Math.round(24 * print), Math.round(cardW * 0.27 * print)));
  return Math.max(plain, Math.min(large, widestIndex(cardW)));
}

// The smallest step between two face-up cards that still shows a corner index of that size.
function minimumUpStep(cardW, indexSize) {
  return indexSize * 1.3 + cardW * 0.04;
}

// The largest index a column can show with cards of this width, its fan as tight as it
// goes (face-down cards at their minimum step).
function columnIndexSize(pile, cardW, room, print) {
  const above = pile.cards.slice(0, -1);
  const downs = above.filter((card) => card === null).length;
  const ups = above.length - downs;
  const largest = indexSizeFor(cardW, print);
  if (ups === 0) return largest;
  const step = (room - downs * MIN_DOWN_STEP) / ups;
  return Math.min(largest, Math.floor((step - cardW * 0.04) / 1.3));
}

function columnRoom(cardW, height, pad, hasTopRow, ratio) {
  const cardH = Math.round(cardW * ratio);
  const top = hasTopRow ? pad + cardH + Math.round(cardH * 0.16) : pad;
  return height - pad - top - cardH;
}

// The smallest index any column needs with cards of this width.
function indexSizeThatFits(columns, cardW, height, pad, hasTopRow, print, ratio) {
  const room = columnRoom(cardW, height, pad, hasTopRow, ratio);
  return Math.min(indexSizeFor(cardW, print), ...columns.map((p) => columnIndexSize(p, cardW, room, print)));
}

// The left-handed layout: the top row mirrored (the stock at the right edge, the waste next
// to it), the foundations still in their order from the left, and the gap moved between
// the waste and the stock so that a draw-3 fan, which opens to the right, has room.
//   [s, w, null, f1, f2, f3, f4]  →  [f1, f2, f3, f4, w, null, s]
function leftHandedRow(topRow) {
  const foundations = topRow.filter((id) => id !== null && pileKind(id) === "foundation");
  const gaps = topRow.filter((id) => id === null);
  const rest = topRow.filter((id) => id !== null && pileKind(id) !== "foundation").reverse();
  const stock = rest.filter((id) => id === "s");
  return [...foundations, ...rest.filter((id) => id !== "s"), ...gaps, ...stock];
}

function pileKind(id) {
  if (id === "s") return "stock";
  if (id === "w") return "waste";
  return id.startsWith("f") ? "foundation" : "column";
}

export function boardGeometry(state, width, height, { largePrint = false, leftHanded = false } = {}) {
  // The top row's slots, one card wide each, as the game's rules give them in the state
  // (`top_row`: a pile id or null for a gap, from the left).
  const topRow = leftHanded ? leftHandedRow(state.top_row ?? []) : (state.top_row ?? []);
  const print = largePrint ? LARGE_PRINT : 1;
  const columns = state.piles.filter((pile) => pileKind(pile.id) === "column");
  const hasTopRow = topRow.length > 0;
  const units = Math.max(topRow.length, columns.length);
  const pad = Math.max(4, Math.min(16, width * 0.012));
  // A phone held upright (UI-22): taller cards, and fans that open further down.
  const upright = width < 600 && height > width * 1.3;
  const ratio = upright ? UPRIGHT_CARD_RATIO : CARD_RATIO;

  // The card is as large as the width allows, but small enough that the top row, a column's
  // first card and a few fanned cards fit in the height.
  // Phones spare every pixel of width: narrower gaps between the columns.
  const fill = width < 600 ? 0.95 : 0.9;
  const byWidth = ((width - 2 * pad) / units) * fill;
  const heightUnits = hasTopRow ? 3.6 : 3.0;
  const byHeight = (height - 2 * pad) / heightUnits / ratio;
  let cardW = Math.max(MIN_CARD_WIDTH, Math.floor(Math.min(byWidth, byHeight, MAX_CARD_WIDTH)));
  // A long column first gets smaller corner indices, so that every face-up card still
  // shows its corner; below a readable index the cards shrink too, by 30 % at most (tiny
  // cards are worse than a tight fan).
  // Large print never makes the cards smaller (UI-22): the width is found as without it, and
  // large print then only grows the indices, as far as the columns leave room.
  const smallest = Math.max(MIN_CARD_WIDTH, Math.floor(cardW * 0.7));
  while (cardW > smallest && indexSizeThatFits(columns, cardW, height, pad, hasTopRow, 1, ratio) < MIN_INDEX_SIZE) {
    cardW -= 2;
  }
  const indexSize = indexSizeFor(cardW, print);
  const room = columnRoom(cardW, height, pad, hasTopRow, ratio);
  const cardH = Math.round(cardW * ratio);

  // The table keeps the proportions of real cards: a narrow band of gaps, centred.
  const contentW = Math.min(width - 2 * pad, (units * cardW) / (fill - 0.02));
  const left = (width - contentW) / 2;
  const slotW = contentW / Math.max(1, topRow.length);
  const columnW = contentW / Math.max(1, columns.length);
  const rowGap = Math.round(cardH * 0.16);
  const columnTop = hasTopRow ? pad + cardH + rowGap : pad;
  const columnBottom = height - pad;

  // Face-up cards show their corner; where the screen is tall for its cards (phones), they
  // spread more, as far as two fifths of a card. A phone held upright has the most height to
  // spare (UI-22): its fans open as far as a column of thirteen face-up cards still fits,
  // from half a card to three quarters, so that the columns reach down the screen. One
  // step for the whole table, whatever its columns hold, so that no card moves when another
  // column grows; a longer column tightens on its own (fanColumn).
  const roomy = (columnBottom - columnTop) / cardH > 7;
  const uprightShare = Math.min(0.75, Math.max(0.5, (columnBottom - columnTop - cardH) / 13 / cardH));
  const upShare = roomy ? (upright ? uprightShare : 0.4) : 0.25;
  const upStep = Math.max(cardH * upShare, indexSize * 1.3 + cardW * 0.05);
  const downStep = Math.max(cardH * 0.09, 5);
  // A draw-3 fan shows each fanned card's whole index ("10", not "1"), spreading into the gap
  // beside the waste when there is one (Klondike's top row), else by a third of a card.
  const wasteSlot = topRow.indexOf("w");
  const gapBeside = wasteSlot >= 0 && topRow[wasteSlot + 1] === null;
  const fanRoom = gapBeside ? 2 * slotW - cardW - pad : cardW * 0.6;
  const fanStep = Math.max(cardW * 0.3, Math.min(indexSize * 1.35 + cardW * 0.08, fanRoom / 2));

  const piles = new Map();
  let columnIndex = 0;
  for (const pile of state.piles) {
    const kind = pileKind(pile.id);
    const count = pile.cards.length;
    let x;
    let y;
    let w = cardW;
    let h = cardH;
    let cards;
    // A long column may show smaller corner indices than the rest of the table.
    let index = indexSize;
    const slotX = left + topRow.indexOf(pile.id) * slotW + (slotW - cardW) / 2;
    if (kind === "column") {
      x = left + columnIndex * columnW + (columnW - cardW) / 2;
      y = columnTop;
      h = columnBottom - columnTop;
      columnIndex += 1;
      index = Math.max(MIN_INDEX_SIZE, columnIndexSize(pile, cardW, room, print));
      cards = fanColumn(pile.cards, cardH, h, upStep, downStep, minimumUpStep(cardW, index));
    } else if (kind === "foundation") {
      x = slotX;
      y = pad;
      cards = pile.cards.map(() => ({ x: 0, y: 0 }));
    } else if (kind === "waste") {
      x = slotX;
      y = pad;
      // Draw 3 (KL-8): the top `fan` cards show spread; the ones beneath lie square.
      const spread = state.fan > 1 ? Math.min(state.fan, count) : 1;
      cards = pile.cards.map((_, i) => ({ x: Math.max(0, i - (count - spread)) * fanStep, y: 0 }));
      w = cardW + (spread - 1) * fanStep;
    } else {
      x = slotX;
      // A thin edge every few cards shows how thick the stock is: the cards rise from a foot
      // set that much lower, so that the top card is in line with the row and none goes
      // above the board (whose top is the screen's when the toolbar is at the bottom).
      const rise = Math.max(0, Math.floor((count - 1) / 8));
      y = pad + rise;
      cards = pile.cards.map((_, i) => ({ x: 0, y: -Math.floor(i / 8) }));
    }
    piles.set(pile.id, { id: pile.id, kind, x, y, w, h, cards, indexSize: index });
  }
  return { cardW, cardH, indexSize, pad, piles, columnTop };
}

// Offsets of a column's cards; a column too long for its height is tightened, face-down
// cards first, so that every face-up card still shows its corner as long as possible.
function fanColumn(cards, cardH, available, upStep, downStep, minUp) {
  // Every card but the last moves the next one down by its step.
  const above = cards.slice(0, -1);
  const downs = above.filter((card) => card === null).length;
  const ups = above.length - downs;
  const room = Math.max(0, available - cardH);
  let down = downStep;
  let up = upStep;
  const extent = () => downs * down + ups * up;
  if (extent() > room) down = Math.max(MIN_DOWN_STEP, down * 0.5);
  if (extent() > room && ups > 0) up = Math.max(minUp, (room - downs * down) / ups);
  if (extent() > room) {
    // Only when even the card size could not make room (the smallest cards): squeeze all.
    const scale = room / extent();
    down *= scale;
    up *= scale;
  }
  const placed = [];
  let y = 0;
  for (const card of cards) {
    placed.push({ x: 0, y: Math.round(y) });
    y += card === null ? down : up;
  }
  return placed;
}
