"""Every message id the board uses is in the catalog the server sends."""

from __future__ import annotations

import json
import re
import urllib.request
from pathlib import Path

from .harness import ROOT

WEB = ROOT / "src" / "solitaire" / "web"
# Ids the board builds from a card or a game: `ui.rank.${rank}`, `ui.suit.${suit}`, ….
BUILT_IDS = (
    [f"ui.rank.{rank}" for rank in "A23456789TJQK"]
    + [f"ui.suit.{suit}" for suit in "SHDC"]
    + [f"ui.game.{game}" for game in ("KL", "SS", "EH")]
)


def ids_in_board_files() -> set[str]:
    found: set[str] = set()
    for path in [*WEB.rglob("*.js"), *WEB.rglob("*.html")]:
        text = Path(path).read_text("utf-8")
        found.update(re.findall(r"""["'`=](ui\.[A-Za-z0-9_.]*[A-Za-z0-9_])["'`]""", text))
    return found


def test_every_board_message_is_in_the_catalog(server: str) -> None:
    with urllib.request.urlopen(f"{server}/api/messages?lang=en") as answer:
        messages = json.load(answer)["messages"]
    used = ids_in_board_files() | set(BUILT_IDS)
    assert len(used) > 60
    assert sorted(used - set(messages)) == []
    assert all(messages[message_id].strip() for message_id in used)
    # The reminders the board shows come from the same catalog (reason.<key>).
    assert "reason.king_only" in messages
