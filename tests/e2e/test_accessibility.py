"""Everyone can play (issue 15): axe-core finds nothing serious on any board, dialog or page in
any language at either size; the focus never drops; what happens is said; pick and place
(UI-12); controls a finger hits; shortcuts that can't surprise."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from solitaire.pages import PAGES
from solitaire.pages.examples import example_replay

from .axe import axe_violations
from .harness import (
    SIZES,
    api,
    card_in,
    catalog,
    current_state,
    grab_point,
    open_board,
    pile_cards,
    start_layout,
    wait_for_moves,
)
from .layouts import klondike, simple_simon_one_move_from_winning

LANGUAGES = ["en", "ro", "nl"]
ANNOUNCER = "#board-announcer"


@pytest.fixture
def player(browser: Browser, server: str, request: pytest.FixtureRequest) -> Iterator[Page]:
    """A new player in the language and at the size the test asks for (`lang`, `size`)."""
    wanted: dict[str, str] = getattr(request, "param", {})
    lang, size = wanted.get("lang", "en"), wanted.get("size", "desktop")
    context = browser.new_context(viewport=SIZES[size], base_url=server, locale=lang)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    open_board(page, server)
    api(page, "PUT", "/api/settings", {"language": lang})
    yield page
    context.close()
    assert not errors, errors


def card_words(messages: dict[str, str], code: str) -> str:
    """A card's name as the catalog says it ("7 of hearts")."""
    rank = messages[f"ui.rank.{code[:-1]}"]
    return messages["ui.card"].format(rank=rank, suit=messages[f"ui.suit.{code[-1]}"])


def said(page: Page) -> str:
    text: str = page.locator(ANNOUNCER).text_content() or ""
    return text


def expect_said(page: Page, text: str) -> None:
    page.wait_for_function(
        "([selector, text]) => "
        "(document.querySelector(selector)?.textContent ?? '').includes(text)",
        arg=[ANNOUNCER, text],
    )


# -- axe-core on every screen ------------------------------------------------------------------


def _check(page: Page, where: str, found: list[dict[str, Any]]) -> None:
    assert found == [], f"{where}: {found}"


@pytest.mark.parametrize(
    "player",
    [{"lang": lang, "size": size} for lang in LANGUAGES for size in SIZES],
    ids=[f"{lang}-{size}" for lang in LANGUAGES for size in SIZES],
    indirect=True,
)
def test_axe_finds_nothing_serious_anywhere(player: Page, server: str) -> None:
    page = player
    lang = page.evaluate("document.documentElement.lang")
    for code in ("KL1-D3V-AAAAAAG", "EH1-N-AAAAAAF", "SS1-S4-AAAAABD"):
        open_board(page, server, f"/play/{code}")
        expect(page.locator("[data-code]")).to_have_text(code)
        _check(page, f"board {code}", axe_violations(page))
    page.locator("#new-game-button").click()
    _check(page, "new game", axe_violations(page, "#new-game-dialog"))
    page.keyboard.press("Escape")
    page.locator("#settings-button").click()
    _check(page, "settings", axe_violations(page, "#settings-dialog"))
    page.keyboard.press("Escape")
    page.locator("#stats-button").click()
    page.wait_for_selector("#stats-dialog[data-loaded]")
    _check(page, "statistics", axe_violations(page, "#stats-dialog"))
    page.locator("#stats-tab-history").click()
    _check(page, "history", axe_violations(page, "#stats-dialog"))
    page.keyboard.press("Escape")
    # The leave question, over a game with a move.
    open_board(page, server, "/play/KL1-D1N-AAAAAAG")
    leave = page.locator("#leave-dialog button[value=leave]")
    if leave.is_visible():
        leave.click()
    expect(page.locator("[data-code]")).to_have_text("KL1-D1N-AAAAAAG")
    page.locator('[data-pile="s"]').click()
    wait_for_moves(page, 1)
    page.goto(f"{server}/play/EH1-N-AAAAAAF")
    expect(page.locator("#leave-dialog")).to_be_visible()
    _check(page, "leave", axe_violations(page, "#leave-dialog"))
    page.keyboard.press("Escape")
    # A won game's dialog.
    start_layout(page, server, simple_simon_one_move_from_winning())
    game = current_state(page)
    api(
        page,
        "POST",
        f"/api/games/{game['id']}/actions",
        {"version": 0, "type": "move", "move": "t2-t1"},
    )
    open_board(page, server)
    expect(page.locator("#won-dialog")).to_be_visible()
    _check(page, "won", axe_violations(page, "#won-dialog"))
    for slug in ("", *PAGES, "no-such-page"):
        page.goto(f"{server}/{lang}/{slug}")
        page.wait_for_selector("body[data-ready]")
        _check(page, f"/{lang}/{slug}", axe_violations(page))


