"""``/api/games``: start a game, read one, the player's current game, act on a game."""

from __future__ import annotations

import datetime as dt
import secrets
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from typing import Annotated, Any

import orjson
from fastapi import APIRouter, Body, FastAPI, Request
from fastapi.responses import JSONResponse
from starlette.concurrency import run_in_threadpool

from ...codes import (
    MAX_DEAL,
    GameCode,
    GameCodeError,
    GameId,
    Variant,
    parse_code,
    parse_code_or_variant,
)
from ...deals import deal_of_the_day
from ...games import Refusal, rules_for
from ...layout import LayoutError, format_layout, parse_layout
from ...levels.challenges import WEEKDAY_LEVELS, challenge_for
from ...levels.data import graded_deals
from ...moves import DRAW, Move, MoveTextError
from ...play import Game
from ..answers import CheckAnswer, GameState, error_answers
from ..errors import ApiError, bad_request
from ..language import PlayerTexts, PlayerTextsDep, player_texts
from ..limits import AdmitNewPlayer, GameStartGuard, NewPlayerGuard
from ..live import Illegal, Intent, NotFound, Stale, start_game
from ..schemas import (
    AnyAction,
    ClockReport,
    DoubleClickAction,
    DropAction,
    FinishAction,
    MoveAction,
    NewGame,
    RedoAction,
    StockAction,
    TapAction,
    UndoAction,
)
from ..services import PlayerDep, Services, ServicesDep


@asynccontextmanager
async def _close_connections(app: FastAPI) -> AsyncIterator[None]:
    """The actions' connections (PostgreSQL's, opened on this event loop) closed with it."""
    yield
    services: Services | None = getattr(app.state, "services", None)
    if services is not None:
        await services.store.close()


router = APIRouter(prefix="/api/games", tags=["games"], lifespan=_close_connections)


class StateResponse(JSONResponse):
    """A game's state as JSON, written by orjson: the same bytes as JSONResponse's (compact,
    UTF-8, keys in order; a state holds only text, whole numbers, booleans, lists and
    objects), in a tenth of the time, on every action's answer."""

    def render(self, content: Any) -> bytes:
        return orjson.dumps(content)


def _state(state: dict[str, Any], status: int = 200) -> JSONResponse:
    return StateResponse(state, status_code=status)


def _not_found(texts: PlayerTexts) -> ApiError:
    return ApiError(404, "not_found", texts.text("error.not_found"))


def _sentence(text: str) -> str:
    """An engine reason as the end of a sentence: a full stop after it, so that a message
    quoted inside another (``ui.bad_link``) reads right."""
    return text if text.endswith((".", "!", "?")) else f"{text}."


def _field_error(field: str, message: str, kind: str) -> list[dict[str, Any]]:
    return [{"loc": ["body", field], "msg": message, "type": kind}]


def _require(texts: PlayerTexts, request: NewGame, field: str) -> str:
    value = getattr(request, field)
    if value is None or not str(value).strip():
        message = texts.text("error.missing_field", mode=request.mode, field=field)
        raise bad_request(message, _field_error(field, f"{field} is required", "missing"))
    return str(value)


def _variant_of(texts: PlayerTexts, text: str) -> Variant:
    """A variant, from a variant (``KL1-D3V``) or a full code (its deal is not used)."""
    try:
        parsed = parse_code_or_variant(text)
    except GameCodeError as error:
        message = texts.text("error.bad_variant", reason=texts.code_error(error))
        raise bad_request(message, _field_error("variant", str(error), "variant")) from None
    return parsed.variant if isinstance(parsed, GameCode) else parsed


def _game_id_of(texts: PlayerTexts, text: str) -> GameId:
    """A game by its two letters (``KL``, ``SS``, ``EH``; any letter case), or 400."""
    try:
        return GameId(text.strip().upper())
    except ValueError:
        message = texts.text("error.challenge.game", game=text)
        raise bad_request(message, _field_error("game", f"no game {text!r}", "game")) from None


