"""UI-9 Redo (button, Ctrl+Y, Ctrl+Shift+Z) and UI-10 Finish (the button, and "Finish
automatically") on the board."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .harness import (
    api,
    card_in,
    current_state,
    open_board,
    pile_cards,
    start_layout,
    wait_for_moves,
)
from .layouts import klondike

pytestmark = pytest.mark.motion


def up_to(rank: str, suit: str) -> str:
    ranks = "A23456789TJQK"
    return " ".join(f"{r}{suit}" for r in ranks[: ranks.index(rank) + 1])


# Every card left can go up by foundation moves and stock taps: Finish is offered.
ALMOST = klondike(
    f"f1: {up_to('J', 'S')}",
    f"f2: {up_to('Q', 'H')}",
    f"f3: {up_to('Q', 'D')}",
    f"f4: {up_to('Q', 'C')}",
    "t1: KS QS",
    "w: KH",
    "s: [KD] [KC]",
)
# One tap away from that: the 3♦ goes up and the king beneath it turns face up.
ONE_TAP_AWAY = klondike(
    f"f1: {up_to('K', 'S')}",
    f"f2: {up_to('K', 'H')}",
    f"f3: {up_to('J', 'D')}",
    f"f4: {up_to('Q', 'C')}",
    "t1: [KC] QD",
    "t2: KD",
    "s:",
)


def test_redo_by_button_and_keys_and_cleared_by_another_action(page: Page, server: str) -> None:
    open_board(page, server, "/play/KL1-D1N-AAAAAAG")
    redo = page.locator("#redo-button")
    expect(redo).to_be_disabled()
    page.locator('[data-pile="s"]').click()
    wait_for_moves(page, 1)
    after_one = current_state(page)
    page.locator("#undo-button").click()
    wait_for_moves(page, 0)
    expect(redo).to_be_enabled()
    redo.click()
    wait_for_moves(page, 1)
    assert current_state(page)["piles"] == after_one["piles"]
    expect(redo).to_be_disabled()
    for keys in ("Control+y", "Control+Shift+z"):
        page.keyboard.press("Control+z")
        wait_for_moves(page, 0)
        expect(redo).to_be_enabled()
        page.keyboard.press(keys)
        wait_for_moves(page, 1)
        assert pile_cards(page, "w") == after_one["piles"][1]["cards"]
    # Another action clears what could be redone.
    page.keyboard.press("Control+z")
    wait_for_moves(page, 0)
    page.locator('[data-pile="s"]').click()
    wait_for_moves(page, 1)
    expect(redo).to_be_disabled()
    assert current_state(page)["can_redo"] is False


def test_finish_sends_every_card_up_and_the_game_is_won(page: Page, server: str) -> None:
    start_layout(page, server, ALMOST)
    finish = page.locator("#finish-button")
    expect(finish).to_be_visible()
    finish.click()
    # The cards fly up one after another, then the cascade; the dialog shows over it.
    page.wait_for_function("() => document.getAnimations().length > 0")
    dialog = page.locator("#won-dialog")
    expect(dialog).to_be_visible(timeout=10_000)
    assert page.evaluate("document.getAnimations().length") > 0
    state = current_state(page)
    assert state["won"] and state["last"]["action"] == "finish"
    assert [len(pile_cards(page, f"f{i}")) for i in range(1, 5)] == [13, 13, 13, 13]
    minutes, seconds = divmod(state["seconds"], 60)
    expect(dialog.locator("[data-won-time]")).to_contain_text(f"{minutes}:{seconds:02d}")
    expect(finish).to_be_hidden()


def test_finish_shows_only_when_it_is_possible(page: Page, server: str) -> None:
    start_layout(page, server, ONE_TAP_AWAY)
    expect(page.locator("#finish-button")).to_be_hidden()
    card_in(page, "t1", "QD").click()
    wait_for_moves(page, 1)
    expect(page.locator("#finish-button")).to_be_visible()
    open_board(page, server, "/play/SS1-S1-AAAAABD")
    page.locator("#leave-dialog button[value=leave]").click()
    expect(page.locator("[data-code]")).to_have_text("SS1-S1-AAAAABD")
    expect(page.locator("#finish-button")).to_be_hidden()


def test_finish_automatically_finishes_by_itself(page: Page, server: str) -> None:
    open_board(page, server)
    api(page, "PUT", "/api/settings", {"auto_finish": True})
    start_layout(page, server, ONE_TAP_AWAY)
    assert current_state(page)["can_finish"] is False
    card_in(page, "t1", "QD").click()
    expect(page.locator("#won-dialog")).to_be_visible(timeout=10_000)
    state = current_state(page)
    assert state["won"] and state["moves"] == 3
    # The lowest card first, ties to the leftmost column (docs/engine.md).
    assert state["last"]["steps"] == ["t1-f4", "t2-f3"]


def test_the_setting_is_in_the_settings_dialog(page: Page, server: str) -> None:
    open_board(page, server)
    page.locator("#settings-button").click()
    box = page.locator('#settings-dialog input[name="auto_finish"]')
    expect(box).not_to_be_checked()
    box.check()
    # Saved: the box is no longer busy (it stays enabled and focused meanwhile).
    page.wait_for_function(
        "() => !document.querySelector('input[name=auto_finish]').hasAttribute('aria-busy')"
    )
    assert api(page, "GET", "/api/settings")["auto_finish"] is True
