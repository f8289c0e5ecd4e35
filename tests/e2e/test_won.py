"""UI-13: a won game is celebrated (none under reduced motion), and the won dialog shows the
score, the moves and the time played, with a New deal of the same kind at once."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Page, expect

from .harness import card_in, catalog, current_state, start_layout
from .layouts import klondike

FOUR_KINGS_LEFT = klondike(
    *(
        f"f{i + 1}: " + " ".join(f"{rank}{suit}" for rank in "A23456789TJQ")
        for i, suit in enumerate("SHDC")
    ),
    "t1: KS",
    "t2: KH",
    "t3: KD",
    "t4: KC",
    "s:",
    variant="KL1-D3N",
)


def win(page: Page, server: str) -> None:
    start_layout(page, server, FOUR_KINGS_LEFT)
    for pile, code in (("t1", "KS"), ("t2", "KH"), ("t3", "KD"), ("t4", "KC")):
        card_in(page, pile, code).click()
        expect(card_in(page, pile, code)).to_have_count(0)


def test_the_last_card_up_starts_the_cascade_under_the_won_dialog(page: Page, server: str) -> None:
    win(page, server)
    dialog = page.locator("#won-dialog")
    expect(dialog).to_be_visible()
    # The cards still fly while the dialog shows: copies in a layer that takes no presses.
    assert page.evaluate("document.getAnimations().length") >= 52
    assert page.locator(".celebration .ghost").count() == 52
    assert page.locator(".celebration [data-card]").count() == 0
    state = current_state(page)
    assert state["won"]
    expect(dialog.locator("[data-won]")).to_have_text(
        catalog(page)["ui.won_text"].format(score=state["score_text"], moves=state["moves"])
    )
    minutes, seconds = divmod(state["seconds"], 60)
    expect(dialog.locator("[data-won-time]")).to_have_text(
        catalog(page)["ui.won_time"].format(time=f"{minutes}:{seconds:02d}")
    )
    assert re.fullmatch(r"\d+:\d\d", f"{minutes}:{seconds:02d}")
    # The cascade ends by itself and leaves nothing behind.
    page.wait_for_function("() => document.querySelector('.celebration') === null", timeout=15_000)


def test_new_deal_in_the_won_dialog_deals_the_same_kind_at_once(page: Page, server: str) -> None:
    win(page, server)
    page.locator("#won-next-deal").click()
    expect(page.locator("#won-dialog")).to_be_hidden()
    expect(page.locator(".celebration")).to_have_count(0)
    state = current_state(page)
    assert not state["won"] and state["moves"] == 0
    assert state["code"].startswith("KL1-D3N-")
    assert page.locator("[data-code]").text_content() == state["code"]


def test_no_celebration_under_reduced_motion(browser: Browser, server: str) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, reduced_motion="reduce")
    page = context.new_page()
    win(page, server)
    expect(page.locator("#won-dialog")).to_be_visible()
    assert page.locator(".celebration").count() == 0
    assert page.evaluate("document.getAnimations().length") == 0
    context.close()


def test_a_game_already_won_opens_on_its_dialog_without_a_cascade(page: Page, server: str) -> None:
    win(page, server)
    expect(page.locator("#won-dialog")).to_be_visible()
    page.reload()
    page.wait_for_selector("body[data-ready]")
    expect(page.locator("#won-dialog")).to_be_visible()
    assert page.locator(".celebration").count() == 0
