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
  exactly what the server accepted. Each game the upload makes is a game start (the limit of
  ``POST /api/games``) and is remembered by the device's name for it (``ref``), so that an
  upload sent again (its answer lost) makes nothing twice. The board's clock for each game
  is kept as its time played, within what the device says it took (docs/records.md).
"""

from __future__ import annotations

import datetime as dt
import logging
from functools import partial
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Body
from pydantic import BaseModel, ConfigDict, Field, StrictInt
from starlette.concurrency import run_in_threadpool

from ...codes import GameCode, GameCodeError, parse_code, parse_variant
from ...games import Refusal
from ...layout import LayoutError, format_layout, parse_layout
from ...local_play import BadIntent, apply_intent
from ...play import Game
from ...store.games import CLOCK_SLACK_MS, OfflineGameTaken, StoredGame
from ..answers import error_answers
from ..errors import ApiError
from ..language import PlayerTextsDep
from ..limits import AdmitNewPlayer, NewPlayerGuard
from ..live import Illegal, NotFound, Stale, start_game
from ..services import PlayerDep, ServicesDep

log = logging.getLogger("solitaire.server")

router = APIRouter(prefix="/api/sync", tags=["sync"])

#: At most this many games, and this many actions a game, in one upload (a day of play).
MAX_GAMES = 50
MAX_ACTIONS = 2000
#: The most time played offline one upload may add to a game (the device's clock is its
#: word: beyond a day of play in one game it is no longer plausible).
MAX_OFFLINE_MS = 24 * 3600 * 1000
#: The board's clock may run a little past a game's last action (until a pause, or the page
#: going away, reports it): a few seconds more than the span are plausible.
OFFLINE_CLOCK_SLACK_MS = 5000 + CLOCK_SLACK_MS


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
    ref: str = Field(min_length=1, max_length=64, description="the device's name for the game")
    base: GameBase | None = None
    start: GameStart | None = None
    actions: list[dict[str, Any]] = Field(max_length=MAX_ACTIONS)
    played_ms: StrictInt | None = Field(
        default=None,
        ge=0,
        le=10 * 24 * 3600 * 1000,
        description="the board's clock for the game (UI-16), offline time included",
    )
    span_ms: StrictInt | None = Field(
        default=None,
        ge=0,
        le=10 * 24 * 3600 * 1000,
        description="by the device's clock, from when it began playing the game offline "
        "to its last offline action",
    )


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


async def _go_on(
    services: Any, player_id: str, game_id: str, version: int, game: OfflineGame
) -> tuple[int, SyncedGame | None] | None:
    """The offline intents acted on the server's game ``game_id`` from ``version``, after
    those it holds already (sent before the network went, or by an upload whose answer was
    lost: not counted twice). None when that game moved on otherwise since ``version``."""
    stored = await run_in_threadpool(services.games.find, player_id, game_id)
    entries: list[str] = await run_in_threadpool(
        services.games.peek, player_id, game_id, lambda live: list(live.game.log)
    )
    if stored.version < version:
        return None
    since = entries[version:]
    if since != _device_log(stored, entries[:version], game)[: len(since)]:
        return None
    return await _replay(services, player_id, game_id, stored.version, game, skip=len(since))


def _aware(moment: dt.datetime) -> dt.datetime:
    # SQLite hands back the stored UTC times without their zone.
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=dt.UTC)


def offline_time(game: OfflineGame, base: StoredGame | None, now: dt.datetime) -> int | None:
    """The time played to keep for an offline game: the board's clock, the device's word as
    online (UI-16), within bounds. A game begun offline: no more than the span the device
    reports from its start to its last action (and the few seconds of the clock's
    reports), that span at most :data:`MAX_OFFLINE_MS`. A game that went on from one the
    server holds (``base``): no more than that game has existed on the server's clock — the
    online clock's own bound (the time before the network went may never have reached the
    server; the offline part is the device's word within that).

    >>> game = OfflineGame(ref="offline-1", actions=[], played_ms=95_000, span_ms=120_000)
    >>> offline_time(game, None, dt.datetime.now(dt.UTC))
    95000
    >>> offline_time(game.model_copy(update={"played_ms": 10**9}), None, dt.datetime.now(dt.UTC))
    127000
    """
    if game.played_ms is None:
        return None
    if base is None:
        span = min((game.span_ms or 0) + OFFLINE_CLOCK_SLACK_MS, MAX_OFFLINE_MS)
        return min(game.played_ms, span)
    existed = int((now - _aware(base.created_at)).total_seconds() * 1000) + CLOCK_SLACK_MS
    return max(0, min(game.played_ms, existed))


async def _keep_time(
    services: Any, player_id: str, game_id: str | None, game: OfflineGame, base: Any
) -> None:
    played = offline_time(game, base, dt.datetime.now(dt.UTC))
    if game_id is not None and played is not None:
        await run_in_threadpool(services.store.record_offline_clock, game_id, player_id, played)


async def _sync_one(
    services: Any, player_id: str, game: OfflineGame, admit: AdmitNewPlayer | None
) -> SyncedGame:
    base = game.base
    stored: StoredGame | None = None
    prefix: list[str] = []
    if base is not None:
        try:
            found: StoredGame = await run_in_threadpool(services.games.find, player_id, base.id)
        except NotFound:
            return SyncedGame(ref=game.ref, id=None, outcome="not_found", accepted=0)
        stored = found
        if found.version < base.version:
            return SyncedGame(ref=game.ref, id=base.id, outcome="not_found", accepted=0)
    # An offline game this upload made before (sent again: the answer was lost) goes on in
    # the game it made, from where the device's game began there.
    made = await run_in_threadpool(services.store.offline_game, player_id, game.ref)
    if made is not None:
        return await _go_on_made(services, player_id, game, made, stored)
    if base is not None and stored is not None:
        went_on = await _go_on(services, player_id, base.id, base.version, game)
        if went_on is not None:
            accepted, refusal = went_on
            await _keep_time(services, player_id, base.id, game, stored)
            return refusal or SyncedGame(
                ref=game.ref, id=base.id, outcome="continued", accepted=accepted
            )
        # Moved on elsewhere: kept as it is; the offline continuation becomes a game of its
        # own, from the server's log up to the version the device went on from.
        prefix = await run_in_threadpool(
            services.games.peek, player_id, base.id, lambda live: live.game.log[: base.version]
        )
        new, start_layout = start_game(stored), stored.start_layout
    elif game.start is not None:
        new, start_layout = _new_game(game.start)
    else:
        return _refused(game.ref, None, 0, 0, "no_start")
    # A game start like any (POST /api/games's limit): past it, 429 and nothing of this game.
    services.limits.start_game(player_id)
    # The database's reads and writes off the event loop, as routes/games.py does; the
    # actions go through LiveGames.act, which awaits its own.
    try:
        state = await run_in_threadpool(
            partial(
                services.games.start,
                player_id,
                new,
                start_layout=start_layout,
                admit_new_player=admit,
                offline_ref=game.ref,
            )
        )
    except OfflineGameTaken:
        # The same upload, twice at once: the other one made the game.
        made = await run_in_threadpool(services.store.offline_game, player_id, game.ref)
        return await _go_on_made(services, player_id, game, made, stored)
    game_id = state["id"]
    for version, entry in enumerate(prefix):
        await services.games.act(player_id, game_id, version, lambda g, e=entry: g.act(e))
    accepted, refusal = await _replay(services, player_id, game_id, len(prefix), game)
    await _keep_time(services, player_id, game_id, game, stored)
    return refusal or SyncedGame(ref=game.ref, id=game_id, outcome="new_game", accepted=accepted)


async def _go_on_made(
    services: Any, player_id: str, game: OfflineGame, made: str | None, base: StoredGame | None
) -> SyncedGame:
    """The answer for an offline game the server made already: the same game, with the
    device's actions it did not hold yet."""
    if made is None:
        return _refused(game.ref, None, 0, 0, "stale")
    went_on = await _go_on(services, player_id, made, game.base.version if game.base else 0, game)
    if went_on is None:
        # Played elsewhere since it was made: left as it is.
        return SyncedGame(ref=game.ref, id=made, outcome="new_game", accepted=0)
    accepted, refusal = went_on
    await _keep_time(services, player_id, made, game, base)
    return refusal or SyncedGame(ref=game.ref, id=made, outcome="new_game", accepted=accepted)


@router.post("/games", response_model=SyncAnswer, responses=error_answers(400, 413, 429, 503))
async def upload_games(
    services: ServicesDep,
    player_id: PlayerDep,
    upload: Annotated[OfflineGames, Body()],
    admit_new_player: NewPlayerGuard,
) -> SyncAnswer:
    """The device's offline games, judged in order (see the module's text). Each game it
    makes counts as a game start: past the limit the answer is 429 with ``Retry-After``, the
    games before that one recorded (an upload sent again finds them, and goes on)."""
    answers = []
    for game in upload.games:
        try:
            answers.append(await _sync_one(services, player_id, game, admit_new_player))
        except (GameCodeError, LayoutError, ValueError) as error:
            # A start that is no game: nothing of this game is recorded.
            answers.append(_refused(game.ref, None, 0, 0, f"bad_start: {error}"))
        except Stale:
            # Another request moved the game meanwhile: what was recorded stays.
            answers.append(_refused(game.ref, None, 0, 0, "stale"))
    return SyncAnswer(games=answers)
