"""``POST /api/games/{id}/hint``: the next move of a solution, found by the solver in a worker
process (:mod:`solitaire.server.solving`) while the rest of the API goes on answering; and
``POST /api/games/{id}/winnable``: the winnable light's verdict (UI-20), the same search with
its own budget, answering the verdict alone. Both note on the game that help was asked for
(the history marks it).

The solver sees the whole position, face-down cards included; the answer names piles and a
place in a pile, never a card, so it tells nothing about a face-down card beyond the move.
The router's lifespan stops the solver's workers when the app stops.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Body, FastAPI
from fastapi.responses import JSONResponse
from starlette.concurrency import run_in_threadpool

from ...games import rules_for
from ...moves import STOCK, WASTE, Move
from ...position import Position
from ...solver import Verdict
from ..answers import HintAnswer, LightAnswer, error_answers
from ..errors import ApiError
from ..language import PlayerTexts, PlayerTextsDep
from ..live import NotFound
from ..schemas import HintRequest
from ..services import PlayerDep, Services, ServicesDep


@asynccontextmanager
async def _stop_workers(app: FastAPI) -> AsyncIterator[None]:
    yield
    services: Services | None = getattr(app.state, "services", None)
    if services is not None:
        services.solving.shutdown()


router = APIRouter(prefix="/api/games", tags=["hints"], lifespan=_stop_workers)


def highlight(position: Position, move: Move) -> dict[str, Any]:
    """Where the board shows a move: the card that moves (pile and 0-based index from the
    bottom; ``None`` for the stock put back) and the pile it goes to.

    >>> from solitaire.play import Game
    >>> game = Game.from_code("SS1-S1-AAAAABD")
    >>> highlight(game.position, Move.parse("t3:2-t5"))
    {'move': 't3:2-t5', 'pile': 't3', 'index': 6, 'target': 't5'}
    >>> highlight(Game.from_code("KL1-D1N-AAAAAAG").position, Move.parse("d"))
    {'move': 'd', 'pile': 's', 'index': 23, 'target': 'w'}
    """
    if move.is_draw:
        stock = len(position.pile(STOCK))
        return {
            "move": str(move),
            "pile": STOCK,
            "index": stock - 1 if stock else None,
            "target": WASTE,
        }
    size = len(position.pile(move.source))
    return {
        "move": str(move),
        "pile": move.source,
        "index": size - move.count,
        "target": move.target,
    }


def _read(
    services: Services,
    player_id: str,
    texts: PlayerTexts,
    game_id: str,
    version: int,
    kind: Literal["hints", "light"] = "hints",
) -> Position | None:
    """The game's position to search from (None when it is won), after the checks (403:
    hints off — or the winnable light off, for ``kind="light"`` —, or a challenge; 404; 409);
    the game is marked as played with that help. It reads and writes the database, so it
    runs in a worker thread."""
    wanted = services.player_settings(player_id, texts.saved_settings())
    if kind == "hints" and not wanted.hints:
        raise ApiError(403, "hints_off", texts.text("ui.hint.off"))
    if kind == "light" and not wanted.winnable_light:
        raise ApiError(403, "light_off", texts.text("ui.light.off"))
    try:
        found: tuple[int, Position, bool, bool] = services.games.peek(
            player_id,
            game_id,
            lambda live: (
                live.version,
                live.game.position,
                live.game.won,
                live.stored.challenge_date is not None,
            ),
        )
    except NotFound:
        raise ApiError(404, "not_found", texts.text("error.not_found")) from None
    current, position, won, in_challenge = found
    if in_challenge:
        # DC-1: a challenge is played without hints, and without the winnable light.
        if kind == "light":
            raise ApiError(403, "light_challenge", texts.text("ui.light.challenge"))
        raise ApiError(403, "hints_challenge", texts.text("ui.hint.challenge"))
    if current != version:
        state = services.games.open(player_id, game_id)
        raise ApiError(409, "stale", texts.text("error.stale"), state=state)
    if not won:
        # A help asked for counts even if the search finds nothing.
        services.store.mark_help(game_id, player_id, kind)
    # Positions are immutable values: the search may use this one while the game moves on.
    return None if won else position


def _is_a_deals_start(position: Position) -> bool:
    """Whether the position is a numbered deal as it was dealt (no move made yet)."""
    if position.deal is None:
        return False
    return position == rules_for(position.variant).deal(position.deal)


@router.post(
    "/{game_id}/hint",
    response_model=HintAnswer,
    responses=error_answers(400, 403, 404, 409, 413, 503),
)
async def hint(
    game_id: str,
    services: ServicesDep,
    player_id: PlayerDep,
    texts: PlayerTextsDep,
    request: Annotated[HintRequest, Body()],
) -> JSONResponse:
    """The next move of a solution from the game at ``version`` (see docs/api.md)."""
    position = await run_in_threadpool(_read, services, player_id, texts, game_id, request.version)
    if position is None:
        message = await run_in_threadpool(texts.text, "ui.hint.won")
        return JSONResponse(
            {"found": False, "verdict": "won", "message": message, "version": request.version}
        )
    answer = await services.solving.hint(position, game_id)
    body: dict[str, Any] = {
        "found": answer.move is not None,
        "verdict": answer.verdict.value.replace(" ", "_"),
        "version": request.version,
        "seconds": round(answer.seconds, 3),
    }
    if answer.move is not None:
        body.update(highlight(position, answer.move))
    else:
        if answer.verdict is not Verdict.NOT_WINNABLE:
            key = "ui.hint.unknown"
        elif _is_a_deals_start(position):
            key = "ui.hint.deal_not_winnable"  # undoing moves would not help: none were made
        else:
            key = "ui.hint.not_winnable"
        body["message"] = await run_in_threadpool(texts.text, key)
    return JSONResponse(body)


@router.post(
    "/{game_id}/winnable",
    response_model=LightAnswer,
    responses=error_answers(400, 403, 404, 409, 413, 503),
)
async def winnable(
    game_id: str,
    services: ServicesDep,
    player_id: PlayerDep,
    texts: PlayerTextsDep,
    request: Annotated[HintRequest, Body()],
) -> JSONResponse:
    """UI-20: the solver's verdict on the game at ``version`` — ``winnable``,
    ``not_winnable``, ``unknown`` (not decided within the light's budget) or ``won`` — and
    never a move (see docs/api.md)."""
    position = await run_in_threadpool(
        _read, services, player_id, texts, game_id, request.version, "light"
    )
    if position is None:
        return JSONResponse({"verdict": "won", "version": request.version, "seconds": 0.0})
    answer = await services.solving.verdict(position, game_id)
    return JSONResponse(
        {
            "verdict": answer.verdict.value.replace(" ", "_"),
            "version": request.version,
            "seconds": round(answer.seconds, 3),
        }
    )