# -- the focus never drops ---------------------------------------------------------------------


def test_a_setting_keeps_the_focus_while_it_saves(player: Page) -> None:
    page = player
    page.locator("#settings-button").click()
    for name in ("double_click", "pick_and_place", "keyboard_shortcuts"):
        box = page.locator(f'#settings-dialog input[name="{name}"]')
        box.focus()
        before = box.is_checked()
        page.keyboard.press("Space")
        page.wait_for_function(
            "name => !document.querySelector(`input[name=${name}]`).hasAttribute('aria-busy')",
            arg=name,
        )
        expect(box).to_be_focused()
        assert box.is_checked() is (not before)
        assert api(page, "GET", "/api/settings")[name] is (not before)


def test_a_language_menu_keeps_the_focus(player: Page, server: str) -> None:
    page = player
    open_board(page, server)
    toolbar = page.locator("#toolbar-language")
    toolbar.focus()
    toolbar.select_option("nl")
    expect(page.locator("html")).to_have_attribute("lang", "nl")
    expect(toolbar).to_be_focused()
    page.locator("#settings-button").click()
    menu = page.locator("#language-select")
    menu.focus()
    menu.select_option("ro")
    expect(page.locator("html")).to_have_attribute("lang", "ro")
    expect(menu).to_be_focused()


def test_a_game_started_from_a_dialog_gives_the_board_the_focus_and_says_so(
    player: Page, server: str
) -> None:
    page = player
    open_board(page, server)
    page.keyboard.press("n")
    page.locator('[data-deal="daily"]').focus()
    page.keyboard.press("Enter")
    expect(page.locator("#new-game-dialog")).to_be_hidden()
    page.wait_for_function(
        "() => document.getElementById('board').contains(document.activeElement)"
    )
    state = current_state(page)
    expect_said(page, state["code"])
    assert said(page).startswith(catalog(page)["ui.keys.new_game"].split(":")[0])


# -- what happened, said -----------------------------------------------------------------------


def test_a_card_turned_up_the_stock_running_out_and_a_hint_are_said(
    player: Page, server: str
) -> None:
    page = player
    messages = catalog(page)
    start_layout(page, server, klondike("t1: 8S", "t2: [2H] 7H", "s: [KC]", "t3: KD"))
    card_in(page, "t2", "7H").dblclick()  # no foundation takes it: the column does
    expect_said(page, messages["ui.keys.turned_up"].format(card=card_words(messages, "2H")))
    assert re.search(r"\.\s\S", said(page)), "two sentences, each with its full stop"
    page.locator('[data-pile="s"]').click()
    expect_said(page, messages["ui.keys.stock_empty"])
    api(page, "PUT", "/api/settings", {"hints": True})
    start_layout(page, server, simple_simon_one_move_from_winning())
    page.keyboard.press("h")
    moved = messages["ui.keys.moved"].format(
        card=card_words(messages, "AS"), pile=messages["ui.pile.column"].format(n=1)
    )
    expect_said(page, messages["ui.hint.said"].format(move=moved))


def test_the_state_is_read_out_on_the_i_key(player: Page, server: str) -> None:
    page = player
    open_board(page, server, "/play/KL1-D1N-AAAAAAG")
    page.locator('[data-pile="s"]').click()
    wait_for_moves(page, 1)
    page.keyboard.press("i")
    state = current_state(page)
    messages = catalog(page)
    expect_said(page, messages["ui.keys.state"].split("{")[0])
    text = said(page)
    waste_top = state["piles"][1]["cards"][-1]
    assert str(state["moves"]) in text and "23" in text  # the stock's cards
    assert (
        page.evaluate(
            "code => document.querySelector(`[data-card='${code}']`).ariaLabel", waste_top
        )
        in text
    )
    assert messages["ui.keys.empty"] in text  # the foundations are empty


def test_a_card_says_its_place_in_its_pile(player: Page, server: str) -> None:
    page = player
    start_layout(page, server, klondike("t1: [QC] KH QS JD"))
    # From the top row down to the column: its last card, the fourth of four.
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    description = page.evaluate(
        "document.activeElement.closest('[data-pile]').dataset.pile + ' ' + "
        "(document.activeElement.getAttribute('aria-description') ?? '')"
    )
    assert description == "t1 4 of 4"
    page.keyboard.press("ArrowUp")
    assert page.evaluate("document.activeElement.getAttribute('aria-description')") == "3 of 4"


def test_the_won_dialog_describes_itself_with_the_score(player: Page, server: str) -> None:
    page = player
    start_layout(page, server, simple_simon_one_move_from_winning())
    described = page.evaluate(
        "document.getElementById('won-dialog').getAttribute('aria-describedby')"
    )
    assert "won-text" in described.split()


# -- pick and place (UI-12) ----------------------------------------------------------------------


