// The game codes (DL-3, `GGV-OPT-NNNNNNN`: KL1-D1N-AAAAAAG) as the server's grammar says them
// (ui.codes, from the page's boot data: solitaire.codes on the server), so that the board
// writes none of it by hand. No DOM (tested under Node, tests/web/codes.test.mjs).
//
//   variantText("KL", "D3V")  →  "KL1-D3V";   variantOfCode("KL1-D1N-AAAAAAG")  →  "KL1-D1N"
//   variantKeyOf({game: "KL", options: "D3V"})  →  "KL-D3V"
//   codeProblem("KL1-D9N-AAAAAAG")  →  {problem: "options", game: "KL", options: "D9N", choices: [...]}

import { ui } from "./state.js";

// The grammar the board runs on; a test passes its own.
const grammar = (codes) => {
  const found = codes ?? ui.codes;
  if (!found) throw new Error("the game codes' grammar is not loaded (boot data `codes`)");
  return found;
};

// Every variant key ("KL-D1N"), in menu order.
export const variantKeys = (codes) => grammar(codes).variants;

// The variant a new visitor is dealt ("KL1-D1N").
export const defaultVariant = (codes) => grammar(codes).default;

// Whether the game has one variant only (Easy Harp): its name needs no options.
export const singleVariant = (key, codes) => (grammar(codes).games[key.split("-")[0]] ?? []).length === 1;

// The options a game takes, in menu order: options("KL") → ["D1N", "D1V", "D3N", "D3V"].
export const optionsOf = (game, codes) => grammar(codes).games[game] ?? [];

// The variant text of a game and its options ("KL1-D3V"); null when the game takes no such options.
export function variantText(game, options, codes) {
  const { version } = grammar(codes);
  return optionsOf(game, codes).includes(options) ? `${game}${version}-${options}` : null;
}

// The variant key of a game state: {game: "KL", options: "D3V"} → "KL-D3V"; the first
// variant for a state that names none the grammar knows.
export function variantKeyOf(state, codes) {
  const keys = variantKeys(codes);
  if (!state?.game || !state.options) return keys[0];
  const key = `${state.game}-${state.options}`;
  return keys.includes(key) ? key : keys[0];
}

// The variant part of a code: "KL1-D1N-AAAAAAG" → "KL1-D1N".
export const variantOfCode = (code) => code.split("-").slice(0, 2).join("-");

// Whether a code names a deal (KL1-D1N-AAAAAAG), not a game alone (SS1-S4, a typed-in position).
export function hasDeal(code, codes) {
  const parts = code.split("-");
  return parts.length === 3 && parts[2].length === grammar(codes).deal_letters;
}

// Why a typed-in text is no game code, found as the server's grammar finds it (solitaire.codes
// parse_code: any letter case, spaces around it): null for a code the grammar takes, else
// {problem, ...particulars} with problem one of "shape" (not three parts), "game" (the first
// part names no game of this code version), "options" (the game has no such options: `game`,
// `options`, `choices`), "deal" (the last part is not `letters` letters A-Z) or "deal_range"
// (the letters name no deal: `part`). The board checks a code before it asks "Leave this
// game?" (UI-11), so a typing slip never costs the game in progress. A grammar without
// `min_deal`/`max_deal` (a page kept from an older server) leaves the range to the server.
//
//   codeProblem(" kl1-d1n-aaaaaag ")  →  null;   codeProblem("KL1-D1N")  →  {problem: "shape"}
export function codeProblem(text, codes) {
  const { version, games, deal_letters: letters, min_deal: least, max_deal: most } = grammar(codes);
  const parts = text.trim().toUpperCase().split("-");
  if (parts.length !== 3) return { problem: "shape" };
  const [gamePart, options, deal] = parts;
  const game = gamePart.slice(0, 2);
  if (!Object.hasOwn(games, game) || gamePart.slice(2) !== version) return { problem: "game", part: gamePart };
  if (!games[game].includes(options)) return { problem: "options", game, options, choices: games[game] };
  if (deal.length !== letters || !/^[A-Z]+$/.test(deal)) return { problem: "deal", letters };
  // The deal's number in base 26, A = 0 … Z = 25 (solitaire.codes deal_letters).
  const number = [...deal].reduce((sum, letter) => sum * 26 + letter.charCodeAt(0) - 65, 0);
  if ((least !== undefined && number < least) || (most !== undefined && number > most)) {
    return { problem: "deal_range", part: deal };
  }
  return null;
}
