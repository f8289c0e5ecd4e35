"""Games played on the device, by the same engine (rules UI-21): what the board's Web Worker
runs under Pyodide when the network is gone, and what the server uses to judge the games
played so (``server/routes/sync.py``).

A game here is its start (a game code, or a layout typed in) and the intents applied to it,
one engine call each, as the server's ``POST /api/games/{id}/actions`` makes them; its state
is the one that route answers (docs/api.md, "The game's state"): the engine's observation
with the id, the version (the number of actions in the log), the last action, and what only
the server knows (the seconds, the level, the challenge) left empty.

>>> device = Device()
>>> state = device.start("g1", {"code": "KL1-D1N-AAAAAAG"})
>>> state["version"], state["moves"], state["code"]
(0, 0, 'KL1-D1N-AAAAAAG')
>>> device.act("g1", 0, {"type": "stock"})["status"]
200
>>> device.act("g1", 0, {"type": "undo"})["status"]  # made on a version the game has left
409
>>> answer = device.act("g1", 1, {"type": "drop", "pile": "t1", "index": 0, "target": "t1"})
>>> answer["status"], answer["body"]["reason"]
(422, 'same_pile')
>>> device.games["g1"].log
['d']
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Mapping
from typing import Any

from .codes import MAX_DEAL, GameCode, GameCodeError, parse_code, parse_code_or_variant
from .deals import deal_of_the_day
from .games import Refusal
from .layout import format_layout, parse_layout
from .moves import DRAW, Move
from .play import Game

#: The intents a device sends (docs/api.md, "Actions"), without their version.
INTENT_TYPES = ("move", "tap", "double_click", "drop", "stock", "undo", "redo", "finish")


class BadIntent(ValueError):
    """An intent that is no action at all (an unknown type, a missing or mistyped field)."""


def start_of(start: Mapping[str, Any]) -> Game:
    """A game at its first position: ``{"code": "KL1-D1N-AAAAAAG"}`` or ``{"layout": …}``.

    >>> start_of({"code": "SS1-S4-AAAAABD"}).variant.game.value
    'SS'
    """
    if isinstance(start.get("layout"), str):
        return Game(parse_layout(start["layout"]))
    if isinstance(start.get("code"), str):
        return Game.from_code(parse_code(start["code"]))
    raise BadIntent("a start is a code or a layout")


def start_for(choice: Mapping[str, Any], today: str) -> dict[str, str]:
    """The start of a new game chosen in the New game dialog (modes ``new``, ``daily`` and
    ``code``, as ``POST /api/games`` takes them), on the device's day ``today`` (ISO date):
    a random deal, the deal of the day (DL-4), or the code's deal.

    >>> start_for({"mode": "daily", "variant": "KL1-D1N"}, "2026-11-29")
    {'code': 'KL1-D1N-AAABVSU'}
    """
    import datetime as dt

    mode = choice.get("mode")
    if mode == "code":
        return {"code": str(parse_code(str(choice.get("code", ""))))}
    if mode not in ("new", "daily"):
        raise BadIntent(f"no game of mode {mode!r} starts without the server")
    parsed = parse_code_or_variant(str(choice.get("variant", "")))
    variant = parsed.variant if isinstance(parsed, GameCode) else parsed
    if mode == "daily":
        deal = deal_of_the_day(variant.game, dt.date.fromisoformat(today))
    else:
        deal = 1 + secrets.randbelow(MAX_DEAL)
    return {"code": str(GameCode(variant, deal))}


def _field(intent: Mapping[str, Any], name: str, kind: type) -> Any:
    value = intent.get(name)
    # A bool is an int to Python, never a place to the API.
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise BadIntent(f"{intent.get('type')} needs {name} ({kind.__name__})")
    return value


def apply_intent(game: Game, intent: Mapping[str, Any]) -> None:
    """One intent, as one engine call (what ``routes/games.py`` makes of an action's body).
    Raises :class:`~solitaire.games.Refusal` when the rules refuse it (nothing changes) and
    :class:`BadIntent` when it is no action."""
    kind = intent.get("type")
    if kind == "move":
        game.play(Move.parse(_field(intent, "move", str)))
    elif kind in ("tap", "double_click"):
        pile, index = _field(intent, "pile", str), _field(intent, "index", int)
        if kind == "tap":
            game.tap(pile, index)
        else:
            game.double_click(pile, index)
    elif kind == "drop":
        game.drop(
            _field(intent, "pile", str),
            _field(intent, "index", int),
            _field(intent, "target", str),
            auto_placement=bool(intent.get("auto_placement", False)),
        )
    elif kind == "stock":
        game.play(DRAW)
    elif kind == "undo":
        game.undo()
    elif kind == "redo":
        game.redo()
    elif kind == "finish":
        game.finish()
    else:
        raise BadIntent(f"no action of type {kind!r}")


def state_of(game_id: str, game: Game, played_ms: int | None = None) -> dict[str, Any]:
    """The game as ``GET /api/games/{id}`` answers it (``server/live.py: LiveGame.state``):
    the observation, then id, version, last, seconds, level, challenge, played_ms."""
    view = game.observation()
    view["id"] = game_id
    view["version"] = len(game.log)
    view["last"] = game.last.as_json() if game.last is not None else None
    view["seconds"] = 0
    view["level"] = None
    view["challenge"] = None
    view["played_ms"] = played_ms
    return view


class Device:
    """The games one device plays without the server, by id."""

    def __init__(self) -> None:
        self.games: dict[str, Game] = {}
        self.starts: dict[str, dict[str, str]] = {}

    def start(
        self, game_id: str, start: Mapping[str, Any], log: list[str] | None = None
    ) -> dict[str, Any]:
        """A game from its start, its log (as the server keeps it) replayed; its state."""
        game = start_of(start)
        game.replay(list(log or []))
        self.games[game_id] = game
        self.starts[game_id] = (
            {"layout": format_layout(game.start)}
            if isinstance(start.get("layout"), str)
            else {"code": str(parse_code(start["code"]))}
        )
        return state_of(game_id, game)

    def state(self, game_id: str) -> dict[str, Any]:
        return state_of(game_id, self.games[game_id])

    def act(self, game_id: str, version: int, intent: Mapping[str, Any]) -> dict[str, Any]:
        """``{"status", "body"}`` as the server's actions route answers: 200 and the new
        state (with ``entry``, what the log recorded), 409 when ``version`` is not the
        game's, 422 when the rules refuse (the reason and rule; nothing changes)."""
        game = self.games.get(game_id)
        if game is None:
            return {"status": 404, "body": {"error": "not_found"}}
        if version != len(game.log):
            return {"status": 409, "body": {"error": "stale", "state": state_of(game_id, game)}}
        try:
            apply_intent(game, intent)
        except Refusal as refusal:
            body = {"error": "illegal", "reason": refusal.reason, "rule": refusal.rule}
            return {"status": 422, "body": {**body, "state": state_of(game_id, game)}}
        except (BadIntent, ValueError) as error:
            return {"status": 400, "body": {"error": "bad_request", "detail": str(error)}}
        return {"status": 200, "body": state_of(game_id, game), "entry": game.log[-1]}

    def check(self, game_id: str, version: int, intent: Mapping[str, Any]) -> dict[str, Any]:
        """``POST …/check``: whether the rules take the intent, tried on a copy of the game
        (``{"legal": false, "reason", "rule"}`` when not); nothing changes."""
        game = self.games.get(game_id)
        if game is None:
            return {"status": 404, "body": {"error": "not_found"}}
        if version != len(game.log):
            return {"status": 409, "body": {"error": "stale", "state": state_of(game_id, game)}}
        trial = start_of(self.starts[game_id])
        trial.replay(game.log)
        try:
            apply_intent(trial, intent)
        except Refusal as refusal:
            return {
                "status": 200,
                "body": {"legal": False, "reason": refusal.reason, "rule": refusal.rule},
            }
        except (BadIntent, ValueError) as error:
            return {"status": 400, "body": {"error": "bad_request", "detail": str(error)}}
        return {"status": 200, "body": {"legal": True}}

    def choose(self, choice: Mapping[str, Any], today: str) -> dict[str, Any]:
        """The start of a new game (:func:`start_for`) as ``{"start": …}``, or a refused
        code's case as the server words it (``{"code_error": {"key", "values"}}``: message
        ``error.code.<key>``).

        >>> Device().choose({"mode": "code", "code": "KL1-D1N-AAAAAA"}, "2026-11-29")["code_error"]
        {'key': 'deal_length', 'values': {'part': 'AAAAAA', 'count': 6, 'needed': 7}}
        """
        try:
            return {"start": start_for(choice, today)}
        except GameCodeError as error:
            return {"code_error": {"key": error.key, "values": error.values}}

    def record(self, game_id: str) -> dict[str, Any]:
        """What the device keeps of a game: its start and its log."""
        return {"start": self.starts[game_id], "log": list(self.games[game_id].log)}

    def handle(self, request: str) -> str:
        """One question of the worker's, as JSON in and out: ``{"op": "start" | "state" |
        "act" | "check" | "choose" | "record", …}``."""
        asked = json.loads(request)
        op = asked.get("op")
        try:
            if op == "start":
                answer: Any = self.start(asked["id"], asked["start"], asked.get("log"))
            elif op == "state":
                answer = self.state(asked["id"])
            elif op == "act":
                answer = self.act(asked["id"], int(asked["version"]), asked["intent"])
            elif op == "check":
                answer = self.check(asked["id"], int(asked["version"]), asked["intent"])
            elif op == "choose":
                answer = self.choose(asked["choice"], asked["today"])
            elif op == "record":
                answer = self.record(asked["id"])
            else:
                raise BadIntent(f"no operation {op!r}")
        except (KeyError, ValueError) as error:
            return json.dumps({"error": type(error).__name__, "detail": str(error)})
        return json.dumps({"answer": answer})


__all__ = ["INTENT_TYPES", "BadIntent", "Device", "apply_intent", "start_for", "start_of"]
