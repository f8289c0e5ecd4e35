"""Simple Simon through the real board: groups, and a game won by the last drag."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from solitaire.games import Refusal
from solitaire.games.simple_simon import is_group
from solitaire.play import Game
from solitaire.solver.budget import Budget
from solitaire.solver.simple_simon_search import search

from .harness import (
    api,
    card_in,
    catalog,
    drag,
    open_board,
    pile_cards,
    start_layout,
    start_simple_simon_one_move_from_winning,
)
from .layouts import simple_simon_one_move_from_winning


def test_the_last_drag_wins_and_the_board_says_so(page: Page, server: str) -> None:
    # The engine knows the move that wins; the board must show what it says.
    engine = start_simple_simon_one_move_from_winning(page, server)
    expect(page.locator("[data-runs-removed]")).to_contain_text("3")
    drag(page, card_in(page, "t2", "AS"), "t1")
    won = page.locator("[data-won]")
    expect(won).to_be_visible()
    expect(won).to_contain_text(engine.score_text)
    expect(won).to_contain_text(str(engine.moves))
    expect(page.locator("[data-score]")).to_have_text(engine.score_text)
    assert page.locator(".card").count() == 0
    expect(page.locator("#undo-button")).to_be_disabled()
    # The won game offers a new one.
    page.locator("#won-dialog [data-action='new-game']").click()
    expect(page.locator("#new-game-dialog")).to_be_visible()


def test_a_mixed_suit_group_is_refused_and_a_double_click_moves_a_group(
    page: Page, server: str
) -> None:
    code = "SS1-S4-AAAAABD"
    open_board(page, server, f"/play/{code}")
    engine = Game.from_code(code)
    position = engine.position
    for pile_id, pile in position.items():
        assert pile_cards(page, pile_id) == [card.code for card in pile.cards]
    # A column whose last two cards are not one group: dragging both is refused (SS-3).
    pile_id, pile = next(
        (pid, p) for pid, p in position.items() if len(p) >= 2 and not is_group(p.cards[-2:])
    )
    target = next(pid for pid, _ in position.items() if pid != pile_id)
    with pytest.raises(Refusal) as refusal:
        engine.rules.drop(position, pile_id, len(pile) - 2, target)
    assert refusal.value.reason == "same_suit_group"
    drag(page, card_in(page, pile_id, pile.cards[-2].code), target)
    expect(page.locator("#toast")).to_have_text(catalog(page)["reason.same_suit_group"])
    assert pile_cards(page, pile_id) == [card.code for card in pile.cards]
    # UI-3: a double click on a last card goes where the engine says.
    for pile_id, pile in position.items():
        try:
            expected = engine.rules.double_click(position, pile_id, len(pile) - 1)
        except Refusal:
            continue
        break
    else:
        raise AssertionError(f"no double click moves a card in {code}")
    card = pile.cards[-1].code
    card_in(page, pile_id, card).dblclick()
    expect(card_in(page, expected.target, card)).to_be_visible()
    assert pile_cards(page, pile_id) == [c.code for c in pile.cards[:-1]]


def test_a_typed_in_position_has_no_link_to_copy(page: Page, server: str) -> None:
    start_layout(page, server, simple_simon_one_move_from_winning())
    expect(page.locator("[data-code]")).to_have_text("SS1-S1")
    expect(page.locator("#copy-button")).to_be_hidden()
    open_board(page, server, "/play/SS1-S1-AAAAAAB")
    expect(page.locator("#copy-button")).to_be_visible()


def test_a_real_deal_won_by_dragging_its_last_move(page: Page, server: str) -> None:
    code = "SS1-S1-AAAAAAC"
    engine = Game.from_code(code)
    solution = search(engine.position, Budget(10.0))
    assert solution, f"the solver found no win for {code}"
    *before_last, last = solution
    open_board(page, server, f"/play/{code}")
    state = api(page, "GET", "/api/games/current")
    for move in before_last:
        state = api(
            page,
            "POST",
            f"/api/games/{state['id']}/actions",
            {"version": state["version"], "type": "move", "move": str(move)},
        )
        engine.play(move)
    assert not state["won"] and state["runs_removed"] == engine.observation()["runs_removed"]
    open_board(page, server)
    source = engine.position.pile(last.source)
    card = source.cards[len(source) - last.count].code
    drag(page, card_in(page, last.source, card), last.target)
    engine.play(last)
    assert engine.won
    expect(page.locator("[data-won]")).to_contain_text(engine.score_text)
    expect(page.locator("[data-moves]")).to_have_text(str(engine.moves))
    expect(page.locator("[data-runs-removed]")).to_contain_text("4")
