"""Positions the plain player of the levels reaches: the positions the benchmark meets
mid-game (``bench.solver_bench.mid_game_positions``), for tests of the searches."""

from __future__ import annotations

from collections.abc import Iterator

from solitaire.codes import parse_code
from solitaire.games import Rules, rules_for
from solitaire.levels.player import plain_game
from solitaire.position import Position


def _plain_game(code: str) -> tuple[Rules, Iterator[tuple[Position, int]]]:
    """The rules of a deal's game, and the plain player's first game of it, as the benchmark
    seeds it."""
    game_code = parse_code(code)
    rules = rules_for(game_code.variant)
    return rules, plain_game(rules, rules.deal(game_code.deal), f"{code}#0")


def plain_players_position(code: str, move: int) -> Position:
    """The position after ``move`` moves of the plain player's first game of a deal."""
    _, game = _plain_game(code)
    for number, (position, _) in enumerate(game, start=1):
        if number == move:
            return position
    raise AssertionError(f"the plain player's game of {code} ends before move {move}")


def plain_players_positions(code: str, every: int) -> Iterator[tuple[int, Position]]:
    """Every ``every``-th position of the plain player's first game of a deal, with its move
    number, as the benchmark meets them mid-game (a won position left out)."""
    rules, game = _plain_game(code)
    for number, (position, _) in enumerate(game, start=1):
        if number % every == 0 and not rules.is_won(position):
            yield number, position
