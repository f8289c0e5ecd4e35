// The player's commands as the game's actions (game.js): a card dropped, tapped or double
// clicked (named by its code, its pile and its place), the stock, Undo, Redo, Finish — each
// sent only when the state the board draws allows it — and where a lifted card may go (UI-5).
//
//   drop({pile: "t3", index: 4}, "t5");   cardIntent("tap", place, {keys: true});   undo();

import { destOf } from "./predict.js";
import { settings } from "./settings.js";
import { ui } from "./state.js";

// The code of the card at a place of the drawn state, or null.
export function codeAt(place) {
  return ui.game.view()?.piles.find((pile) => pile.id === place.pile)?.cards[place.index] ?? null;
}

// A card (with those on it) let go over `target`; answers whether the move is drawn.
export function drop(place, target, options = {}) {
  const code = place.code ?? codeAt(place);
  if (!code) return false;
  return ui.game.act({ type: "drop", pile: place.pile, index: place.index, target, code }, options);
}

// A tap or a double click on a card; answers whether the move is drawn.
export function cardIntent(type, place, options = {}) {
  const code = place.code ?? codeAt(place);
  return code ? ui.game.act({ type, pile: place.pile, index: place.index, code }, options) : false;
}

// Released over the felt: the cards fly back, or with "Auto placement" on (UI-4) they go to
// their best place, which is what a double click asks for.
export function dropNowhere(place) {
  return settings().auto_placement ? cardIntent("double_click", place) : false;
}

// The piles to light up while a card is lifted (UI-5, "Placement help").
export function targetsFor(place) {
  const state = ui.game.view();
  if (!state || !settings().placement_help) return [];
  return destOf(state, place.pile, place.index)?.targets ?? [];
}

export function undo() {
  if (ui.game.view()?.can_undo || ui.game.busy()) ui.game.act({ type: "undo" });
}

export function redo() {
  if (ui.game.view()?.can_redo || ui.game.busy()) ui.game.act({ type: "redo" });
}

export function finish() {
  if (ui.game.view()?.can_finish) ui.game.act({ type: "finish" });
}

export function tapStock() {
  if (ui.game.view()?.piles.some((pile) => pile.id === "s")) ui.game.act({ type: "stock" });
}
