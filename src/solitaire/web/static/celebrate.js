// A won game's celebration (UI-13), after the classic one: the cards leave the foundations one
// by one, top card first, each bouncing down and across the screen until it is gone. Simple
// Simon has no foundations: its four runs leave from the top of the table. The cards are
// copies drawn in a layer of their own (aria-hidden, taking no presses), in the top layer,
// under the won dialog that opens meanwhile (shown after it): they fly behind and around the
// dialog, never over its text. The setting "Animations" sets the pace (fast: the same
// flights in half the time); off, or reduced motion, and nothing moves.
//
//   const show = celebrate(board, state);   await show.finished;   show.stop();

import { motionAllowed, pace } from "./anim.js";
import { faceUpCard } from "./cards.js";

const LAUNCH_EVERY_MS = 45;
const GRAVITY = 2600; // px/s²
const BOUNCE = 0.72; // how much of its speed a card keeps at each bounce
const FRAME_S = 1 / 60;
const MAX_FLIGHT_S = 2.4;

// The cards to launch, in order, each with the place it starts from: the foundations' top
// cards in turn (as the classic does), or for Simple Simon its runs, king first.
function launches(board, state) {
  const foundations = state.piles.filter((pile) => pile.id.startsWith("f"));
  const order = [];
  if (foundations.length > 0) {
    const stacks = foundations.map((pile) => ({
      rect: board.querySelector(`[data-pile="${pile.id}"]`)?.getBoundingClientRect(),
      cards: [...pile.cards].filter(Boolean),
    }));
    for (let more = true; more; ) {
      more = false;
      for (const stack of stacks) {
        const code = stack.cards.pop();
        if (code && stack.rect) {
          order.push({ code, rect: stack.rect });
          more = true;
        }
      }
    }
    return order;
  }
  // Simple Simon: the runs left the table; they leave again from the top of the columns.
  const columns = state.piles.map((pile) => board.querySelector(`[data-pile="${pile.id}"]`)?.getBoundingClientRect());
  const suits = { S1: "SSSS", S2: "SSHH", S4: "SHDC" }[state.options] ?? "SHDC";
  const ranks = "KQJT98765432A";
  [...suits].forEach((suit, run) => {
    for (const rank of ranks) {
      const rect = columns[(run * 3 + ranks.indexOf(rank)) % columns.length];
      if (rect) order.push({ code: `${rank}${suit}`, rect });
    }
  });
  return order;
}

// Where a card launched from (x, y) goes, frame by frame, as keyframes: thrown sideways and
// a little up, falling, bouncing on the bottom of the screen, until it leaves at a side.
function flight(x, y, size, random) {
  const width = window.innerWidth;
  const floor = window.innerHeight - size.height;
  const direction = random() < 0.5 ? -1 : 1;
  let vx = direction * (120 + random() * 260);
  let vy = -(150 + random() * 450);
  let px = x;
  let py = y;
  const frames = [{ transform: `translate(${px}px, ${py}px)` }];
  let t = 0;
  while (t < MAX_FLIGHT_S && px > -size.width && px < width) {
    t += FRAME_S;
    vy += GRAVITY * FRAME_S;
    px += vx * FRAME_S;
    py += vy * FRAME_S;
    if (py > floor) {
      py = floor;
      vy = -vy * BOUNCE;
      vx *= 0.98;
    }
    frames.push({ transform: `translate(${px}px, ${py}px)` });
  }
  return { frames, seconds: t };
}

// A small, seeded random: the same deal celebrates the same way.
function seeded(seed) {
  let value = seed >>> 0 || 1;
  return () => {
    value = (value * 1664525 + 1013904223) >>> 0;
    return value / 2 ** 32;
  };
}

export function celebrate(board, state) {
  if (!motionAllowed()) return { finished: Promise.resolve(), stop() {} };
  const layer = document.createElement("div");
  layer.className = "celebration";
  layer.setAttribute("aria-hidden", "true");
  layer.popover = "manual";
  for (const name of ["--card-w", "--card-h", "--index-size"]) {
    layer.style.setProperty(name, getComputedStyle(board).getPropertyValue(name));
  }
  document.body.append(layer);
  layer.showPopover?.();
  const random = seeded([...(state.code ?? "")].reduce((sum, c) => sum * 31 + c.charCodeAt(0), 7));
  const cards = launches(board, state);
  const speed = pace();
  // The copies stand in for the foundations' cards until each leaves.
  board.classList.add("celebrating");
  const animations = cards.map(({ code, rect }, i) => {
    const card = faceUpCard(code);
    card.removeAttribute("data-card");
    card.removeAttribute("role");
    card.removeAttribute("aria-label");
    card.classList.replace("card", "ghost");
    // The next to leave lies on top, as in its foundation.
    card.style.zIndex = String(cards.length - i);
    layer.append(card);
    const { frames, seconds } = flight(rect.left, rect.top, rect, random);
    return card.animate(frames, {
      duration: seconds * 1000 * speed,
      delay: i * LAUNCH_EVERY_MS * speed,
      easing: "linear",
      fill: "both",
    });
  });
  const end = () => {
    layer.remove();
    board.classList.remove("celebrating");
  };
  const stop = () => {
    for (const animation of animations) animation.cancel();
    end();
  };
  const finished = Promise.allSettled(animations.map((animation) => animation.finished)).then(end);
  return { finished, stop };
}
