"""How fast the engine plays: legal moves + apply + undo cycles per second, per variant.

    .venv/bin/python -m bench.engine_bench [--seconds 2]

Each cycle lists the legal moves of the current position, applies one chosen by a seeded
generator, and every few cycles undoes one, so the figure covers the whole game loop the
server and the tests run.
"""

from __future__ import annotations

import argparse
import random
import time

from solitaire.codes import ALL_VARIANTS, GameCode, Variant
from solitaire.play import Game


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


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=2.0, help="time per variant")
    args = parser.parse_args(argv)
    print("Engine: legal moves + apply (+ undo 30% of the time) cycles per second")
    print(f"{'variant':<10} {'cycles/s':>10} {'cycles':>8}")
    for variant in ALL_VARIANTS:
        rate, cycles = cycles_per_second(variant, args.seconds)
        print(f"{variant!s:<10} {rate:>10,.0f} {cycles:>8}")


if __name__ == "__main__":
    main()
