// Statistics of what this device knows (rules UI-21): offline, the Statistics dialog shows
// the figures of the games finished on this device — online or offline — kept in its own
// log, counted as the server counts them (solitaire/stats.py: a game counts once it is won,
// or left for another game after at least one move; records are first reached, a tie does
// not take them). Pure: the log is a list the caller keeps (localStorage), the time passed in
// (tests/web/device-stats.test.mjs).
//
//   finished = noteFinished(finished, { id, variant: "KL-D1N", won: true, score: 520,
//                                       score_text: "520", moves: 91, played_ms: 312000,
//                                       finished_at: "2026-12-02T11:00:00.000Z" });
//   finished = noteTime(finished, id, 313400);     // the clock's report after the win
//   deviceStats(finished, variantKeys())  →  { variants: [...], resets: {}, device: true }

// The games kept: the latest ones (a year of play for most players).
export const FINISHED_LIMIT = 1000;

// The log with `game` in it: a game noted again (a win after an undone one, a reload) is
// replaced in place; a game without a move is no game played.
export function noteFinished(finished, game) {
  const list = (finished ?? []).filter((kept) => kept.id !== game.id);
  if (!(game.moves >= 1)) return list;
  return [...list, { ...game }].slice(-FINISHED_LIMIT);
}

// The time played of a game in the log, as the clock reported it (after the win).
export function noteTime(finished, id, playedMs) {
  if (typeof playedMs !== "number" || playedMs < 0) return finished ?? [];
  return (finished ?? []).map((game) => (game.id === id ? { ...game, played_ms: Math.max(game.played_ms ?? 0, playedMs) } : game));
}

// The record after `game`: replaced only by a strictly better value.
function better(record, value, game, low, extra = {}) {
  if (record === null || (low ? value < record.value : value > record.value)) {
    return { value, finished_at: game.finished_at, ...extra };
  }
  return record;
}

// The figures per variant, as GET /api/stats answers them (without the server's chart), in
// the order of `keys` (the menu's); `device: true` says whose they are.
export function deviceStats(finished, keys = null) {
  const tallies = new Map();
  const games = [...(finished ?? [])].sort((a, b) => String(a.finished_at).localeCompare(String(b.finished_at)));
  for (const game of games) {
    if (!(game.moves >= 1)) continue;
    const tally = tallies.get(game.variant) ?? {
      variant: game.variant,
      played: 0,
      won: 0,
      win_rate: 0,
      best_score: null,
      fewest_moves: null,
      fastest_win: null,
      current_streak: 0,
      best_streak: 0,
      recent: [],
      chart: "",
    };
    tallies.set(game.variant, tally);
    tally.played += 1;
    tally.best_score = better(tally.best_score, game.score, game, false, { text: game.score_text ?? String(game.score) });
    if (game.won) {
      tally.won += 1;
      tally.fewest_moves = better(tally.fewest_moves, game.moves, game, true);
      tally.fastest_win = better(tally.fastest_win, Math.floor((game.played_ms ?? 0) / 1000), game, true);
      tally.current_streak += 1;
      tally.best_streak = Math.max(tally.best_streak, tally.current_streak);
    } else {
      tally.current_streak = 0;
    }
    tally.win_rate = tally.won / tally.played;
  }
  const order = keys ?? [...tallies.keys()];
  const variants = order.filter((key) => tallies.has(key)).map((key) => tallies.get(key));
  return { variants, resets: {}, device: true };
}
