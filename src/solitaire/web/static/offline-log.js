// The offline log's bookkeeping, without the browser (rules UI-21; docs/board.md, "Playing
// offline"): what offline-engine.js keeps of each game played offline, what an upload sends
// (POST /api/sync/games) and what the device keeps after the server's answer. Pure: no
// storage, no network, the time passed in (tests/web/offline-log.test.mjs).
//
// An offline game is {ref, id, base, start, prefix?, pending?, actions, played_ms,
// began_at, last_at}: `ref` the device's name for it (random: the server remembers it, so
// an upload sent twice makes one game), `id` the engine's, `base` the server's game it went
// on from ({id, version}) or `start` (a code or a layout), `actions` the intents with their
// versions in the order played, `played_ms` the board's clock, `began_at`/`last_at` when it
// began to be played offline and its last offline action (ms, the device's clock).
//
//   const game = offlineGame({ id, start, now: Date.now() });
//   noteAction(game, { version: 0, type: "stock" }, Date.now());
//   untouched(game);                                     // nothing played: no upload
//   const { sent, games } = uploadOf(kept.games);       // the body's games
//   const { left, shown, refused } = adoptAnswer(sent, answer.games, logs, kept.current, newRef);

// A name no other device's game will have (crypto.randomUUID where the page may use it).
export function newRef(random = globalThis.crypto) {
  if (typeof random?.randomUUID === "function") return `offline-${random.randomUUID()}`;
  const bytes = random.getRandomValues(new Uint8Array(16));
  return `offline-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("")}`;
}

// A game begun offline (`start`) or the offline continuation of the server's game `base`.
export function offlineGame({ id, start, base = null, prefix, pending, playedMs = null, now, ref = newRef() }) {
  const game = { ref, id, base, start, actions: [], played_ms: playedMs, began_at: now, last_at: now };
  if (prefix) game.prefix = prefix;
  if (pending) game.pending = pending;
  return game;
}

// An action the engine took: kept in order, with its version, and its time.
export function noteAction(game, sent, now) {
  game.actions.push(sent);
  game.last_at = now;
}

// The board's clock for the game (it only grows: two tabs, the larger stays).
export function noteClock(game, playedMs) {
  if (typeof playedMs === "number" && playedMs >= 0) game.played_ms = Math.max(game.played_ms ?? 0, playedMs);
}

// Whether a game is the offline continuation of a server's game with nothing played in it
// (opened offline, looked at): nothing for the server to judge.
export function untouched(game) {
  return Boolean(game.base) && game.actions.length === 0;
}

// What an upload sends: each game as the server takes it, in the order played, with the
// actions there are now (`count`: those played while it is on its way stay for the next).
export function uploadOf(games) {
  const sent = games.map((game) => ({ game, count: game.actions.length }));
  const body = sent.map(({ game, count }) => ({
    ref: game.ref,
    ...(game.base ? { base: game.base } : { start: game.start }),
    actions: game.actions.slice(0, count),
    ...(typeof game.played_ms === "number" ? { played_ms: Math.floor(game.played_ms) } : {}),
    span_ms: Math.max(0, Math.floor((game.last_at ?? 0) - (game.began_at ?? 0))),
  }));
  return { sent, games: body };
}

// What the device keeps after the server's answer `synced` (its games, by ref): `left` the
// games played on during the upload (they go on from the game the server holds, given the
// engine's `logs` by id), `shown` the server's id of the game the board showed (`current`,
// the engine's id) to adopt, `refused` the answers that stopped a game (a tampered log).
export function adoptAnswer(sent, synced, logs, current, ref = newRef) {
  const left = [];
  const refused = [];
  let shown = null;
  for (const answer of synced) {
    const entry = sent.find(({ game }) => game.ref === answer.ref);
    if (!entry) continue;
    const { game, count } = entry;
    if (answer.outcome === "refused") {
      // The records hold what the server accepted; the rest of this game is gone.
      refused.push(answer);
    } else if (answer.id && game.actions.length > count) {
      // The server's log is the device's up to there (the same intents make the same
      // entries), which a reload replays.
      const version = (game.base?.version ?? 0) + answer.accepted;
      const log = logs.get(game.id) ?? [];
      left.push({
        ref: ref(),
        id: game.id,
        base: { id: answer.id, version },
        start: game.start,
        prefix: log.slice(0, version),
        actions: game.actions.slice(count),
        played_ms: game.played_ms,
        // The whole span: the server bounds the time of a game it holds by its own clock too.
        began_at: game.began_at,
        last_at: game.last_at,
      });
      continue;
    }
    if (game.id === current) shown = answer.id;
  }
  // Games the answer does not mention (it always does; an older server's) are kept.
  for (const { game } of sent) {
    if (!synced.some((answer) => answer.ref === game.ref)) left.push(game);
  }
  return { left, shown, refused };
}
