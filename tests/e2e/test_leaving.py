"""UI-11: starting another game while one is in progress asks first; staying changes nothing."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from .harness import (
    api,
    card_in,
    catalog,
    current_state,
    drag,
    open_board,
    start_simple_simon_one_move_from_winning,
    wait_for_moves,
)

LEAVE = "#leave-dialog"


def play_one_move(page: Page, server: str, code: str = "KL1-D1N-AAAAAAG") -> dict[str, Any]:
    """Open a deal by its link (leaving the game in progress if asked) and turn the stock."""
    open_board(page, server, f"/play/{code}")
    leave = page.locator(LEAVE).get_by_role("button", name=catalog(page)["ui.leave.go"])
    if leave.is_visible():
        leave.click()
    expect(page.locator("[data-code]")).to_have_text(code)
    page.locator('[data-pile="s"]').click()
    wait_for_moves(page, 1)
    return current_state(page)


@pytest.mark.parametrize("answer", ["Escape", "stay"])
def test_new_game_during_a_game_asks_and_staying_keeps_it(
    page: Page, server: str, answer: str
) -> None:
    before = play_one_move(page, server)
    page.locator("#new-game-button").click()
    page.locator('[data-deal="new"]').click()
    dialog = page.locator(LEAVE)
    expect(dialog).to_be_visible()
    expect(dialog.get_by_role("heading")).to_have_text(catalog(page)["ui.leave.question"])
    # Staying is the default: it has the focus.
    stay = dialog.get_by_role("button", name=catalog(page)["ui.leave.stay"])
    expect(stay).to_be_focused()
    if answer == "Escape":
        page.keyboard.press("Escape")
    else:
        stay.click()
    expect(dialog).to_be_hidden()
    expect(page.locator("#new-game-dialog")).to_be_hidden()
    assert current_state(page) == before
    assert page.locator("[data-code]").text_content() == before["code"]


def test_leaving_starts_the_new_game_and_the_old_one_counts_as_lost(
    page: Page, server: str
) -> None:
    before = play_one_move(page, server)
    page.keyboard.press("n")
    page.locator('[data-deal="daily"]').click()
    page.locator(LEAVE).get_by_role("button", name=catalog(page)["ui.leave.go"]).click()
    expect(page.locator("#new-game-dialog")).to_be_hidden()
    page.wait_for_function(
        "code => document.querySelector('[data-code]').textContent !== code", arg=before["code"]
    )
    assert current_state(page)["moves"] == 0
    history = api(page, "GET", "/api/history")["games"]
    assert [(game["id"], game["result"]) for game in history] == [(before["id"], "lost")]


def test_a_link_during_a_game_asks_and_keeps_its_code_until_answered(
    page: Page, server: str
) -> None:
    before = play_one_move(page, server)
    page.goto(f"{server}/play/EH1-N-AAAAAAF")
    dialog = page.locator(LEAVE)
    expect(dialog).to_be_visible()
    # The game in progress is on the table behind the question, the link's code in the address.
    assert page.url.endswith("/play/EH1-N-AAAAAAF")
    expect(page.locator("[data-code]")).to_have_text(before["code"])
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    # Leaving the page sends the clock's time played (UI-16, a beacon as the page goes, which
    # may or may not have landed yet): the game is otherwise exactly as it was.
    after = current_state(page)
    played, seconds = after.pop("played_ms"), after.pop("seconds")
    assert played is None or (isinstance(played, int) and played >= 0)
    assert isinstance(seconds, int) and seconds >= 0
    clock = {"played_ms", "seconds"}
    assert {key: value for key, value in before.items() if key not in clock} == after
    page.wait_for_url(f"{server}/")
    # Confirming plays the link.
    page.goto(f"{server}/play/EH1-N-AAAAAAF")
    dialog.get_by_role("button", name=catalog(page)["ui.leave.go"]).click()
    expect(page.locator("[data-code]")).to_have_text("EH1-N-AAAAAAF")
    assert current_state(page)["code"] == "EH1-N-AAAAAAF"


@pytest.mark.parametrize(
    ("typed", "message", "values"),
    [
        ("KL1-D1N-ZZZZZZZ", "ui.code_check.deal_range", {"part": "ZZZZZZZ"}),
        (
            "kl1-d9n-aaaaaag",
            "ui.code_check.options",
            {"game": "Klondike", "choices": "D1N, D1V, D3N, or D3V"},
        ),
        ("KL1-D1N-AAAAA", "ui.code_check.deal", {"letters": 7}),
        ("XY1-D1N-AAAAAAG", "ui.code_check.game", {}),
        ("KL1D1NAAAAAAG", "ui.code_check.shape", {}),
    ],
)
def test_ui_11_a_mistyped_code_is_told_before_the_question_in_plain_words(
    page: Page, server: str, typed: str, message: str, values: dict[str, Any]
) -> None:
    """UI-11: a code that can't be one is said at once, and the game in progress stays."""
    before = play_one_move(page, server)
    page.keyboard.press("n")
    page.locator("#code-input").fill(typed)
    page.locator('[data-deal="code"]').click()
    error = page.locator("#new-game-error")
    expect(error).to_have_text(catalog(page)[message].format(**values))
    # No question, no deal number ("deal 8,031,810,175"), nothing sent: the game is as it was.
    expect(page.locator(LEAVE)).to_be_hidden()
    assert not re.search(r"\d{4}|\d[,.]\d", error.inner_text())
    assert current_state(page)["code"] == before["code"]
    assert current_state(page)["moves"] == before["moves"]
    # The code stays chosen for mending; a mended one asks the question as any deal does.
    expect(page.locator("#code-input")).to_be_focused()
    page.locator("#code-input").fill("EH1-N-AAAAAAF")
    page.locator("#code-input").press("Enter")
    expect(page.locator(LEAVE)).to_be_visible()
    page.locator(LEAVE).get_by_role("button", name=catalog(page)["ui.leave.go"]).click()
    expect(page.locator("[data-code]")).to_have_text("EH1-N-AAAAAAF")