def _challenge_date(services: Services, texts: PlayerTexts, text: str) -> dt.date:
    """DC-1: a day whose challenge may be played: today (UTC) or a day before it in the
    same month; else 400 saying why."""
    try:
        date = dt.date.fromisoformat(text.strip())
    except ValueError:
        message = texts.text("error.challenge.date", date=text)
        raise bad_request(message, _field_error("date", f"{text!r} is no date", "date")) from None
    today = services.settings.today_utc()
    if date > today:
        message = texts.text("error.challenge.future", date=date.isoformat())
        raise bad_request(message, _field_error("date", "a day still to come", "date"))
    if (date.year, date.month) != (today.year, today.month):
        message = texts.text("error.challenge.past_month", date=date.isoformat())
        raise bad_request(message, _field_error("date", "a day of an earlier month", "date"))
    return date


def _graded_deal(texts: PlayerTexts, variant: Variant, level: str) -> int:
    """LV-1: one of the variant's graded deals of ``level``, at random (no search)."""
    deals = graded_deals(variant, level)
    if not deals:
        message = texts.text("error.level.none", variant=str(variant), level=level)
        raise bad_request(message, _field_error("level", "no graded deals", "level"))
    return secrets.choice(deals).deal


def _new_game(
    services: Services,
    player_id: str,
    texts: PlayerTexts,
    request: NewGame,
    proved: int | None = None,
) -> tuple[Game, str | None, str | None, dt.date | None]:
    """The game a request asks for, its start layout if it was typed in, its level (a graded
    deal) and its challenge's day; ``proved`` is the deal for mode ``new`` when the player
    asked for a winnable one."""
    if request.level is not None and request.mode != "new":
        message = texts.text("error.level.new_only")
        raise bad_request(message, _field_error("level", message, "level"))
    if request.mode == "challenge":
        which_game = _game_id_of(texts, _require(texts, request, "game"))
        date = _challenge_date(services, texts, _require(texts, request, "date"))
        try:
            challenge = challenge_for(which_game, date)
        except LookupError:
            level = WEEKDAY_LEVELS[date.weekday()]
            message = texts.text("error.level.none", variant=which_game.title, level=level)
            raise bad_request(message, _field_error("game", "no graded deals", "game")) from None
        code = challenge.code
        return Game(rules_for(code.variant).deal(code.deal)), None, challenge.level, date
    if request.mode in ("new", "daily"):
        variant_text = _require(texts, request, "variant")
        variant = _variant_of(texts, variant_text)
        if request.mode == "new" and request.level is not None:
            deal = _graded_deal(texts, variant, request.level)
            return Game(rules_for(variant).deal(deal)), None, request.level, None
        if request.mode == "new":
            deal = proved if proved is not None else 1 + secrets.randbelow(MAX_DEAL)
        else:
            deal = deal_of_the_day(variant.game, services.settings.today_utc())
        return Game(rules_for(variant).deal(deal)), None, None, None
    if request.mode == "code":
        text = _require(texts, request, "code")
        try:
            return Game.from_code(parse_code(text)), None, None, None
        except GameCodeError as error:
            # The engine's English sentence stays in `detail`, for developers.
            message = texts.text("error.bad_code", reason=texts.code_error(error))
            raise bad_request(message, _field_error("code", str(error), "game_code")) from None
    if request.mode == "layout":
        text = _require(texts, request, "layout")
        try:
            position = parse_layout(text)
        except LayoutError as error:
            # Layout text is typed by developers and tests, not in the New game dialog: its
            # reason (a line and a card) stays the engine's, inside the player's language.
            message = texts.text("error.bad_layout", reason=_sentence(str(error)))
            raise bad_request(message, _field_error("layout", str(error), "layout")) from None
        return Game(position), format_layout(position), None, None
    # "same": the deal (or typed-in position) of one of the player's games, from its start;
    # a graded deal keeps its level, a challenge stays that challenge.
    game_id = _require(texts, request, "game_id")
    try:
        previous = services.games.find(player_id, game_id)
    except NotFound:
        raise _not_found(texts) from None
    return (
        start_game(previous),
        previous.start_layout,
        previous.level,
        previous.challenge_date,
    )


def _winnable_variant(texts: PlayerTexts, request: NewGame) -> Variant:
    """The variant of a request for a winnable deal (mode ``new`` only), or 400."""
    if request.mode != "new":
        message = texts.text("ui.winnable.new_only")
        raise bad_request(message, _field_error("winnable", message, "winnable"))
    return _variant_of(texts, _require(texts, request, "variant"))


