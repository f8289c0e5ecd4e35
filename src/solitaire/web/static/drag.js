// Pointer input on the board, for mouse, pen and finger alike (pointer events): a press
// that does not travel is a click; a press on a face-up card that travels drags it with
// the cards on it, and its release is a drop on the pile under the pointer. What a click or
// a drop means is for the server to say; this module only reports them. Cards gliding to
// their place take no presses (board.css): a tap lands on what the player aimed at.
//
//   const pointer = attachPointer(board, {
//     click: (place, point) => …,          // {pile, index} (index -1: the pile itself), {x, y}
//     drop: (place, target) => true,       // true: the move is drawn; false: fly back
//     dropNowhere: (place) => false,       // released over no pile; false: fly back
//     released: () => …,                   // a press has ended (the board may redraw now)
//     targetsFor: (place) => ["t5", "f2"], // piles to highlight while dragging
//   });
//   pointer.pressing()  →  true while a press is on the board

import { motionAllowed } from "./anim.js";
import { cardPlace } from "./render.js";

const DRAG_THRESHOLD = { mouse: 4, pen: 6, touch: 8 };

export function attachPointer(board, handlers) {
  let press = null;

  function reset() {
    for (const element of board.querySelectorAll(".target")) element.classList.remove("target");
    for (const element of board.querySelectorAll(".drag-source")) element.classList.remove("drag-source");
    board.classList.remove("dragging-active");
    press = null;
  }

  board.addEventListener("pointerdown", (event) => {
    if (press || (event.pointerType === "mouse" && event.button !== 0)) return;
    const pileElement = event.target.closest("[data-pile]");
    if (!pileElement) return;
    const cardElement = event.target.closest(".card");
    const place = cardElement
      ? cardPlace.get(cardElement)
      : { pile: pileElement.dataset.pile, index: -1 };
    press = {
      id: event.pointerId,
      type: event.pointerType,
      startX: event.clientX,
      startY: event.clientY,
      place,
      pileElement,
      cardElement,
      moving: null,
      travelled: false,
    };
    board.setPointerCapture(event.pointerId);
    event.preventDefault();
  });

  board.addEventListener("pointermove", (event) => {
    if (!press || event.pointerId !== press.id) return;
    const dx = event.clientX - press.startX;
    const dy = event.clientY - press.startY;
    if (!press.moving) {
      const threshold = DRAG_THRESHOLD[press.type] ?? 6;
      if (Math.hypot(dx, dy) < threshold) return;
      // A press that travels is no click, even on a card that can't be lifted.
      press.travelled = true;
      if (!canDrag(press)) return;
      startDrag(press);
    }
    for (const element of press.moving) element.style.transform = `translate(${dx}px, ${dy}px)`;
  });

  function canDrag(current) {
    return (
      current.cardElement !== null &&
      !current.cardElement.classList.contains("back") &&
      current.place.pile !== "s"
    );
  }

  function startDrag(current) {
    current.moving = [...current.pileElement.querySelectorAll(".card")].filter(
      (element) => cardPlace.get(element).index >= current.place.index,
    );
    for (const element of current.moving) element.classList.add("dragging");
    current.pileElement.classList.add("drag-source");
    board.classList.add("dragging-active");
    for (const target of handlers.targetsFor(current.place)) {
      board.querySelector(`[data-pile="${target}"]`)?.classList.add("target");
    }
  }

  board.addEventListener("pointerup", (event) => {
    if (!press || event.pointerId !== press.id) return;
    const current = press;
    if (!current.moving) {
      reset();
      if (!current.travelled) handlers.click(current.place, { x: event.clientX, y: event.clientY });
      handlers.released();
      return;
    }
    const target = dropTarget(board, current, event.clientX, event.clientY);
    reset();
    for (const element of current.moving) element.classList.remove("dragging");
    let drawn = false;
    if (target === null) drawn = handlers.dropNowhere(current.place);
    else if (target !== current.place.pile) drawn = handlers.drop(current.place, target);
    if (!drawn) flyBack(current.moving);
    handlers.released();
  });

  board.addEventListener("pointercancel", (event) => {
    if (!press || event.pointerId !== press.id) return;
    const moving = press.moving;
    reset();
    if (moving) {
      for (const element of moving) element.classList.remove("dragging");
      flyBack(moving);
    }
    handlers.released();
  });

  return { pressing: () => press !== null };
}

// The pile under the pointer; else the one the dragged card overlaps most; else none.
function dropTarget(board, current, x, y) {
  const lead = current.moving[0].getBoundingClientRect();
  let best = null;
  let bestArea = 0;
  for (const element of board.querySelectorAll("[data-pile]")) {
    if (element === current.pileElement) continue;
    const rect = element.getBoundingClientRect();
    if (x >= rect.left && x <= rect.right && y >= rect.top && y <= rect.bottom) {
      return element.dataset.pile;
    }
    const area =
      Math.max(0, Math.min(rect.right, lead.right) - Math.max(rect.left, lead.left)) *
      Math.max(0, Math.min(rect.bottom, lead.bottom) - Math.max(rect.top, lead.top));
    if (area > bestArea) {
      bestArea = area;
      best = element.dataset.pile;
    }
  }
  return best;
}

// Cards put back where they came from (a drop on no pile), gliding when motion is allowed.
export function flyBack(elements) {
  for (const element of elements) {
    const from = element.style.transform;
    element.style.transform = "";
    if (motionAllowed() && from) {
      element.animate([{ transform: from }, { transform: "translate(0, 0)" }], {
        duration: 200,
        easing: "cubic-bezier(.2,.7,.3,1)",
      });
    }
  }
}
