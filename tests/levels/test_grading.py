"""LV-1: grading a deal, cutting the graded deals into levels, and ``solitaire grade``."""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

import pytest

from solitaire.cli import main
from solitaire.codes import parse_code, parse_variant
from solitaire.games import Refusal, rules_for
from solitaire.levels.data import read_data, write_data
from solitaire.levels.grading import LEVELS, DealRecord, grade_deal, levels_of
from solitaire.levels.player import plain_game, plain_progress, play_once
from solitaire.moves import parse_moves
from solitaire.solver import replay


def test_lv_1_a_winnable_deal_is_graded_with_its_proof() -> None:
    record = grade_deal(parse_code("SS1-S1-AAAAABD"), seconds=10, playouts=2)
    assert record.verdict == "winnable"
    assert len(record.progress) == 2 and 0.0 <= record.difficulty <= 1.0
    code = parse_code("SS1-S1-AAAAABD")
    replay(rules_for(code.variant).deal(code.deal), parse_moves(record.solution))


def test_lv_1_a_lost_deal_is_not_graded() -> None:
    # KL1-D3V deal 6: the solver proves it lost at once (tests/server/test_hints.py).
    record = grade_deal(parse_code("KL1-D3V-AAAAAAG"), seconds=10)
    assert record.verdict == "not winnable"
    assert not record.won_by_solution
    assert levels_of([record]) == {level: [] for level in LEVELS}


def test_lv_1_the_plain_player_is_seeded() -> None:
    code = parse_code("KL1-D1N-AAAAAAB")
    assert plain_progress(code, 3) == plain_progress(code, 3)
    rules = rules_for(code.variant)
    share = play_once(rules, rules.deal(code.deal), "seed")
    assert 0.0 <= share <= 1.0


def test_lv_1_the_plain_game_is_a_game_of_legal_moves_whose_end_gives_the_share() -> None:
    # The positions the plain player meets (the solver's benchmark solves them mid-game): each
    # one legal move after the one before, the last the one play_once reads its share from.
    code = parse_code("SS1-S2-AAAAABD")
    rules = rules_for(code.variant)
    start = rules.deal(code.deal)
    met = [position for position, _ in plain_game(rules, start, "seed")]
    assert len(met) > 10
    for before, after in zip([start, *met][:30], met[:30], strict=False):
        reached = set()
        for move in rules.legal_moves(before):
            try:
                reached.add(rules.apply(before, move).position.piles)
            except Refusal:
                continue
        assert after.piles in reached
    runs = [runs for _, runs in plain_game(rules, start, "seed")][-1]
    home = 13 * runs + sum(
        1
        for pile in met[-1].columns
        for lower, upper in zip(pile.cards[1:], pile.cards[:-1], strict=False)
        if upper.suit is lower.suit and upper.rank == lower.rank + 1
    )
    total = len(rules.shape.deck)
    assert play_once(rules, start, "seed") == (1.0 if rules.is_won(met[-1]) else home / total)


def _record(deal: int, progress: float, moves: int = 50) -> DealRecord:
    return DealRecord("SS1-S1", deal, "winnable", (progress,), "t1-t2", moves, moves, 0, 1)


def test_lv_1_levels_cut_the_graded_deals_in_four_by_difficulty() -> None:
    records = [_record(deal, progress=deal / 10) for deal in range(1, 9)]
    cut = levels_of(records)
    # The most progress is the easiest.
    assert [record.deal for record in cut["easy"]] == [8, 7]
    assert [record.deal for record in cut["expert"]] == [2, 1]
    lost = DealRecord("SS1-S1", 99, "not winnable")
    assert levels_of([*records, lost]) == cut


def test_lv_1_the_grade_command_writes_levels_of_proven_deals(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    records = tmp_path / "records.jsonl"
    out = tmp_path / "graded.json.gz"
    arguments = ["grade", "SS1-S1", "--per-level", "1", "--seconds", "10"]
    assert main([*arguments, "--records", str(records), "--out", str(out)]) == 0
    data = json.loads(gzip.decompress(out.read_bytes()))
    levels = data["variants"]["SS1-S1"]
    assert [len(levels[level]) for level in LEVELS] == [1, 1, 1, 1]
    rules = rules_for(parse_variant("SS1-S1"))
    for level in LEVELS:
        deal, _difficulty, _counter, _score, solution = levels[level][0]
        replay(rules.deal(deal), parse_moves(solution))
    assert "easy" in capsys.readouterr().out
    # A second run resumes from the records: no deal is tried again.
    tried = len(records.read_text().splitlines())
    assert main([*arguments, "--records", str(records), "--out", str(out)]) == 0
    assert len(records.read_text().splitlines()) == tried


def test_lv_1_the_grade_command_refuses_a_bad_variant(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["grade", "XX1-Q"]) == 2
    assert "bad variant" in capsys.readouterr().err


def test_lv_1_a_run_without_the_records_adds_deals_to_the_shipped_ones(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The records file of the first run is gone: the data written is the start (its deals
    measured again, to the same difficulties), the run goes on from ``--start`` and the
    levels are cut again from both."""
    out = tmp_path / "graded.json.gz"
    first = ["grade", "SS1-S1", "--per-level", "1", "--seconds", "10", "--playouts", "2"]
    assert main([*first, "--records", str(tmp_path / "first.jsonl"), "--out", str(out)]) == 0
    before = json.loads(gzip.decompress(out.read_bytes()))["variants"]["SS1-S1"]
    shipped = {row[0]: row for level in LEVELS for row in before[level]}
    records = tmp_path / "second.jsonl"
    second = ["grade", "SS1-S1", "--per-level", "2", "--seconds", "10", "--start", "900"]
    assert main([*second, "--records", str(records), "--out", str(out)]) == 0
    data = json.loads(gzip.decompress(out.read_bytes()))
    after = {row[0]: row for level in LEVELS for row in data["variants"]["SS1-S1"][level]}
    assert len(after) == 8
    assert {deal: after[deal] for deal in shipped} == shipped
    assert all(deal >= 900 for deal in after.keys() - shipped.keys())
    # Measured as they were: the data's playouts (2), not the command's default (4).
    assert data["playouts"]["SS1-S1"] == 2
    lines = [json.loads(line) for line in records.read_text().splitlines()]
    assert all(len(line["progress"]) == 2 for line in lines if line["verdict"] == "winnable")
    capsys.readouterr()


def test_lv_1_writing_some_variants_keeps_the_others_as_they_were(tmp_path: Path) -> None:
    out = tmp_path / "graded.json.gz"
    graded = [
        grade_deal(parse_code(f"SS1-S1-{code}"), seconds=10, playouts=1)
        for code in ("AAAAABD", "AAAAABE", "AAAAABF", "AAAAABG")
    ]
    kept: dict[str, Any] = {
        "variants": {"KL1-D1V": {level: [[7, 0.5, 100, 50, "s"]] for level in LEVELS}},
        "figures": {"KL1-D1V": {"easy": {"deals": 1}}},
        "playouts": {"KL1-D1V": 2},
    }
    write_data([record for record in graded if record.won_by_solution], out, {}, keep=kept)
    data = read_data(out)
    assert data is not None
    assert data["variants"]["KL1-D1V"] == kept["variants"]["KL1-D1V"]
    assert data["playouts"] == {"KL1-D1V": 2, "SS1-S1": 1}
    assert sorted(data["variants"]) == ["KL1-D1V", "SS1-S1"]


def test_lv_1_the_grade_command_refuses_a_bad_start(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["grade", "SS1-S1", "--start", "0"]) == 2
    assert "--start must be a deal from 1" in capsys.readouterr().err
