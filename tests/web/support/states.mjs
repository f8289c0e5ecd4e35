// Game states as the server sends them (docs/api.md, "State"), built for the board's unit
// tests: piles by id (a face-down card is null), and the dests, clicks and stock_tap the
// server would list for them. Only the fields the board's logic reads are filled.
//
//   klondike({ t1: ["8S"], t2: [null, "7H"] }, { dests: [dest("t2", 1, "t1")] })

const KLONDIKE_PILES = ["s", "w", "f1", "f2", "f3", "f4", "t1", "t2", "t3", "t4", "t5", "t6", "t7"];

export function klondike(cards = {}, fields = {}) {
  return {
    id: "game-1",
    version: 0,
    game: "KL",
    options: "D1N",
    code: "KL1-D1N-AAAAAAG",
    moves: 0,
    score_text: "0",
    won: false,
    can_undo: false,
    can_redo: false,
    can_finish: false,
    fan: 0,
    piles: KLONDIKE_PILES.map((id) => ({ id, cards: [...(cards[id] ?? [])] })),
    dests: [],
    clicks: [],
    stock_tap: null,
    ...fields,
  };
}

// A dests entry: the card at `index` of `pile` may go to `targets`.
export const dest = (pile, index, ...targets) => ({ pile, index, targets });

// A clicks entry: where a tap and a double click on that card would send it.
export const click = (pile, index, tap, double_click = tap) => ({ pile, index, tap, double_click });

// The cards of every pile of a state, by pile id.
export const cardsOf = (state) => Object.fromEntries(state.piles.map((pile) => [pile.id, pile.cards]));
