// How a tap that sends nothing answers (UI-15, clicks.js): the card shakes at once, and with
// "Interactive rules" on a short reminder follows, unless the tap was half of a double tap.
//
//   answerTap({pile: "t3", index: 4}, null)          // the 5♥ in column 3 shakes
//   answerTap({pile: "t3", index: 4}, "tap_twice")   // "Tap twice to move it to a column"

import { t } from "./i18n.js";
import { settings } from "./settings.js";
import { showToast } from "./toast.js";

export function answerTap(place, hint) {
  if (hint) {
    if (settings().interactive_rules) showToast(t(`ui.${hint}`), { kind: "reminder" });
    return;
  }
  const pile = document.querySelector(`.board [data-pile="${place.pile}"]`);
  const card = pile?.querySelectorAll(":scope > .card")[place.index];
  if (!card) return;
  // A fresh shake for every tap, even one that follows another at once.
  card.classList.remove("shake");
  void card.offsetWidth;
  card.classList.add("shake");
  card.addEventListener("animationend", () => card.classList.remove("shake"), { once: true });
}
