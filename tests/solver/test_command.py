"""`solitaire solve` and `solitaire solve-range`: output, files and exit status."""

from __future__ import annotations

import csv
import json
import subprocess
import sys
from pathlib import Path

import pytest

from solitaire.cli import main
from solitaire.play import Game


def test_solve_prints_the_verdict_a_solution_and_the_figures(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["solve", "SS1-S4-AAAAAAD", "--seconds", "30"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "verdict: winnable"
    assert out[1].startswith("solution (")
    moves = out[1].split(": ", 1)[1]
    game = Game.from_code("SS1-S4-AAAAAAD")
    game.replay(moves.split())
    assert game.won
    assert out[2].startswith("positions: ")
    assert out[3].startswith("seconds: ")


def test_solve_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "KL1-D1N-AAAAAAG", "--json"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert answer["verdict"] == "winnable"
    assert answer["move_count"] == len(answer["moves"]) > 0
    assert answer["positions"] > 0
    game = Game.from_code("KL1-D1N-AAAAAAG")
    game.replay(answer["moves"])
    assert game.won


def test_solve_a_layout_file_not_winnable(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    layout = tmp_path / "blocked.txt"
    layout.write_text(Game.from_code("SS1-S4-AAAAAAM").layout(), encoding="utf-8")
    assert main(["solve", "--layout", str(layout), "--json"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert answer["verdict"] == "not winnable"
    assert answer["moves"] == []


def test_solve_with_no_time_is_unknown(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "KL1-D1N-AAAAAAB", "--seconds", "0"]) == 0
    assert capsys.readouterr().out.splitlines()[0] == "verdict: unknown"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["solve", "KL1-D1X-AAAAAAB"], "bad game code"),
        (["solve"], "either a game code or --layout"),
        (["solve", "KL1-D1N-AAAAAAB", "--layout", "x.txt"], "either a game code or --layout"),
        (["solve", "--layout", "/nonexistent/layout.txt"], "cannot read the layout file"),
        (["solve-range", "SS1-S9", "1", "2"], "bad game and options"),
        (["solve-range", "SS1-S4", "3", "2"], "FIRST (3) is after LAST (2)"),
        (["solve-range", "SS1-S4", "0", "2"], "out of range"),
        (["solve-range", "SS1-S4", "one", "2"], "not a deal number"),
    ],
)
def test_bad_input_exits_2_with_a_message(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert message in captured.err
    assert captured.out == ""


def test_a_bad_layout_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    layout = tmp_path / "bad.txt"
    layout.write_text("game: KL1-D1N\nt1: KD QX\n", encoding="utf-8")
    assert main(["solve", "--layout", str(layout)]) == 2
    assert "bad layout" in capsys.readouterr().err


@pytest.mark.parametrize("seconds", ["-1", "soon", "inf"])
def test_a_bad_budget_exits_2(seconds: str) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["solve", "SS1-S4-AAAAAAD", "--seconds", seconds])
    assert stop.value.code == 2


def test_solve_range_summary_csv_and_progress(tmp_path: Path) -> None:
    table = tmp_path / "deals.csv"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "solitaire.cli",
            "solve-range",
            "SS1-S1",
            "1",
            "4",
            "--seconds",
            "20",
            "--jobs",
            "2",
            "--csv",
            str(table),
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "4/4" in done.stderr  # the progress bar, on stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "SS1-S1 deals 1-4, 20 s each"
    assert lines[1].startswith("4 deals: won 4, not winnable 0, unknown 0; median ")
    assert "95th percentile" in lines[1]
    rows = list(csv.DictReader(table.open(encoding="utf-8")))
    assert [row["deal"] for row in rows] == ["1", "2", "3", "4"]
    for row in rows:
        game = Game.from_code(row["code"])
        game.replay(row["solution"].split())
        assert game.won
        assert int(row["moves"]) == game.moves


def test_the_console_script_exits_2_on_a_bad_code() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "solitaire.cli", "solve", "nonsense"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2
    assert "bad game code" in done.stderr
