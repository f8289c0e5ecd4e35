"""Taps answer (UI-15): a tap that sends the card nowhere shakes it at once and, with
Interactive rules on, a reminder follows ("Tap twice to move it to a column"); with "One tap
moves" on, a tap plays what a double tap would."""

from __future__ import annotations

from playwright.sync_api import Browser, Page, expect

from .harness import SIZES, api, card_in, catalog, grab_point, pile_cards, start_layout
from .layouts import klondike, simple_simon_one_move_from_winning

# The 2♥ fits on the 3♠ (a column), on no foundation; the 9♦ fits nowhere.
TABLE = klondike("t1: 3S", "t2: 2H", "t3: 9D")

# Runs in the page: notes whether the card (pile, code) ever takes the class "shake" (it
# loses it when its animation ends, which a busy machine may reach before a check looks).
WATCH_SHAKE = """([pile, code]) => {
  window.__shook = false;
  const card = document.querySelector(`[data-pile="${pile}"] [data-card="${code}"]`);
  new MutationObserver((_, observer) => {
    if (card.classList.contains("shake")) {
      window.__shook = true;
      observer.disconnect();
    }
  }).observe(card, { attributes: true, attributeFilter: ["class"] });
}"""


def tap_and_see_it_shake(page: Page, pile: str, code: str) -> None:
    page.evaluate(WATCH_SHAKE, [pile, code])
    page.touchscreen.tap(*grab_point(card_in(page, pile, code)))
    page.wait_for_function("() => window.__shook === true")


def phone(browser: Browser, server: str) -> Page:
    context = browser.new_context(
        viewport=SIZES["phone"], has_touch=True, is_mobile=True, base_url=server
    )
    return context.new_page()


def test_ui_15_a_tap_that_moves_nothing_shakes_the_card_and_reminds(
    browser: Browser, server: str
) -> None:
    page = phone(browser, server)
    start_layout(page, server, TABLE)
    messages = catalog(page)
    # The shake comes with the tap; the reminder follows once no second tap came.
    tap_and_see_it_shake(page, "t2", "2H")
    expect(page.locator("#toast")).to_have_text(messages["ui.tap_twice"])
    assert pile_cards(page, "t2") == ["2H"]
    # A card that nothing takes says so.
    page.touchscreen.tap(*grab_point(card_in(page, "t3", "9D")))
    expect(page.locator("#toast")).to_have_text(messages["ui.tap_nowhere"])
    page.context.close()


def test_ui_15_a_double_tap_moves_the_card_without_a_reminder(
    browser: Browser, server: str
) -> None:
    page = phone(browser, server)
    start_layout(page, server, TABLE)
    card_in(page, "t2", "2H").dblclick()
    expect(card_in(page, "t1", "2H")).to_be_visible()
    page.wait_for_timeout(600)
    expect(page.locator("#toast")).to_be_hidden()
    page.context.close()


def test_ui_15_without_interactive_rules_the_tap_only_shakes(browser: Browser, server: str) -> None:
    page = phone(browser, server)
    start_layout(page, server, TABLE)
    api(page, "PUT", "/api/settings", {"interactive_rules": False})
    start_layout(page, server, TABLE)
    tap_and_see_it_shake(page, "t2", "2H")
    page.wait_for_timeout(700)
    expect(page.locator("#toast")).to_be_hidden()
    page.context.close()


def test_ui_15_one_tap_moves_plays_what_a_double_tap_would(browser: Browser, server: str) -> None:
    page = phone(browser, server)
    start_layout(page, server, TABLE)
    assert api(page, "GET", "/api/settings")["one_tap_moves"] is False
    api(page, "PUT", "/api/settings", {"one_tap_moves": True})
    start_layout(page, server, TABLE)
    page.touchscreen.tap(*grab_point(card_in(page, "t2", "2H")))
    expect(card_in(page, "t1", "2H")).to_be_visible()
    expect(page.locator("[data-moves]")).to_have_text("1")
    # In Simple Simon too, where a tap alone never moved anything.
    start_layout(page, server, simple_simon_one_move_from_winning())
    page.touchscreen.tap(*grab_point(card_in(page, "t2", "AS")))
    page.wait_for_selector("[data-won]")
    page.context.close()


def test_ui_15_one_tap_moves_is_in_settings(page: Page, server: str) -> None:
    start_layout(page, server, TABLE)
    page.locator("#settings-button").click()
    switch = page.locator('#settings-dialog input[name="one_tap_moves"]')
    expect(switch).not_to_be_checked()
    switch.check()
    page.wait_for_function(
        "async () => (await (await fetch('/api/settings')).json()).one_tap_moves === true"
    )
