"""The player's records: ``GET /api/stats`` (statistics per variant with a small chart of the
recent results; rules in docs/records.md), ``POST /api/stats/reset`` (start them again from
now) and ``GET /api/history`` (finished games, newest first, each with a way to play it again) and
``GET /api/history.csv`` (all of them as a spreadsheet).

The router has no prefix: statistics and history are two resources sharing their reading of
the stored games.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import json
from collections.abc import Callable
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Body, Query
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel, ConfigDict, Field, StrictStr
from starlette.concurrency import run_in_threadpool

from ...codes import ALL_VARIANTS as VARIANTS
from ...codes import GameCode, GameCodeError, Variant, parse_code_or_variant, parse_variant
from ...games import rules_for
from ...stats import (
    VARIANT_KEYS,
    FinishedGame,
    player_stats,
    recent_results_svg,
    variant_key,
)
from ...store import StoredGame
from ..answers import HistoryAnswer, HistoryGame, StatsAnswer, WinRecords, error_answers
from ..errors import ApiError, bad_request
from ..language import PlayerTexts, PlayerTextsDep
from ..limits import AdmitNewPlayer, NewPlayerGuard
from ..services import PlayerDep, Services, ServicesDep

router = APIRouter(tags=["stats"])

HISTORY_PAGE = 20
"""Games in one page of the history unless the request asks for another number."""
HISTORY_MAX_PAGE = 100
ALL_VARIANTS = "all"
"""``POST /api/stats/reset {"variant": "all"}`` resets every variant at once."""
_VARIANT_OF_KEY: dict[str, Variant] = {variant.key: variant for variant in VARIANTS}


class StatsReset(BaseModel):
    """The body of ``POST /api/stats/reset``: a variant key (``KL-D1N``), a variant
    (``KL1-D1N``) or ``all``."""

    model_config = ConfigDict(extra="forbid")

    variant: Annotated[StrictStr, Field(min_length=1, max_length=32)]


def _aware(moment: dt.datetime) -> dt.datetime:
    # SQLite hands back the stored UTC times without their zone.
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=dt.UTC)


def _ended_at(stored: StoredGame) -> dt.datetime:
    """When a finished game ended (its last action for a game finished before migration
    0002 recorded the moment)."""
    return _aware(stored.finished_at if stored.finished_at is not None else stored.updated_at)


def finished_game(stored: StoredGame) -> FinishedGame:
    """A stored finished game as the statistics count it; the time played runs from the
    start to the last action (idle time included)."""
    return FinishedGame(
        variant=variant_key(stored.variant),
        won=stored.won,
        score=stored.score,
        moves=stored.moves,
        seconds=stored.seconds_played,
        finished_at=_ended_at(stored),
    )


def variant_name(messages: dict[str, str], key: str) -> str:
    """A variant key's name in the player's language, as the board names it.

    >>> variant_name({"ui.game.KL": "Klondike",
    ...               "ui.stats.variant.KL-D3V": "{game}: draw 3, Vegas"}, "KL-D3V")
    'Klondike: draw 3, Vegas'
    >>> variant_name({"ui.game.EH": "Easy Harp"}, "EH-N")
    'Easy Harp'
    """
    game = messages.get(f"ui.game.{key[:2]}", key[:2])
    # Easy Harp has no options: its name is the game's.
    template = messages.get(f"ui.stats.variant.{key}", "{game}" if key == "EH-N" else key)
    return template.replace("{game}", game)


def _score_text(variant: Variant, score: int) -> str:
    """The score as the board shows it (``-$52`` in Klondike Vegas)."""
    return rules_for(variant).format_score(score)


def _bar_label(messages: dict[str, str], variant: Variant) -> Callable[[FinishedGame], str]:
    def label(game: FinishedGame) -> str:
        key = "ui.stats.bar_won" if game.won else "ui.stats.bar_lost"
        fallback = "{score}, {moves}"
        template = messages.get(key, fallback)
        score = _score_text(variant, game.score)
        return template.replace("{score}", score).replace("{moves}", str(game.moves))

    return label


def _counted_games(
    services: Services, player_id: str, level: str | None = None, challenge: bool = False
) -> list[tuple[StoredGame, FinishedGame]]:
    """The player's finished games that the statistics count (after the resets; of one
    level with ``level``; only the daily challenges' with ``challenge``), each with its
    stored row, in the order they finished."""
    resets = services.store.stats_resets(player_id)
    games = []
    for stored in services.store.finished_games(player_id):
        # LV-1: the statistics of one level count only the graded deals of that level.
        if level is not None and stored.level != level:
            continue
        # DC-1: the statistics of the daily challenges count only the challenges' games.
        if challenge and stored.challenge_date is None:
            continue
        # A typed-in position that is already won was never played.
        if stored.won and stored.moves == 0:
            continue
        game = finished_game(stored)
        reset_at = resets.get(game.variant)
        # After a reset only the games that ended later count.
        if reset_at is not None and game.finished_at <= _aware(reset_at):
            continue
        games.append((stored, game))
    # The statistics take games in the order they finished (a stable sort keeps the store's
    # order for equal times).
    games.sort(key=lambda pair: pair[1].finished_at)
    return games


def win_records(
    games: list[tuple[StoredGame, FinishedGame]], game_id: str
) -> dict[str, Any] | None:
    """What the won game ``game_id`` did to its variant's records, counting the games that
    finished up to it (so that the answer stays the same later): ``best_score``,
    ``fewest_moves``, ``fastest_win`` are true when it beat an earlier game's record (a tie
    does not; neither does a first game, which has nothing to beat); ``first_win`` when no
    earlier game of the variant was won; ``streak`` the wins in a row it makes,
    ``best_streak`` the longest run so far. None when the statistics do not count the game.

    >>> from datetime import datetime, timedelta, timezone
    >>> at = datetime(2026, 11, 29, 12, 0, tzinfo=timezone.utc)
    >>> def row(game_id: str, minute: int, **values: Any) -> tuple[Any, FinishedGame]:
    ...     game = FinishedGame("KL-D1N", finished_at=at + timedelta(minutes=minute), **values)
    ...     return StoredGame(game_id, "p", "KL1-D1N", 1, None, 1, game.score, game.moves,
    ...                       game.won, True, game.finished_at, at, at), game
    >>> games = [row("a", 1, won=True, score=500, moves=120, seconds=300),
    ...          row("b", 2, won=True, score=600, moves=130, seconds=200)]
    >>> records = win_records(games, "b")
    >>> records["best_score"], records["fewest_moves"], records["fastest_win"]
    (True, False, True)
    >>> records["first_win"], records["streak"], records["best_streak"]
    (False, 2, 2)
    >>> win_records(games, "a")["first_win"], win_records(games, "a")["best_score"]
    (True, False)
    """
    position = next((i for i, (stored, _) in enumerate(games) if stored.id == game_id), None)
    if position is None or not games[position][1].won:
        return None
    won = games[position][1]
    same = [game for _, game in games[: position + 1] if game.variant == won.variant]
    before = player_stats(same[:-1]).get(won.variant)
    after = player_stats(same)[won.variant]

    def beaten(name: str) -> bool:
        record = getattr(after, name)
        return before is not None and getattr(before, name) is not None and record.game is won

    return {
        "best_score": beaten("best_score"),
        "fewest_moves": beaten("fewest_moves"),
        "fastest_win": beaten("fastest_win"),
        "first_win": before is None or before.won == 0,
        "streak": after.current_streak,
        "best_streak": after.best_streak,
    }


def _stats_body(
    services: Services,
    player_id: str,
    texts: PlayerTexts,
    level: str | None = None,
    challenge: bool = False,
) -> dict[str, Any]:
    resets = services.store.stats_resets(player_id)
    games = [game for _, game in _counted_games(services, player_id, level, challenge)]
    messages = texts.messages()
    variants = []
    for key, stats in player_stats(games).items():
        variant = _VARIANT_OF_KEY[key]
        template = messages.get("ui.stats.recent", "{variant}: recent results")
        title = template.replace("{variant}", variant_name(messages, key))
        entry = stats.as_json()
        if entry["best_score"] is not None:
            entry["best_score"]["text"] = _score_text(variant, entry["best_score"]["value"])
        for game in entry["recent"]:
            game["score_text"] = _score_text(variant, game["score"])
        entry["chart"] = recent_results_svg(
            stats.recent,
            title=title,
            label=_bar_label(messages, variant),
            chart_id=f"recent-{key.lower()}",
        )
        variants.append(entry)
    return {
        "variants": variants,
        "resets": {key: _aware(moment).isoformat() for key, moment in sorted(resets.items())},
    }


@router.get(
    "/api/games/{game_id}/records",
    response_model=WinRecords,
    responses=error_answers(404, 503),
)
def read_win_records(
    game_id: str, services: ServicesDep, player_id: PlayerDep, texts: PlayerTextsDep
) -> JSONResponse:
    """What a won game did to the records of its variant (the won dialog says it): a new
    best score, fewest moves, fastest win, a first win, the streak it makes (docs/api.md).
    404: no such game of the player, or ``not_won``: the game is not won (or, typed in
    already won, was never played), so it has no records."""
    found = services.store.find_game(game_id, player_id)
    if found is None:
        raise ApiError(404, "not_found", texts.text("error.not_found"))
    records = win_records(_counted_games(services, player_id), game_id) if found.won else None
    if records is None:
        raise ApiError(404, "not_won", texts.text("error.not_won"))
    variant = parse_variant(found.variant)
    records["variant"] = variant.key
    records["variant_name"] = variant_name(texts.messages(), variant.key)
    return JSONResponse(records)


@router.get("/api/stats", response_model=StatsAnswer, responses=error_answers(400, 503))
def read_stats(
    services: ServicesDep,
    player_id: PlayerDep,
    texts: PlayerTextsDep,
    level: Annotated[Literal["easy", "medium", "hard", "expert"] | None, Query()] = None,
    challenge: Annotated[bool, Query()] = False,
) -> JSONResponse:
    """Per variant played: played, won, win rate, records (``best_score`` with its ``text``
    as the board shows it), streaks, the recent games, and ``chart``, an SVG of the recent
    results in the player's language; ``resets``: when each variant was last reset. With
    ``level`` (LV-1), only the games of graded deals of that level count; with
    ``challenge=true`` (DC-1), only the games of daily challenges (both: the challenges of
    that level)."""
    return JSONResponse(_stats_body(services, player_id, texts, level, challenge))


def _reset_keys(texts: PlayerTexts, request: StatsReset) -> list[str]:
    text = request.variant.strip().upper()
    if text == ALL_VARIANTS.upper():
        return list(VARIANT_KEYS)
    if text in VARIANT_KEYS:
        return [text]
    try:
        parsed = parse_code_or_variant(text)
    except GameCodeError as error:
        message = texts.text("error.bad_variant", reason=texts.code_error(error))
        detail = [{"loc": ["body", "variant"], "msg": str(error), "type": "variant"}]
        raise bad_request(message, detail) from None
    return [(parsed.variant if isinstance(parsed, GameCode) else parsed).key]


@router.post(
    "/api/stats/reset",
    response_model=StatsAnswer,
    responses=error_answers(400, 413, 429, 503),
)
async def reset_stats(
    services: ServicesDep,
    player_id: PlayerDep,
    texts: PlayerTextsDep,
    request: Annotated[StatsReset, Body()],
    admit_new_player: NewPlayerGuard,
) -> JSONResponse:
    """Start the statistics of one variant (``{"variant": "KL-D1N"}``, or ``KL1-D1N``) or of
    all (``{"variant": "all"}``) again from now. Finished games stay in the history. Answers
    the statistics as ``GET /api/stats`` then does."""
    return await run_in_threadpool(_reset, services, player_id, texts, request, admit_new_player)


def _reset(
    services: Services,
    player_id: str,
    texts: PlayerTexts,
    request: StatsReset,
    admit_new_player: AdmitNewPlayer,
) -> JSONResponse:
    keys = _reset_keys(texts, request)
    services.store.reset_stats(player_id, keys, admit_new_player=admit_new_player)
    return JSONResponse(_stats_body(services, player_id, texts))


def history_entry(stored: StoredGame) -> dict[str, Any]:
    """One finished game as the history lists it, with ``replay``: the ``POST /api/games``
    body that starts it again from its first position (its code for a dealt game; ``same``
    for a typed-in position, which has no code to deal)."""
    variant = parse_variant(stored.variant)
    dealt = stored.start_layout is None and stored.deal is not None
    code = str(GameCode(variant, stored.deal)) if stored.deal is not None else str(variant)
    replay = {"mode": "code", "code": code} if dealt else {"mode": "same", "game_id": stored.id}
    return {
        "id": stored.id,
        "code": code,
        "variant": variant.key,
        "finished_at": _ended_at(stored).isoformat(),
        "result": "won" if stored.won else "lost",
        "score": stored.score,
        "score_text": _score_text(variant, stored.score),
        "moves": stored.moves,
        "seconds": stored.seconds_played,
        "replay": replay,
        # UI-20: played with hints, or with the winnable light (migration 0007).
        "hints": stored.used_hints,
        "light": stored.used_light,
    }


@router.get("/api/history", response_model=HistoryAnswer, responses=error_answers(400, 503))
def read_history(
    services: ServicesDep,
    player_id: PlayerDep,
    limit: Annotated[int, Query(ge=1, le=HISTORY_MAX_PAGE)] = HISTORY_PAGE,
    offset: Annotated[int, Query(ge=0, le=10_000_000)] = 0,
) -> JSONResponse:
    """The player's finished games (won, or abandoned with at least one move), newest first:
    ``{"games": [...], "total": n, "limit": 20, "offset": 0}``. A statistics reset does not
    touch the history."""
    stored, total = services.store.history(player_id, limit, offset)
    return JSONResponse(
        {
            "games": [history_entry(game) for game in stored],
            "total": total,
            "limit": limit,
            "offset": offset,
        }
    )


HISTORY_CSV_FIELDS = tuple(HistoryGame.model_fields)
"""The CSV's columns: the fields of a ``GET /api/history`` entry, in their order."""
CSV_PAGE = 500
"""Games read from the store at a time while the CSV is written."""


