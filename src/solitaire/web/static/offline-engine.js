// Whole games without the network (rules UI-21; docs/board.md, "Playing offline"). Online,
// nothing changes: the server decides. Meanwhile this module
//
// - downloads, once the board has drawn, the engine's files (/offline/files.json: Pyodide,
//   the engine's Python modules, their worker) into a cache the service worker serves them
//   from, then marks <html data-offline-ready="true"> and Settings says "Ready to play
//   offline";
// - keeps the current game's record on the device (its start and log, from
//   GET /api/sync/games/{id}, then each action the server takes), so that it can go on;
// - when a game request finds no network, answers it from the engine in a Web Worker
//   (engine-worker.js), the same rules from the same source, and logs each action with its
//   version (localStorage);
// - back online, sends the log (POST /api/sync/games): the server replays it through its own
//   rules and the board adopts what the server recorded.
//
// - keeps the games this device finished (won, or left for another after a move), online or
//   offline, for the Statistics dialog offline (device-stats.js: statistics of what this
//   device knows).
//
// The log's bookkeeping (the order, the upload, the answer adopted) is offline-log.js's.
//
//   const offline = playOffline(api, { adopt, current, onError });   // once, before the first request
//   offline.prepare();                                       // after the board has drawn

import { ApiUnreachable } from "./api.js";
import { variantKeyOf, variantKeys } from "./codes.js";
import { deviceStats, noteFinished, noteTime } from "./device-stats.js";
import { t } from "./i18n.js";
import { adoptAnswer, newRef, noteAction, noteClock, offlineGame, untouched, uploadOf } from "./offline-log.js";
import { showToast } from "./toast.js";

const FILES = "/offline/files.json";
// Not "solitaire-…": the service worker drops those caches at each release; this one is kept
// and pruned to what files.json lists.
const CACHE = "offline-engine";
const KEPT = "solitaire-offline";
// The games this device finished (device-stats.js), apart: an upload leaves them be.
const FINISHED = "solitaire-finished";
// The board's clock for the server's game in play, {id, played_ms}: apart too, so that a
// report as the page goes away never writes over the log another page has kept meanwhile.
const CLOCK = "solitaire-clock";
const RETRY_MS = 5000;

// What the device keeps (localStorage): `mirror` the server's game last played, as
// {id, version, start, log, pending: [actions taken since its log was read]}; `games` the
// games played offline and not saved yet, each {ref, id, base, start, actions}; `current`
// the id of the game the board plays offline. Each offline game is offline-log.js's.
function load() {
  try {
    return { mirror: null, games: [], current: null, ...JSON.parse(localStorage.getItem(KEPT) ?? "{}") };
  } catch {
    return { mirror: null, games: [], current: null };
  }
}

// The day of the deal of the day: the UTC date, as the server's (DL-4), by the device's clock.
function today() {
  return new Date().toISOString().slice(0, 10);
}

// The engine in its worker, started on first need; `ask` answers what local_play.Device does.
function createEngine() {
  let worker = null;
  let started = null;
  let next = 0;
  const waiting = new Map();
  function start(files) {
    worker = new Worker(files.worker, { type: "module" });
    started = new Promise((resolve, reject) => {
      worker.onmessage = ({ data }) => {
        if ("ready" in data) return data.ready ? resolve() : reject(new Error(data.error));
        const [done, fail] = waiting.get(data.id);
        waiting.delete(data.id);
        if (data.error) fail(new Error(data.error));
        else done(data.answer);
      };
    });
    worker.postMessage({ files: { runtime: files.runtime, engine: files.engine } });
    return started;
  }
  return {
    start,
    running: () => started !== null,
    ask(question) {
      return started.then(
        () =>
          new Promise((done, fail) => {
            next += 1;
            waiting.set(next, [done, fail]);
            worker.postMessage({ id: next, ask: question });
          }),
      );
    },
  };
}

// The time the device knows for the server's game `id` (null: none).
function knownTime(id) {
  try {
    const clock = JSON.parse(localStorage.getItem(CLOCK) ?? "null");
    return clock?.id === id && typeof clock.played_ms === "number" ? clock.played_ms : null;
  } catch {
    return null;
  }
}