def _layout_of(view: dict[str, Any], game: str) -> str:
    lines = [f"game: {game}"]
    for pile in view["piles"]:
        lines.append(f"{pile['id']}: " + " ".join(pile["cards"]))
    return "\n".join(lines) + "\n"


def test_pick_and_place_wins_simple_simon_by_taps_alone(browser: Browser, server: str) -> None:
    context = browser.new_context(viewport=SIZES["phone"], has_touch=True, is_mobile=True)
    page = context.new_page()
    open_board(page, server)
    assert api(page, "PUT", "/api/settings", {"pick_and_place": True})["pick_and_place"] is True
    replay = example_replay("simple-simon")
    start = len(replay.steps) - 6
    start_layout(page, server, _layout_of(replay.steps[start - 1].view, "SS1-S4"))
    for step in replay.steps[start:]:
        source, target = str(step.move).split("-")
        pile, _, count = source.partition(":")
        cards = pile_cards(page, pile)
        code = cards[len(cards) - int(count or 1)]
        assert code is not None
        page.touchscreen.tap(*grab_point(card_in(page, pile, code)))
        expect(page.locator(f'[data-pile="{pile}"] .card.picked')).to_have_count(int(count or 1))
        box = page.locator(f'[data-pile="{target}"]').bounding_box()
        assert box is not None
        page.wait_for_timeout(450)  # not a double tap
        page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] - 4)
        expect(page.locator(".card.picked")).to_have_count(0)
        page.wait_for_timeout(450)
    expect(page.locator("#won-dialog")).to_be_visible(timeout=10_000)
    assert current_state(page)["won"]
    context.close()


def test_pick_and_place_puts_back_and_refuses(page: Page, server: str) -> None:
    open_board(page, server)
    api(page, "PUT", "/api/settings", {"pick_and_place": True})
    start_layout(page, server, klondike("t1:", "t2: 8S", "t3: [JD] 7H"))
    card_in(page, "t3", "7H").click()
    expect(page.locator(".card.picked")).to_have_count(1)
    messages = catalog(page)
    expect_said(page, messages["ui.keys.picked"].format(card=card_words(messages, "7H")))
    page.wait_for_timeout(450)
    card_in(page, "t3", "7H").click()  # a tap on the picked card puts it back
    expect(page.locator(".card.picked")).to_have_count(0)
    page.wait_for_timeout(450)
    card_in(page, "t3", "7H").click()
    page.keyboard.press("Escape")
    expect(page.locator(".card.picked")).to_have_count(0)
    page.wait_for_timeout(450)
    card_in(page, "t3", "7H").click()
    page.locator('[data-pile="t1"]').click()  # only a king goes there: refused
    expect(page.locator("#toast")).to_have_text(catalog(page)["reason.king_only"])
    page.wait_for_timeout(450)
    card_in(page, "t3", "7H").click()
    card_in(page, "t2", "8S").click()
    wait_for_moves(page, 1)
    assert pile_cards(page, "t2") == ["8S", "7H"]


# -- visible and big enough ----------------------------------------------------------------------


