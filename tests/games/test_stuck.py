"""UI-19: the stuck moment, each game's exact condition (docs/engine.md), on positions built
for it — and its absence when a whole pass of the stock would free a card."""

from collections import Counter

import pytest

from solitaire.codes import parse_variant
from solitaire.games import rules_for
from solitaire.layout import parse_layout

from .helpers import (
    HARP_DOWN,
    HARP_TOPS,
    KLONDIKE_DOWN,
    KLONDIKE_TOPS,
    SIMPLE_SIMON_STUCK,
    stock_layout,
)


def stuck(layout: str) -> bool:
    position = parse_layout(layout)
    return rules_for(position.variant).no_move_left(position)


@pytest.mark.parametrize("variant", ["KL1-D1N", "KL1-D3N", "KL1-D1V", "KL1-D3V"])
def test_ui19_klondike_with_nothing_to_move_even_through_the_stock_is_stuck(variant: str) -> None:
    assert stuck(stock_layout(variant, KLONDIKE_TOPS, KLONDIKE_DOWN))


@pytest.mark.parametrize("variant", ["KL1-D1N", "KL1-D1V"])
def test_ui19_a_card_a_pass_of_the_stock_would_free_means_not_stuck(variant: str) -> None:
    # 3H, turned last, goes on 4S: nothing moves now, but a pass of the stock frees it.
    layout = stock_layout(variant, KLONDIKE_TOPS, KLONDIKE_DOWN.replace("3H", "4D"), deep="3H")
    assert parse_layout(layout).pile("s").cards[0].code == "3H"
    assert not stuck(layout)


def test_ui19_in_vegas_a_spent_stock_leaves_the_waste_out_of_reach() -> None:
    # 3H lies under 4D on the waste, the stock is empty: Normal turns the waste back and
    # reaches it; Vegas (no pass back, KL-9) cannot.
    down = KLONDIKE_DOWN.replace("3H", "").split()
    shape = rules_for(parse_variant("KL1-D1N")).shape
    named = Counter([*KLONDIKE_TOPS, *down, "3H", "4D"])
    rest = sorted((Counter(card.code for card in shape.deck) - named).elements())
    for variant, expected in (("KL1-D1N", False), ("KL1-D1V", True)):
        layout = stock_layout(variant, KLONDIKE_TOPS, " ".join(down + rest), waste="3H 4D")
        assert parse_layout(layout).pile("s").cards == ()
        assert stuck(layout) is expected, variant


def test_ui19_a_card_on_the_waste_that_fits_means_not_stuck() -> None:
    layout = stock_layout("KL1-D1N", KLONDIKE_TOPS, KLONDIKE_DOWN.replace("3H", "4D"), waste="3H")
    assert not stuck(layout)


def test_ui19_a_whole_column_into_an_empty_one_changes_nothing() -> None:
    # t6 is a lone KS, t7 empty: the one move, KS to t7, leaves the game as it was. The red
    # queens and the other kings lie face down, so nothing from the stock goes there either.
    layout = stock_layout(
        "KL1-D1N",
        [*KLONDIKE_TOPS[:5], "KS", "KH"],
        KLONDIKE_DOWN + " KC KD QH QD",
    )
    lines = layout.splitlines()
    t6 = next(i for i, line in enumerate(lines) if line.startswith("t6:"))
    t7 = next(i for i, line in enumerate(lines) if line.startswith("t7:"))
    # Move t6's and t7's face-down cards and t7's king onto t5, face down, under its 4S.
    extra = [token for token in lines[t6].split()[1:-1] + lines[t7].split()[1:]]
    t5 = next(i for i, line in enumerate(lines) if line.startswith("t5:"))
    head, top = lines[t5].rsplit(" ", 1)
    lines[t5] = " ".join([head, *(f"[{token.strip('[]')}]" for token in extra), top])
    lines[t6], lines[t7] = "t6: KS", "t7:"
    position = parse_layout("\n".join(lines))
    rules = rules_for(position.variant)
    assert [str(move) for move in rules.legal_moves(position)] == ["d", "t6-t7"]
    assert rules.no_move_left(position)


@pytest.mark.parametrize("variant", ["EH1-N"])
def test_ui19_easy_harp_stuck_and_freed_by_a_pass(variant: str) -> None:
    assert stuck(stock_layout(variant, HARP_TOPS, HARP_DOWN))
    freed = stock_layout(variant, HARP_TOPS, HARP_DOWN.replace("3H 3H", "3H 4D"), deep="3H")
    assert not stuck(freed)


def test_ui19_simple_simon_with_no_group_to_move_is_stuck() -> None:
    assert stuck(SIMPLE_SIMON_STUCK)
    # t9's two cards the other way round: 4H on top goes on t5's 5S, a move.
    assert not stuck(SIMPLE_SIMON_STUCK.replace("t9: 4H 9S", "t9: 9S 4H"))


def test_ui19_a_won_game_is_not_stuck() -> None:
    foundations = [" ".join(rank + suit for rank in "A23456789TJQK") for suit in "SHDC"]
    layout = "\n".join(
        ["game: KL1-D1N", *(f"f{i + 1}: {cards}" for i, cards in enumerate(foundations))]
    )
    assert not stuck(layout)
