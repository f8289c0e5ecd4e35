"""DC-1 on a phone: the Challenges dialog's calendar, a challenge played to its goal through
the board (the server's today is pinned: TESTS_TODAY), the bar saying the goal and how far
along the game is, the won dialog saying it is met, and the calendar marking the day."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from solitaire.codes import GameId
from solitaire.levels.challenges import challenge_for
from solitaire.moves import Move

from .axe import axe_violations
from .harness import (
    SIZES,
    TODAY,
    api,
    card_in,
    catalog,
    current_state,
    drop_point,
    finger_drag,
    grab_point,
    open_board,
    pile_cards,
    wait_for_moves,
)

CHALLENGE = challenge_for(GameId.SIMPLE_SIMON, TODAY)


@pytest.fixture
def phone(browser: Browser, server: str) -> Iterator[Page]:
    # With motion, as a phone plays by default: the won dialog comes after the cascade has
    # started, with its records (under reduced motion it opens at once and they arrive under
    # a finger about to tap Close).
    context = browser.new_context(
        viewport=SIZES["phone"],
        has_touch=True,
        is_mobile=True,
        base_url=server,
        reduced_motion="no-preference",
    )
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


def _play_by_finger(page: Page, move: Move, moves_before: int) -> None:
    cards = pile_cards(page, move.source)
    code = cards[len(cards) - move.count]
    assert code is not None
    start = grab_point(card_in(page, move.source, code))
    finger_drag(page, start, drop_point(page, move.target))
    wait_for_moves(page, moves_before + 1)


def _play_through_the_api(page: Page, move: Move) -> None:
    state = current_state(page)
    [pile] = [pile for pile in state["piles"] if pile["id"] == move.source]
    intent = {
        "version": state["version"],
        "type": "drop",
        "pile": move.source,
        "index": len(pile["cards"]) - move.count,
        "target": move.target,
    }
    assert api(page, "POST", f"/api/games/{state['id']}/actions", intent)["version"] > 0


def test_dc_1_a_challenge_played_to_its_goal_on_a_phone(phone: Page, server: str) -> None:
    page = phone
    open_board(page, server)
    words = catalog(page)
    # A phone's toolbar has no room for the Challenges button: New game opens the calendar.
    expect(page.locator("#challenges-button")).to_be_hidden()
    page.locator("#new-game-button").tap()
    page.locator("#new-game-challenges").tap()
    dialog = page.locator("#challenges-dialog")
    expect(dialog).to_be_visible()
    today = dialog.locator(f'[data-date="{TODAY.isoformat()}"]')
    expect(today).to_have_attribute("aria-pressed", "true")
    expect(page.locator("[data-challenges-streak]")).to_have_text(
        words["ui.challenges.streak"].format(days=0)
    )
    dialog.locator('[data-play="SS"]').tap()
    leave = page.locator("#leave-dialog")
    expect(dialog).to_be_hidden()
    assert not leave.is_visible()
    bar = page.locator("[data-challenge-bar]")
    expect(bar).to_be_visible()
    expect(page.locator("[data-code]")).to_have_text(str(CHALLENGE.code))
    expect(page.locator("#hint-button")).to_be_hidden()
    goal = CHALLENGE.goal
    expected_goal = {
        "win": words["ui.challenge.goal.win"],
        "moves": words["ui.challenge.goal.moves"].format(moves=goal.moves),
        "score": words["ui.challenge.goal.score"].format(score=goal.score_text),
    }[goal.kind]
    expect(bar.locator("[data-challenge-goal]")).to_have_text(expected_goal)
    moves = [Move.parse(text) for text in CHALLENGE.graded.solution.split()]
    # The first moves and the last by finger; those between through the API, as another tab
    # would play them (the board takes them up when it opens again).
    _play_by_finger(page, moves[0], 0)
    if goal.kind == "moves":
        expect(bar.locator("[data-challenge-progress]")).to_have_text(
            words["ui.challenge.progress.moves"].format(moves=1, limit=goal.moves)
        )
    _play_by_finger(page, moves[1], 1)
    for move in moves[2:-2]:
        _play_through_the_api(page, move)
    open_board(page, server)
    expect(bar).to_be_visible()
    for number, move in enumerate(moves[-2:], start=len(moves) - 2):
        _play_by_finger(page, move, number)
    expect(bar.locator("[data-challenge-met]")).to_have_text(words["ui.challenge.met"])
    won = page.locator("#won-dialog")
    expect(won).to_be_visible(timeout=10_000)
    day = f"{TODAY:%b} {TODAY.day}, {TODAY.year}"
    expect(won.locator("[data-won-challenge]")).to_have_text(
        words["ui.challenge.won_met"].format(date=day)
    )
    # The player's first win: the records' line arrives a moment after the dialog opens and
    # moves its buttons down; a tap aimed before it lands would miss Close.
    expect(won.locator('[data-record="first_win"]')).to_be_visible()
    won.locator('button[value="close"]').tap()
    page.locator("#new-game-button").tap()
    page.locator("#new-game-challenges").tap()
    expect(dialog.locator(f'[data-date="{TODAY.isoformat()}"][data-done]')).to_have_count(1)
    expect(dialog.locator('[data-game="SS"] [data-challenge-done]')).to_have_count(1)
    expect(page.locator("[data-challenges-streak]")).to_have_text(
        words["ui.challenges.streak"].format(days=1)
    )


def test_dc_1_axe_finds_nothing_serious_in_the_challenges(page: Page, server: str) -> None:
    """The Challenges dialog and the bar over a challenge's table (desktop)."""
    open_board(page, server)
    page.locator("#challenges-button").click()
    expect(page.locator(f'#challenges-dialog [data-date="{TODAY.isoformat()}"]')).to_be_visible()
    serious = [
        violation
        for violation in axe_violations(page, "#challenges-dialog")
        if violation["impact"] in ("serious", "critical")
    ]
    assert serious == []
    page.locator('#challenges-dialog [data-play="KL"]').click()
    expect(page.locator("[data-challenge-bar]")).to_be_visible()
    serious = [
        violation
        for violation in axe_violations(page, "#challenge-bar")
        if violation["impact"] in ("serious", "critical")
    ]
    assert serious == []
