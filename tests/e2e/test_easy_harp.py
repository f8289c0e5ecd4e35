"""Easy Harp through the real board: one card at a time (EH-2), two decks."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from .harness import card_in, catalog, drag, pile_cards, start_layout, wait_for_moves
from .layouts import easy_harp

TABLE = easy_harp("t1: 9S 8H", "t2: TH", "t3: 9C", "t4: AD", "t5: AD", "t6: KC QD")


def test_a_run_is_refused_with_the_reminder(page: Page, server: str) -> None:
    start_layout(page, server, TABLE)
    drag(page, card_in(page, "t1", "9S"), "t2")
    expect(page.locator("#toast")).to_have_text(catalog(page)["reason.one_card_at_a_time"])
    assert pile_cards(page, "t1") == ["9S", "8H"]
    assert pile_cards(page, "t2") == ["TH"]


def test_one_card_moves_and_both_aces_go_up(page: Page, server: str) -> None:
    start_layout(page, server, TABLE)
    drag(page, card_in(page, "t1", "8H"), "t3")
    wait_for_moves(page, 1)
    assert pile_cards(page, "t3") == ["9C", "8H"]
    # EH-5: a drop anywhere on the foundation area picks the place (♦ are f5 and f6).
    drag(page, card_in(page, "t4", "AD"), "f1")
    expect(card_in(page, "f5", "AD")).to_be_visible()
    card_in(page, "t5", "AD").click()
    expect(card_in(page, "f6", "AD")).to_be_visible()
    assert page.locator('[data-pile^="f"]').count() == 8
    assert page.locator('[data-pile^="t"]').count() == 9
