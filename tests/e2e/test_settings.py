"""Settings kept on the server and what they change on the board (UI-3 … UI-6)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from .harness import (
    SIZES,
    api,
    card_in,
    catalog,
    drag,
    grab_point,
    open_board,
    pile_cards,
    start_layout,
    wait_for_moves,
)
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


# -- the dialog itself: four groups, the backs seen, Close in reach (issue 27) -----------------


def open_settings(page: Page, server: str) -> None:
    open_board(page, server)
    page.locator("#settings-button").click()
    expect(page.locator("#settings-dialog")).to_be_visible()


def test_settings_are_grouped_play_looks_help_records(page: Page, server: str) -> None:
    open_settings(page, server)
    words = catalog(page)
    dialog = page.locator("#settings-dialog")
    headings = dialog.locator(".settings-group > h3").all_inner_texts()
    expected = ["ui.settings_group.play", "ui.looks.title", "ui.settings_group.help"]
    assert headings == [words[key] for key in [*expected, "ui.settings_group.records"]]

    def group_of(selector: str) -> str:
        found: str = dialog.locator(selector).first.evaluate("e => e.closest('.settings-group').id")
        return found

    # Every switch the server declares is drawn once, in its group.
    defaults = page.evaluate("() => JSON.parse(document.getElementById('boot').textContent)")[
        "defaults"
    ]
    switches = [n for n, v in defaults.items() if isinstance(v, bool) and n != "winnable_only"]
    drawn = dialog.locator('.switch input[type="checkbox"]').evaluate_all(
        "inputs => inputs.map(i => i.name)"
    )
    assert sorted(drawn) == sorted(switches)
    for name in ("double_click", "one_tap_moves", "hints", "winnable_light", "sounds"):
        assert group_of(f'input[name="{name}"]') == "settings-play", name
    for name in ("large_print", "four_colour", "left_handed", "theme", "card_back", "animations"):
        assert group_of(f'[name="{name}"]') == "settings-looks", name
    # The winnable light sits beside hints.
    assert drawn.index("winnable_light") == drawn.index("hints") + 1
    assert group_of("#settings-pages-link") == group_of("#keys-help") == "settings-help"
    assert group_of("#transfer") == "settings-records"
    # A group's shortcut brings its heading into sight under the head.
    dialog.locator('.settings-nav [data-group="settings-records"]').click()
    expect(dialog.locator("#settings-records-title")).to_be_in_viewport()


def test_the_card_back_is_chosen_from_previews(page: Page, server: str) -> None:
    open_settings(page, server)
    group = page.get_by_role("radiogroup", name=catalog(page)["ui.looks.card_back"])
    expect(group).to_be_visible()
    radios = group.get_by_role("radio")
    expect(radios).to_have_count(3)
    for back in ("blue", "red", "black"):
        expect(
            group.get_by_role("radio", name=catalog(page)[f"ui.looks.back_{back}"])
        ).to_be_visible()
    # Each preview shows its own back, whichever is chosen: three different pictures.
    pictures = group.locator(".back-preview").evaluate_all(
        "previews => previews.map(p => getComputedStyle(p).backgroundImage"
        " + getComputedStyle(p).backgroundColor)"
    )
    assert len(set(pictures)) == 3
    expect(radios.nth(0)).to_be_checked()
    with page.expect_response(lambda r: r.url.endswith("/api/settings")):
        group.locator(".back-choice").nth(1).click()
    expect(page.locator("html")).to_have_attribute("data-back", "red")
    assert api(page, "GET", "/api/settings")["card_back"] == "red"
    # The arrows move between the backs, as in any radio group.
    with page.expect_response(lambda r: r.url.endswith("/api/settings")):
        page.keyboard.press("ArrowRight")
    expect(page.locator("html")).to_have_attribute("data-back", "black")
    expect(radios.nth(2)).to_be_checked()
    api(page, "PUT", "/api/settings", {"card_back": "blue"})


def test_how_cards_move_is_a_choice_kept_with_the_settings(page: Page, server: str) -> None:
    open_settings(page, server)
    group = page.get_by_role("radiogroup", name=catalog(page)["ui.setting.animations"])
    expect(
        group.get_by_role("radio", name=catalog(page)["ui.setting.animations_normal"])
    ).to_be_checked()
    with page.expect_response(lambda r: r.url.endswith("/api/settings")):
        group.get_by_role("radio", name=catalog(page)["ui.setting.animations_fast"]).check()
    assert api(page, "GET", "/api/settings")["animations"] == "fast"
    page.keyboard.press("Escape")
    page.locator("#settings-button").click()
    expect(
        group.get_by_role("radio", name=catalog(page)["ui.setting.animations_fast"])
    ).to_be_checked()
    api(page, "PUT", "/api/settings", {"animations": "normal"})


@pytest.mark.parametrize("size", SIZES)
def test_close_and_the_title_stay_in_reach_however_far_settings_scroll(
    browser: Browser, server: str, size: str
) -> None:
    context = browser.new_context(viewport=SIZES[size], base_url=server)
    page = context.new_page()
    open_settings(page, server)
    dialog = page.locator("#settings-dialog")
    close = dialog.locator('button[type="submit"]')
    height = SIZES[size]["height"]
    for where in ("top", "middle", "bottom"):
        dialog.evaluate(
            "(d, where) => { d.scrollTop = {top: 0, middle: d.scrollHeight / 2,"
            " bottom: d.scrollHeight}[where]; }",
            where,
        )
        page.wait_for_timeout(50)
        box = close.bounding_box()
        assert box and box["y"] >= 0 and box["y"] + box["height"] <= height, (where, box)
        # Nothing lies over it: a tap at its centre lands on it.
        hit = page.evaluate(
            "([x, y]) => document.elementFromPoint(x, y)?.closest('button[type=submit]') !== null",
            [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2],
        )
        assert hit, where
        expect(dialog.locator("#settings-title")).to_be_in_viewport()
    assert dialog.evaluate("d => d.scrollHeight > d.clientHeight"), "the list scrolls at all"
    close.click()
    expect(dialog).to_be_hidden()
    context.close()
