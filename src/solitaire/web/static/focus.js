// The keyboard cursor: play without a pointer. One pile (or one face-up card of a column,
// which chooses how many cards go together) has the cursor; Enter or Space picks its cards
// up, Enter on another pile sets them down there, as a drag and drop would. The cursor is
// real DOM focus (a roving tabindex), so a screen reader reads the focused card or pile.
// This module decides no rule: it sends the same intents as the pointer and the server
// answers. Every word comes from the catalog.
//
//   const cursor = attachCursor(board, {drop, tap, doubleClick, stock, targetsFor});
//   renderBoard(board, state);  cursor.redraw(state);   // after every redraw
//   cursor.key(event)  →  true when the key was the board's (keyboard.js asks first)
//
// Keys on the board: ← → (and Tab / Shift+Tab) go from pile to pile, ↑ ↓ go up and down a
// column's face-up cards and between the top row and the columns, Enter or Space picks up
// or sets down (on the stock: turns it), Escape puts a picked card back, F sends the card
// to a foundation (a tap, UI-2), D to its best place (a double click, UI-3).

import { t } from "./i18n.js";
import { announce, cardName } from "./speech.js";

// The pile ids in rows: the top row (stock, waste, foundations) and the columns.
function rowsOf(state) {
  const columns = state.piles.filter((pile) => pile.id.startsWith("t")).map((pile) => pile.id);
  const top = state.piles.filter((pile) => !pile.id.startsWith("t")).map((pile) => pile.id);
  return top.length > 0 ? [top, columns] : [columns];
}

// The first card of a pile the cursor may stand on: a column's first face-up card; the top
// card of the waste or a foundation (only it can leave); none on the stock (face down).
function firstReachable(pile) {
  if (pile.id === "s" || pile.cards.length === 0) return -1;
  if (!pile.id.startsWith("t")) return pile.cards.length - 1;
  const first = pile.cards.findIndex((card) => card !== null);
  return first < 0 ? -1 : first;
}

// The card index the cursor takes on a pile: `wanted` when it is a card it may stand on,
// else the last card (the one a player moves most), else -1 (the pile itself).
function settle(pile, wanted) {
  const first = firstReachable(pile);
  if (first < 0) return -1;
  const last = pile.cards.length - 1;
  return wanted !== null && wanted >= first && wanted <= last ? wanted : last;
}

