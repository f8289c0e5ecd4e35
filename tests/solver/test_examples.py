"""Rules SS-9: the stored shortest solution of the examples deal."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from solitaire.pages.examples_deal import EXAMPLES_DEAL, examples_position, examples_solution
from solitaire.play import Game
from solitaire.solver import Verdict, solve
from solitaire.solver.shortest import shortest_win

SHORTEST = 59  # Rules SS-9: no win of 58 moves or fewer exists


def test_the_stored_solution_wins_in_59_moves_for_841_points() -> None:
    moves = examples_solution()
    assert len(moves) == SHORTEST
    game = Game(examples_position())
    for move in moves:
        game.play(move)
    assert game.won
    assert game.moves == SHORTEST
    assert game.score == 500 - SHORTEST + 400 == 841


def test_the_stored_file_replays_with_the_command_line(tmp_path: Path) -> None:
    deal = tmp_path / "examples.txt"
    deal.write_text(EXAMPLES_DEAL, encoding="utf-8")
    stored = Path(__file__).parents[2] / "src/solitaire/pages/examples_solution.txt"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "solitaire.cli",
            "play",
            "--layout",
            str(deal),
            "--moves-file",
            str(stored),
            "--json",
        ],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert '"won": true' in done.stdout
    assert '"score": 841' in done.stdout


def test_the_solver_wins_the_examples_deal() -> None:
    result = solve(examples_position(), seconds=30)
    assert result.verdict is Verdict.WINNABLE
    assert len(result.moves) >= SHORTEST


def test_no_win_of_53_moves_or_fewer() -> None:
    # The first lengths of the proof the stored file's header reports (49 … 58 in full).
    result = shortest_win(examples_position(), seconds=60, max_length=53)
    assert result.moves == ()
    assert result.bounds_done == (49, 50, 51, 52, 53)
