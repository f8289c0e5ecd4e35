"""The flow of a game on the board: UI-19's stuck notice (with "Say when no move is left"
on), on positions built for each game, and its absence when a pass of the stock would free a
card or the setting is off."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.games.helpers import (
    HARP_DOWN,
    HARP_TOPS,
    KLONDIKE_DOWN,
    KLONDIKE_TOPS,
    SIMPLE_SIMON_STUCK,
    stock_layout,
)

from .harness import api, open_board, start_layout

STUCK_LAYOUTS = {
    "KL1-D1N": stock_layout("KL1-D1N", KLONDIKE_TOPS, KLONDIKE_DOWN),
    "KL1-D3V": stock_layout("KL1-D3V", KLONDIKE_TOPS, KLONDIKE_DOWN),
    "EH1-N": stock_layout("EH1-N", HARP_TOPS, HARP_DOWN),
    "SS1-S4": SIMPLE_SIMON_STUCK,
}


def notice_on(page: Page, server: str, on: bool = True) -> None:
    open_board(page, server)
    api(page, "PUT", "/api/settings", {"no_move_notice": on})


@pytest.mark.parametrize("variant", sorted(STUCK_LAYOUTS))
def test_ui19_the_board_says_no_move_is_left(page: Page, server: str, variant: str) -> None:
    notice_on(page, server)
    state = start_layout(page, server, STUCK_LAYOUTS[variant])
    assert state["stuck"] is True
    notice = page.locator("[data-stuck]")
    expect(notice).to_be_visible()
    expect(notice.locator("[data-action='undo']")).to_be_visible()
    expect(notice.locator("[data-action='new-game']")).to_be_visible()
    # New game at hand: it opens the New game choices.
    notice.locator("[data-action='new-game']").click()
    expect(page.locator("#new-game-dialog")).to_be_visible()


def test_ui19_no_notice_when_a_pass_of_the_stock_frees_a_card(page: Page, server: str) -> None:
    notice_on(page, server)
    layout = stock_layout("KL1-D1N", KLONDIKE_TOPS, KLONDIKE_DOWN.replace("3H", "4D"), deep="3H")
    state = start_layout(page, server, layout)
    assert state["stuck"] is False
    expect(page.locator("[data-stuck]")).to_be_hidden()


def test_ui19_no_notice_with_the_setting_off(page: Page, server: str) -> None:
    notice_on(page, server, on=False)
    state = start_layout(page, server, STUCK_LAYOUTS["KL1-D1N"])
    assert state["stuck"] is True
    expect(page.locator("[data-stuck]")).to_be_hidden()
