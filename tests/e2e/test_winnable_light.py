"""UI-20, "Can this still be won?": with the setting on, after each action a small light beside
the score shows the solver's verdict on the position (`data-winnable`: winnable,
not_winnable, unknown), never a move; off by default, absent in a daily challenge; the history
marks a game played with it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from ..support.server import TESTS_TODAY
from .harness import api, card_in, catalog, open_board, running_server, start_layout
from .layouts import klondike

RANKS = "A23456789TJQK"
#: Every card up but the king of hearts, alone in column 1: one move wins.
WON_IN_ONE = klondike(
    *(
        f"f{i + 1}: " + " ".join(rank + suit for rank in (RANKS[:12] if suit == "H" else RANKS))
        for i, suit in enumerate("SHDC")
    ),
    "t1: KH",
    "s:",
)
#: Klondike Vegas draw 3 deal 6: the solver proves it lost in a twentieth of a second.
LOST_DEAL = "KL1-D3V-AAAAAAG"

LIGHT = "[data-winnable]"


def light_on(page: Page) -> None:
    answer = api(page, "PUT", "/api/settings", {"winnable_light": True})
    assert answer["winnable_light"] is True


def start_code(page: Page, server: str, code: str) -> None:
    open_board(page, server)
    assert "piles" in api(page, "POST", "/api/games", {"mode": "code", "code": code})
    open_board(page, server)


def expect_verdict(page: Page, verdict: str) -> None:
    light = page.locator(LIGHT)
    expect(light).to_have_attribute("data-winnable", verdict, timeout=15_000)
    expect(page.locator("#winnable-stat")).to_be_visible()
    expect(light).to_have_attribute("aria-label", catalog(page)[f"ui.light.{verdict}"])


def test_ui_20_the_light_is_off_by_default(page: Page, server: str) -> None:
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url))
    start_layout(page, server, WON_IN_ONE)
    expect(page.locator("#winnable-stat")).to_be_hidden()
    page.wait_for_timeout(600)  # longer than the light waits before it asks
    assert not [url for url in asked if url.endswith("/winnable")]


def test_ui_20_a_position_that_can_be_won_lights_winnable_and_no_move(
    page: Page, server: str
) -> None:
    start_layout(page, server, WON_IN_ONE)
    light_on(page)
    open_board(page, server)
    expect_verdict(page, "winnable")
    # A verdict, never a move: nothing on the table is pointed at.
    assert page.locator(".hint-source, .hint-target, #board[data-hint]").count() == 0
    # The winning move: a won game has no light.
    card_in(page, "t1", "KH").click()
    expect(page.locator("#won-dialog")).to_be_visible()
    expect(page.locator("#winnable-stat")).to_be_hidden()


def test_ui_20_a_lost_game_lights_not_winnable_after_each_action(page: Page, server: str) -> None:
    start_code(page, server, LOST_DEAL)
    light_on(page)
    open_board(page, server)
    expect_verdict(page, "not_winnable")
    # An action asks again, for the new position.
    page.locator('[data-pile="s"]').click()
    page.wait_for_function("() => document.querySelector('[data-moves]').textContent === '1'")
    expect_verdict(page, "not_winnable")
    # The history marks the game once it is over (another game started).
    start_layout(page, server, WON_IN_ONE)
    games = api(page, "GET", "/api/history")["games"]
    assert (games[0]["code"], games[0]["light"], games[0]["hints"]) == (LOST_DEAL, True, False)
    page.locator("[data-action='stats']").first.click()
    page.locator("#stats-tab-history").click()
    mark = page.locator(".history-row [data-help='light']")
    expect(mark).to_have_text(catalog(page)["ui.stats.with_light"])


def test_ui_20_no_light_in_a_daily_challenge(page: Page, server: str) -> None:
    open_board(page, server)
    light_on(page)
    body = {"mode": "challenge", "date": TESTS_TODAY.isoformat(), "game": "SS"}
    assert "piles" in api(page, "POST", "/api/games", body)
    open_board(page, server)
    expect(page.locator("#winnable-stat")).to_be_hidden()


@pytest.fixture
def hurried_server(tmp_path: Path) -> Iterator[str]:
    """A server whose light has no time to search (SOLITAIRE_LIGHT_SECONDS=0)."""
    with running_server(tmp_path / "data", env={"SOLITAIRE_LIGHT_SECONDS": "0"}) as base:
        yield base


def test_ui_20_a_position_the_solver_cannot_decide_in_time_lights_unknown(
    browser: Browser, hurried_server: str
) -> None:
    context = browser.new_context(base_url=hurried_server)
    page = context.new_page()
    start_code(page, hurried_server, "SS1-S1-AAAAABD")
    light_on(page)
    open_board(page, hurried_server)
    expect_verdict(page, "unknown")
    context.close()
