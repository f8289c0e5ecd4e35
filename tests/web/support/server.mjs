// The server's side of game.js's requests, answered by the test itself: each request waits
// until the test answers it, so that a test can act while answers are on their way (UI-14)
// and see what was sent, in order. It judges nothing: the test says what the server answers.
//
//   const server = answeringServer();
//   createGame({ …, server });   … server.sent  →  [{kind: "action", id, body}]
//   await server.answer(200, nextState);   await server.fail(new TypeError("network"))

export function answeringServer() {
  const waiting = [];
  const sent = [];
  const request = (kind) => (id, body) => {
    sent.push({ kind, id, body });
    return new Promise((resolve, reject) => waiting.push({ resolve, reject }));
  };
  // Lets the game's pump run until it waits again.
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return {
    action: request("action"),
    check: request("check"),
    sent,
    pending: () => waiting.length,
    async answer(status, body) {
      if (waiting.length === 0) throw new Error("no request is waiting for an answer");
      waiting.shift().resolve({ status, body });
      await settle();
    },
    async fail(error) {
      if (waiting.length === 0) throw new Error("no request is waiting for an answer");
      waiting.shift().reject(error);
      await settle();
    },
    settle,
  };
}
