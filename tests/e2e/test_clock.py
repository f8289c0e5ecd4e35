"""UI-16, the clock: the time played runs in the toolbar (`data-clock`), Pause covers the
table and stops it, "Show the clock" hides it, a reload keeps the same time, and the time the
server keeps for a won game (history, Fastest win) is the clock's."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from .harness import api, card_in, current_state, open_board, start_layout
from .test_won import FOUR_KINGS_LEFT

CLOCK = "[data-clock]"


def seconds_shown(page: Page) -> int:
    text = page.locator(CLOCK).inner_text()
    assert re.fullmatch(r"\d+:\d\d(:\d\d)?", text), text
    total = 0
    for part in text.split(":"):
        total = total * 60 + int(part)
    return total


def test_ui16_the_clock_runs_while_playing(page: Page, server: str) -> None:
    open_board(page, server)
    expect(page.locator(CLOCK)).to_be_visible()
    first = seconds_shown(page)
    # The clock moves on within a second; a busy machine may draw it later.
    expect(page.locator(CLOCK)).not_to_have_text(page.locator(CLOCK).inner_text(), timeout=10_000)
    assert seconds_shown(page) > first


def test_ui16_pause_covers_the_table_and_stops_the_clock(page: Page, server: str) -> None:
    open_board(page, server)
    page.locator("#pause-button").click()
    cover = page.locator("[data-paused]")
    expect(cover).to_be_visible()
    expect(page.locator("#board")).to_be_hidden()
    shown = page.locator(CLOCK).inner_text()
    page.wait_for_timeout(1500)
    assert page.locator(CLOCK).inner_text() == shown
    cover.locator("[data-action='resume']").click()
    expect(cover).to_be_hidden()
    expect(page.locator(CLOCK)).not_to_have_text(shown, timeout=10_000)


def test_ui16_show_the_clock_off_hides_it(page: Page, server: str) -> None:
    open_board(page, server)
    api(page, "PUT", "/api/settings", {"show_clock": False})
    open_board(page, server)
    expect(page.locator(CLOCK)).to_be_hidden()


def test_ui16_a_reload_keeps_the_same_time(page: Page, server: str) -> None:
    open_board(page, server)
    expect(page.locator(CLOCK)).not_to_have_text("0:00", timeout=10_000)
    page.locator("#pause-button").click()
    shown = page.locator(CLOCK).inner_text()
    # The pause reported the time; the server keeps it with the game.
    page.wait_for_function(
        "(ms) => fetch('/api/games/current').then((r) => r.json())"
        ".then((s) => s.played_ms !== null && s.played_ms >= ms)",
        arg=seconds_shown(page) * 1000,
    )
    page.reload()
    page.wait_for_selector("body[data-ready]")
    expect(page.locator("[data-paused]")).to_be_visible()
    assert page.locator(CLOCK).inner_text() == shown


def test_ui16_a_reload_without_a_pause_keeps_the_time(page: Page, server: str) -> None:
    """An untouched game reports nothing until its page goes away, and a reload's page is
    asked for before that last report: the tab keeps what it counted."""
    open_board(page, server)
    api(page, "POST", "/api/games", {"mode": "new", "variant": "KL1-D1N"})
    open_board(page, server)
    expect(page.locator(CLOCK)).not_to_have_text(re.compile(r"0:0[01]"), timeout=10_000)
    shown = seconds_shown(page)
    page.reload()
    page.wait_for_selector("body[data-ready]")
    assert seconds_shown(page) >= shown


def test_ui16_the_time_kept_for_a_win_is_the_clock(page: Page, server: str) -> None:
    start_layout(page, server, FOUR_KINGS_LEFT)
    expect(page.locator(CLOCK)).not_to_have_text("0:00", timeout=10_000)
    for pile, code in (("t1", "KS"), ("t2", "KH"), ("t3", "KD"), ("t4", "KC")):
        card_in(page, pile, code).click()
        expect(card_in(page, pile, code)).to_have_count(0)
    expect(page.locator("#won-dialog")).to_be_visible()
    shown = seconds_shown(page)
    assert shown >= 1
    # The clock stopped at the win; the server keeps that time for the game.
    page.wait_for_timeout(1200)
    assert seconds_shown(page) == shown
    page.wait_for_function(
        "() => fetch('/api/games/current').then((r) => r.json()).then((s) => s.played_ms !== null)"
    )
    state = current_state(page)
    assert state["won"] and state["seconds"] == shown == state["played_ms"] // 1000
    history = api(page, "GET", "/api/history")
    assert history["games"][0]["seconds"] == shown
