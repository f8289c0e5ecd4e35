"""Klondike through the real board: drag, refused drop, tap, double click, stock, undo."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .harness import (
    card_in,
    catalog,
    current_state,
    drag,
    open_board,
    pile_cards,
    start_layout,
    wait_for_moves,
)
from .layouts import klondike

TABLE = klondike("t1:", "t2: [QC] 8S", "t3: [JD] 7H", "t4: [3C] KD", "t5: AS", "t6: 9D", "w: 2S")


def test_drag_to_a_legal_column_lands_there(page: Page, server: str) -> None:
    start_layout(page, server, TABLE)
    drag(page, card_in(page, "t3", "7H"), "t2")
    expect(card_in(page, "t2", "7H")).to_be_visible()
    wait_for_moves(page, 1)
    # KL-6: the face-down card beneath turned up as part of the move.
    assert pile_cards(page, "t3") == ["JD"]
    assert pile_cards(page, "t2") == [None, "8S", "7H"]
    served = {pile["id"]: pile["cards"] for pile in current_state(page)["piles"]}
    assert served["t2"] == [None, "8S", "7H"]


@pytest.mark.motion
def test_illegal_drop_flies_back_with_the_reminder(page: Page, server: str) -> None:
    start_layout(page, server, TABLE)
    drag(page, card_in(page, "t3", "7H"), "t1")
    toast = page.locator("#toast")
    expect(toast).to_have_text(catalog(page)["reason.king_only"])
    expect(card_in(page, "t3", "7H")).to_be_visible()
    assert pile_cards(page, "t1") == []
    assert page.locator("[data-moves]").text_content() == "0"


def test_placement_help_highlights_the_dests_while_dragging(page: Page, server: str) -> None:
    state = start_layout(page, server, TABLE)
    dest = next(d for d in state["dests"] if d["pile"] == "t3")
    drag(page, card_in(page, "t3", "7H"), "t6", release=False)
    highlighted = page.eval_on_selector_all(
        ".pile.target", "piles => piles.map(p => p.dataset.pile)"
    )
    assert sorted(highlighted) == sorted(dest["targets"]) == ["t2"]
    page.mouse.up()
    expect(page.locator(".pile.target")).to_have_count(0)


def test_single_click_sends_a_card_to_its_foundation(page: Page, server: str) -> None:
    start_layout(page, server, TABLE)
    card_in(page, "t5", "AS").click()
    expect(card_in(page, "f1", "AS")).to_be_visible()
    # The waste's top card goes up on the ace with a click too.
    card_in(page, "w", "2S").click()
    expect(card_in(page, "f1", "2S")).to_be_visible()
    expect(page.locator("[data-score]")).to_have_text("20")


def test_double_click_sends_a_king_to_the_empty_column(page: Page, server: str) -> None:
    start_layout(page, server, TABLE)
    card_in(page, "t4", "KD").dblclick()
    expect(card_in(page, "t1", "KD")).to_be_visible()
    wait_for_moves(page, 1)
    assert pile_cards(page, "t4") == ["3C"]


def test_stock_click_and_space_turn_cards_then_undo(page: Page, server: str) -> None:
    open_board(page, server, "/play/KL1-D1N-AAAAAAG")
    undo = page.locator("#undo-button")
    expect(undo).to_be_disabled()
    assert pile_cards(page, "s") == [None] * 24
    page.locator('[data-pile="s"]').click()
    wait_for_moves(page, 1)
    page.keyboard.press("Space")
    wait_for_moves(page, 2)
    assert len(pile_cards(page, "w")) == 2
    assert all(card is not None for card in pile_cards(page, "w"))
    assert pile_cards(page, "s") == [None] * 22
    undo.click()
    wait_for_moves(page, 1)
    page.keyboard.press("Control+z")
    wait_for_moves(page, 0)
    assert pile_cards(page, "w") == []
    expect(undo).to_be_disabled()


def test_the_empty_stock_puts_the_waste_back(page: Page, server: str) -> None:
    start_layout(page, server, klondike("s:", "t1: KS"))
    waste = pile_cards(page, "w")
    assert len(waste) == 51 and pile_cards(page, "s") == []
    page.locator('[data-pile="s"]').click()
    wait_for_moves(page, 1)
    assert pile_cards(page, "w") == []
    assert pile_cards(page, "s") == [None] * 51


def test_undo_takes_a_drag_back(page: Page, server: str) -> None:
    start_layout(page, server, TABLE)
    drag(page, card_in(page, "t3", "7H"), "t2")
    wait_for_moves(page, 1)
    page.locator("#undo-button").click()
    wait_for_moves(page, 0)
    assert pile_cards(page, "t3") == [None, "7H"]
    assert pile_cards(page, "t2") == [None, "8S"]


def test_face_down_cards_reveal_nothing(page: Page, server: str) -> None:
    open_board(page, server, "/play/KL1-D3V-AAAAABD")
    backs = page.eval_on_selector_all(
        ".card:not([data-card])",
        "cards => cards.map(c => [...c.attributes].map(a => a.name).sort().join(' '))",
    )
    assert len(backs) == 21 + 24
    assert set(backs) == {"aria-label class role style"}
    labels = page.eval_on_selector_all(".card:not([data-card])", "cs => cs.map(c => c.ariaLabel)")
    assert set(labels) == {catalog(page)["ui.card_face_down"]}


def test_vegas_refuses_a_second_pass_with_the_reminder(page: Page, server: str) -> None:
    start_layout(page, server, klondike("s:", "t1: KS", variant="KL1-D1V"))
    expect(page.locator("[data-score]")).to_have_text("-$52")
    page.locator('[data-pile="s"]').click()
    expect(page.locator("#toast")).to_have_text(catalog(page)["reason.no_redeal"])
    assert pile_cards(page, "s") == []
    assert len(pile_cards(page, "w")) == 51
