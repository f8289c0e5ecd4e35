// Moves made visible: after each redraw, cards that changed place glide from where they
// were (FLIP), a card turned from the stock slides out of it, and a card turned face up
// flips; a new deal is dealt from the stock onto the table (UI-18). The setting "Animations"
// sets the pace: normal, fast (half the time) or off; off, or prefers-reduced-motion, and
// nothing moves at all.
//
//   const before = snapshotCards(board);  renderBoard(board, state);  animateFrom(board, before);
//   if (isNewDeal(before, state)) dealFrom(board);

import { faceUpCard } from "./cards.js";
import { cardPlace } from "./render.js";
import { ui } from "./state.js";

const DURATION_MS = 200;
// UI-18: how much of each animation's time the setting keeps.
const PACE = { normal: 1, fast: 0.5, off: 0 };

// The share of the normal time animations take (0: none), from the setting and the
// system's reduced motion; both asked at each move (the player may change them meanwhile).
//   pace("fast", false)  →  0.5;   pace("normal", true)  →  0
export function pace(setting = ui.settings?.animations, reduced = reducedMotion()) {
  if (reduced) return 0;
  return PACE[setting] ?? PACE.normal;
}

function reducedMotion() {
  return typeof window !== "undefined" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

export function motionAllowed() {
  return pace() > 0;
}

// A normal duration at the player's pace.
export function paced(ms) {
  return Math.round(ms * pace());
}

// Where every face-up card and every pile is now, by card code (two-deck games hold each
// code twice, so each code keeps a list).
export function snapshotCards(board) {
  const cards = new Map();
  for (const element of board.querySelectorAll(".card[data-card]")) {
    const place = cardPlace.get(element);
    const list = cards.get(element.dataset.card) ?? [];
    list.push({ ...place, rect: element.getBoundingClientRect() });
    cards.set(element.dataset.card, list);
  }
  const piles = new Map();
  for (const element of board.querySelectorAll("[data-pile]")) {
    piles.set(element.dataset.pile, element.getBoundingClientRect());
  }
  const faceDown = new Set();
  for (const element of board.querySelectorAll(".card.back")) {
    const place = cardPlace.get(element);
    faceDown.add(`${place.pile}/${place.index}`);
  }
  return { cards, piles, faceDown };
}

function takeMatch(list, place) {
  // Prefer the same copy of a card (same pile and place), then any copy.
  let found = list.findIndex((old) => old.pile === place.pile && old.index === place.index);
  if (found < 0) found = list.findIndex((old) => old.pile === place.pile);
  if (found < 0) found = 0;
  return list.splice(found, 1)[0];
}

export function animateFrom(board, before) {
  if (!motionAllowed() || !before) return;
  const remaining = new Map([...before.cards].map(([code, list]) => [code, [...list]]));
  const stockRect = before.piles.get("s");
  for (const element of board.querySelectorAll(".card[data-card]")) {
    const place = cardPlace.get(element);
    const list = remaining.get(element.dataset.card);
    const now = element.getBoundingClientRect();
    if (list && list.length > 0) {
      const old = takeMatch(list, place);
      const dx = old.rect.left - now.left;
      const dy = old.rect.top - now.top;
      if (Math.abs(dx) > 0.5 || Math.abs(dy) > 0.5) glide(element, dx, dy);
    } else if (before.faceDown.has(`${place.pile}/${place.index}`)) {
      // A card face down where it lies (uncovered, or turned from the stock ahead of the
      // answer) shows its face: it turns over.
      element.animate([{ transform: "scaleX(0)" }, { transform: "scaleX(1)" }], {
        duration: paced(DURATION_MS),
        easing: "ease-out",
      });
    } else if (place.pile === "w" && stockRect) {
      glide(element, stockRect.left - now.left, stockRect.top - now.top);
    }
  }
  // Cards turned from the stock before the answer brings their faces slide out of it too.
  for (const element of board.querySelectorAll('[data-pile="w"] > .card.back')) {
    const place = cardPlace.get(element);
    if (stockRect && !before.faceDown.has(`w/${place.index}`)) {
      const now = element.getBoundingClientRect();
      glide(element, stockRect.left - now.left, stockRect.top - now.top);
    }
  }
  const stockNow = board.querySelector('[data-pile="s"]')?.getBoundingClientRect();
  for (const [code, list] of remaining) {
    for (const old of list) fadeOut(board, { ...old, code }, old.pile === "w" ? stockNow : null);
  }
}

// A card that left the table (a Simple Simon run leaving, a waste card turned back into the
// stock by undo) fades where it was, toward the stock when it went there. The ghost is a bare
// copy: no data-card, hidden from assistive technology, removed when done.
function fadeOut(board, old, toRect) {
  const boardRect = board.getBoundingClientRect();
  const ghost = faceUpCard(old.code);
  ghost.removeAttribute("data-card");
  ghost.removeAttribute("role");
  ghost.removeAttribute("aria-label");
  ghost.setAttribute("aria-hidden", "true");
  ghost.classList.replace("card", "ghost");
  ghost.style.left = `${old.rect.left - boardRect.left}px`;
  ghost.style.top = `${old.rect.top - boardRect.top}px`;
  board.append(ghost);
  const dx = toRect ? toRect.left - old.rect.left : 0;
  const dy = toRect ? toRect.top - old.rect.top : -old.rect.height * 0.3;
  const animation = ghost.animate(
    [
      { transform: "translate(0, 0) scale(1)", opacity: 1 },
      { transform: `translate(${dx}px, ${dy}px) scale(0.85)`, opacity: 0 },
    ],
    { duration: paced(DURATION_MS + 50), easing: "ease-in" },
  );
  animation.finished.then(
    () => ghost.remove(),
    () => ghost.remove(),
  );
}

function glide(element, dx, dy) {
  element.classList.add("moving");
  const animation = element.animate(
    [{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "translate(0, 0)" }],
    { duration: paced(DURATION_MS), easing: "cubic-bezier(.2,.7,.3,1)" },
  );
  animation.finished.then(
    () => element.classList.remove("moving"),
    () => element.classList.remove("moving"),
  );
}

// UI-10: a finish's cards fly up one after another, in the order the server played them
// (`last.steps`), each from where it lay — a card not seen before (in the stock, or under the
// waste's top) from its pile, appearing as it leaves. Answers how long the flights take.
const FINISH_STEP_MS = 90;

function foundationSteps(state) {
  return (state.last?.steps ?? []).filter((step) => /^[a-z]\d*-f\d+$/.test(step));
}

export function homeFlightMs(state) {
  return paced(foundationSteps(state).length * FINISH_STEP_MS + DURATION_MS * 2);
}

export function flyHome(board, before, previous, state) {
  if (!motionAllowed() || !before) return;
  const counts = new Map(previous.piles.map((pile) => [pile.id, pile.cards.length]));
  const seen = new Map([...before.cards].map(([code, list]) => [code, [...list]]));
  foundationSteps(state).forEach((step, order) => {
    const [source, target] = step.split("-");
    const index = counts.get(target) ?? 0;
    counts.set(target, index + 1);
    const element = board.querySelectorAll(`[data-pile="${target}"] > .card`)[index];
    if (!element) return;
    const now = element.getBoundingClientRect();
    const from = seen.get(element.dataset.card)?.shift()?.rect;
    const start = from ?? before.piles.get(source) ?? now;
    const moved = `translate(${start.left - now.left}px, ${start.top - now.top}px)`;
    const frames = [{ transform: moved, opacity: from ? 1 : 0 }, { transform: moved, opacity: 1, offset: 0.05 }, { transform: "translate(0, 0)", opacity: 1 }];
    element.classList.add("moving");
    element
      .animate(frames, { duration: paced(DURATION_MS * 2), delay: paced(order * FINISH_STEP_MS), easing: "cubic-bezier(.3,.6,.3,1)", fill: "backwards" })
      .finished.then(
        () => element.classList.remove("moving"),
        () => element.classList.remove("moving"),
      );
  });
}

// UI-18, the deal: a game drawn for the first time at its start (no action yet) is dealt.
export function isNewDeal(before, state) {
  return Boolean(state) && state.version === 0 && !state.won && before?.id !== state.id;
}

// The deal's flights, in the order a dealer puts the cards down: row by row across the
// table's columns (the first card of every column, then the second…). Each card waits
// `delay` ms and flies `duration` ms; the whole deal takes at most DEAL_MAX_MS at the
// normal pace, whatever the number of cards. Only the columns (piles t1, t2, …) are dealt:
// a typed-in position's foundations and the stock stay where they are.
//   dealPlan([{pile: "t1", index: 0}, {pile: "t2", index: 0}, {pile: "t2", index: 1}], 1)
//   →  the three with delays 0, 24 and 48 ms, each flying 240 ms
const DEAL_FLIGHT_MS = 240;
const DEAL_EVERY_MS = 24;
const DEAL_MAX_MS = 900;

export function dealPlan(places, speed) {
  if (!(speed > 0)) return [];
  const column = (pile) => Number(pile.slice(1));
  const dealt = places
    .filter((place) => /^t\d+$/.test(place.pile))
    .sort((a, b) => a.index - b.index || column(a.pile) - column(b.pile));
  const every = Math.min(DEAL_EVERY_MS, (DEAL_MAX_MS - DEAL_FLIGHT_MS) / Math.max(dealt.length - 1, 1));
  return dealt.map((place, order) => ({
    ...place,
    delay: Math.round(order * every * speed),
    duration: Math.round(DEAL_FLIGHT_MS * speed),
  }));
}

// Deals the board's columns from the stock (or, without one, from the top left corner of
// the board). The cards are the real ones, in their places, only drawn elsewhere meanwhile:
// a press on one acts at once. While they fly the board carries `data-dealing`.
// Answers how long the deal takes (0: nothing flies).
export function dealFrom(board) {
  const elements = new Map();
  const places = [];
  for (const element of board.querySelectorAll(".card")) {
    const place = cardPlace.get(element);
    if (!place) continue;
    elements.set(`${place.pile}/${place.index}`, element);
    places.push({ pile: place.pile, index: place.index });
  }
  const plan = dealPlan(places, pace());
  if (plan.length === 0) return 0;
  const from = (board.querySelector('[data-pile="s"]') ?? board).getBoundingClientRect();
  board.dataset.dealing = "";
  const flights = plan.map(({ pile, index, delay, duration }) => {
    const element = elements.get(`${pile}/${index}`);
    const now = element.getBoundingClientRect();
    const start = `translate(${from.left - now.left}px, ${from.top - now.top}px)`;
    element.classList.add("moving");
    const flight = element.animate([{ transform: start }, { transform: "translate(0, 0)" }], {
      duration,
      delay,
      easing: "cubic-bezier(.25,.8,.35,1)",
      fill: "backwards",
    });
    const landed = () => element.classList.remove("moving");
    flight.finished.then(landed, landed);
    return flight.finished;
  });
  Promise.allSettled(flights).then(() => delete board.dataset.dealing);
  const last = plan[plan.length - 1];
  return last.delay + last.duration;
}
