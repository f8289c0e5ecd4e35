"""Playing with the keyboard alone (focus.js): the cursor, picking up and setting down,
the foundation and best-place keys, the stock, undo, and what a screen reader hears.

Every game here is played by key presses only; the engine (``solitaire.play.Game``) says
what each one must have done.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from solitaire.games import Refusal
from solitaire.layout import parse_layout
from solitaire.play import Game

from .harness import (
    api,
    catalog,
    current_state,
    open_board,
    pile_cards,
    start_layout,
    start_simple_simon_one_move_from_winning,
    wait_for_moves,
)
from .layouts import klondike

# Klondike, seven moves from a win: the queen of spades still in the stock, a king-led run
# of three in column 2 and two empty columns to carry it to.
SEVEN_FROM_WINNING = klondike(
    "s: [QS]",
    "f1: AS 2S 3S 4S 5S 6S 7S 8S 9S TS",
    "f2: AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH",
    "f3: AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD",
    "f4: AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC",
    "t1: KH",
    "t2: KS QH JS",
)

# The element that has the keyboard's focus: its pile, and its card (None: the pile itself).
FOCUSED = """() => {
  const element = document.activeElement;
  const pile = element.closest('[data-pile]');
  return [pile ? pile.dataset.pile : null, element.dataset.card ?? null];
}"""


def focused(page: Page) -> list[str | None]:
    where: list[str | None] = page.evaluate(FOCUSED)
    return where


def targets_of(engine: Game, pile: str, index: int) -> list[str]:
    """Where the engine lets the card at ``index`` of ``pile`` go (the state's ``dests``)."""
    for dest in engine.dests():
        if (dest.pile, dest.index) == (pile, index):
            return list(dest.targets)
    return []


def keys(page: Page, *presses: str) -> None:
    for press in presses:
        page.keyboard.press(press)


def announced(page: Page) -> str:
    return page.locator("#board-announcer").inner_text()


def sentences(*texts: str) -> str:
    """Sentences said one after another, each with its full stop (web/static/speech.js)."""
    return " ".join(text if text.endswith((".", "!", "?", "…")) else f"{text}." for text in texts)


def expect_announced(page: Page, text: str) -> None:
    expect(page.locator("#board-announcer")).to_have_text(text)


def test_simple_simon_is_won_with_the_arrows_and_enter(page: Page, server: str) -> None:
    engine = start_simple_simon_one_move_from_winning(page, server)
    # With nothing focused, an arrow brings the cursor onto the board, on its first pile.
    keys(page, "ArrowRight")
    assert focused(page) == ["t1", "2S"]
    expect(page.locator("[data-keys] .key-ring")).to_have_count(1)
    keys(page, "ArrowRight")
    assert focused(page) == ["t2", "AS"]
    keys(page, "Enter")
    expect(page.locator('[data-pile="t2"] .card.picked')).to_have_count(1)
    keys(page, "ArrowLeft", "Enter")
    won = page.locator("[data-won]")
    expect(won).to_be_visible()
    expect(won).to_contain_text(engine.score_text)
    expect(page.locator("[data-score]")).to_have_text(engine.score_text)
    assert page.locator(".card").count() == 0


def test_a_klondike_game_is_won_from_the_keyboard(page: Page, server: str) -> None:
    engine = Game(parse_layout(SEVEN_FROM_WINNING))
    start_layout(page, server, SEVEN_FROM_WINNING)
    messages = catalog(page)
    keys(page, "ArrowDown")
    assert focused(page) == ["s", None]
    # Enter on the stock turns its card.
    keys(page, "Enter")
    engine.play("d")
    wait_for_moves(page, engine.moves)
    assert pile_cards(page, "w") == ["QS"]
    expect_announced(
        page,
        sentences(
            messages["ui.keys.turned"].format(card="Queen of spades"),
            messages["ui.keys.stock_empty"],
        ),
    )

    # Up takes more of a column: from the jack to the king, the whole run of three, which
    # goes to the empty column 3 (Tab walks the piles in order).
    keys(page, "ArrowDown")
    assert focused(page) == ["t1", "KH"]
    keys(page, "ArrowRight")
    assert focused(page) == ["t2", "JS"]
    keys(page, "ArrowUp", "ArrowUp")
    assert focused(page) == ["t2", "KS"]
    keys(page, "ArrowUp")  # the column's first card: up goes to the top row
    assert focused(page) == ["w", "QS"]
    keys(page, "ArrowDown", "ArrowUp", "ArrowUp", "Space")
    assert focused(page) == ["t2", "KS"]
    expect(page.locator('[data-pile="t2"] .card.picked')).to_have_count(3)
    # Placement help (UI-5) lights the piles that take them, as for a drag.
    lit = page.eval_on_selector_all(".pile.key-target", "piles => piles.map(p => p.dataset.pile)")
    assert sorted(lit) == sorted(targets_of(engine, "t2", 0))
    assert lit
    keys(page, "Tab", "Enter")
    engine.drop("t2", 0, "t3")
    wait_for_moves(page, engine.moves)
    assert pile_cards(page, "t3") == ["KS", "QH", "JS"]
    assert pile_cards(page, "t2") == []
    expect_announced(page, sentences("King of spades to Column 3"))
    # The cursor stayed on the pile it set the cards down on, on its last card.
    assert focused(page) == ["t3", "JS"]

    # The waste's queen onto the king of hearts: Escape first puts a pick back.
    keys(page, "ArrowUp", "ArrowUp", "ArrowUp")
    assert focused(page) == ["w", "QS"]
    keys(page, "Enter", "ArrowDown", "ArrowLeft", "Enter")
    engine.drop("w", 0, "t1")
    wait_for_moves(page, engine.moves)
    assert pile_cards(page, "t1") == ["KH", "QS"]

    # F sends the focused card to a foundation (a tap); D to its best place (a double click).
    keys(page, "ArrowRight", "ArrowRight", "f")
    engine.tap("t3", 2)
    wait_for_moves(page, engine.moves)
    expect_announced(page, sentences("Jack of spades to Foundation 1"))
    keys(page, "ArrowLeft", "ArrowLeft", "f")
    engine.tap("t1", 1)
    wait_for_moves(page, engine.moves)
    keys(page, "ArrowRight", "ArrowRight")
    keys(page, "d")
    engine.double_click("t3", 1)
    wait_for_moves(page, engine.moves)
    keys(page, "d")
    engine.double_click("t3", 0)
    wait_for_moves(page, engine.moves)
    keys(page, "ArrowLeft", "ArrowLeft", "f")
    engine.tap("t1", 0)
    assert engine.won
    won = page.locator("[data-won]")
    expect(won).to_be_visible()
    expect(won).to_contain_text(engine.score_text)
    expect(won).to_contain_text(str(engine.moves))


def test_a_refused_move_shows_the_reminder_and_changes_nothing(page: Page, server: str) -> None:
    engine = Game(parse_layout(SEVEN_FROM_WINNING))
    with pytest.raises(Refusal) as refused:
        engine.drop("t1", 0, "t2")
    start_layout(page, server, SEVEN_FROM_WINNING)
    before = current_state(page)
    messages = catalog(page)
    keys(page, "ArrowDown", "ArrowDown", "Enter", "ArrowRight", "Enter")
    toast = page.locator("#toast")
    expect(toast).to_be_visible()
    expect(toast).to_have_text(messages[f"reason.{refused.value.reason}"])
    after = current_state(page)
    assert after["version"] == before["version"] and after["piles"] == before["piles"]
    assert pile_cards(page, "t1") == ["KH"]
    expect(page.locator(".card.picked")).to_have_count(0)
    assert focused(page) == ["t2", "JS"]


def test_a_refused_move_is_said_even_with_the_reminders_off(page: Page, server: str) -> None:
    start_layout(page, server, SEVEN_FROM_WINNING)
    api(page, "PUT", "/api/settings", {"interactive_rules": False})
    open_board(page, server)
    keys(page, "ArrowDown", "ArrowDown", "Enter", "ArrowRight", "Enter")
    expect_announced(page, catalog(page)["ui.keys.not_moved"])
    expect(page.locator("#toast")).to_be_hidden()


def test_escape_puts_the_cards_back_and_nothing_moves(page: Page, server: str) -> None:
    start_layout(page, server, SEVEN_FROM_WINNING)
    before = current_state(page)
    keys(page, "ArrowDown", "ArrowDown", "ArrowRight", "Enter")
    expect(page.locator('[data-pile="t2"] .card.picked')).to_have_count(1)
    expect_announced(page, "Jack of spades picked up")
    keys(page, "Escape")
    expect(page.locator(".card.picked")).to_have_count(0)
    expect_announced(page, "Jack of spades put back")
    # Enter on another pile now picks up its own card: the jack stays where it was.
    keys(page, "ArrowRight", "ArrowLeft", "ArrowLeft", "Enter")
    expect(page.locator('[data-pile="t1"] .card.picked')).to_have_count(1)
    assert current_state(page)["version"] == before["version"]
    # Enter on the pile the cards came from sets them back too.
    keys(page, "Enter")
    expect(page.locator(".card.picked")).to_have_count(0)
    assert current_state(page)["version"] == before["version"]
    assert pile_cards(page, "t2") == ["KS", "QH", "JS"]


def test_ctrl_z_takes_back_a_keyboard_move(page: Page, server: str) -> None:
    engine = Game(parse_layout(SEVEN_FROM_WINNING))
    start_layout(page, server, SEVEN_FROM_WINNING)
    before = current_state(page)
    keys(page, "ArrowDown", "ArrowDown", "ArrowRight", "f")
    engine.tap("t2", 2)
    wait_for_moves(page, engine.moves)
    assert pile_cards(page, "t2") == ["KS", "QH"]
    keys(page, "Control+z")
    engine.undo()
    wait_for_moves(page, engine.moves)
    assert pile_cards(page, "t2") == ["KS", "QH", "JS"]
    assert current_state(page)["piles"] == before["piles"]
    expect_announced(page, catalog(page)["ui.keys.undone"])
    # The cursor is still on the column, now on its jack again.
    assert focused(page)[0] == "t2"


def test_space_turns_the_stock_when_no_card_has_the_focus(page: Page, server: str) -> None:
    start_layout(page, server, SEVEN_FROM_WINNING)
    keys(page, "Space")
    wait_for_moves(page, 1)
    assert pile_cards(page, "w") == ["QS"]
    # On a card, Space picks it up instead.
    keys(page, "ArrowDown", "ArrowDown", "Space")
    expect(page.locator('[data-pile="t1"] .card.picked')).to_have_count(1)
    assert pile_cards(page, "s") == []


def test_tab_walks_the_piles_and_leaves_the_board(page: Page, server: str) -> None:
    start_layout(page, server, SEVEN_FROM_WINNING)
    state: dict[str, Any] = current_state(page)
    order = [pile["id"] for pile in state["piles"]]
    keys(page, "ArrowRight")
    seen = [focused(page)[0]]
    for _ in order[1:]:
        keys(page, "Tab")
        seen.append(focused(page)[0])
    assert seen == order
    # Past the last pile Tab is the browser's again: the focus leaves the board.
    keys(page, "Tab")
    on_board = "document.getElementById('board').contains(document.activeElement)"
    assert page.evaluate(on_board) is False
    # Shift+Tab comes back to the pile the cursor was on.
    keys(page, "Shift+Tab")
    assert focused(page)[0] == order[-1]
    # The other shortcuts still work beside the cursor.
    keys(page, "s")
    expect(page.locator("#stats-dialog")).to_be_visible()


@pytest.mark.parametrize("lang", ["ro", "nl"])
def test_a_screen_reader_hears_the_move_in_the_players_language(
    page: Page, server: str, lang: str
) -> None:
    start_layout(page, server, SEVEN_FROM_WINNING)
    api(page, "PUT", "/api/settings", {"language": lang})
    open_board(page, server)
    messages: dict[str, str] = api(page, "GET", f"/api/messages?lang={lang}")["messages"]
    card = messages["ui.card"].format(rank=messages["ui.rank.J"], suit=messages["ui.suit.S"])
    keys(page, "ArrowDown", "ArrowDown", "ArrowRight", "Enter")
    expect_announced(page, messages["ui.keys.picked"].format(card=card))
    keys(page, "Escape", "f")
    wait_for_moves(page, 1)
    pile = messages["ui.pile.foundation"].format(n=1)
    expect_announced(page, sentences(messages["ui.keys.moved"].format(card=card, pile=pile)))
    assert card in announced(page) and "{" not in announced(page)
    # The focused card's accessible name is in that language too.
    name = page.evaluate("document.activeElement.getAttribute('aria-label')")
    queen = messages["ui.card"].format(rank=messages["ui.rank.Q"], suit=messages["ui.suit.H"])
    assert name == queen


def test_the_cursor_and_a_pick_survive_a_redraw(page: Page, server: str) -> None:
    start_layout(page, server, SEVEN_FROM_WINNING)
    keys(page, "ArrowDown", "ArrowDown", "ArrowRight", "ArrowUp", "Enter")
    assert focused(page) == ["t2", "QH"]
    drawn = page.evaluate("document.getElementById('board').dataset.size")
    # A phone turned upright: the board is drawn again at the new size, from scratch.
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_function(
        "drawn => document.getElementById('board').dataset.size !== drawn", arg=drawn
    )
    expect(page.locator('[data-pile="t2"] .card.picked')).to_have_count(2)
    assert focused(page) == ["t2", "QH"]
    expect(page.locator('[data-pile="t2"] .key-ring')).to_have_count(1)
    assert page.locator('[data-pile="t2"] .key-ring').is_visible()
