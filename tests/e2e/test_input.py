"""A finger works as well as a mouse; moves are animated, except under reduced motion."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from .harness import card_in, drag, drop_point, finger_drag, grab_point, pile_cards, start_layout
from .layouts import klondike

TABLE = klondike("t1:", "t2: 8S", "t3: [JD] 7H", "t4: AS")


def test_a_finger_drags_and_taps_on_a_phone(browser: Browser, server: str) -> None:
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True
    )
    page = context.new_page()
    start_layout(page, server, TABLE)
    finger_drag(page, grab_point(card_in(page, "t3", "7H")), drop_point(page, "t2"))
    expect(card_in(page, "t2", "7H")).to_be_visible()
    # The page itself never scrolled while the finger moved.
    assert page.evaluate("scrollY") == 0
    page.touchscreen.tap(*grab_point(card_in(page, "t4", "AS")))
    expect(card_in(page, "f1", "AS")).to_be_visible()
    context.close()


@pytest.mark.motion
def test_moves_are_animated(page: Page, server: str) -> None:
    start_layout(page, server, TABLE)
    drag(page, card_in(page, "t3", "7H"), "t2")
    # The board draws the new state and starts the card's glide in the same frame.
    # A function, not an expression: playwright evals an expression in the page, which the
    # app's Content-Security-Policy (no 'unsafe-eval') refuses.
    page.wait_for_function(
        "() => document.querySelector('[data-moves]').textContent === '1'"
        " && document.getAnimations().length > 0"
    )


def test_reduced_motion_moves_without_animation(browser: Browser, server: str) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 800}, reduced_motion="reduce")
    page = context.new_page()
    start_layout(page, server, TABLE)
    drag(page, card_in(page, "t3", "7H"), "t2")
    page.wait_for_function("() => document.querySelector('[data-moves]').textContent === '1'")
    assert page.evaluate("document.getAnimations().length") == 0
    assert pile_cards(page, "t2") == ["8S", "7H"]
    context.close()