async def _winnable_deal(services: Services, texts: PlayerTexts, request: NewGame) -> int:
    """A deal the solver proved winnable (solving.py), or 503 and no game started."""
    variant = await run_in_threadpool(_winnable_variant, texts, request)
    deal = await services.solving.winnable_deal(variant)
    if deal is None:
        message = await run_in_threadpool(
            texts.text, "ui.winnable.none_found", variant=str(variant)
        )
        retry_after = str(services.settings.retry_after_seconds)
        raise ApiError(503, "no_winnable_deal", message, headers={"Retry-After": retry_after})
    return deal


@router.post(
    "",
    status_code=201,
    response_model=GameState,
    responses=error_answers(400, 404, 413, 429, 503),
    dependencies=[GameStartGuard],
)
async def create_game(
    services: ServicesDep,
    player_id: PlayerDep,
    texts: PlayerTextsDep,
    request: Annotated[NewGame, Body()],
    admit_new_player: NewPlayerGuard,
) -> JSONResponse:
    """Start a game: ``new`` (any deal, or one of a ``level``), ``daily``, ``code``, ``same``,
    ``layout`` or ``challenge`` (see docs/api.md); ``winnable`` awaits the solver's pool, the
    rest runs in a worker thread. Game starts count per player (many players behind one
    address each start their own); a start without a player creates one, and new players
    count per address, so that changing cookies gains nothing."""
    # A graded deal (a level) is proven winnable already: the solver is not asked.
    asks_solver = request.winnable and request.level is None
    proved = await _winnable_deal(services, texts, request) if asks_solver else None
    return await run_in_threadpool(
        _create_game, services, player_id, texts, request, proved, admit_new_player
    )


def _create_game(
    services: Services,
    player_id: str,
    texts: PlayerTexts,
    request: NewGame,
    proved: int | None,
    admit_new_player: AdmitNewPlayer,
) -> JSONResponse:
    game, start_layout, level, challenge_date = _new_game(
        services, player_id, texts, request, proved
    )
    state = services.games.start(
        player_id,
        game,
        start_layout=start_layout,
        level=level,
        challenge_date=challenge_date,
        admit_new_player=admit_new_player,
    )
    _remember_suits(services, player_id, game)
    return _state(state, 201)


def _remember_suits(services: Services, player_id: str, game: Game) -> None:
    """SS-1: later new games offer the last suit count chosen (the player exists by now)."""
    if game.variant.game is not GameId.SIMPLE_SIMON:
        return
    if services.player_settings(player_id).simple_simon_suits != game.variant.suits:
        services.store.update_player_settings(player_id, {"simple_simon_suits": game.variant.suits})


@router.get("/current", response_model=GameState, responses=error_answers(404, 503))
def current_game(
    services: ServicesDep, player_id: PlayerDep, texts: PlayerTextsDep
) -> JSONResponse:
    """The game the player last played (or started)."""
    try:
        return _state(services.games.latest(player_id))
    except NotFound:
        raise ApiError(404, "not_found", texts.text("error.no_current_game")) from None


@router.get("/{game_id}", response_model=GameState, responses=error_answers(404, 503))
def read_game(
    game_id: str, services: ServicesDep, player_id: PlayerDep, texts: PlayerTextsDep
) -> JSONResponse:
    """One of the player's games as it stands; another player's game is 404."""
    try:
        return _state(services.games.open(player_id, game_id))
    except NotFound:
        raise _not_found(texts) from None


def _intent(texts: PlayerTexts, action: Any) -> Intent:
    """The engine call an action makes (bad move text is refused here, before any game); a
    drop carries the player's auto placement, so that it is decided from the game alone."""
    if isinstance(action, MoveAction):
        try:
            move = Move.parse(action.move)
        except MoveTextError as error:
            # Move text is the developers' and the tests' (the board sends intents): its
            # reason stays the engine's, inside the player's language.
            message = texts.text("error.bad_move", reason=_sentence(str(error)))
            raise bad_request(message, _field_error("move", str(error), "move_text")) from None
        return lambda game: game.play(move)
    if isinstance(action, TapAction):
        return lambda game: game.tap(action.pile, action.index)
    if isinstance(action, DoubleClickAction):
        return lambda game: game.double_click(action.pile, action.index)
    if isinstance(action, DropAction):
        auto = action.auto_placement
        return lambda game: game.drop(action.pile, action.index, action.target, auto_placement=auto)
    if isinstance(action, StockAction):
        return lambda game: game.play(DRAW)
    if isinstance(action, RedoAction):
        return lambda game: game.redo()
    if isinstance(action, FinishAction):
        return lambda game: game.finish()
    assert isinstance(action, UndoAction)
    return lambda game: game.undo()


