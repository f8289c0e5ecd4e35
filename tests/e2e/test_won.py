"""UI-13: a won game is celebrated (none under reduced motion, nor with Animations off), the
cascade flies behind and around the won dialog, never over its text, and the dialog shows
the score, the moves, the time played and what the win did to the records (a first win, a
new best, the streak), with one next step — another deal of the same kind — and the way back
to the New game choices."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from .context_pool import keep_out_of_the_pool
from .harness import (
    api,
    card_in,
    catalog,
    current_state,
    emulate_network,
    start_layout,
)
from .layouts import klondike

pytestmark = pytest.mark.motion

RANKS = "A23456789TJQ"

FOUR_KINGS_LEFT = klondike(
    *(f"f{i + 1}: " + " ".join(f"{rank}{suit}" for rank in RANKS) for i, suit in enumerate("SHDC")),
    "t1: KS",
    "t2: KH",
    "t3: KD",
    "t4: KC",
    "s:",
    variant="KL1-D3N",
)


ONE_KING_LEFT = klondike(
    *(
        f"f{i + 1}: " + " ".join(rank + suit for rank in (RANKS if suit == "S" else RANKS + "K"))
        for i, suit in enumerate("SHDC")
    ),
    "t1: KS",
    "s:",
    variant="KL1-D3N",
)


def win(page: Page, server: str, layout: str = FOUR_KINGS_LEFT) -> None:
    start_layout(page, server, layout)
    kings = [("t1", "KS"), ("t2", "KH"), ("t3", "KD"), ("t4", "KC")]
    for pile, code in kings[: 1 if layout == ONE_KING_LEFT else 4]:
        card_in(page, pile, code).click()
        expect(card_in(page, pile, code)).to_have_count(0)


def test_the_cascade_flies_behind_the_won_dialog_never_over_its_text(
    page: Page, server: str
) -> None:
    win(page, server)
    dialog = page.locator("#won-dialog")
    expect(dialog).to_be_visible()
    assert page.locator(".celebration .ghost").count() == 52
    # Whatever lies on top at each line of the dialog's text is the dialog's own.
    for selector in ("#won-title", "[data-won]", "[data-won-time]", "#won-next-deal"):
        on_top = page.evaluate(
            """selector => {
                const box = document.querySelector(selector).getBoundingClientRect();
                const x = box.left + box.width / 2, y = box.top + box.height / 2;
                const found = document.elementFromPoint(x, y);
                return Boolean(found?.closest('#won-dialog'));
            }""",
            selector,
        )
        assert on_top, f"{selector} is covered"


def test_the_won_dialog_says_what_the_win_did_to_the_records(page: Page, server: str) -> None:
    win(page, server)
    words = catalog(page)
    records = page.locator("#won-dialog [data-won-records]")
    # The variant's first win: nothing to beat yet, a first win to tell.
    expect(records.locator("li")).to_have_count(1)
    expect(records.locator("[data-record='first_win']")).to_have_text(
        words["ui.won.first_win"].format(
            variant=words["ui.stats.variant.KL-D3N"].replace("{game}", words["ui.game.KL"])
        )
    )
    # One next step, and the way back to the choices.
    expect(page.locator("#won-next-deal")).to_have_text(words["ui.won.next"])
    expect(page.locator("#won-next-deal")).to_be_focused()
    expect(page.locator("#won-choose")).to_have_text(words["ui.won.choose"])
    # A second win, in one move: fewer moves than the first, two wins in a row.
    win(page, server, ONE_KING_LEFT)
    expect(records.locator("[data-record='fewest_moves']")).to_have_text(
        words["ui.won.fewest_moves"]
    )
    expect(records.locator("[data-record='streak']")).to_have_text(
        words["ui.won.streak"].format(count=2)
    )
    expect(records.locator("[data-record='best_score']")).to_have_count(0)
    # The server's own answer, which the dialog shows (whether this win was also the fastest
    # depends on how quickly the browser played it: the dialog says what the server says).
    answer = api(page, "GET", f"/api/games/{current_state(page)['id']}/records")
    assert (answer["fewest_moves"], answer["streak"], answer["first_win"]) == (True, 2, False)
    shown = records.locator("li").evaluate_all("items => items.map(item => item.dataset.record)")
    assert shown == ["fewest_moves", *(["fastest_win"] if answer["fastest_win"] else []), "streak"]
    # The way back: the New game dialog's choices.
    page.locator("#won-choose").click()
    expect(page.locator("#won-dialog")).to_be_hidden()
    expect(page.locator("#new-game-dialog")).to_be_visible()


def test_no_cascade_with_animations_off_and_the_dialog_at_once(page: Page, server: str) -> None:
    start_layout(page, server, FOUR_KINGS_LEFT)
    api(page, "PUT", "/api/settings", {"animations": "off"})
    win(page, server)
    expect(page.locator("#won-dialog")).to_be_visible()
    assert page.locator(".celebration").count() == 0
    assert page.evaluate("document.getAnimations().length") == 0


def test_the_last_card_up_starts_the_cascade_under_the_won_dialog(page: Page, server: str) -> None:
    win(page, server)
    dialog = page.locator("#won-dialog")
    expect(dialog).to_be_visible()
    # The cards still fly while the dialog shows: copies in a layer that takes no presses.
    assert page.evaluate("document.getAnimations().length") >= 52
    assert page.locator(".celebration .ghost").count() == 52
    assert page.locator(".celebration [data-card]").count() == 0
    # The dialog may open before the board's clock has reported the win's time (its records
    # are waited for 1.5 s at most); the server keeps that time once it has.
    page.wait_for_function(
        "() => fetch('/api/games/current').then((r) => r.json()).then((s) => s.played_ms !== null)"
    )
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


# Where the won dialog's Close button is the moment the dialog opens, and whether its records
# were in by then.
WATCH_THE_WON_DIALOG_OPEN = """() => new Promise((resolve) => {
  const dialog = document.getElementById('won-dialog');
  new MutationObserver((_, observer) => {
    if (!dialog.open) return;
    observer.disconnect();
    const close = dialog.querySelector('button[value=close]').getBoundingClientRect();
    window.wonOpened = {top: close.top,
                        records: dialog.querySelectorAll('[data-won-records] li').length};
  }).observe(dialog, {attributes: true, attributeFilter: ['open']});
  resolve();
})"""


def test_the_won_dialog_opens_with_its_records_its_buttons_never_pushed_down(
    browser: Browser, server: str
) -> None:
    # A phone on a slow network, without motion: the dialog comes at the win, and the
    # records take two round trips (the win's time kept, then the records read). Opened
    # before them, the dialog grew under the player's finger as they arrived and a tap
    # meant for Close missed it. The page's clock stands still from the winning tap on, but
    # for the win's own timers (run below): the dialog's 1.5 s bound never runs out, so it
    # opens when the records come, however long the machine takes.
    context = browser.new_context(viewport={"width": 390, "height": 844}, reduced_motion="reduce")
    keep_out_of_the_pool(context)  # the page clock stays with it
    page = context.new_page()
    start_layout(page, server, FOUR_KINGS_LEFT)
    page.evaluate(WATCH_THE_WON_DIALOG_OPEN)
    network = emulate_network(page)
    kings = [("t1", "KS"), ("t2", "KH"), ("t3", "KD"), ("t4", "KC")]
    for pile, code in kings[:3]:
        card_in(page, pile, code).click()
        expect(card_in(page, pile, code)).to_have_count(0)
    page.clock.install()
    page.clock.pause_at(page.evaluate("Date.now()") / 1000 + 1)  # (seconds)
    # The server's won state is drawn when the clock reports the win's time (clock.js);
    # then the win's own timers run (the dialog's call 0.9 s on), short of the bound, which
    # starts from that call.
    with page.expect_request("**/clock"):
        card_in(page, *kings[3]).click()
    page.clock.run_for(1400)
    dialog = page.locator("#won-dialog")
    expect(dialog).to_be_visible()
    expect(dialog.locator("[data-won-records] li")).to_have_count(1)
    opened = page.evaluate("window.wonOpened")
    assert opened["records"] == 1, opened
    close = dialog.locator("button[value=close]").bounding_box()
    assert close is not None and close["y"] == opened["top"], (close, opened)
    network.detach()
    context.close()


def test_a_game_already_won_opens_on_its_dialog_without_a_cascade(page: Page, server: str) -> None:
    win(page, server)
    expect(page.locator("#won-dialog")).to_be_visible()
    page.reload()
    page.wait_for_selector("body[data-ready]")
    expect(page.locator("#won-dialog")).to_be_visible()
    assert page.locator(".celebration").count() == 0
