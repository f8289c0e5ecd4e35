"""Settings kept on the server and what they change on the board (UI-3 … UI-6)."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from .harness import card_in, drag, grab_point, pile_cards, start_layout, wait_for_moves
from .layouts import klondike

TABLE = klondike("t1:", "t2: 8S", "t3: [JD] 7H", "t4: 5C")


def set_setting(page: Page, name: str, on: bool) -> None:
    page.locator("#settings-button").click()
    box = page.locator(f'#settings-dialog input[name="{name}"]')
    with page.expect_response(
        lambda r: r.url.endswith("/api/settings") and r.request.method == "PUT"
    ):
        box.set_checked(on)
    page.locator('#settings-dialog button[type="submit"]').click()
    expect(page.locator("#settings-dialog")).to_be_hidden()


def test_settings_survive_a_reload_and_quiet_the_reminder(page: Page, server: str) -> None:
    start_layout(page, server, TABLE)
    set_setting(page, "interactive_rules", False)
    page.reload()
    page.wait_for_selector("body[data-ready]")
    page.locator("#settings-button").click()
    expect(page.locator('#settings-dialog input[name="interactive_rules"]')).not_to_be_checked()
    expect(page.locator('#settings-dialog input[name="double_click"]')).to_be_checked()
    page.keyboard.press("Escape")
    drag(page, card_in(page, "t3", "7H"), "t1")
    expect(card_in(page, "t3", "7H")).to_be_visible()
    page.wait_for_timeout(400)
    expect(page.locator("#toast")).to_be_hidden()


def test_auto_placement_sends_a_refused_drop_to_the_best_place(page: Page, server: str) -> None:
    start_layout(page, server, TABLE)
    set_setting(page, "auto_placement", True)
    drag(page, card_in(page, "t3", "7H"), "t1")
    expect(card_in(page, "t2", "7H")).to_be_visible()
    wait_for_moves(page, 1)
    assert pile_cards(page, "t1") == []


def test_without_double_click_a_double_click_is_only_a_tap(page: Page, server: str) -> None:
    start_layout(page, server, TABLE)
    set_setting(page, "double_click", False)
    card_in(page, "t3", "7H").dblclick()
    page.wait_for_timeout(500)
    assert pile_cards(page, "t3") == [None, "7H"]
    expect(page.locator("[data-moves]")).to_have_text("0")


def test_without_placement_help_nothing_lights_up(page: Page, server: str) -> None:
    start_layout(page, server, TABLE)
    set_setting(page, "placement_help", False)
    drag(page, card_in(page, "t3", "7H"), "t4", release=False)
    expect(page.locator(".pile.target")).to_have_count(0)
    page.mouse.up()


def test_auto_placement_also_places_a_card_released_on_the_felt(page: Page, server: str) -> None:
    start_layout(page, server, TABLE)
    set_setting(page, "auto_placement", True)
    waste = page.locator('[data-pile="w"]').bounding_box()
    foundation = page.locator('[data-pile="f1"]').bounding_box()
    assert waste is not None and foundation is not None
    # Klondike's top row has a gap between the waste and the foundations: no pile there.
    felt_x = (waste["x"] + waste["width"] + foundation["x"]) / 2
    start_x, start_y = grab_point(card_in(page, "t3", "7H"))
    page.mouse.move(start_x, start_y)
    page.mouse.down()
    page.mouse.move(felt_x, waste["y"] + 8, steps=8)
    page.mouse.up()
    expect(card_in(page, "t2", "7H")).to_be_visible()
    wait_for_moves(page, 1)
