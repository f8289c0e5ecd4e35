// What a screen reader hears: cards and piles named from the catalog, and a polite live
// region (#board-announcer) that says what just happened on the table.
//
//   cardName("7H")  →  "Seven of hearts";  pileName("t4")  →  "Column 4"
//   announce(describeChange(before, after));   // "Seven of hearts to Column 4"

import { t } from "./i18n.js";

export function cardName(code) {
  return t("ui.card", { rank: t(`ui.rank.${code.slice(0, -1)}`), suit: t(`ui.suit.${code.slice(-1)}`) });
}

export function pileName(id) {
  if (id === "s") return t("ui.pile.stock");
  if (id === "w") return t("ui.pile.waste");
  return t(id.startsWith("f") ? "ui.pile.foundation" : "ui.pile.column", { n: id.slice(1) });
}

// Says `text` through the board's polite live region (emptied first, so that the same
// sentence twice is read twice).
export function announce(text) {
  let region = document.getElementById("board-announcer");
  if (!region) {
    region = document.createElement("div");
    region.id = "board-announcer";
    region.className = "visually-hidden";
    region.setAttribute("aria-live", "polite");
    region.setAttribute("aria-atomic", "true");
    document.body.append(region);
  }
  region.textContent = "";
  requestAnimationFrame(() => {
    region.textContent = text;
  });
}

// Sentences said one after another, each with its full stop ("Seven of hearts to Column 4."
// then "Turned up: Two of spades."), so that a screen reader pauses between them.
export function sentences(...texts) {
  return texts
    .filter(Boolean)
    .map((text) => (/[.!?…]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`))
    .join(" ");
}

const pileOf = (state, id) => state.piles.find((pile) => pile.id === id)?.cards ?? [];

// What an applied action did, from the state's `last` (the move as the server resolved it):
// "Seven of hearts to Column 4. Turned up: Two of spades.", a card turned from the stock (and
// the stock running out), an undo. The moving card is read from the state before, where it
// was face up; a card turned up, from the state after.
export function describeChange(previous, next) {
  const last = next.last;
  if (!last || !previous || previous.id !== next.id) return null;
  if (last.action === "undo") return t("ui.keys.undone");
  if (last.action === "redo") return t("ui.keys.redone");
  if (last.action === "finish") return t("ui.keys.finished", { count: last.steps?.length ?? 0 });
  if (last.action === "stock") {
    const waste = pileOf(next, "w");
    const stockBefore = pileOf(previous, "s").length;
    const top = waste[waste.length - 1];
    if (stockBefore === 0 || !top) return t("ui.keys.redealt");
    const empty = pileOf(next, "s").length === 0 ? t("ui.keys.stock_empty") : null;
    return sentences(t("ui.keys.turned", { card: cardName(top) }), empty);
  }
  const match = /^([a-z]\d*)(?::(\d+))?-([a-z]\d*)$/.exec(last.move ?? "");
  if (!match) return null;
  const [, source, count, target] = match;
  const cards = pileOf(previous, source);
  const lead = cards[cards.length - Number(count ?? 1)];
  if (!lead) return null;
  const uncovered = pileOf(next, source);
  const turned = last.flips > 0 && uncovered.length > 0 ? uncovered[uncovered.length - 1] : null;
  return sentences(
    t("ui.keys.moved", { card: cardName(lead), pile: pileName(target) }),
    turned ? t("ui.keys.turned_up", { card: cardName(turned) }) : null,
    last.runs_removed > 0 ? t("ui.keys.run_removed") : null,
  );
}

// The game's state read out on demand (the I key): score, moves, time; the stock and the
// waste; each foundation's top card; Simple Simon's runs removed.
export function describeState(state, clock) {
  const said = [t("ui.keys.state", { score: state.score_text, moves: state.moves, time: clock(state.seconds ?? 0) })];
  if (state.piles.some((pile) => pile.id === "s")) {
    const waste = pileOf(state, "w");
    const top = waste[waste.length - 1];
    said.push(t("ui.keys.state_stock", { count: pileOf(state, "s").length, waste: top ? cardName(top) : t("ui.keys.empty") }));
  }
  const foundations = state.piles.filter((pile) => pile.id.startsWith("f"));
  if (foundations.length > 0) {
    const tops = foundations.map((pile) => {
      const top = pile.cards[pile.cards.length - 1];
      return top ? cardName(top) : t("ui.keys.empty");
    });
    said.push(t("ui.keys.state_foundations", { tops: tops.join(", ") }));
  }
  if (typeof state.runs_removed === "number") said.push(t("ui.keys.state_runs", { count: state.runs_removed }));
  return sentences(...said);
}

// Every pile of a table in words, for a screen reader (the examples' replays): "Column 3: 2
// face down, Seven of hearts, Six of clubs." An empty pile says so.
export function describeTable(state) {
  return sentences(
    ...state.piles.map((pile) => {
      const down = pile.cards.filter((card) => card === null).length;
      const parts = [];
      if (down > 0) parts.push(t("ui.table.face_down", { count: down }));
      for (const card of pile.cards) if (card !== null) parts.push(cardName(card));
      const cards = parts.length > 0 ? parts.join(", ") : t("ui.keys.empty");
      return t("ui.table.pile", { pile: pileName(pile.id), cards });
    }),
  );
}

// A move in words, for the examples' captions: "Column 3 onto column 5", "Turn a card from
// the stock". `before` and `after` are the states on either side of it, for what the move
// text alone does not say (a stock tap turning cards or putting the waste back).
export function moveInWords(move, before = null, after = null) {
  if (move === "d") {
    const waste = (state) => state?.piles.find((pile) => pile.id === "w")?.cards.length ?? 0;
    const turned = waste(after) - waste(before);
    if (before && after && turned < 0) return t("ui.move.put_back");
    return turned > 1 ? t("ui.move.draw_many", { count: turned }) : t("ui.move.draw");
  }
  const match = /^([a-z])(\d*)(?::(\d+))?-([a-z])(\d*)$/.exec(move ?? "");
  if (!match) return move ?? "";
  const [, from, fromNumber, count, to, toNumber] = match;
  let source;
  if (from === "w") source = t("ui.move.from_waste");
  else if (from === "f") source = t("ui.move.from_foundation", { n: fromNumber });
  else if (count) source = t("ui.move.from_column_many", { count, n: fromNumber });
  else source = t("ui.move.from_column", { n: fromNumber });
  if (to === "f") {
    return toNumber ? t("ui.move.to_foundation", { source, n: toNumber }) : t("ui.move.to_foundations", { source });
  }
  return t("ui.move.to_column", { source, n: toNumber });
}
