"""``/api/sync``: the games a device played without the network, judged by the server
(rules UI-21; docs/api.md, "Offline games").

- ``GET /api/sync/games/{id}``: where one of the player's games started (its code, or the
  layout typed in) and its log, so that the board can go on with it offline through the same
  engine (``solitaire.local_play``).
- ``POST /api/sync/games``: the offline games, in the order played, each its start (or the
  server's game it went on from, at a version) and its intents with their versions. The
  server replays every intent through its own rules and the one action path
  (``LiveGames.act``): what it records is what the rules made of the intents, never a score
  or a result the device claims. A game that moved on meanwhile (another tab, another
  device) is left as it is, and the offline continuation becomes a game of its own (the same
  deal, the server's actions up to where the device left, then the device's). A refused
  intent (a tampered log) stops that game's upload there; it is logged, and the records hold
  exactly what the server accepted.
"""

from __future__ import annotations

import logging
from functools import partial
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Body
from pydantic import BaseModel, ConfigDict, Field
from starlette.concurrency import run_in_threadpool

from ...codes import GameCode, GameCodeError, parse_code, parse_variant
from ...games import Refusal
from ...layout import LayoutError, format_layout, parse_layout
from ...local_play import BadIntent, apply_intent
from ...play import Game
from ..answers import error_answers
from ..errors import ApiError
from ..language import PlayerTextsDep
from ..live import Illegal, NotFound, Stale, start_game
from ..services import PlayerDep, ServicesDep

log = logging.getLogger("solitaire.server")

router = APIRouter(prefix="/api/sync", tags=["sync"])

#: At most this many games, and this many actions a game, in one upload (a day of play).
MAX_GAMES = 50
MAX_ACTIONS = 2000


class GameStart(BaseModel):
    """Where a game starts: a game code, or a layout (for a game that began from one)."""

    model_config = ConfigDict(extra="forbid")
    code: str | None = None
    layout: str | None = None


class GameBase(BaseModel):
    """The server's game an offline game went on from, at the version the device had."""

    model_config = ConfigDict(extra="forbid")
    id: str = Field(max_length=64)
    version: int = Field(ge=0)


class OfflineGame(BaseModel):
    """One game played offline: ``base`` (a server game it went on from) or ``start`` (a
    game begun offline); ``actions`` its intents in order, each with the version it was made
    on (``{"version": 3, "type": "drop", "pile": "t3", "index": 4, "target": "t5"}``)."""

    model_config = ConfigDict(extra="forbid")
    ref: str = Field(max_length=64, description="the device's name for the game")
    base: GameBase | None = None
    start: GameStart | None = None
    actions: list[dict[str, Any]] = Field(max_length=MAX_ACTIONS)


class OfflineGames(BaseModel):
    model_config = ConfigDict(extra="forbid")
    games: list[OfflineGame] = Field(max_length=MAX_GAMES)


class SyncedGame(BaseModel):
    """What became of one offline game: the server's game holding it (``id``), how many of
    its actions were recorded, and the refused one's place and reason (a tampered log)."""

    ref: str
    id: str | None
    outcome: Literal["continued", "new_game", "refused", "not_found"]
    accepted: int
    refused_at: int | None = None
    reason: str | None = None


class SyncAnswer(BaseModel):
    games: list[SyncedGame]


class GameRecord(BaseModel):
    id: str
    version: int
    start: GameStart
    log: list[str]


def _start_of(stored_start_layout: str | None, variant: str, deal: int | None) -> GameStart:
    if stored_start_layout is not None or deal is None:
        return GameStart(layout=stored_start_layout)
    return GameStart(code=str(GameCode(parse_variant(variant), deal)))


@router.get(
    "/games/{game_id}",
    response_model=GameRecord,
    response_model_exclude_none=True,
    responses=error_answers(404, 503),
)
def game_record(
    game_id: str, services: ServicesDep, player_id: PlayerDep, texts: PlayerTextsDep
) -> GameRecord:
    """One of the player's games as the device needs it to go on offline: its start and its
    log (move text, ``undo``, ``redo``, ``finish``), at its version."""
    try:
        stored = services.games.find(player_id, game_id)
        version, entries = services.games.peek(
            player_id, game_id, lambda live: (live.version, list(live.game.log))
        )
    except NotFound:
        raise ApiError(404, "not_found", texts.text("error.not_found")) from None
    start = _start_of(stored.start_layout, stored.variant, stored.deal)
    return GameRecord(id=game_id, version=version, start=start, log=entries)


def _intent_of(action: dict[str, Any]) -> Any:
    """An uploaded action as the engine call ``LiveGames.act`` applies (local_play's, the
    one the device ran)."""
    intent = {key: value for key, value in action.items() if key != "version"}
    return lambda game: apply_intent(game, intent)


