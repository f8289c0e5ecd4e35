"""The ``solitaire`` command as a new user meets it: deal and play, good and bad input."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from solitaire.cli import EXIT_ILLEGAL_MOVE, EXIT_READER_GONE, main

SS9 = Path(__file__).parent / "fixtures" / "ss9.txt"


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """Run the installed console script, as a player would."""
    script = Path(sys.executable).parent / "solitaire"
    return subprocess.run(
        [str(script), *args], capture_output=True, text=True, input=stdin, check=False
    )


def test_deal_prints_the_layout_of_the_first_position() -> None:
    result = run("deal", "KL1-D1N-AAAAAAG")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "game: KL1-D1N-AAAAAAG"
    assert lines[-1].startswith("t7: [") and len(lines) == 14


def test_output_whose_reader_went_away_stops_quietly() -> None:
    # `solitaire deal … | head -0`: the pipe's reading end is closed before a line is written.
    script = Path(sys.executable).parent / "solitaire"
    reading, writing = os.pipe()
    os.close(reading)
    try:
        result = subprocess.run(
            [str(script), "deal", "KL1-D1N-AAAAAAG"],
            stdout=writing,
            stderr=subprocess.PIPE,
            text=True,
            check=False,
        )
    finally:
        os.close(writing)
    assert result.returncode == EXIT_READER_GONE
    assert result.stderr == ""  # no traceback


def test_deal_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["deal", " ss1-s4-aaaaabd ", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["code"] == "SS1-S4-AAAAABD"
    assert data["layout"].startswith("game: SS1-S4-AAAAABD\nt1: JS QC")
    assert (data["score"], data["score_text"], data["moves"], data["won"]) == (500, "500", 0, False)


def test_play_applies_moves_and_prints_score_moves_and_won(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["play", "KL1-D3V-AAAAAAG", "--moves", "d d"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "game: KL1-D3V-AAAAAAG"
    assert out[-3:] == ["score: -$52", "moves: 2", "won: no"]


def test_play_json_keys(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "EH1-N-AAAAAAF", "--moves", "d d undo", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data) == {"code", "layout", "score", "score_text", "moves", "won"}
    assert data["moves"] == 2  # Easy Harp: undo leaves the counter (EH-11)
    assert isinstance(data["score"], int)


def test_play_from_a_layout_file_and_a_moves_file(tmp_path: Path) -> None:
    moves = tmp_path / "moves.txt"
    moves.write_text("# a comment line\nt10-t4  # 5D onto 5S: refused\n", "utf-8")
    result = run("play", "--layout", str(SS9), "--moves-file", str(moves), "--json")
    assert result.returncode == 3
    assert "one_rank_higher (SS-2)" in result.stderr
    moves.write_text("t10-t7 t9-t10\n", "utf-8")
    result = run("play", "--layout", str(SS9), "--moves-file", str(moves), "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["code"] == "SS1-S4"
    assert (data["score"], data["moves"]) == (498, 2)
    assert "t7: JD 3H 5C 6D 5D" in data["layout"]
    assert "t10: 7S" in data["layout"]
    stdin = run("play", "--layout", "-", "--moves", "t10-t7", stdin=SS9.read_text("utf-8"))
    assert stdin.returncode == 0 and "moves: 1" in stdin.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["deal", "KL1-D9N-AAAAAAG"], "bad game code: options 'D9N' do not belong to Klondike"),
        (["deal", "KL1-D1N-AAAAAAA"], "deal 0"),
        (["play", "KL1-D1N-AAAAAAG", "--moves", "d t3--t5"], "bad move text: move 2"),
        (["play", "--layout", "/nonexistent/layout.txt"], "cannot read the layout file"),
        (["play"], "give either a game code or --layout FILE"),
    ],
)
def test_bad_input_exits_2_with_a_message(args: list[str], message: str) -> None:
    result = run(*args)
    assert result.returncode == 2
    assert message in result.stderr
    assert result.stdout == ""


def test_bad_layout_exits_2_naming_the_line(tmp_path: Path) -> None:
    layout = tmp_path / "bad.txt"
    layout.write_text(SS9.read_text("utf-8").replace("5D", "5X"), "utf-8")
    result = run("play", "--layout", str(layout))
    assert result.returncode == 2
    assert "line 10: '5X' is not a card" in result.stderr


def test_illegal_move_exits_3_naming_place_move_reason_and_rule() -> None:
    result = run("play", "KL1-D1N-AAAAAAG", "--moves", "d t1-t3 t2-t4")
    assert result.returncode == 3
    assert result.stdout == ""  # nothing of a half-applied game
    assert "illegal move 2 of 3, t1-t3" in result.stderr
    assert "build_down (KL-1)" in result.stderr
    vegas = run("play", "KL1-D1V-AAAAAAG", "--moves", " ".join(["d"] * 25))
    assert vegas.returncode == 3
    assert "illegal move 25 of 25, d: no_redeal (KL-9)" in vegas.stderr


def test_play_takes_undo_redo_and_finish_as_a_log_does(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # UI-9: Easy Harp counts the redo (EH-11): d, d, undo, redo = 3 on the counter.
    assert main(["play", "EH1-N-AAAAAAF", "--moves", "d d UNDO redo", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["moves"] == 3
    # UI-10: a finish from a position where every card can go up.
    ranks = "A23456789TJQK"
    layout = tmp_path / "ending.txt"
    layout.write_text(
        "game: KL1-D1N\ns: [KS]\nw:\n"
        + "".join(
            f"f{i}: {' '.join(r + s for r in (ranks if s != 'S' else ranks[:-1]))}\n"
            for i, s in enumerate("SHDC", 1)
        ),
        "utf-8",
    )
    assert main(["play", "--layout", str(layout), "--moves", "finish", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert (summary["won"], summary["moves"], summary["score"]) == (True, 2, 10)


def test_a_refused_redo_or_finish_exits_3(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "KL1-D1N-AAAAAAG", "--moves", "d redo"]) == EXIT_ILLEGAL_MOVE
    assert "move 2 of 2, redo: nothing_to_redo" in capsys.readouterr().err
    assert main(["play", "KL1-D1N-AAAAAAG", "--moves", "finish"]) == EXIT_ILLEGAL_MOVE
    assert "move 1 of 1, finish: cannot_finish (UI-10)" in capsys.readouterr().err
