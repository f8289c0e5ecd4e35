// The game as the board knows it (UI-14): the state the server last sent, which is the
// truth; the player's actions not answered yet, kept in order and sent one after another;
// and what the board draws meanwhile, that state with those actions drawn on it as far as
// its dests say where they go (predict.js). Nothing the player does is lost: each action
// names the card it was made on (its code, pile and place), and just before it is sent it is
// aimed again at the state the previous answer brought. The server stays the only judge.
//
//   const game = createGame({ show, applied, refused, stale, lost, notFound, failed, options });
//   createGame({ …, server })   // `server`: {action, check} as api.js has them (tests pass their own)
//   game.adopt(state);                                     // a state from the server
//   game.act({ type: "drop", pile: "t3", index: 4, code: "7H", target: "t5" });
//   game.view()  →  what is drawn;  game.idle()  →  a promise, once every answer is in
//
// The callbacks: show(view, {animate}) draws; applied(before, after, action) follows each
// answer that moved something; refused(body, action) a 422; stale(state) a 409 (another tab
// or device moved the game); lost(action) an action whose card is no longer where it was;
// notFound() a 404 (the game is gone); failed(error | {status, body}) anything else, a
// network failure included. options() gives {autoPlacement} for the drawings.

import { api } from "./api.js";
import { predict, unsureOfAll } from "./predict.js";

// The intents that act on a card, and so carry its code (docs/api.md, "Actions").
const ON_A_CARD = new Set(["tap", "double_click", "drop"]);
// Actions the state's dests, clicks and stock_tap can rule out (predict.js): when they do, the
// board asks the server why instead of sending them.
const ASKED_FIRST = new Set([...ON_A_CARD, "stock"]);

export function createGame({ show, applied, refused, stale, lost, notFound, failed, options, server = api }) {
  let confirmed = null;
  // {intent, quiet, keys}, in the order made; the first is on its way while `sending`.
  let queue = [];
  let sending = false;
  // Each adopted state begins a new epoch: an answer to an older one is ignored.
  let epoch = 0;
  let shown = null;
  let waiters = [];

  // The confirmed state with the waiting actions drawn on it, up to the first that its
  // dests can't place (those after it may depend on its outcome: they wait undrawn).
  // Answers how many were drawn.
  function redraw() {
    let view = confirmed;
    let drawn = 0;
    for (const action of queue) {
      const next = predict(view, action.intent, options());
      if (!next) break;
      view = next;
      drawn += 1;
    }
    shown = drawn < queue.length ? unsureOfAll(view) : view;
    return drawn;
  }

  function settleWaiters() {
    if (sending || queue.length > 0) return;
    const ready = waiters;
    waiters = [];
    for (const resolve of ready) resolve();
  }

  // The action as it applies to `state`: the card it names is found where it lies now
  // (an earlier answer may have placed it otherwise than drawn), or null when it is gone.
  function aim(state, intent) {
    if (!ON_A_CARD.has(intent.type)) return intent;
    const pile = state.piles.find((candidate) => candidate.id === intent.pile);
    if (!pile) return null;
    if (pile.cards[intent.index] === intent.code) return intent;
    const index = pile.cards.lastIndexOf(intent.code);
    return index >= 0 ? { ...intent, index } : null;
  }

  // The request an action becomes (docs/api.md, "Actions"): the version of the state it was
  // aimed at, and the intent without the card's code (the server finds the card by its place).
  function request(state, intent) {
    const { code: _code, ...action } = intent;
    return { version: state.version, ...action };
  }

  async function pump() {
    // An answer's callbacks may act (Finish automatically): that action's own pump sends it,
    // and this one, seeing it on its way, stops.
    while (!sending && queue.length > 0 && confirmed) {
      const action = queue[0];
      const aimed = aim(confirmed, action.intent);
      if (!aimed) {
        queue.shift();
        redraw();
        show(shown, { animate: true });
        lost(action);
        continue;
      }
      sending = true;
      const mine = epoch;
      const before = confirmed;
      // A gesture the server's own dests rule out is asked about, not sent: the rules say
      // why (UI-6) in a 200, and nothing changes (docs/board.md, "Refusals").
      const ruledOut = !action.checked && ASKED_FIRST.has(aimed.type) && !predict(before, aimed, options());
      let answer;
      try {
        const call = ruledOut ? server.check : server.action;
        answer = await call(before.id, request(before, aimed));
      } catch (error) {
        if (mine !== epoch) return;
        // The action may or may not have reached the server: nothing after it is sent.
        sending = false;
        queue = [];
        redraw();
        show(shown, { animate: true });
        failed(error);
        break;
      }
      // A state adopted meanwhile (a new game) has reset the queue: this answer is old.
      if (mine !== epoch) return;
      sending = false;
      if (ruledOut && answer.status === 200) {
        if (answer.body.legal) {
          // The dests and the rules disagree: the rules decide, so the action is sent.
          action.checked = true;
          continue;
        }
        queue.shift();
        redraw();
        show(shown, { animate: true });
        refused(answer.body, action);
        continue;
      }
      settle(action, before, answer);
    }
    settleWaiters();
  }

  function settle(action, before, { status, body }) {
    if (status === 200) {
      queue.shift();
      confirmed = body;
      redraw();
      show(shown, { animate: true });
      applied(before, body, action);
      return;
    }
    if (status === 422 && body?.error === "illegal") {
      queue.shift();
      if (body.state) confirmed = body.state;
      redraw();
      show(shown, { animate: true });
      refused(body, action);
      return;
    }
    // Anything else voids what was made on the old state: the game is not what was drawn.
    queue = [];
    if (status === 404) {
      notFound();
      return;
    }
    if (body?.state) confirmed = body.state;
    redraw();
    show(shown, { animate: true });
    if (status === 409 && body?.state) stale(body.state);
    else failed({ status, body });
  }

  return {
    // A state from the server (a new game, a reload, another tab's move): it replaces
    // everything, the actions waiting included.
    adopt(state, { animate = false } = {}) {
      epoch += 1;
      queue = [];
      sending = false;
      confirmed = state;
      redraw();
      show(shown, { animate });
      settleWaiters();
    },
    // One action of the player's: drawn at once when the dests say where it goes, then sent
    // after those before it. Answers whether it was drawn.
    act(intent, { quiet = false, keys = false } = {}) {
      if (!confirmed) return false;
      queue.push({ intent, quiet, keys });
      const drawn = redraw() === queue.length;
      if (drawn) show(shown, { animate: true });
      pump();
      return drawn;
    },
    view: () => shown,
    confirmed: () => confirmed,
    busy: () => sending || queue.length > 0,
    // Resolves once every action is answered (a hint is asked about the true position).
    idle() {
      if (!sending && queue.length === 0) return Promise.resolve();
      return new Promise((resolve) => waiters.push(resolve));
    },
  };
}
