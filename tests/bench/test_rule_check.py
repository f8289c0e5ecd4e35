"""The check of a search rule against the search without it (bench/rule_check.py)."""

from __future__ import annotations

import doctest
from types import ModuleType

import pytest
from bench.rule_check import Compared, main

from bench import rule_check, solver_bench
from solitaire.solver import stock_bridge


def test_a_sound_rule_gives_the_same_verdicts(capsys: pytest.CaptureFixture[str]) -> None:
    # UPS_TOGETHER on the plain player's positions of KL1-D1N deals 1-2 (every tenth move).
    argv = ["KL1-D1N", "ups_together", "--first", "1", "--last", "2"]
    assert main([*argv, "--positions", "20000", "--jobs", "1"]) == 0
    printed = capsys.readouterr().out
    assert "KL1-D1N ups_together, deals 1-2, every 10th move, 20,000 positions" in printed
    assert "the same verdict on all" in printed and "TWO VERDICTS" not in printed


def test_two_verdicts_are_shown_with_the_position(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # A rule that made the search call a won position lost is named, with its layout, and
    # the check fails.
    def unsound(task: tuple[object, ...]) -> Compared:
        deal, move = task[0], task[1]
        assert isinstance(deal, int) and isinstance(move, int)
        lost = (stock_bridge.PROVED_LOST, 10)
        won = (stock_bridge.WON, 20)
        return Compared(deal, move, lost if move == 20 else won, won)

    monkeypatch.setattr(rule_check, "_solve_both", unsound)
    assert main(["KL1-D1N", "free_chains", "--first", "2", "--last", "2", "--jobs", "1"]) == 1
    printed = capsys.readouterr().out
    assert "1 with two verdicts" in printed
    assert "TWO VERDICTS at 2:20: lost with the rule, won without" in printed
    assert "game: KL1-D1N-AAAAAAC" in printed


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["KL1-D1N", "fast_moves"], "unknown rule 'fast_moves'"),
        (["SS1-S4", "runs_wait"], "SS1-S4 has no stock"),
        (["KL1-D1V", "ups_together"], "ups_together is off in KL1-D1V"),
        (["KL9-D1N", "runs_wait"], "KL9"),
        (["KL1-D1N", "runs_wait", "--first", "5", "--last", "2"], "LAST not before it"),
        (["KL1-D1N", "runs_wait", "--positions", "0"], "--positions must be 1 or more"),
    ],
)
def test_what_cannot_be_checked_is_refused(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit:
        main(argv)
    assert exit.value.code == 2
    assert message in capsys.readouterr().err


@pytest.mark.parametrize("module", [rule_check, solver_bench])
def test_the_bench_s_docstring_examples(module: ModuleType) -> None:
    # tests/test_doctests.py runs the package's; these are the benchmark's own.
    assert doctest.testmod(module).failed == 0
