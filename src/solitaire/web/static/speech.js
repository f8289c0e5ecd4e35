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

// What an applied action did, from the state's `last` (the move as the server resolved it):
// "Seven of hearts to Column 4", a card turned from the stock, an undo. The moving card is
// read from the state before, where it was face up.
export function describeChange(previous, next) {
  const last = next.last;
  if (!last || !previous || previous.id !== next.id) return null;
  if (last.action === "undo") return t("ui.keys.undone");
  if (last.action === "redo") return t("ui.keys.redone");
  if (last.action === "finish") return t("ui.keys.finished", { count: last.steps?.length ?? 0 });
  if (last.action === "stock") {
    const waste = next.piles.find((pile) => pile.id === "w")?.cards ?? [];
    const stock = previous.piles.find((pile) => pile.id === "s")?.cards ?? [];
    const top = waste[waste.length - 1];
    return stock.length > 0 && top ? t("ui.keys.turned", { card: cardName(top) }) : t("ui.keys.redealt");
  }
  const match = /^([a-z]\d*)(?::(\d+))?-([a-z]\d*)$/.exec(last.move ?? "");
  if (!match) return null;
  const [, source, count, target] = match;
  const cards = previous.piles.find((pile) => pile.id === source)?.cards ?? [];
  const lead = cards[cards.length - Number(count ?? 1)];
  if (!lead) return null;
  let text = t("ui.keys.moved", { card: cardName(lead), pile: pileName(target) });
  if (last.runs_removed > 0) text = `${text} ${t("ui.keys.run_removed")}`;
  return text;
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
