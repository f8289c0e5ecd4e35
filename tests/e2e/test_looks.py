"""The looks (issue 19): light and dark following the system unless the player chooses, card
backs, large print, the four-colour deck and the left-handed layout — each kept on the server,
in the page before its first paint, and each passing axe-core (contrast included) and
forced-colours mode."""

from __future__ import annotations

import itertools
import re
from typing import Any

import pytest
from playwright.sync_api import Browser, FloatRect, Page, expect

from .axe import axe_violations
from .harness import SIZES, api, open_board, start_layout
from .layouts import klondike

LOOKS: dict[str, dict[str, Any]] = {
    "dark": {"theme": "dark"},
    "light": {"theme": "light"},
    "red-backs": {"card_back": "red"},
    "black-backs": {"card_back": "black"},
    "large-print": {"large_print": True},
    "four-colour": {"four_colour": True},
    "left-handed": {"left_handed": True},
}
TABLE = klondike("t1: [QC] KH QS JD TC 9D", "t2: [8S] 7D", "t3: AS", "w: 5C", "f2: AH")


def style(page: Page, selector: str, prop: str) -> str:
    value: str = page.eval_on_selector(selector, f"e => getComputedStyle(e).{prop}")
    return value


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("look", LOOKS)
def test_every_look_passes_axe(browser: Browser, server: str, look: str, size: str) -> None:
    context = browser.new_context(viewport=SIZES[size], base_url=server)
    page = context.new_page()
    open_board(page, server)
    api(page, "PUT", "/api/settings", LOOKS[look])
    start_layout(page, server, TABLE)
    assert axe_violations(page) == [], look
    page.locator("#settings-button").click()
    assert axe_violations(page, "#settings-dialog") == [], look
    context.close()


def test_the_looks_are_in_the_page_before_its_first_paint(page: Page, server: str) -> None:
    open_board(page, server)
    api(page, "PUT", "/api/settings", {"theme": "dark", "card_back": "black", "four_colour": True})
    html = page.request.get(f"{server}/").text()
    opening = re.search(r"<html[^>]*>", html)
    assert opening is not None
    assert 'data-theme="dark"' in opening[0] and 'data-back="black"' in opening[0]
    assert "data-four-colour" in opening[0] and "data-large-print" not in opening[0]


def test_dark_follows_the_system_unless_the_player_chooses(browser: Browser, server: str) -> None:
    context = browser.new_context(color_scheme="dark", base_url=server)
    page = context.new_page()
    open_board(page, server)
    dark_dialog = "rgb(31, 36, 40)"
    page.locator("#settings-button").click()
    expect(page.locator("#settings-dialog")).to_have_css("background-color", dark_dialog)
    # The player chooses light: the dialog turns white at once, and stays so on a reload.
    page.locator('#settings-dialog select[name="theme"]').select_option("light")
    expect(page.locator("#settings-dialog")).to_have_css("background-color", "rgb(255, 255, 255)")
    page.keyboard.press("Escape")
    open_board(page, server)
    assert page.evaluate("document.documentElement.dataset.theme") == "light"
    context.close()


def test_card_backs_and_the_four_colour_deck(page: Page, server: str) -> None:
    start_layout(page, server, TABLE)
    blue = style(page, '[data-pile="t1"] .card.back', "backgroundColor")
    red_heart = style(page, '[data-card="KH"]', "color")
    black_club = style(page, '[data-card="5C"]', "color")
    api(page, "PUT", "/api/settings", {"card_back": "red", "four_colour": True})
    open_board(page, server)
    assert style(page, '[data-pile="t1"] .card.back', "backgroundColor") != blue
    assert style(page, '[data-card="KH"]', "color") == red_heart
    assert style(page, '[data-card="JD"]', "color") == "rgb(26, 79, 181)"  # ♦ blue
    assert style(page, '[data-card="5C"]', "color") == "rgb(19, 122, 46)"  # ♣ green
    assert style(page, '[data-card="5C"]', "color") != black_club
    assert style(page, '[data-card="QS"]', "color") == style(page, '[data-card="AS"]', "color")


