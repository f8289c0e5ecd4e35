// The game codes' grammar as the server's boot data gives it (routes/board.py code_grammar,
// from solitaire.codes; tests/server/test_board.py checks the server's side), for the board's
// unit tests.
export const GRAMMAR = {
  version: "1",
  games: { KL: ["D1N", "D1V", "D3N", "D3V"], SS: ["S1", "S2", "S4"], EH: ["N"] },
  variants: ["KL-D1N", "KL-D1V", "KL-D3N", "KL-D3V", "SS-S1", "SS-S2", "SS-S4", "EH-N"],
  default: "KL1-D1N",
  deal_letters: 7,
  min_deal: 1,
  max_deal: 999999,
};
