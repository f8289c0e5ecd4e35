"""``GET /api/challenges?month=YYYY-MM``: the daily challenges of a month (rules DC-1), each
day's challenges with their goals and whether the player has done them, the streak of days
and the month's badges per game.

A challenge is played with ``POST /api/games {"mode": "challenge", "date": …, "game": …}``
(routes/games.py); it is done when a game started from it meets its goal.
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Annotated, Any

from fastapi import APIRouter, Query
from fastapi.responses import JSONResponse

from ...codes import GameId, parse_variant
from ...levels.challenges import badge, challenge_for, month_days, streak
from ...store.challenges import challenge_games
from ..answers import ChallengesAnswer, error_answers
from ..errors import bad_request
from ..language import PlayerTexts, PlayerTextsDep
from ..services import PlayerDep, Services, ServicesDep

router = APIRouter(tags=["challenges"])

_MONTH = re.compile(r"(\d{4})-(\d{2})")
GAMES = (GameId.KLONDIKE, GameId.SIMPLE_SIMON, GameId.EASY_HARP)


def _month(texts: PlayerTexts, text: str | None, today: dt.date) -> tuple[int, int]:
    if text is None:
        return today.year, today.month
    match = _MONTH.fullmatch(text.strip())
    if match is None or not 1 <= int(match[2]) <= 12 or int(match[1]) < 1:
        message = texts.text("error.challenge.month", month=text)
        detail = [{"loc": ["query", "month"], "msg": f"{text!r} is not YYYY-MM", "type": "month"}]
        raise bad_request(message, detail)
    return int(match[1]), int(match[2])


def done_challenges(
    services: Services, player_id: str, today: dt.date
) -> set[tuple[dt.date, GameId]]:
    """The (day, game) challenges up to today that a game of the player meets."""
    done: set[tuple[dt.date, GameId]] = set()
    for game in challenge_games(services.store.engine, player_id, today):
        game_id = parse_variant(game.variant).game
        try:
            challenge = challenge_for(game_id, game.challenge_date)
        except LookupError:
            continue
        if str(challenge.code.variant) != game.variant or challenge.code.deal != game.deal:
            continue  # a deal graded again since: that game played another challenge
        if challenge.goal.met(won=game.won, moves=game.moves, score=game.score):
            done.add((game.challenge_date, game_id))
    return done


def challenges_body(
    services: Services, player_id: str, texts: PlayerTexts, month: str | None
) -> dict[str, Any]:
    """The month's calendar as ``GET /api/challenges`` answers it."""
    today = services.settings.today_utc()
    year, number = _month(texts, month, today)
    done = done_challenges(services, player_id, today)
    days = []
    first_playable = today.replace(day=1)
    for day in month_days(year, number):
        challenges = []
        if day <= today:
            for game in GAMES:
                try:
                    entry = challenge_for(game, day).as_json()
                except LookupError:
                    continue  # a game without graded deals has no challenges
                entry["done"] = (day, game) in done
                challenges.append(entry)
        days.append(
            {
                "date": day.isoformat(),
                "playable": first_playable <= day <= today,
                "challenges": challenges,
                "done": any(entry["done"] for entry in challenges),
            }
        )
    in_month = len(days)
    badges = []
    for game in GAMES:
        count = sum(
            1
            for day, done_game in done
            if done_game is game and (day.year, day.month) == (year, number)
        )
        badges.append({"game": game.value, "days_done": count, "badge": badge(count, in_month)})
    return {
        "month": f"{year:04d}-{number:02d}",
        "today": today.isoformat(),
        "days": days,
        "streak": streak({day for day, _ in done}, today),
        "badges": badges,
    }


@router.get("/api/challenges", response_model=ChallengesAnswer, responses=error_answers(400, 503))
def read_challenges(
    services: ServicesDep,
    player_id: PlayerDep,
    texts: PlayerTextsDep,
    month: Annotated[str | None, Query(max_length=16, examples=["2026-11"])] = None,
) -> JSONResponse:
    """The daily challenges of ``month`` (default: this month, UTC): each day with its
    challenges (game, code, level, goal, done) up to today, whether it can be played (today
    and the days before it in this month), the streak of days with a challenge done up to
    today, and the month's badge per game (bronze at 10 days, silver at 20, gold every day)."""
    return JSONResponse(challenges_body(services, player_id, texts, month))
