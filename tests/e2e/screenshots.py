"""Pictures of the board for a person to look at: each game at a phone size (390×844) and
a desktop size (1440×900), a few moves into a deal, plus the New game dialog, a drag with
placement help, a move drawn while its answer is on its way (UI-14), the board loading and
a won game. Starts its own server; writes PNGs to screenshots/.

    .venv/bin/python -m tests.e2e.screenshots [--out screenshots]
"""

from __future__ import annotations

import argparse
import contextlib
import random
import tempfile
from collections.abc import Iterator
from pathlib import Path

from playwright.sync_api import Browser, Page, sync_playwright

from solitaire.play import Game

from .harness import (
    ROOT,
    SIZES,
    api,
    card_in,
    drag,
    emulate_network,
    launch_chromium,
    open_board,
    phone_network,
    running_server,
    start_layout,
)
from .layouts import klondike, simple_simon_one_move_from_winning

GAMES = {
    "klondike": "KL1-D3N-AAAAAAG",
    "easy-harp": "EH1-N-AAAAAAF",
    "simple-simon": "SS1-S4-AAAAABD",
}
MOVES_INTO_THE_DEAL = 30


def engine_moves(code: str, count: int, seed: int = 7) -> list[str]:
    """Moves the engine finds legal, preferring those that build the table up."""
    game = Game.from_code(code)
    chooser = random.Random(seed)
    played: list[str] = []
    for _ in range(count):
        moves = game.legal_moves()
        if not moves:
            break
        # Forward moves only (never a card back from a foundation), the stock when stuck.
        forward = [m for m in moves if not m.is_draw and not m.source.startswith("f")]
        draws = [m for m in moves if m.is_draw]
        move = chooser.choice(forward) if forward and chooser.random() < 0.7 else None
        if move is None:
            move = chooser.choice(draws or forward or moves)
        game.play(move)
        played.append(str(move))
    return played


def play_through_api(page: Page, moves: list[str]) -> None:
    for move in moves:
        state = api(page, "GET", "/api/games/current")
        api(
            page,
            "POST",
            f"/api/games/{state['id']}/actions",
            {"version": state["version"], "type": "move", "move": move},
        )


def take(out: Path, base: str, page: Page, name: str) -> None:
    page.wait_for_timeout(350)  # let the moves' animations finish
    path = out / f"{name}.png"
    page.screenshot(path=str(path))
    print(path)


@contextlib.contextmanager
def picture_session() -> Iterator[tuple[str, Browser]]:
    """A server of its own on a throwaway data folder and a Chromium to picture it with, as
    every script of pictures starts (look_screenshots.py too): yields the server's address and
    the browser, and closes both."""
    with (
        tempfile.TemporaryDirectory() as data_dir,
        running_server(Path(data_dir)) as base,
        sync_playwright() as playwright,
    ):
        browser = launch_chromium(playwright)
        try:
            yield base, browser
        finally:
            browser.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "screenshots")
    out = parser.parse_args().out
    out.mkdir(parents=True, exist_ok=True)
    with picture_session() as (base, browser):
        for size_name, viewport in SIZES.items():
            context = browser.new_context(viewport=viewport, base_url=base)
            page = context.new_page()
            for game_name, code in GAMES.items():
                open_board(page, base, f"/play/{code}")
                leave = page.locator("#leave-dialog button[value=leave]")
                if leave.is_visible():
                    leave.click()
                page.wait_for_function(
                    "code => document.querySelector('[data-code]').textContent === code", arg=code
                )
                play_through_api(page, engine_moves(code, MOVES_INTO_THE_DEAL))
                open_board(page, base)
                take(out, base, page, f"{game_name}-{size_name}")
            # A drag in progress, with placement help lighting the targets.
            state = api(page, "GET", "/api/games/current")
            dest = state["dests"][0]
            pile = next(p for p in state["piles"] if p["id"] == dest["pile"])
            drag(
                page, card_in(page, dest["pile"], pile["cards"][dest["index"]]), "t1", release=False
            )
            take(out, base, page, f"dragging-{size_name}")
            page.mouse.up()
            page.keyboard.press("n")
            take(out, base, page, f"new-game-dialog-{size_name}")
            page.keyboard.press("Escape")
            page.locator("#settings-button").click()
            take(out, base, page, f"settings-dialog-{size_name}")
            page.keyboard.press("Escape")
            start_layout(page, base, simple_simon_one_move_from_winning())
            drag(page, card_in(page, "t2", "AS"), "t1")
            page.wait_for_selector("[data-won]")
            take(out, base, page, f"won-{size_name}")
            # A move in flight on a slow network: the 7♥ drawn on the 8♠ at once, the card
            # it uncovered still face down until the answer brings its face.
            page.keyboard.press("Escape")
            start_layout(page, base, klondike("t1: [QC] 8S", "t2: [JD] 7H", "t3: AS", "t4: KD"))
            session = emulate_network(page, phone_network(latency_ms=2000))
            drag(page, card_in(page, "t2", "7H"), "t1")
            take(out, base, page, f"move-in-flight-{size_name}")
            session.detach()
            context.close()
            # A first visit on a slow network: the board says it is dealing.
            context = browser.new_context(viewport=viewport, base_url=base)
            page = context.new_page()
            session = emulate_network(page, phone_network(latency_ms=1500))
            page.goto(base, wait_until="commit")
            page.wait_for_selector("#board-loading", state="visible", timeout=30_000)
            take(out, base, page, f"loading-{size_name}")
            context.close()


if __name__ == "__main__":
    main()