#: An action in a request's body, told apart by its ``type``.
ActionBody = Annotated[AnyAction, Body(discriminator="type")]


@router.post(
    "/{game_id}/actions",
    response_model=GameState,
    responses=error_answers(400, 404, 409, 413, 422, 503),
)
async def act(
    game_id: str,
    request: Request,
    action: ActionBody,
) -> JSONResponse:
    """Apply one action made on ``version``: 200 with the new state, 409 if the game moved
    on since, 422 if the rules refuse it (nothing changes in either case)."""
    # The busiest route takes what the dependencies give straight from the request: FastAPI
    # solves every dependency again on each request, at a cost near the route's own work.
    services: Services = request.app.state.services
    player_id: str = request.state.player_id
    texts = player_texts(request)
    # Served from the event loop, which goes on while the database reads and writes (a
    # worker thread for each action cost more than the action).
    intent = _intent(texts, action)
    with _game_errors(texts), _refusals(texts):
        state = await services.games.act(player_id, game_id, action.version, intent)
    return _state(state)


@router.post("/{game_id}/clock", responses=error_answers(400, 404, 503))
def report_clock(
    game_id: str,
    report: ClockReport,
    services: ServicesDep,
    player_id: PlayerDep,
    texts: PlayerTextsDep,
) -> dict[str, int | None]:
    """UI-16: the board's clock for one of the player's games; the server keeps it when it
    is plausible (docs/records.md) and answers the time it keeps, ``{"played_ms": …}``."""
    found, kept = services.store.record_clock(game_id, player_id, report.played_ms)
    if not found:
        raise _not_found(texts)
    return {"played_ms": kept}


@contextmanager
def _refusals(texts: PlayerTexts) -> Iterator[None]:
    """The rules refused the action (422, with the game as it stands)."""
    try:
        yield
    except Illegal as illegal:
        refusal = refused(texts, illegal.refusal)
        raise ApiError(422, "illegal", **refusal, state=illegal.state) from None


@contextmanager
def _game_errors(texts: PlayerTexts) -> Iterator[None]:
    """No such game (404), or an action made on a version the game has left (409)."""
    try:
        yield
    except NotFound:
        raise _not_found(texts) from None
    except Stale as stale:
        raise ApiError(409, "stale", texts.text("error.stale"), state=stale.state) from None


def refused(texts: PlayerTexts, refusal: Refusal) -> dict[str, Any]:
    """A refusal as the player reads it: the reminder of its reason (UI-6), the reason and
    the rule's id."""
    reminder = f"reason.{refusal.reason}"
    message = texts.text(reminder) if texts.has(reminder) else texts.text("error.illegal")
    return {"message": message, "reason": refusal.reason, "rule": refusal.rule}


@router.post(
    "/{game_id}/check",
    response_model=CheckAnswer,
    responses=error_answers(400, 404, 409, 413, 503),
)
def check(
    game_id: str,
    services: ServicesDep,
    player_id: PlayerDep,
    texts: PlayerTextsDep,
    action: ActionBody,
) -> JSONResponse:
    """Whether the rules would take an action made on ``version``, without taking it: 200
    with ``{"legal": true}``, or ``false`` with the reason, rule and reminder a refused
    action would carry; 409 if the game moved on. Nothing changes. The board asks this for
    a gesture its ``dests`` already rule out, so that the player reads why (UI-6) while the
    browser, which decides no rule, logs no failed request."""
    intent = _intent(texts, action)
    with _game_errors(texts):
        refusal = services.games.check(player_id, game_id, action.version, intent)
    if refusal is None:
        return JSONResponse({"legal": True})
    return JSONResponse({"legal": False, **refused(texts, refusal)})
