// Clicks and taps into actions, one gesture one action (UI-14). A click on a card that the
// state's `clicks` say a tap sends somewhere is a tap (UI-2), at once. A second click within
// DOUBLE_CLICK_MS on the same spot is the rest of the same gesture, whatever now lies under
// it: after a tap that moved the card it does nothing (a double tap is never two taps, and
// never a tap on the card the first one uncovered); otherwise, with "Double click" on, it is
// a double click on the card first clicked (UI-3). A click on the stock is always a stock
// tap, however quick: that is how a player goes through it.
//
// With "Pick and place" on (UI-12), a tap on a card that may move picks it up with the cards
// on it (the keyboard cursor's pick, focus.js: marked and announced); a tap on another pile
// puts them there (a drop, judged by the server); a tap on the picked cards puts them back.
// A double tap is then the only way to send a card up (UI-3, which starts with the tap's
// foundation move).
//
// A tap that sends nothing answers (UI-15): the card shakes at once (`answer(place, null)`),
// and, unless a second tap follows, a reminder says what would move it (`answer(place,
// "tap_twice")`: a double tap finds it a column; "tap_nowhere": nothing takes it now). With
// "One tap moves" on, a tap does what a double tap does: it sends the state's `double_click`
// action for that card when its tap would move nothing.
//
//   const clicks = createClicks({ act: game.act, view: game.view, doubleClickOn, oneTapMoves,
//                                 answer, picker });
//   clicks.click({pile: "t3", index: 4}, {x: 120, y: 300});

import { clicksOf, destOf, isGuess } from "./predict.js";

export const DOUBLE_CLICK_MS = 400;
// How far (CSS px) the second press of a double tap may land from the first: a finger's
// wobble, less than the step between two fanned cards.
const SAME_SPOT_PX = 12;

export function createClicks({
  act,
  view,
  doubleClickOn,
  oneTapMoves = () => false,
  answer = () => {},
  picker,
  now = () => performance.now(),
  later = (callback, ms) => setTimeout(callback, ms),
  cancel = (timer) => clearTimeout(timer),
}) {
  let previous = null;
  // The reminder waiting to see whether the tap was the first half of a double tap.
  let reminder = null;

  function forgetReminder() {
    if (reminder !== null) cancel(reminder);
    reminder = null;
  }

  const codeAt = (state, place) =>
    place.index >= 0 ? (state.piles.find((pile) => pile.id === place.pile)?.cards[place.index] ?? null) : null;

  // UI-12: the tap that picks up, puts back or puts the picked cards on a pile.
  function pickOrPlace(state, place, code) {
    const picked = picker.picked();
    if (picked) {
      if (place.pile === picked.pile && (place.index < 0 || place.index >= picked.index)) {
        picker.putBack();
        return false;
      }
      picker.release();
      act({ type: "drop", pile: picked.pile, index: picked.index, code: picked.code, target: place.pile });
      return true;
    }
    if (code && (destOf(state, place.pile, place.index) || isGuess(state))) {
      picker.pickAt(place);
      return true;
    }
    return false;
  }

  function click(place, point) {
    const state = view();
    if (!state) return;
    const time = now();
    forgetReminder();
    if (place.pile === "s") {
      previous = null;
      if (picker?.picked()) picker.putBack();
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
      if (first.picked) {
        // The first tap picked the card up: the double tap sends it to its best place.
        picker.release();
        act({ type: "double_click", pile: first.pile, index: first.index, code: first.code });
      } else if (!first.tapped && doubleClickOn()) {
        act({ type: "double_click", pile: first.pile, index: first.index, code: first.code });
      }
      return;
    }
    const code = codeAt(state, place);
    if (picker?.enabled()) {
      const wasPicking = picker.picked() !== null;
      const acted = pickOrPlace(state, place, code);
      // Only a tap that picked a card up may become a double tap.
      previous = acted && !wasPicking ? { time, point, pile: place.pile, index: place.index, code, picked: true } : null;
      return;
    }
    if (!code) {
      previous = null;
      return;
    }
    // A tap the server's state says moves nothing is not sent (it is often the first half
    // of a double click); one it says moves the card is drawn and sent at once; on a state
    // that is a guess (earlier actions not answered yet) any tap is sent for the server to
    // judge, quietly, as a tap that moves nothing says nothing.
    const sends = clicksOf(state, place.pile, place.index);
    const guess = isGuess(state);
    if (!guess && !sends?.tap && sends?.double_click && oneTapMoves()) {
      // UI-15 "One tap moves": the tap is the double tap; a second tap adds nothing.
      act({ type: "double_click", pile: place.pile, index: place.index, code });
      previous = { time, point, pile: place.pile, index: place.index, code, tapped: true };
      return;
    }
    const tapped = Boolean(sends?.tap) || guess;
    if (tapped) {
      act({ type: "tap", pile: place.pile, index: place.index, code }, { quiet: true });
    } else {
      answer(place, null);
      // A card a double tap moves (with double clicks on), or one nothing takes (no entry in
      // `clicks`): each has its reminder; one only a drag could move gets the shake alone.
      let hint = null;
      if (!sends) hint = "tap_nowhere";
      else if (sends.double_click && doubleClickOn()) hint = "tap_twice";
      if (hint) {
        reminder = later(() => {
          reminder = null;
          answer(place, hint);
        }, DOUBLE_CLICK_MS);
      }
    }
    previous = { time, point, pile: place.pile, index: place.index, code, tapped };
  }

  return { click };
}
