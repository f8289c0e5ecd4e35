// Clicks and taps into actions, one gesture one action (UI-14). A click on a card that the
// state's `clicks` say a tap sends somewhere is a tap (UI-2), at once. A second click within
// DOUBLE_CLICK_MS on the same spot is the rest of the same gesture, whatever now lies under
// it: after a tap that moved the card it does nothing (a double tap is never two taps, and
// never a tap on the card the first one uncovered); otherwise, with "Double click" on, it is
// a double click on the card first clicked (UI-3). A click on the stock is always a stock
// tap, however quick: that is how a player goes through it.
//
//   const clicks = createClicks({ act: game.act, view: game.view, doubleClickOn });
//   clicks.click({pile: "t3", index: 4}, {x: 120, y: 300});

import { clicksOf, isGuess } from "./predict.js";

export const DOUBLE_CLICK_MS = 400;
// How far (CSS px) the second press of a double tap may land from the first: a finger's
// wobble, less than the step between two fanned cards.
const SAME_SPOT_PX = 12;

export function createClicks({ act, view, doubleClickOn, now = () => performance.now() }) {
  let previous = null;

  function click(place, point) {
    const state = view();
    if (!state) return;
    const time = now();
    if (place.pile === "s") {
      previous = null;
      act({ type: "stock" });
      return;
    }
    const second =
      previous !== null &&
      time - previous.time < DOUBLE_CLICK_MS &&
      Math.hypot(point.x - previous.point.x, point.y - previous.point.y) <= SAME_SPOT_PX;
    if (second) {
      const first = previous;
      previous = null;
      if (!first.tapped && doubleClickOn()) {
        act({ type: "double_click", pile: first.pile, index: first.index, code: first.code });
      }
      return;
    }
    const code = place.index >= 0 ? state.piles.find((pile) => pile.id === place.pile)?.cards[place.index] : null;
    if (!code) {
      previous = null;
      return;
    }
    // A tap the server's state says moves nothing is not sent (it is often the first half
    // of a double click); one it says moves the card is drawn and sent at once; on a state
    // that is a guess (earlier actions not answered yet) any tap is sent for the server to
    // judge, quietly, as a tap that moves nothing says nothing.
    const tapped = Boolean(clicksOf(state, place.pile, place.index)?.tap) || isGuess(state);
    if (tapped) act({ type: "tap", pile: place.pile, index: place.index, code }, { quiet: true });
    previous = { time, point, pile: place.pile, index: place.index, code, tapped };
  }

  return { click };
}
