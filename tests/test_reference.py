"""The repo holds its own reference: every rule id that the code, the tests, the benchmarks
and the docs name is defined in docs/rules.md, and no tracked file sends its reader to a file
outside the repo (a new reader starts at the README and needs no other folder)."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "docs" / "rules.md"
THIS_FILE = Path(__file__).resolve().relative_to(ROOT).as_posix()

RULE_ID = re.compile(r"\b[A-Z]{2,3}-[0-9]+\b")
"""What a rule id looks like (KL-3, UI-14, DC-1), and so do a few other names."""
NOT_RULE_IDS = {"SHA-256", "UTF-8", "UTF-16"}
"""Names written like a rule id that are not one: add such a name here, a rule to rules.md."""
DEFINED = re.compile(r"\*\*([A-Z]{2,3}-[0-9]+)\b")
"""A rule's definition in docs/rules.md opens with its id in bold: **KL-3** or **UI-9 Redo**."""
NAMED_IN = ("src/", "tests/", "bench/", "docs/", "README.md")

OUTSIDE = {
    "the shared folder beside the repo": re.compile(r"\.\./shared|\bshared/seeds\b"),
    "a specification kept outside the repo": re.compile(r"\bSPEC\.md\b"),
    "an architecture note kept outside the repo": re.compile(r"\bARCHITECTURE\.md\b"),
    "an absolute path of the machine the repo was written on": re.compile(
        r"(?<![\w.])/work/|/\.library/|/home/\w"
    ),
}
SPEC_WORD = re.compile(r"\bSPEC\b")
"""The old name of the rules' document, which lived outside the repo: say rules (docs/rules.md)."""


def tracked_text_files() -> dict[str, str]:
    """Every file git tracks here, by its path, with its text (binary files left out)."""
    listed = subprocess.run(
        ["git", "ls-files", "-z"], cwd=ROOT, check=True, capture_output=True
    ).stdout.decode()
    texts = {}
    for name in filter(None, listed.split("\0")):
        path = ROOT / name
        if not path.is_file():  # deleted in the worktree, not yet committed
            continue
        try:
            texts[name] = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
    return texts


def defined_rule_ids() -> set[str]:
    return set(DEFINED.findall(RULES.read_text(encoding="utf-8")))


def lines_matching(pattern: re.Pattern[str], texts: dict[str, str]) -> list[str]:
    return [
        f"{name}:{number}: {line.strip()[:120]}"
        for name, text in sorted(texts.items())
        if name != THIS_FILE
        for number, line in enumerate(text.splitlines(), 1)
        if pattern.search(line)
    ]


def test_rules_md_defines_every_section_and_the_rules_of_each() -> None:
    text = RULES.read_text(encoding="utf-8")
    sections = re.findall(r"^## (\d)\. ", text, flags=re.MULTILINE)
    assert sections == [str(number) for number in range(1, 10)]
    defined = defined_rule_ids()
    for prefix, last in {"DL": 5, "KL": 13, "EH": 11, "SS": 9, "UI": 22, "RC": 2}.items():
        first = 1 if prefix in ("DL", "UI", "RC") else 0
        assert {f"{prefix}-{n}" for n in range(first, last + 1)} <= defined, prefix
    assert {"LV-1", "DC-1"} <= defined


def test_each_rule_is_defined_once() -> None:
    ids = DEFINED.findall(RULES.read_text(encoding="utf-8"))
    assert sorted(ids) == sorted(set(ids))


def test_every_rule_id_named_in_the_repo_is_defined_in_rules_md() -> None:
    defined = defined_rule_ids()
    texts = {
        name: text
        for name, text in tracked_text_files().items()
        if name.startswith(NAMED_IN) and name != THIS_FILE  # its samples (KL-99) are no rules
    }
    undefined = {
        f"{rule_id} ({name})"
        for name, text in texts.items()
        for rule_id in RULE_ID.findall(text)
        if rule_id not in defined and rule_id not in NOT_RULE_IDS
    }
    assert not undefined, f"named but not defined in docs/rules.md: {sorted(undefined)}"
    # The check sees the ids it is meant to see.
    assert "KL-3" in RULE_ID.findall(texts["src/solitaire/games/klondike.py"])


def test_no_tracked_file_points_outside_the_repo() -> None:
    texts = tracked_text_files()
    for what, pattern in OUTSIDE.items():
        found = lines_matching(pattern, texts)
        assert not found, f"{what}:\n" + "\n".join(found)


def test_no_tracked_file_names_the_old_spec() -> None:
    found = lines_matching(SPEC_WORD, tracked_text_files())
    assert not found, "say 'rules §6', 'rules KL-3' (docs/rules.md):\n" + "\n".join(found)


def test_the_checks_catch_what_they_look_for() -> None:
    sample = {
        "a.py": "# see ../shared/SPEC.md and /work/main/x (SPEC §6, KL-99)",
        THIS_FILE: "../shared",  # this file names the patterns, and is left out
    }
    assert lines_matching(OUTSIDE["the shared folder beside the repo"], sample)
    assert lines_matching(OUTSIDE["a specification kept outside the repo"], sample)
    assert lines_matching(
        OUTSIDE["an absolute path of the machine the repo was written on"], sample
    )
    assert lines_matching(SPEC_WORD, sample) == [f"a.py:1: {sample['a.py']}"]
    assert "KL-99" not in defined_rule_ids()
    assert not OUTSIDE["an absolute path of the machine the repo was written on"].search(
        "docs/work/x and ./work/y"
    )