function keepTime(id, playedMs) {
  if (!id || typeof playedMs !== "number") return;
  localStorage.setItem(CLOCK, JSON.stringify({ id, played_ms: Math.max(knownTime(id) ?? 0, playedMs) }));
}

function loadFinished() {
  try {
    const finished = JSON.parse(localStorage.getItem(FINISHED) ?? "[]");
    return Array.isArray(finished) ? finished : [];
  } catch {
    return [];
  }
}

export function playOffline(api, { adopt, current: shownState = () => null, onError = console.error }) {
  const server = { ...api };
  const engine = createEngine();
  let kept = load();
  let files = null;
  // The games the engine holds already, and those on their way there, by id.
  const loaded = new Set();
  const loading = new Map();
  let syncing = null;
  let retry = 0;

  const save = () => localStorage.setItem(KEPT, JSON.stringify(kept));
  let finished = loadFinished();
  const saveFinished = () => localStorage.setItem(FINISHED, JSON.stringify(finished));

  // A game the board shows finished (a win) or left (a new game over one with moves).
  function noteGame(state, { won }) {
    if (!state?.id || !(state.moves >= 1)) return;
    const game = {
      id: state.id,
      variant: variantKeyOf(state),
      won,
      score: state.score,
      score_text: state.score_text ?? String(state.score),
      moves: state.moves,
      played_ms: state.played_ms ?? keptGame(state.id)?.played_ms ?? null,
      finished_at: new Date().toISOString(),
    };
    finished = noteFinished(finished, game);
    saveFinished();
  }
  function noteLeft() {
    const state = shownState();
    if (state && !state.won) noteGame(state, { won: false });
  }
  const keptGame = (id) => kept.games.find((game) => game.id === id);
  const isLocal = (id) => Boolean(keptGame(id));

  function showPlaying(playing) {
    document.body.toggleAttribute("data-playing-offline", playing);
    const banner = document.getElementById("offline");
    const words = banner?.querySelector("[data-i18n]");
    if (words) {
      words.dataset.i18n = playing ? "ui.offline_playing" : "ui.offline";
      words.textContent = t(words.dataset.i18n);
    }
    // Back, the banner goes unless the network's watch (offline.js) still finds none.
    if (banner) banner.hidden = !playing && !document.body.hasAttribute("data-offline");
  }

  // -- online: the record of the game in play --------------------------------------------
  // The record of the server's game `id`, and the time it keeps (the board's clock resumes
  // from it offline).
  async function readRecord(id, playedMs = null) {
    const { status, body } = await server.record(id);
    if (status !== 200) return;
    keepTime(id, playedMs);
    kept.mirror = { id, version: body.version, start: body.start, log: body.log, pending: [] };
    save();
  }

  function followed(state) {
    if (!files || !state?.id || isLocal(state.id)) return;
    const mirror = kept.mirror;
    keepTime(state.id, state.played_ms);
    if (mirror?.id === state.id && mirror.version + mirror.pending.length === state.version) return;
    readRecord(state.id, state.played_ms).catch(() => null);
  }

  function acted(id, sent, { status, body }) {
    const mirror = kept.mirror;
    if (status === 200 && body?.won) noteGame(body, { won: true });
    if (status !== 200 || !files) return;
    if (mirror?.id === id && mirror.version + mirror.pending.length === sent.version) {
      mirror.pending.push(sent);
      save();
    } else followed(body);
  }

  // -- offline: the engine answers -------------------------------------------------------
  async function ready() {
    if (!files) files = await readFiles(false);
    if (!files) throw new ApiUnreachable("the engine is not on this device");
    if (!engine.running()) engine.start(files).catch(onError);
  }

  // The game in the engine, as the device has it: its start, the log it went on from, the
  // actions the server took since and those made offline.
  async function replay(id, game) {
    await engine.ask({ op: "start", id, start: game.start, log: game.prefix ?? [] });
    for (const action of [...(game.pending ?? []), ...game.actions]) {
      const { version, ...intent } = action;
      await engine.ask({ op: "act", id, version, intent });
    }
    loaded.add(id);
  }

  // The game `id` in the engine: an offline game, or the server's game the record holds
  // (which becomes an offline game: its continuation from the version the board had).
  async function local(id) {
    await ready();
    let game = keptGame(id);
    if (!game) {
      const mirror = kept.mirror;
      if (!mirror || mirror.id !== id) return null;
      game = offlineGame({
        id,
        base: { id, version: mirror.version + mirror.pending.length },
        start: mirror.start,
        prefix: mirror.log,
        pending: mirror.pending,
        playedMs: knownTime(id),
        now: Date.now(),
      });
      kept.games.push(game);
      save();
    }
    if (!loaded.has(id)) {
      // Once, however many calls ask at the same moment.
      if (!loading.has(id)) loading.set(id, replay(id, game).finally(() => loading.delete(id)));
      await loading.get(id);
    }
    kept.current = id;
    save();
    showPlaying(true);
    syncSoon();
    return game;
  }

  // A refusal's reminder in the player's language, as the server would word it (UI-6).
  function reminder(body) {
    if (!body?.reason) return body;
    const key = `reason.${body.reason}`;
    return { ...body, message: t(key) === key ? t("error.illegal") : t(key) };
  }

  // The engine's state with the board's clock as the device keeps it (a reload resumes it).
  async function stateOf(id, game) {
    const state = await engine.ask({ op: "state", id });
    return { ...state, played_ms: game.played_ms ?? null };
  }

  const localApi = {
    async game(id) {
      const game = await local(id);
      if (!game) return { status: 404, body: { error: "not_found" } };
      return { status: 200, body: await stateOf(id, game) };
    },
    async currentGame() {
      const id = kept.current ?? kept.mirror?.id;
      return id ? localApi.game(id) : { status: 404, body: { error: "not_found" } };
    },
    async action(id, sent) {
      const game = await local(id);
      if (!game) return { status: 404, body: { error: "not_found" } };
      const { version, ...intent } = sent;
      const answer = await engine.ask({ op: "act", id, version, intent });
      if (answer.status === 200) {
        noteAction(game, sent, Date.now());
        // Dropped as untouched while the engine answered (the network back, sync()): the
        // game is played on offline after all, and its next upload takes the action.
        if (!keptGame(id)) {
          kept.games.push(game);
          kept.current = id;
          showPlaying(true);
          syncSoon();
        }
        save();
        answer.body.played_ms = game.played_ms ?? null;
        if (answer.body.won) noteGame(answer.body, { won: true });
      }
      return { status: answer.status, body: reminder(answer.body) };
    },
    async check(id, sent) {
      if (!(await local(id))) return { status: 404, body: { error: "not_found" } };
      const { version, ...intent } = sent;
      const answer = await engine.ask({ op: "check", id, version, intent });
      return { status: answer.status, body: reminder(answer.body) };
    },
    async startGame(choice) {
      await ready();
      let start;
      if (choice.mode === "same") {
        const from = keptGame(choice.game_id) ?? (kept.mirror?.id === choice.game_id ? kept.mirror : null);
        start = from?.start;
      } else if (["new", "daily", "code"].includes(choice.mode) && !choice.level) {
        // A level (a graded deal) needs the server's list; "winnable only" its solver:
        // offline, any deal of the variant.
        const chosen = await engine.ask({ op: "choose", choice, today: today() }).catch(() => ({}));
        // A code the rules refuse, worded as the server words it.
        const refused = chosen.code_error;
        if (refused) return { status: 400, body: { error: "bad_request", message: t("error.bad_code", { reason: t(`error.code.${refused.key}`, refused.values) }) } };
        start = chosen.start;
      }
      if (!start) return { status: 400, body: { error: "offline", message: t("ui.offline_needs_network") } };
      noteLeft();
      const id = newRef();
      kept.games.push(offlineGame({ ref: id, id, start, now: Date.now() }));
      save();
      await engine.ask({ op: "start", id, start });
      loaded.add(id);
      kept.current = id;
      save();
      showPlaying(true);
      return { status: 201, body: await engine.ask({ op: "state", id }) };
    },
  };

  // Each game call: an offline game's goes to the engine; any other to the server, and to
  // the engine when the server can't be reached and the engine is on the device.
  function wrap(name, idOf, after) {
    api[name] = async (...args) => {
      const id = idOf(args);
      if (id && isLocal(id)) return localApi[name](...args);
      try {
        const answer = await server[name](...args);
        after?.(args, answer);
        return answer;
      } catch (error) {
        if (!(error instanceof ApiUnreachable) || !files) throw error;
        return localApi[name](...args);
      }
    };
  }
  wrap("game", ([id]) => id, (_, answer) => answer.status === 200 && followed(answer.body));
  wrap("action", ([id]) => id, ([id, sent], answer) => acted(id, sent, answer));
  wrap("check", ([id]) => id);
  wrap("startGame", () => null, (_, answer) => {
    if (answer.status !== 201) return;
    noteLeft();
    followed(answer.body);
  });
  wrap("currentGame", () => kept.current, (_, answer) => answer.status === 200 && followed(answer.body));
  // An offline game's clock stays on the device and goes with its upload (the server keeps
  // it within the span the device reports, docs/records.md).
  wrap("clock", ([id]) => id, ([id], answer) => {
    if (answer.status !== 200) return;
    if (kept.mirror?.id === id) keepTime(id, answer.body.played_ms);
    if (finished.some((game) => game.id === id)) {
      finished = noteTime(finished, id, answer.body.played_ms);
      saveFinished();
    }
  });
  localApi.clock = async (id, playedMs) => {
    const game = keptGame(id);
    if (game) {
      noteClock(game, playedMs);
      save();
    } else if (kept.mirror?.id === id) {
      // The server's game the network left: its clock resumes from here offline.
      keepTime(id, playedMs);
    }
    finished = noteTime(finished, id, game?.played_ms ?? playedMs);
    saveFinished();
    return { status: 200, body: { played_ms: game?.played_ms ?? playedMs } };
  };
  // As the page goes away (a reload): the time is the device's too, so that a reload
  // offline resumes the clock where it was; an offline game's stays on the device.
  api.clockBeacon = (id, playedMs) => {
    const game = keptGame(id);
    if (game) {
      noteClock(game, playedMs);
      save();
      return true;
    }
    if (kept.mirror?.id === id) keepTime(id, playedMs);
    return server.clockBeacon(id, playedMs);
  };
  // Hints (the solver) are the server's: offline, the board says so. The statistics are
  // those of the games this device finished (the dialog says whose they are).
  const needsNetwork = async () => ({ status: 503, body: { error: "offline", message: t("ui.offline_needs_network") } });
  localApi.hint = needsNetwork;
  localApi.stats = async ({ level = null, challenge = false } = {}) => {
    // The device knows no deal's level and no challenge: those choices hold no game.
    if (level || challenge) return { status: 200, body: { variants: [], resets: {}, device: true } };
    return { status: 200, body: deviceStats(finished, variantKeys()) };
  };
  wrap("hint", ([id]) => id);
  wrap("stats", () => null);

  // -- back online: the server judges ----------------------------------------------------
  // Offline play ends: the game calls go to the server again, and the quiet line goes.
  function stopPlaying() {
    clearInterval(retry);
    retry = 0;
    showPlaying(false);
  }

  // The server's games the device went on with offline but played nothing in (a reload or a
  // look without the network): nothing to judge, nothing to save. Once the server answers,
  // they are dropped (the record of the game stays, for the next time), and the board shows
  // the server's game as it is there (moved on in another tab, say) unless it moved since.
  async function dropUntouched() {
    for (const game of kept.games.filter(untouched)) {
      const { status, body } = await server.game(game.base.id);
      // Played on while the server answered: the upload takes it.
      if (!untouched(game) || !kept.games.includes(game)) continue;
      const shown = kept.current === game.id;
      kept.games = kept.games.filter((other) => other !== game);
      if (shown) kept.current = null;
      loaded.delete(game.id);
      save();
      const board = shownState();
      if (status !== 200 || !shown || board?.id !== game.id || board.version !== game.base.version) continue;
      followed(body);
      adopt(body);
    }
  }

  async function sync() {
    await dropUntouched();
    if (kept.games.length === 0) {
      // Back with nothing played offline (or the network gone and back between two moves):
      // the board plays the server's game again, and says nothing was saved.
      stopPlaying();
      return;
    }
    // What goes now; actions the player makes while it is on its way stay for the next time.
    // Sent again after a lost answer, the server finds the games it made (by their refs).
    const { sent, games } = uploadOf(kept.games);
    const { status, body } = await server.sync(games);
    if (status !== 200) return;
    const current = kept.current;
    // The engine's logs of the games played on during the upload: they go on from there.
    const logs = new Map();
    for (const { game, count } of sent) {
      if (game.actions.length > count) logs.set(game.id, (await engine.ask({ op: "record", id: game.id })).log);
    }
    const { left, shown, refused } = adoptAnswer(sent, body.games, logs, current);
    for (const synced of refused) {
      console.warn("offline game refused by the server:", synced);
      showToast(t("ui.offline_refused"), { kind: "error" });
    }
    for (const { game } of sent) if (!left.some((kept) => kept.id === game.id)) loaded.delete(game.id);
    // The games finished offline are the server's now: their ids in the device's log too.
    for (const synced of body.games) {
      const { game } = sent.find((entry) => entry.game.ref === synced.ref) ?? {};
      if (game && synced.id && synced.id !== game.id) finished = finished.map((kept) => (kept.id === game.id ? { ...kept, id: synced.id } : kept));
    }
    saveFinished();
    kept = { mirror: null, games: left, current: left.length > 0 ? current : null };
    save();
    if (left.length > 0) return;
    stopPlaying();
    showToast(t("ui.offline_saved"));
    if (shown) {
      const answer = await server.game(shown);
      if (answer.status === 200) {
        followed(answer.body);
        adopt(answer.body);
      }
    }
  }

  function syncSoon() {
    if (retry) return;
    retry = setInterval(() => {
      if (navigator.onLine) trySync();
    }, RETRY_MS);
  }

  function trySync() {
    syncing ??= sync()
      .catch((error) => (error instanceof ApiUnreachable ? null : onError(error)))
      .finally(() => (syncing = null));
    return syncing;
  }
  window.addEventListener("online", trySync);
  // The network gone with the engine on the device: the table stays playable (the line
  // says so) and the engine starts meanwhile, ready for the next action.
  window.addEventListener("offline", () => {
    if (!files) return;
    showPlaying(true);
    ready().catch(onError);
  });
  if (kept.games.length > 0) syncSoon();

  // -- the files -------------------------------------------------------------------------
  // files.json from the network (kept in the cache), or the kept one; null when the engine's
  // files are not all on the device (`fill`: download the missing ones).
  async function readFiles(fill) {
    if (!("caches" in window)) return null;
    const cache = await caches.open(CACHE);
    let listing = null;
    try {
      const answer = await fetch(FILES, { cache: "no-cache" });
      if (answer.ok) {
        listing = await answer.clone().json();
        if (fill) await cache.put(FILES, answer);
      }
    } catch {
      // Offline: the kept list.
    }
    const keptList = await cache.match(FILES);
    listing ??= keptList ? await keptList.json() : null;
    if (!listing) return null;
    for (const file of listing.files) {
      if (await cache.match(file)) continue;
      if (!fill) return null;
      // Marked, so that the service worker lets it go to the network as the page's own.
      await cache.add(new Request(file, { headers: { "X-Offline-Fill": "1" } }));
    }
    if (fill) {
      // A new release's files replace the old ones.
      for (const request of await cache.keys()) {
        const path = new URL(request.url).pathname;
        if (path !== FILES && !listing.files.includes(path)) await cache.delete(request);
      }
    }
    return listing;
  }

  return {
    isLocal,
    // After the board has drawn: the engine's files (once), then the record of the game.
    async prepare(current) {
      const listing = await readFiles(true);
      if (!listing) return false;
      files = listing;
      const state = current();
      if (state?.id && !isLocal(state.id)) {
        const mirror = kept.mirror;
        if (mirror?.id !== state.id || mirror.version + mirror.pending.length !== state.version) await readRecord(state.id, state.played_ms);
      }
      document.documentElement.dataset.offlineReady = "true";
      const status = document.getElementById("offline-ready");
      if (status) status.hidden = false;
      if (kept.games.length > 0) trySync();
      return true;
    },
    // At the start, offline: whether the engine can play (its files and a game on the device).
    async canPlay() {
      files ??= await readFiles(false).catch(() => null);
      if (files) document.documentElement.dataset.offlineReady = "true";
      return Boolean(files);
    },
    sync: trySync,
  };
}
