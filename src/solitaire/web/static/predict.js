// Drawing an action before the server answers (UI-14), without knowing a rule: a card goes
// where the state's `dests` say it may go, or where its `clicks` say a tap or a double click
// would send it, the stock as its `stock_tap` says; anything else is not drawn and waits for
// the answer. A
// state drawn this way is a guess the next answer replaces: its score and move counter are
// the server's last, a face-down card uncovered stays face down, and it only vouches for the
// dests of piles no guessed move touched.
//
//   destination(state, {type: "drop", pile: "t3", index: 4, target: "t5"}, {autoPlacement})
//     →  "t5", or null when the state does not say
//   predict(state, intent, options)  →  the state the intent would lead to, or null

const at = (list, pile, index) => list.find((entry) => entry.pile === pile && entry.index === index) ?? null;

// Where the card at `index` of `pile` may go: {pile, index, targets}, or null.
export const destOf = (state, pile, index) => at(state.dests, pile, index);
// Where a tap and a double click would send it: {pile, index, tap, double_click}, or null.
export const clicksOf = (state, pile, index) => at(state.clicks ?? [], pile, index);

const isFoundation = (pile) => pile.startsWith("f");

// Where the cards of a tap, double click or drop go, as the state's dests name it; null when
// they name nothing (the server then judges without a drawing: often a refusal).
export function destination(state, intent, { autoPlacement = false } = {}) {
  const clicks = clicksOf(state, intent.pile, intent.index);
  if (intent.type === "tap") return clicks?.tap ?? null;
  if (intent.type === "double_click") return clicks?.double_click ?? null;
  const dest = destOf(state, intent.pile, intent.index);
  if (intent.type !== "drop" || !dest || intent.target === intent.pile) return null;
  // A drop on any foundation means the foundation area: the one a tap would choose (KL-5).
  if (isFoundation(intent.target) && dest.targets.some(isFoundation)) return clicks?.tap ?? null;
  if (dest.targets.includes(intent.target)) return intent.target;
  // UI-4: released where it may not go, the card goes where a double click would send it.
  return autoPlacement ? (clicks?.double_click ?? null) : null;
}

function copyPiles(state) {
  return state.piles.map((pile) => ({ id: pile.id, cards: [...pile.cards] }));
}

// The state after a guessed move that touched `touched`: the dests of those piles are no
// longer known, nor where the stock would go if the stock or the waste moved.
function guessed(state, piles, touched, fan) {
  const known = (pile) => !touched.has(pile);
  const dests = state.dests
    .filter((dest) => known(dest.pile))
    .map((dest) => ({ ...dest, targets: dest.targets.filter(known) }))
    .filter((dest) => dest.targets.length > 0);
  const keep = (target) => (target && known(target) ? target : null);
  const clicks = (state.clicks ?? [])
    .filter((entry) => known(entry.pile))
    .map((entry) => ({ ...entry, tap: keep(entry.tap), double_click: keep(entry.double_click) }));
  const stockTap = touched.has("s") || touched.has("w") ? null : state.stock_tap;
  const unsure = new Set([...(state.unsure ?? []), ...touched]);
  return { ...state, piles, dests, clicks, stock_tap: stockTap, fan, unsure };
}

function moveCards(state, source, index, target) {
  const piles = copyPiles(state);
  const from = piles.find((pile) => pile.id === source);
  const to = piles.find((pile) => pile.id === target);
  if (!from || !to || index < 0 || index >= from.cards.length) return null;
  to.cards.push(...from.cards.splice(index));
  // The waste's fan closes up by one as its top card leaves (draw 3 shows the next beneath).
  let fan = state.fan;
  if (source === "w") fan = Math.max(fan - 1, from.cards.length > 0 ? 1 : 0);
  return guessed(state, piles, new Set([source, target]), fan);
}

// A tap on the stock, as `stock_tap` says: cards turned face down onto the waste (their
// faces come with the answer), or the waste put back.
function tapStock(state) {
  const effect = state.stock_tap;
  if (!effect) return null;
  const piles = copyPiles(state);
  const stock = piles.find((pile) => pile.id === "s");
  const waste = piles.find((pile) => pile.id === "w");
  if (!stock || !waste) return null;
  if (effect.to === "w") {
    const turned = stock.cards.splice(Math.max(0, stock.cards.length - effect.count));
    waste.cards.push(...turned.map(() => null));
  } else {
    stock.cards.push(...waste.cards.splice(0).map(() => null));
  }
  return guessed(state, piles, new Set(["s", "w"]), effect.fan);
}

// The state when an action waits undrawn: nothing about any pile can be vouched for.
export function unsureOfAll(state) {
  return { ...state, dests: [], clicks: [], stock_tap: null, unsure: new Set(state.piles.map((pile) => pile.id)) };
}

// Whether the state is a guess: what it does not list may still be possible (a card may go
// up on a foundation a guessed move filled), so only the server can say.
export const isGuess = (state) => (state.unsure?.size ?? 0) > 0;

export function predict(state, intent, options = {}) {
  if (!state || state.won) return null;
  if (intent.type === "stock") return tapStock(state);
  const target = destination(state, intent, options);
  return target ? moveCards(state, intent.pile, intent.index, target) : null;
}
