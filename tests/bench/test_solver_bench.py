"""The solver benchmark's figures file: the run's table replaces the last run's, and the
text around it (earlier runs, notes) stays."""

from __future__ import annotations

from pathlib import Path

import pytest
from bench.solver_bench import (
    FIGURES_BEGIN,
    FIGURES_END,
    _freecell_solver_task,
    main,
    mid_game_positions,
    solve_mid_game,
)

from solitaire.codes import GameCode, parse_variant
from solitaire.games import rules_for
from solitaire.levels.player import plain_game
from solitaire.solver import Verdict


def test_a_run_writes_its_table_in_place_of_the_last_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    figures = tmp_path / "figures.md"
    figures.write_text("# Figures\n\nEarlier runs, by hand.\n", encoding="utf-8")
    common = ["--first", "1", "--last", "2", "--seconds", "5", "--jobs", "1", "--no-references"]
    common += ["--max-positions", "20000", "--figures", str(figures)]
    assert main([*common, "--variants", "KL1-D3V"]) == 0
    first = figures.read_text(encoding="utf-8")
    assert first.startswith("# Figures\n\nEarlier runs, by hand.\n")
    assert "| KL1-D3V |" in first and "--max-positions 20000" in first
    assert main([*common, "--variants", "SS1-S1"]) == 0
    second = figures.read_text(encoding="utf-8")
    assert second.count(FIGURES_BEGIN) == second.count(FIGURES_END) == 1
    assert "| SS1-S1 | 2 | 0 | 0 (0.0 %) |" in second and "KL1-D3V" not in second
    assert second.startswith("# Figures\n\nEarlier runs, by hand.\n")
    printed = capsys.readouterr()
    assert "figures written to" in printed.out
    assert "peak memory" in printed.out and "| peak MB |" in second
    # The progress bar (stderr): each variant's deals counted to the end, verdicts beside.
    assert "KL1-D3V: 100%" in printed.err and "SS1-S1: 100%" in printed.err
    assert "2/2" in printed.err and "won=2" in printed.err
    # The positions met mid-game: the plain player's games of the same two deals.
    assert "positions met mid-game" in printed.out and "SS1-S1 mid-game: 100%" in printed.err
    assert "Positions met mid-game (the plain player's game of deals 1-2" in second
    assert "| SS1-S1 | " in second.partition("Positions met mid-game")[2]
    assert "- SS1-S1 undecided mid-game (deal:move):" in second


def test_the_positions_met_mid_game_are_every_nth_of_the_plain_players_game() -> None:
    variant = parse_variant("KL1-D1N")
    met = list(mid_game_positions(variant, [2, 3], 10))
    assert met and {deal for deal, _, _ in met} == {2, 3}
    assert all(move % 10 == 0 for _, move, _ in met)
    assert [(d, m) for d, m, _ in met] == [
        (d, m) for d, m, _ in mid_game_positions(variant, [2, 3], 10)
    ]
    rules = rules_for(variant)
    first = [p for p, _ in plain_game(rules, rules.deal(2), f"{GameCode(variant, 2)}#0")]
    assert met[0][2] == first[9]
    # Solved (Vegas draw 3: decided at once), one outcome a position.
    vegas = parse_variant("KL1-D3V")
    figures = solve_mid_game(vegas, [1, 2], 10, 1.0, jobs=1)
    assert len(figures.outcomes) == len(list(mid_game_positions(vegas, [1, 2], 10))) > 0
    assert figures.decided + len(figures.undecided) == len(figures.outcomes)
    assert "positions met mid-game" in figures.text()


@pytest.mark.parametrize(
    "wrong",
    [["--mid-game-every", "0"], ["--mid-game-deals", "-1"], ["--mid-game-seconds", "0"]],
)
def test_mid_game_options_out_of_range_are_refused(
    wrong: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--first", "1", "--last", "1", "--no-references", *wrong]) == 2
    assert "--mid-game" in capsys.readouterr().err


def test_freecell_solver_runs_its_simple_simon_preset_and_proves_no_loss() -> None:
    # SS1-S4 deal 159 is won (we replay the win); fc-solve's default scan says "I could not
    # solve this game" after 4 states, its Simple Simon preset wins it.
    variant = parse_variant("SS1-S4")
    assert _freecell_solver_task((variant, 159, 5.0)).verdict is Verdict.WINNABLE
    # Deal 5 we prove lost; fc-solve's "could not solve" counts as unknown, never as a proof.
    assert _freecell_solver_task((variant, 5, 5.0)).verdict is Verdict.UNKNOWN