def history_csv_row(entry: dict[str, Any]) -> list[str]:
    """One history entry as a CSV row: each value as its JSON text, strings without their
    quotes (``replay`` stays an object, written as JSON).

    >>> history_csv_row({"id": "x", "score": -47, "replay": {"mode": "code", "code": "C"}})
    ['x', '-47', '{"mode": "code", "code": "C"}']
    """
    return [
        value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
        for value in entry.values()
    ]


def history_csv(services: Services, player_id: str) -> str:
    """The player's whole history as CSV: a header row, then one row per game, newest first,
    as ``GET /api/history`` lists them."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(HISTORY_CSV_FIELDS)
    offset = 0
    while True:
        stored, total = services.store.history(player_id, CSV_PAGE, offset)
        for game in stored:
            entry = history_entry(game)
            writer.writerow(history_csv_row({name: entry[name] for name in HISTORY_CSV_FIELDS}))
        offset += len(stored)
        if not stored or offset >= total:
            break
    return out.getvalue()


@router.get(
    "/api/history.csv",
    response_class=Response,
    responses={
        200: {
            "description": "The history as CSV (RFC 4180): a header row, one row per game.",
            "content": {"text/csv": {"schema": {"type": "string"}}},
        },
        **error_answers(503),
    },
)
def download_history(services: ServicesDep, player_id: PlayerDep) -> Response:
    """Every finished game of the player, newest first, as a CSV file to download: the
    columns are the fields of a ``GET /api/history`` entry in their order (``id``,
    ``code``, ``variant``, ``finished_at``, ``result``, ``score``, ``score_text``,
    ``moves``, ``replay``), the values the same (``replay`` as its JSON)."""
    return Response(
        history_csv(services, player_id),
        media_type="text/csv; charset=utf-8",
        headers={"Content-Disposition": 'attachment; filename="solitaire-history.csv"'},
    )