def _luminance(rgb: tuple[float, float, float]) -> float:
    def channel(value: float) -> float:
        value /= 255
        return value / 12.92 if value <= 0.03928 else ((value + 0.055) / 1.055) ** 2.4

    red, green, blue = (channel(v) for v in rgb)
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def _contrast(one: tuple[float, float, float], other: tuple[float, float, float]) -> float:
    lighter, darker = sorted((_luminance(one), _luminance(other)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


def _rgba(css: str) -> tuple[float, float, float, float]:
    parts = [float(p) for p in re.findall(r"[\d.]+", css)]
    return parts[0], parts[1], parts[2], parts[3] if len(parts) > 3 else 1.0


def test_focus_rings_and_empty_piles_stand_out(page: Page, server: str) -> None:
    open_board(page, server)
    page.locator("#settings-button").click()
    page.keyboard.press("Tab")
    ring = _rgba(
        page.evaluate(
            "getComputedStyle(document.activeElement.closest('label') ?? "
            "document.activeElement).outlineColor"
        )
    )
    assert _contrast(ring[:3], (255, 255, 255)) >= 3
    page.keyboard.press("Escape")
    start_layout(page, server, klondike("t1:"))
    border = _rgba(
        page.evaluate(
            "getComputedStyle(document.querySelector('[data-pile=t1]'), '::before').borderTopColor"
        )
    )
    # The felt where it is lightest: --felt, the middle of its gradient (#116a43).
    felt = (17.0, 106.0, 67.0)
    alpha = border[3]
    red, green, blue = (alpha * c + (1 - alpha) * f for c, f in zip(border[:3], felt, strict=True))
    assert _contrast((red, green, blue), felt) >= 3


CONTROLS = """(root) => [...document.querySelectorAll(root)]
  .filter((e) => e.offsetParent !== null || getComputedStyle(e).position === 'fixed')
  .map((e) => {
    const box = e.getBoundingClientRect();
    return {what: e.id || e.name || e.className || e.tagName, w: box.width, h: box.height};
  }).filter((c) => c.w > 0 && c.h > 0)"""


def test_every_toolbar_and_dialog_control_is_44_px_on_a_phone(
    browser: Browser, server: str
) -> None:
    context = browser.new_context(viewport=SIZES["phone"], has_touch=True, is_mobile=True)
    page = context.new_page()
    open_board(page, server)
    api(page, "PUT", "/api/settings", {"hints": True})
    open_board(page, server, "/play/SS1-S4-AAAAABD")
    small = [
        c
        for c in page.evaluate(CONTROLS, ".toolbar :is(button, a, select)")
        if min(c["w"], c["h"]) < 44
    ]
    assert small == []
    for opener, dialog in (
        ("#new-game-button", "#new-game-dialog"),
        ("#settings-button", "#settings-dialog"),
        ("#stats-button", "#stats-dialog"),
    ):
        page.locator(opener).click()
        expect(page.locator(dialog)).to_be_visible()
        if dialog == "#settings-dialog":
            page.locator("#keys-help summary").click()
        selector = f"{dialog} :is(button, input, select, summary, a)"
        small = [c for c in page.evaluate(CONTROLS, selector) if min(c["w"], c["h"]) < 44]
        assert small == [], dialog
        page.keyboard.press("Escape")
    context.close()


def test_the_faq_s_wide_table_takes_the_focus_on_a_phone(browser: Browser, server: str) -> None:
    context = browser.new_context(viewport=SIZES["phone"])
    page = context.new_page()
    page.goto(f"{server}/en/faq")
    page.wait_for_selector("body[data-ready]")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    table = page.locator("#scoring > table")
    expect(table).to_have_attribute("tabindex", "0")
    context.close()


def test_play_again_s_name_holds_its_words(player: Page, server: str) -> None:
    page = player
    open_board(page, server, "/play/KL1-D1N-AAAAAAG")
    page.locator('[data-pile="s"]').click()
    wait_for_moves(page, 1)
    open_board(page, server, "/play/KL1-D3N-AAAAAAG")
    page.locator("#leave-dialog button[value=leave]").click()
    page.locator("#stats-button").click()
    page.locator("#stats-tab-history").click()
    again = page.locator(".history-again").first
    expect(again).to_be_visible()
    visible = again.inner_text()
    name = again.get_attribute("aria-label") or ""
    assert name.startswith(visible) and "KL1-D1N-AAAAAAG" in name


def test_replays_describe_their_table_in_words(page: Page, server: str) -> None:
    page.goto(f"{server}/en/examples")
    page.wait_for_selector("body[data-ready]")
    widget = page.locator('[data-replay="klondike"]')
    words = widget.locator(".visually-hidden")
    expect(words).to_contain_text("Column 1: ")
    expect(words).to_contain_text("face down")
    before = words.text_content()
    widget.locator('[data-replay-action="step"]').click()
    expect(words).not_to_have_text(before or "")


# -- shortcuts that can't surprise --------------------------------------------------------------


def test_one_key_shortcuts_wait_outside_fields_and_can_be_turned_off(
    page: Page, server: str
) -> None:
    open_board(page, server)
    page.locator("#new-game-button").click()
    page.locator("#code-input").focus()
    page.keyboard.type("ns")
    expect(page.locator("#code-input")).to_have_value("ns")
    expect(page.locator("#stats-dialog")).to_be_hidden()
    page.keyboard.press("Escape")
    expect(page.locator("#new-game-button")).to_have_attribute("aria-keyshortcuts", "N")
    expect(page.locator("#stats-button")).to_have_attribute("aria-keyshortcuts", "S")
    page.locator("#settings-button").click()
    page.locator('#settings-dialog input[name="keyboard_shortcuts"]').uncheck()
    page.wait_for_function(
        "() => !document.querySelector('input[name=keyboard_shortcuts]').hasAttribute('aria-busy')"
    )
    page.keyboard.press("Escape")
    expect(page.locator("#new-game-button")).not_to_have_attribute("aria-keyshortcuts", "N")
    page.keyboard.press("s")
    page.keyboard.press("n")
    page.wait_for_timeout(300)
    expect(page.locator("#stats-dialog")).to_be_hidden()
    expect(page.locator("#new-game-dialog")).to_be_hidden()
    # Undo keeps its modifier key: it still works.
    page.locator('[data-pile="s"]').click()
    wait_for_moves(page, 1)
    page.keyboard.press("Control+z")
    wait_for_moves(page, 0)
