"""The solver benchmark's figures file: the run's table replaces the last run's, and the
text around it (earlier runs, notes) stays."""

from __future__ import annotations

from pathlib import Path

import pytest
from bench.solver_bench import FIGURES_BEGIN, FIGURES_END, main


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
