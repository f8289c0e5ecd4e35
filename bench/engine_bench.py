"""How fast the engine plays: legal moves + apply + undo cycles per second, per variant; and
how long a finish search (UI-10) takes.

    .venv/bin/python -m bench.engine_bench [--seconds 2]

Each cycle lists the legal moves of the current position, applies one chosen by a seeded
generator, and every few cycles undoes one, so the figure covers the whole game loop the
server and the tests run.

The finish search runs for every state the server sends (``can_finish``) once no column
hides a card. Its inputs are the positions of the won games in ``tests/fixtures/wins/``
from the first with every column card face up to the last before the win: real endings,
some of which can be finished and some (Vegas, draw 3) not yet.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from pathlib import Path

from solitaire.codes import ALL_VARIANTS, GameCode, Variant
from solitaire.games import Refusal
from solitaire.play import Game

WINS = Path(__file__).parents[1] / "tests" / "fixtures" / "wins"


def cycles_per_second(variant: Variant, seconds: float) -> tuple[float, int]:
    rng = random.Random(str(variant))
    game = Game.from_code(GameCode(variant, 1))
    cycles = 0
    started = time.perf_counter()
    deadline = started + seconds
    while time.perf_counter() < deadline:
        for _ in range(50):
            moves = game.legal_moves()
            if not moves or game.won:
                game = Game.from_code(GameCode(variant, rng.randint(1, 999_999)))
                continue
            game.play(rng.choice(moves))
            if rng.random() < 0.3:
                game.undo()
            cycles += 1
    elapsed = time.perf_counter() - started
    return cycles / elapsed, cycles


def ending_positions(variant: Variant) -> list[Game]:
    """Games at every position of the fixture wins of ``variant`` where no column hides a
    card (the finish search runs there)."""
    path = WINS / f"{variant}.txt"
    if variant.game.value == "SS" or not path.exists():
        return []  # Simple Simon has no finish
    endings = []
    for line in path.read_text("utf-8").splitlines():
        if line.startswith("#") or ":" not in line:
            continue
        code, _, moves = line.partition(":")
        game = Game.from_code(code.strip())
        for move in moves.split():
            game.play(move)
            first = game.position.shape.index("t1")
            columns = game.position.piles[first : first + game.position.shape.columns]
            if not game.won and not any(column.down for column in columns):
                endings.append(Game(game.position, fan=game.fan))
    return endings


def finish_search_times(variant: Variant) -> tuple[int, int, list[float]]:
    """How many ending positions, how many of them can be finished, and the seconds each
    search took."""
    games = ending_positions(variant)
    finishable = 0
    seconds = []
    for game in games:
        started = time.perf_counter()
        try:
            game.rules.finish(game.position, game.fan)
            finishable += 1
        except Refusal:
            pass
        seconds.append(time.perf_counter() - started)
    return len(games), finishable, seconds


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=2.0, help="time per variant")
    args = parser.parse_args(argv)
    print("Engine: legal moves + apply (+ undo 30% of the time) cycles per second")
    print(f"{'variant':<10} {'cycles/s':>10} {'cycles':>8}")
    for variant in ALL_VARIANTS:
        rate, cycles = cycles_per_second(variant, args.seconds)
        print(f"{variant!s:<10} {rate:>10,.0f} {cycles:>8}")
    print()
    print("Finish search (UI-10) from the endings of the fixture wins, milliseconds")
    print(f"{'variant':<10} {'endings':>8} {'finishable':>10} {'median':>8} {'max':>8}")
    for variant in ALL_VARIANTS:
        count, finishable, seconds = finish_search_times(variant)
        if not count:
            continue
        median, worst = statistics.median(seconds) * 1000, max(seconds) * 1000
        print(f"{variant!s:<10} {count:>8} {finishable:>10} {median:>8.2f} {worst:>8.2f}")


if __name__ == "__main__":
    main()
