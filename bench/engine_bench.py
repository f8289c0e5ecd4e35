"""How fast the engine plays: what one player action costs the server's engine (apply it,
then build the state it answers with); legal moves + apply + undo cycles per second, per
variant; and how long a finish search (UI-10) takes.

    .venv/bin/python -m bench.engine_bench [--seconds 2] [--games 40] [--seed 1]

The action figures come from random games played like a player would through the server's
intents (a drop of a card the state's ``dests`` allow, a click the state's ``clicks`` name,
a stock tap, now and then an undo or a redo, the finish when it is offered), each action
followed by one ``Game.observation()`` as the server builds after every action. They are
given in microseconds of CPU time (``time.thread_time_ns``: other work on the machine does
not count), median and 99th percentile, over every action and separately over the late
positions: those where no column hides a card (every card face up but the stock's),
where the finish search (``can_finish``) runs. Simple Simon deals every card face up, so all
its positions count as late. The ending positions of the fixture wins are played through
the same way, so the late figures always include real endings.

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
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from solitaire.codes import ALL_VARIANTS, GameCode, Variant
from solitaire.games import Refusal
from solitaire.moves import DRAW
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


@dataclass
class ActionTimes:
    """Nanoseconds per apply and per observation, over all actions and over late positions
    (those after an action that leaves no column hiding a card)."""

    apply: list[int] = field(default_factory=list)
    observation: list[int] = field(default_factory=list)
    late_apply: list[int] = field(default_factory=list)
    late_observation: list[int] = field(default_factory=list)

    def add(self, apply: int, observation: int, late: bool) -> None:
        self.apply.append(apply)
        self.observation.append(observation)
        if late:
            self.late_apply.append(apply)
            self.late_observation.append(observation)


def is_late(game: Game) -> bool:
    """No column hides a card (Simple Simon: always)."""
    return not any(column.down for column in game.position.columns)


def choose_action(rng: random.Random, view: dict[str, Any]) -> Callable[[Game], object] | None:
    """A player's next action from the state they see, or None when nothing is left to do:
    the finish when offered (mostly), an undo or a redo now and then, else a click, a stock
    tap or a drop of a card where ``dests`` says it may go, foundations preferred."""
    if view["can_finish"] and rng.random() < 0.8:
        return Game.finish
    roll = rng.random()
    if view["can_undo"] and roll < 0.08:
        return Game.undo
    if view["can_redo"] and roll < 0.12:
        return Game.redo
    drops = [
        (dest["pile"], dest["index"], target)
        for dest in view["dests"]
        for target in dest["targets"]
    ]
    up = [drop for drop in drops if drop[2].startswith("f")]
    if up and rng.random() < 0.6:
        drops = up
    choices = [dropping(*drop) for drop in drops]
    if view["clicks"] and rng.random() < 0.2:
        click = rng.choice(view["clicks"])
        if click["double_click"] is not None:
            return lambda game: game.double_click(click["pile"], click["index"])
        return lambda game: game.tap(click["pile"], click["index"])
    if view["stock_tap"] is not None:
        # Tapping the stock is as likely as any one drop, and at least one time in five.
        choices += [lambda game: game.play(DRAW)] * max(1, len(choices) // 4)
    return rng.choice(choices) if choices else None


def dropping(pile: str, index: int, target: str) -> Callable[[Game], object]:
    return lambda game: game.drop(pile, index, target)


def playing(move: str) -> Callable[[Game], object]:
    return lambda game: game.play(move)


def timed_action(
    times: ActionTimes, game: Game, action: Callable[[Game], object]
) -> dict[str, Any]:
    """Apply ``action`` and build the state after it, timing both; the state."""
    started = time.thread_time_ns()
    action(game)
    applied = time.thread_time_ns()
    view = game.observation()
    observed = time.thread_time_ns()
    times.add(applied - started, observed - applied, is_late(game))
    return view


def action_times(variant: Variant, games: int, seed: int, max_actions: int = 400) -> ActionTimes:
    """Play ``games`` random games of ``variant`` (seeded) and the fixture wins' endings."""
    rng = random.Random(f"{seed}:{variant}")
    times = ActionTimes()
    for _ in range(games):
        game = Game.from_code(GameCode(variant, rng.randint(1, 999_999)))
        view = game.observation()
        for _ in range(max_actions):
            action = None if game.won else choose_action(rng, view)
            if action is None:
                break
            view = timed_action(times, game, action)
    for ending, moves in fixture_endings(variant):
        game = ending
        for move in moves:
            timed_action(times, game, playing(move))
    return times


def fixture_wins(variant: Variant) -> Iterator[tuple[Game, list[str]]]:
    """Each fixture win of ``variant``: its game at the start and the moves that win it."""
    path = WINS / f"{variant}.txt"
    if not path.exists():
        return
    for line in path.read_text("utf-8").splitlines():
        if line.startswith("#") or ":" not in line:
            continue
        code, _, moves = line.partition(":")
        yield Game.from_code(code.strip()), moves.split()


def fixture_endings(variant: Variant) -> list[tuple[Game, list[str]]]:
    """For each fixture win of ``variant``: the game at its first late position (no column
    hiding a card) and the moves from there to the win."""
    endings = []
    for game, moves in fixture_wins(variant):
        for done, move in enumerate(moves):
            if is_late(game):
                endings.append((game, moves[done:]))
                break
            game.play(move)
    return endings


def microseconds(nanoseconds: list[int]) -> str:
    """``median p99`` in microseconds, or dashes for no sample."""
    if not nanoseconds:
        return f"{'-':>8} {'-':>8}"
    ordered = sorted(nanoseconds)
    p99 = ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]
    return f"{statistics.median(ordered) / 1000:>8.1f} {p99 / 1000:>8.1f}"


def ending_positions(variant: Variant) -> list[Game]:
    """Games at every position of the fixture wins of ``variant`` where no column hides a
    card (the finish search runs there)."""
    if variant.game.value == "SS":
        return []  # Simple Simon has no finish
    endings = []
    for game, moves in fixture_wins(variant):
        for move in moves:
            game.play(move)
            if not game.won and is_late(game):
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
    parser.add_argument("--games", type=int, default=40, help="random games per variant")
    parser.add_argument("--seed", type=int, default=1, help="seed of the random games")
    args = parser.parse_args(argv)
    print("Engine per action: apply, then observation (the state sent back), microseconds")
    print(
        f"{'':<10} {'':>7} {'apply':>17} {'observation':>17} {'':>7} {'late apply':>17}"
        f" {'late observation':>17}"
    )
    print(
        f"{'variant':<10} {'actions':>7} {'median':>8} {'p99':>8} {'median':>8} {'p99':>8}"
        f" {'late':>7} {'median':>8} {'p99':>8} {'median':>8} {'p99':>8}"
    )
    for variant in ALL_VARIANTS:
        times = action_times(variant, args.games, args.seed)
        print(
            f"{variant!s:<10} {len(times.apply):>7} {microseconds(times.apply)}"
            f" {microseconds(times.observation)} {len(times.late_apply):>7}"
            f" {microseconds(times.late_apply)} {microseconds(times.late_observation)}"
        )
    print()
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
