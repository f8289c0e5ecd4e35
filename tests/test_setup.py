"""The package build (setup.py): a wheel built from the repo carries the board's bundles when
Node.js and npm are there, and the C searches built guided by a profile; without Node.js the
build warns and carries the source modules only.

Each test builds from a copy of the repo's tracked files (so the worktree's own
``web/build/`` and ``build/`` play no part), the way ``pip install .`` of a clean clone does.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BUILD = "solitaire/web/build/"


def copy_of_the_repo(target: Path) -> Path:
    """The tracked files, with their times, and the installed node_modules (linked, so that
    the build finds the pinned esbuild without asking npm's registry)."""
    listed = subprocess.run(
        ["git", "ls-files", "-z"], cwd=ROOT, check=True, capture_output=True
    ).stdout.decode()
    for name in filter(None, listed.split("\0")):
        source = ROOT / name
        if source.is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / name)
    if (ROOT / "node_modules").is_dir():
        (target / "node_modules").symlink_to(ROOT / "node_modules")
    return target


def build_wheel(source: Path, out: Path) -> tuple[zipfile.ZipFile, str]:
    """The wheel, and what its build printed."""
    result = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-v", "--no-deps", "-w", str(out), str(source)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    [wheel] = out.glob("solitaire-*.whl")
    return zipfile.ZipFile(wheel), result.stdout + result.stderr


@pytest.mark.slow
def test_a_wheel_carries_the_board_bundled(tmp_path: Path) -> None:
    if shutil.which("node") is None or shutil.which("npm") is None:
        pytest.skip("Node.js and npm are needed to bundle the board (make test installs them)")
    source = copy_of_the_repo(tmp_path / "repo")
    wheel, printed = build_wheel(source, tmp_path / "out")
    names = set(wheel.namelist())
    # The C searches: trained and built again with the counts, not fallen back to a plain build
    # (a wheel builds them away from the sources, which the training has to put together).
    if shutil.which("gcc") is not None:
        assert "training the C search for its profile-guided build" in printed
        assert "-fprofile-use" in printed
        assert "no profile-guided build" not in printed, printed
        assert any(name.startswith("solitaire/solver/_stock_search") for name in names)
    manifest = json.loads(wheel.read(f"{BUILD}manifest.json"))
    assert set(manifest["files"]) == {"main.js", "board.css", "site.js", "site.css"}
    for bundle in manifest["files"].values():
        assert f"{BUILD}{bundle}" in names
    # The bundles match the sources the wheel carries, so the server serves them (assets.py).
    from solitaire.server.assets import source_hash

    unpacked = tmp_path / "unpacked"
    wheel.extractall(unpacked)
    assert manifest["source"] == source_hash(unpacked / "solitaire" / "web")


def test_without_node_the_build_copies_the_source_modules_and_warns(tmp_path: Path) -> None:
    # setup.py's build_py step alone (no wheel, no C), on a PATH without node or npm.
    tools = tmp_path / "tools"
    tools.mkdir()
    git = shutil.which("git")
    assert git is not None
    (tools / "git").symlink_to(git)
    source = copy_of_the_repo(tmp_path / "repo")
    result = subprocess.run(
        [sys.executable, "setup.py", "build_py", "--build-lib", str(tmp_path / "lib")],
        cwd=source,
        capture_output=True,
        text=True,
        env={**os.environ, "PATH": str(tools)},
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Node.js or npm is missing: the board is served unbundled" in result.stdout
    web = tmp_path / "lib" / "solitaire" / "web"
    assert (web / "static" / "main.js").is_file()
    assert not (web / "build").exists()
