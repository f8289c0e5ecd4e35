"""Pictures of each game in each look, for a person to compare before and after a change to
the cards or the layout: every game at a phone size (390×844) and a desktop size (1440×900),
at its start and a few moves in, in light, dark, large print and left-handed, and the
Settings dialog's Looks in each. Starts its own server (screenshots.py picture_session);
writes PNGs to screenshots/looks/.

    .venv/bin/python -m tests.e2e.look_screenshots [--out screenshots/looks] [--only phone]
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from .harness import ROOT, SIZES, api, open_board
from .screenshots import GAMES, engine_moves, picture_session, play_through_api

LOOKS: dict[str, dict[str, Any]] = {
    "light": {"theme": "light"},
    "dark": {"theme": "dark"},
    "large-print": {"theme": "light", "large_print": True},
    "left-handed": {"theme": "dark", "left_handed": True, "four_colour": True},
}
PLAIN = {"theme": "system", "large_print": False, "left_handed": False, "four_colour": False}
MOVES_INTO_THE_DEAL = 20


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "screenshots" / "looks")
    parser.add_argument("--only", choices=list(SIZES), help="one size only")
    parser.add_argument("--look", choices=list(LOOKS), help="one look only")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    with picture_session() as (base, browser):
        for size_name, viewport in SIZES.items():
            if args.only and size_name != args.only:
                continue
            context = browser.new_context(viewport=viewport, base_url=base, has_touch=True)
            page = context.new_page()
            open_board(page, base)
            for game_name, code in GAMES.items():
                for look_name, look in LOOKS.items():
                    if args.look and look_name != args.look:
                        continue
                    api(page, "PUT", "/api/settings", {**PLAIN, **look})
                    for stage, moves in (("start", 0), ("mid", MOVES_INTO_THE_DEAL)):
                        api(page, "POST", "/api/games", {"mode": "code", "code": code})
                        play_through_api(page, engine_moves(code, moves))
                        open_board(page, base)
                        page.wait_for_timeout(400)
                        path = args.out / f"{game_name}-{stage}-{look_name}-{size_name}.png"
                        page.screenshot(path=str(path))
                        print(path)
            # The Settings dialog in each look: its groups, the backs' previews, Close.
            for look_name, look in LOOKS.items():
                if args.look and look_name != args.look:
                    continue
                api(page, "PUT", "/api/settings", {**PLAIN, **look})
                open_board(page, base)
                page.locator("#settings-button").click()
                page.locator('.settings-nav [data-group="settings-looks"]').click()
                page.wait_for_timeout(600)
                path = args.out / f"settings-looks-{look_name}-{size_name}.png"
                page.screenshot(path=str(path))
                print(path)
            context.close()


if __name__ == "__main__":
    main()