def test_forced_colours_keep_backs_and_faces_apart(browser: Browser, server: str) -> None:
    context = browser.new_context(forced_colors="active", base_url=server)
    page = context.new_page()
    start_layout(page, server, TABLE)
    back = style(page, '[data-pile="t1"] .card.back', "backgroundColor")
    face = style(page, '[data-card="KH"]', "backgroundColor")
    assert back != face
    assert style(page, '[data-card="KH"]', "borderTopStyle") == "solid"
    context.close()


def box(page: Page, pile: str) -> FloatRect:
    # Read in one go in the page: a pile's element is replaced when the server's answer
    # redraws it, and a locator's box read between finding the element and measuring it
    # would find it detached (None).
    found: FloatRect = page.evaluate(
        """pile => {
          const box = document.querySelector(`[data-pile="${pile}"]`).getBoundingClientRect();
          return { x: box.x, y: box.y, width: box.width, height: box.height };
        }""",
        pile,
    )
    assert found["width"] > 0, pile
    return found


@pytest.mark.parametrize("size", SIZES)
def test_the_left_handed_layout_puts_stock_and_waste_on_the_right(
    browser: Browser, server: str, size: str
) -> None:
    context = browser.new_context(viewport=SIZES[size], base_url=server)
    page = context.new_page()
    start_layout(page, server, TABLE)
    assert box(page, "s")["x"] < box(page, "w")["x"] < box(page, "f1")["x"]
    api(page, "PUT", "/api/settings", {"left_handed": True})
    open_board(page, server)
    # Foundations from the left in their order, then the waste, then the stock at the edge;
    # the columns keep their order.
    places = [box(page, pile)["x"] for pile in ("f1", "f2", "f3", "f4", "w", "s")]
    assert places == sorted(places)
    # The stock stands above the last column, at the table's right edge.
    assert abs(box(page, "s")["x"] - box(page, "t7")["x"]) < 2
    assert box(page, "t1")["x"] < box(page, "t7")["x"]
    # A draw-3 fan opens rightwards into the gap, not over the stock.
    api(page, "POST", "/api/games", {"mode": "new", "variant": "KL1-D3N"})
    open_board(page, server)
    page.locator('[data-pile="s"]').click()
    expect(page.locator('[data-pile="w"] .card')).to_have_count(3)
    page.wait_for_function("() => !document.querySelector('.card.moving, .card.flying')")
    waste = box(page, "w")
    assert waste["width"] > box(page, "s")["width"] * 1.4
    assert waste["x"] + waste["width"] <= box(page, "s")["x"]
    context.close()


def test_large_print_makes_the_indices_and_pips_bigger(page: Page, server: str) -> None:
    start_layout(page, server, TABLE)
    corner = float(style(page, '[data-card="5C"] .corner', "fontSize")[:-2])
    pip = float(style(page, '[data-card="5C"] .pips .pip', "width")[:-2])
    api(page, "PUT", "/api/settings", {"large_print": True})
    open_board(page, server)
    assert float(style(page, '[data-card="5C"] .corner', "fontSize")[:-2]) >= corner * 1.25
    assert float(style(page, '[data-card="5C"] .pips .pip', "width")[:-2]) > pip
    # Every face-up card in a column still shows its corner index.
    tops = page.eval_on_selector_all(
        '[data-pile="t1"] .card.face', "cards => cards.map(c => c.getBoundingClientRect().top)"
    )
    index = float(style(page, '[data-pile="t1"] .card.face', "fontSize")[:-2])
    assert all(b - a >= index for a, b in itertools.pairwise(tops))


@pytest.mark.parametrize(("variant", "suits"), [("KL1-D1N", "♠♥♦♣"), ("EH1-N", "♠♠♥♥♦♦♣♣")])
def test_empty_foundations_show_their_suit(
    page: Page, server: str, variant: str, suits: str
) -> None:
    # KL-0, EH-0: each empty foundation place shows, faintly, the suit it is kept for.
    open_board(page, server)
    api(page, "POST", "/api/games", {"mode": "new", "variant": variant})
    open_board(page, server)
    expect(page.locator(".pile.foundation.empty[data-suit]")).to_have_count(len(suits))
    marks = page.eval_on_selector_all(
        ".pile.foundation.empty",
        "piles => piles.map(p => getComputedStyle(p, '::after').content)",
    )
    assert "".join(mark.split("/")[0].strip().strip('"') for mark in marks) == suits