def test_a_mistyped_code_is_told_under_its_field_in_sight_on_a_small_phone(
    browser: Browser, server: str
) -> None:
    context = browser.new_context(viewport={"width": 320, "height": 568}, has_touch=True)
    page = context.new_page()
    open_board(page, server)
    page.locator("#new-game-button").click()
    page.locator("#code-input").fill("SS1-S3-AAAAAAB")
    page.locator('[data-deal="code"]').click()
    error = page.locator("#new-game-error")
    expect(error).to_be_visible()
    expect(error).to_be_in_viewport()
    field, said = page.locator("#code-input").bounding_box(), error.bounding_box()
    assert field and said and said["y"] >= field["y"] + field["height"]
    expect(page.locator("#code-input")).to_have_attribute("aria-describedby", "new-game-error")
    # Another error (a link's) is said under the title again.
    page.keyboard.press("Escape")
    open_board(page, server, "/play/KL1-D9N-AAAAAAG")
    expect(error).to_be_visible()
    title = page.locator("#new-game-title").bounding_box()
    assert title and (box := error.bounding_box()) and box["y"] < title["y"] + 3 * title["height"]
    context.close()


def test_ui_11_a_mistyped_link_is_told_without_the_question(page: Page, server: str) -> None:
    before = play_one_move(page, server)
    page.goto(f"{server}/play/KL1-D1N-ZZZZZZZ")
    error = page.locator("#new-game-error")
    expect(error).to_be_visible()
    reason = catalog(page)["ui.code_check.deal_range"].format(part="ZZZZZZZ")
    expect(error).to_have_text(
        catalog(page)["ui.bad_link"].format(code="KL1-D1N-ZZZZZZZ", message=reason)
    )
    expect(page.locator(LEAVE)).to_be_hidden()
    expect(page.locator("[data-code]")).to_have_text(before["code"])
    page.wait_for_url(f"{server}/")
    assert current_state(page)["moves"] == before["moves"]


def test_a_link_never_draws_the_game_it_replaces_without_asking(
    browser: Browser, server: str
) -> None:
    # The link's deal is the first game the board draws: a tap in the moment before it came
    # would have gone to the game being left (and so have counted it as lost).
    context = browser.new_context()
    page = context.new_page()
    open_board(page, server)
    assert current_state(page)["moves"] == 0
    # The game's code as each whole drawing of the board showed it (the toolbar is set first).
    context.add_init_script(
        """window.drawnCodes = [];
        new MutationObserver((records) => {
          for (const { target, addedNodes } of records) {
            if (target.id !== "board" || addedNodes.length < 2) continue;
            window.drawnCodes.push(document.getElementById("game-code").textContent);
          }
        }).observe(document, { subtree: true, childList: true });"""
    )
    open_board(page, server, "/play/KL1-D3N-AAAAAAG")
    assert page.evaluate("window.drawnCodes") == ["KL1-D3N-AAAAAAG"]
    context.close()


def test_no_question_without_a_move_or_after_a_win(page: Page, server: str) -> None:
    open_board(page, server, "/play/KL1-D1N-AAAAAAG")
    page.locator("#new-game-button").click()
    page.locator('[data-deal="same"]').click()
    expect(page.locator("#new-game-dialog")).to_be_hidden()
    expect(page.locator(LEAVE)).to_be_hidden()
    start_simple_simon_one_move_from_winning(page, server)
    drag(page, card_in(page, "t2", "AS"), "t1")
    expect(page.locator("#won-dialog")).to_be_visible()
    open_board(page, server, "/play/SS1-S1-AAAAABD")
    expect(page.locator(LEAVE)).to_be_hidden()
    expect(page.locator("[data-code]")).to_have_text("SS1-S1-AAAAABD")


def test_play_again_from_the_history_asks(page: Page, server: str) -> None:
    first = play_one_move(page, server)
    second = play_one_move(page, server, "KL1-D3N-AAAAAAG")
    page.locator("#stats-button").click()
    page.locator("#stats-tab-history").click()
    row = page.locator(f'#history-list .history-row[data-game-id="{first["id"]}"]')
    row.locator(".history-again").click()
    expect(page.locator(LEAVE)).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.locator(LEAVE)).to_be_hidden()
    assert current_state(page) == second