export function attachCursor(board, actions) {
  let state = null;
  // {pile, index}: index -1 is the pile itself (the stock, an empty pile).
  let cursor = null;
  // The cards picked up: {pile, index, code}; null when nothing is.
  let picked = null;
  // Whether the player is using the keys here: the ring shows and each redraw puts focus
  // back on the cursor (a pointer press hides it, focus leaving the board ends it).
  let engaged = false;
  // Set while the board takes the focus for a pointer user (no ring).
  let quietFocus = false;

  function pileOf(id) {
    return state?.piles.find((pile) => pile.id === id) ?? null;
  }

  function elementFor(place) {
    const pileElement = board.querySelector(`[data-pile="${place.pile}"]`);
    if (!pileElement || place.index < 0) return pileElement;
    return pileElement.querySelectorAll(":scope > .card")[place.index] ?? pileElement;
  }

  function setEngaged(value) {
    engaged = value;
    board.toggleAttribute("data-keys", value);
  }

  // Marks the cursor and the picked cards on the freshly drawn board, and makes the
  // cursor's element the board's one Tab stop (the only element with a tabindex: a
  // face-down card carries nothing but its look, docs/board.md).
  function mark({ focus }) {
    for (const element of board.querySelectorAll(".key-ring")) element.remove();
    for (const element of board.querySelectorAll("[tabindex]")) element.removeAttribute("tabindex");
    for (const element of board.querySelectorAll(".picked")) element.classList.remove("picked");
    for (const element of board.querySelectorAll(".key-target")) element.classList.remove("key-target");
    for (const element of board.querySelectorAll("[aria-description]")) element.removeAttribute("aria-description");
    if (!state || !cursor) return;
    if (picked) {
      const cards = board.querySelectorAll(`[data-pile="${picked.pile}"] > .card`);
      for (const card of [...cards].slice(picked.index)) card.classList.add("picked");
      // Placement help (UI-5), as for a drag: the piles that take these cards light up.
      for (const id of actions.targetsFor({ pile: picked.pile, index: picked.index })) {
        board.querySelector(`[data-pile="${id}"]`)?.classList.add("key-target");
      }
    }
    const target = elementFor(cursor);
    if (!target) return;
    target.tabIndex = 0;
    // A card's place in its pile, read after its name: "Seven of hearts, 3 of 5".
    if (cursor.index >= 0 && target.classList.contains("card")) {
      const count = pileOf(cursor.pile).cards.length;
      target.setAttribute("aria-description", t("ui.keys.place", { n: cursor.index + 1, count }));
    }
    // First in the pile, not last: the board's styles light a pile's last card (:last-child).
    target.closest("[data-pile]").prepend(ringFor(cursor));
    if (focus) target.focus({ preventScroll: true });
  }

  // The ring around what the cursor holds: a card and the cards on it, or the pile's place.
  function ringFor(place) {
    const pileElement = board.querySelector(`[data-pile="${place.pile}"]`);
    const cards = [...pileElement.querySelectorAll(":scope > .card")];
    const ring = document.createElement("div");
    ring.className = "key-ring";
    ring.setAttribute("aria-hidden", "true");
    if (place.index >= 0 && cards[place.index]) {
      const first = cards[place.index];
      const last = cards[cards.length - 1];
      ring.style.left = first.style.left;
      ring.style.top = first.style.top;
      const span = parseFloat(last.style.top) - parseFloat(first.style.top);
      ring.style.height = `calc(${span}px + var(--card-h) + 10px)`;
    } else {
      ring.style.left = "0px";
      ring.style.top = "0px";
      ring.style.height = "calc(var(--card-h) + 10px)";
    }
    return ring;
  }

  function moveTo(pileId, wanted = null) {
    const pile = pileOf(pileId);
    if (!pile) return;
    cursor = { pile: pileId, index: settle(pile, wanted) };
    mark({ focus: true });
  }

  // After every redraw: the cursor stays on its pile and card where it can; a pick whose
  // card is no longer where it was picked up is dropped.
  function redraw(next) {
    const before = state;
    state = next;
    if (picked && codeAt(picked) !== picked.code) picked = null;
    if (!cursor || !pileOf(cursor.pile)) {
      cursor = { pile: state.piles[0].id, index: -1 };
      cursor.index = settle(state.piles[0], null);
    } else {
      cursor.index = settle(pileOf(cursor.pile), cursor.index);
    }
    const focusInside = document.activeElement === document.body || board.contains(document.activeElement);
    mark({ focus: engaged && focusInside && before !== null });
  }

  // The pile in the other row nearest (on screen) to `fromId`.
  function nearestIn(row, fromId) {
    const from = board.querySelector(`[data-pile="${fromId}"]`).getBoundingClientRect();
    const middle = from.left + from.width / 2;
    let best = row[0];
    let bestDistance = Infinity;
    for (const id of row) {
      const rect = board.querySelector(`[data-pile="${id}"]`).getBoundingClientRect();
      const distance = Math.abs(rect.left + Math.min(rect.width, from.width) / 2 - middle);
      if (distance < bestDistance) {
        bestDistance = distance;
        best = id;
      }
    }
    return best;
  }

  function step(direction) {
    const rows = rowsOf(state);
    const row = rows.findIndex((ids) => ids.includes(cursor.pile));
    const ids = rows[row];
    const position = ids.indexOf(cursor.pile);
    const pile = pileOf(cursor.pile);
    if (direction === "left" || direction === "right") {
      const next = ids[position + (direction === "left" ? -1 : 1)];
      if (next) moveTo(next);
      return;
    }
    const first = firstReachable(pile);
    if (direction === "up") {
      // Up a column takes more of it: the card above and the cards on it.
      if (pile.id.startsWith("t") && first >= 0 && cursor.index > first) moveTo(pile.id, cursor.index - 1);
      else if (row > 0) moveTo(nearestIn(rows[row - 1], cursor.pile));
    } else if (pile.id.startsWith("t") && cursor.index >= 0 && cursor.index < pile.cards.length - 1) {
      moveTo(pile.id, cursor.index + 1);
    } else if (row < rows.length - 1) {
      moveTo(nearestIn(rows[row + 1], cursor.pile));
    }
  }

  // Tab and Shift+Tab walk the piles in the game's order; past either end the key is left
  // to the browser, so that focus leaves the board as usual.
  function tab(backwards) {
    const ids = state.piles.map((pile) => pile.id);
    const next = ids[ids.indexOf(cursor.pile) + (backwards ? -1 : 1)];
    if (!next) return false;
    moveTo(next);
    return true;
  }

  function codeAt(place) {
    return pileOf(place.pile)?.cards[place.index] ?? null;
  }

  function pickUp(place = cursor, { focus = true } = {}) {
    const code = place.index >= 0 ? codeAt(place) : null;
    if (!code) return;
    picked = { pile: place.pile, index: place.index, code };
    const count = pileOf(place.pile).cards.length - place.index;
    if (place !== cursor) cursor = { pile: place.pile, index: place.index };
    mark({ focus });
    announce(
      count === 1
        ? t("ui.keys.picked", { card: cardName(code) })
        : t("ui.keys.picked_group", { card: cardName(code), count }),
    );
  }

  function putBack({ focus = true } = {}) {
    const code = codeAt(picked);
    picked = null;
    mark({ focus });
    if (code) announce(t("ui.keys.put_back", { card: cardName(code) }));
  }

  function activate() {
    if (picked) {
      if (picked.pile === cursor.pile) {
        putBack();
        return;
      }
      const from = picked;
      picked = null;
      mark({ focus: true });
      actions.drop(from, cursor.pile);
    } else if (cursor.pile === "s") {
      actions.stock();
    } else {
      pickUp();
    }
  }

  // F and D act on the picked cards, else on the cursor's card.
  function send(kind) {
    const place = picked ?? cursor;
    const code = place.index >= 0 ? codeAt(place) : null;
    if (!code) return;
    picked = null;
    mark({ focus: true });
    const where = { pile: place.pile, index: place.index, code };
    if (kind === "tap") actions.tap(where);
    else actions.doubleClick(where);
  }

  // Answers whether the key was the board's; keyboard.js then prevents its default.
  function key(event) {
    if (!state || !cursor) return false;
    const inside = board.contains(event.target);
    const arrows = { ArrowLeft: "left", ArrowRight: "right", ArrowUp: "up", ArrowDown: "down" };
    // With nothing focused, an arrow key brings the cursor onto the board.
    if (!inside) {
      if (event.target !== document.body || !(event.key in arrows)) return false;
      setEngaged(true);
      mark({ focus: true });
      return true;
    }
    setEngaged(true);
    if (event.key in arrows) step(arrows[event.key]);
    else if (event.key === "Tab") return tab(event.shiftKey);
    else if (event.key === "Enter" || event.key === " ") activate();
    else if (event.key === "Escape") {
      if (!picked) return false;
      putBack();
    } else if (event.key.toLowerCase() === "f") send("tap");
    else if (event.key.toLowerCase() === "d") send("double_click");
    else return false;
    return true;
  }

  // A press on the board hides the ring (the pointer is in use) and ends a pick, unless the
  // pointer picks and places too (UI-12): then the next tap says where the cards go.
  board.addEventListener("pointerdown", () => {
    setEngaged(false);
    if (picked && !actions.pickAndPlace?.()) {
      picked = null;
      mark({ focus: false });
    }
  });
  // Focus coming in from outside (Tab from the toolbar) shows the ring; focus going out
  // ends the keyboard turn, so that a redraw does not pull focus back.
  board.addEventListener("focusin", (event) => {
    if (!quietFocus && !board.contains(event.relatedTarget)) setEngaged(true);
  });
  board.addEventListener("focusout", (event) => {
    if (event.relatedTarget && !board.contains(event.relatedTarget)) {
      setEngaged(false);
      if (picked) {
        picked = null;
        mark({ focus: false });
      }
    }
  });

  return {
    redraw,
    key,
    isPicking: () => picked !== null,
    // The cards picked up, {pile, index, code}, or null.
    picked: () => picked,
    // UI-12, from the pointer: pick up the card at `place` (and those on it), put it back,
    // or forget the pick once its cards were sent somewhere.
    pickAt: (place) => pickUp(place, { focus: false }),
    putBack: () => putBack({ focus: false }),
    release() {
      picked = null;
      mark({ focus: false });
    },
    // The board takes the focus, on the cursor (after a game starts from a dialog); the
    // ring shows when the keys are in use.
    enter({ ring = true } = {}) {
      if (!state) return;
      quietFocus = !ring;
      setEngaged(ring);
      mark({ focus: true });
      quietFocus = false;
    },
  };
}
