"""What the system tests drive the servers with: a player (one cookie, any number of
servers), and a local mirror of each game that knows the face-down cards.

The mirror is the engine (:class:`solitaire.play.Game`) started from the code the server
answered, fed the same actions the server acknowledged; the server's state must always be
the mirror's observation. Actions are chosen from the mirror's legal moves, and sent in every
form the API has (move text, stock, tap, double click, drop, undo, redo).
"""

from __future__ import annotations

import copy
import random
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import httpx

from solitaire.games import Refusal
from solitaire.moves import is_foundation
from solitaire.play import Game

from ..support.server import ServerProcess

PLAYER_COOKIE = "solitaire_player"
REQUEST_SECONDS = 15.0
BARRIER_SECONDS = 10.0

State = dict[str, Any]
Action = dict[str, Any]


class Player:
    """One browser's player: the same ``solitaire_player`` cookie sent to every server.

    Each server gets its own HTTP client (its own connections), so two threads may use
    two servers at once.
    """

    def __init__(self) -> None:
        self.cookie: str | None = None
        self._clients: dict[str, httpx.Client] = {}

    def _client(self, server: ServerProcess) -> httpx.Client:
        client = self._clients.get(server.base_url)
        if client is None:
            client = httpx.Client(base_url=server.base_url, timeout=REQUEST_SECONDS)
            self._clients[server.base_url] = client
        return client

    def request(
        self, server: ServerProcess, method: str, path: str, body: Any = None
    ) -> httpx.Response:
        headers = {"cookie": f"{PLAYER_COOKIE}={self.cookie}"} if self.cookie else {}
        response = self._client(server).request(method, path, json=body, headers=headers)
        given = response.cookies.get(PLAYER_COOKIE)
        if given is not None:
            if self.cookie is not None:
                raise AssertionError(f"the server replaced the player's cookie: {response}")
            self.cookie = given
        return response

    def start(self, server: ServerProcess, **body: Any) -> State:
        response = self.request(server, "POST", "/api/games", body)
        assert response.status_code == 201, response.text
        state: State = response.json()
        return state

    def state(self, server: ServerProcess, game_id: str) -> State:
        response = self.request(server, "GET", f"/api/games/{game_id}")
        assert response.status_code == 200, response.text
        state: State = response.json()
        return state

    def act(self, server: ServerProcess, game_id: str, action: Action) -> httpx.Response:
        return self.request(server, "POST", f"/api/games/{game_id}/actions", action)

    def close(self) -> None:
        for client in self._clients.values():
            client.close()
        self._clients.clear()


def apply_action(game: Game, action: Action) -> None:
    """Do to the engine what ``action`` asks the server (Refusal if the rules refuse).

    A drop uses the default settings (auto placement off), as the players here never
    change them.
    """
    kind = action["type"]
    if kind == "move":
        game.play(action["move"])
    elif kind == "stock":
        game.play("d")
    elif kind == "undo":
        game.undo()
    elif kind == "redo":
        game.redo()
    elif kind == "finish":
        game.finish()
    elif kind == "tap":
        game.tap(action["pile"], action["index"])
    elif kind == "double_click":
        game.double_click(action["pile"], action["index"])
    elif kind == "drop":
        game.drop(action["pile"], action["index"], action["target"])
    else:
        raise ValueError(f"unknown action type {kind!r}")


SERVER_ONLY = ("id", "version", "last", "seconds", "played_ms", "level", "challenge")
"""State fields the engine's observation does not have."""


def board_view(state: State) -> State:
    """A server state without the fields only the server knows (to compare with a mirror)."""
    return {key: value for key, value in state.items() if key not in SERVER_ONLY}


@dataclass
class Mirror:
    """A game as the server should hold it: the engine on the server's code, fed every
    acknowledged action (``applied``, in order)."""

    game_id: str
    code: str
    game: Game
    applied: list[Action] = field(default_factory=list)
    #: The server's answer to the last acknowledged action (its ``last`` included).
    last_state: State | None = None

    @classmethod
    def of(cls, state: State) -> Mirror:
        mirror = cls(state["id"], state["code"], Game.from_code(state["code"]))
        mirror.check(state)
        mirror.last_state = state
        return mirror

    @property
    def version(self) -> int:
        return len(self.applied)

    def after(self, action: Action) -> Game:
        """The game as it would be after ``action`` (Refusal if illegal); self unchanged."""
        candidate = copy.deepcopy(self.game)
        apply_action(candidate, action)
        return candidate

    def acknowledge(self, action: Action, state: State) -> None:
        """The server applied ``action`` and answered ``state``: follow, then compare."""
        self.game = self.after(action)
        self.applied.append(action)
        self.check(state)
        self.last_state = state

    def check(self, state: State) -> None:
        """The server's state is this game, at this version."""
        assert state["id"] == self.game_id
        assert state["version"] == self.version, (state["version"], self.version)
        assert board_view(state) == self.game.observation(), (
            f"game {self.game_id} ({self.code}) differs from the engine after "
            f"{self.version} actions: {self.applied[-3:]}"
        )

    def action(self, choice: random.Random) -> Action:
        """A legal action at the current version, in one of the API's forms."""
        version = {"version": self.version}
        # (No finish: a won game would end the stream.)
        if self.game.can_redo and choice.random() < 0.3:
            return {**version, "type": "redo"}
        if self.game.can_undo and choice.random() < 0.1:
            return {**version, "type": "undo"}
        moves = self.game.legal_moves()
        if not moves:
            if self.game.can_undo:
                return {**version, "type": "undo"}
            raise AssertionError(f"game {self.code} is over or stuck: pick another deal")
        move = choice.choice(moves)
        if move.is_draw:
            if choice.random() < 0.5:
                return {**version, "type": "stock"}
            return {**version, "type": "move", "move": "d"}
        pile = self.game.position.pile(move.source)
        index = len(pile) - move.count
        form = choice.choice(["move", "move", "drop", "tap", "double_click"])
        candidates: list[Action] = [{**version, "type": "move", "move": str(move)}]
        if form == "drop":
            target = "f" if is_foundation(move.target) else move.target
            candidates.insert(
                0,
                {**version, "type": "drop", "pile": move.source, "index": index, "target": target},
            )
        elif form in ("tap", "double_click"):
            candidates.insert(0, {**version, "type": form, "pile": move.source, "index": index})
        for candidate in candidates:
            try:
                self.after(candidate)
            except Refusal:
                continue  # e.g. a tap on a card no foundation takes: send the move itself
            return candidate
        raise AssertionError(f"the engine refused its own legal move {move}")


def strip_action(action: Action) -> Action:
    """An action as sent, for messages (without the version, which changes)."""
    return {key: value for key, value in action.items() if key != "version"}


def at_once(calls: list[Callable[[], httpx.Response]]) -> list[httpx.Response]:
    """Make every call at the same moment, each in its own thread released by one barrier;
    the answers in order (an exception in a call fails the test)."""
    barrier = threading.Barrier(len(calls), timeout=BARRIER_SECONDS)
    answers: list[httpx.Response | BaseException | None] = [None] * len(calls)

    def send(slot: int) -> None:
        try:
            barrier.wait()
            answers[slot] = calls[slot]()
        except BaseException as error:  # reported by the main thread
            answers[slot] = error

    threads = [threading.Thread(target=send, args=(slot,)) for slot in range(len(calls))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for answer in answers:
        if not isinstance(answer, httpx.Response):
            raise AssertionError(f"a racing request failed: {answer!r}")
    return [answer for answer in answers if isinstance(answer, httpx.Response)]