def _new_game(start: GameStart) -> tuple[Game, str | None]:
    if start.layout is not None:
        position = parse_layout(start.layout)
        return Game(position), format_layout(position)
    if start.code is not None:
        return Game.from_code(parse_code(start.code)), None
    raise ValueError("a start is a code or a layout")


async def _replay(
    services: Any,
    player_id: str,
    game_id: str,
    version: int,
    game: OfflineGame,
    skip: int = 0,
) -> tuple[int, SyncedGame | None]:
    """The offline intents after the first ``skip`` acted on the server's game from
    ``version``, one by one, as any action is; answers how many were recorded (``skip``
    included), and the refusal that stopped them."""
    accepted = skip
    for place, action in enumerate(game.actions[skip:], start=skip):
        try:
            await services.games.act(player_id, game_id, version, _intent_of(action))
        except Illegal as illegal:
            return accepted, _refused(game.ref, game_id, accepted, place, illegal.refusal.reason)
        except (BadIntent, ValueError, TypeError) as error:
            return accepted, _refused(game.ref, game_id, accepted, place, f"bad_intent: {error}")
        accepted += 1
        version += 1
    return accepted, None


def _refused(ref: str, game_id: str | None, accepted: int, place: int, reason: str) -> SyncedGame:
    log.warning(
        "offline upload: game %s (%s) refused at action %d (%s); %d actions recorded",
        game_id,
        ref,
        place,
        reason,
        accepted,
    )
    return SyncedGame(
        ref=ref, id=game_id, outcome="refused", accepted=accepted, refused_at=place, reason=reason
    )


def _device_log(stored: Any, prefix: list[str], game: OfflineGame) -> list[str]:
    """The log entries the device's intents make after ``prefix`` (up to one the rules
    refuse), worked out on a copy: the server's log compared with it tells an upload that
    reached the server before (its answer lost) from a game that moved on elsewhere."""
    trial = start_game(stored)
    trial.replay(prefix)
    for action in game.actions:
        try:
            _intent_of(action)(trial)
        except (Refusal, BadIntent, ValueError, TypeError):
            break
    return trial.log[len(prefix) :]


async def _sync_one(services: Any, player_id: str, game: OfflineGame) -> SyncedGame:
    base = game.base
    prefix: list[str] = []
    if base is not None:
        try:
            stored = await run_in_threadpool(services.games.find, player_id, base.id)
        except NotFound:
            return SyncedGame(ref=game.ref, id=None, outcome="not_found", accepted=0)
        entries: list[str] = await run_in_threadpool(
            services.games.peek, player_id, base.id, lambda live: list(live.game.log)
        )
        if stored.version < base.version:
            return SyncedGame(ref=game.ref, id=base.id, outcome="not_found", accepted=0)
        prefix = entries[: base.version]
        since = entries[base.version :]
        # What the server holds since the device's version may be the device's own
        # actions, sent before the network went (or by an upload whose answer was lost):
        # those are not counted twice, and the rest goes on from there.
        if since == _device_log(stored, prefix, game)[: len(since)]:
            accepted, refusal = await _replay(
                services, player_id, base.id, stored.version, game, skip=len(since)
            )
            return refusal or SyncedGame(
                ref=game.ref, id=base.id, outcome="continued", accepted=accepted
            )
        # Moved on elsewhere: kept as it is; the offline continuation becomes a game of its
        # own, from the server's log up to the version the device went on from.
        new, start_layout = start_game(stored), stored.start_layout
    elif game.start is not None:
        new, start_layout = _new_game(game.start)
    else:
        return _refused(game.ref, None, 0, 0, "no_start")
    # The database's reads and writes off the event loop, as routes/games.py does; the
    # actions go through LiveGames.act, which awaits its own.
    state = await run_in_threadpool(
        partial(services.games.start, player_id, new, start_layout=start_layout)
    )
    game_id = state["id"]
    for version, entry in enumerate(prefix):
        await services.games.act(player_id, game_id, version, lambda g, e=entry: g.act(e))
    accepted, refusal = await _replay(services, player_id, game_id, len(prefix), game)
    return refusal or SyncedGame(ref=game.ref, id=game_id, outcome="new_game", accepted=accepted)


@router.post("/games", response_model=SyncAnswer, responses=error_answers(400, 413, 503))
async def upload_games(
    services: ServicesDep,
    player_id: PlayerDep,
    upload: Annotated[OfflineGames, Body()],
) -> SyncAnswer:
    """The device's offline games, judged in order (see the module's text)."""
    answers = []
    for game in upload.games:
        try:
            answers.append(await _sync_one(services, player_id, game))
        except (GameCodeError, LayoutError, ValueError) as error:
            # A start that is no game: nothing of this game is recorded.
            answers.append(_refused(game.ref, None, 0, 0, f"bad_start: {error}"))
        except Stale:
            # Another request moved the game meanwhile: what was recorded stays.
            answers.append(_refused(game.ref, None, 0, 0, "stale"))
    return SyncAnswer(games=answers)
