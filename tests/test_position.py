"""The table's shape (TableShape) as each game's rules declare it, and positions as values."""

from __future__ import annotations

import pytest

from solitaire.cards import SUITS
from solitaire.codes import parse_variant
from solitaire.games import rules_for
from solitaire.position import TableShape


@pytest.mark.parametrize(
    ("variant", "columns", "suits", "top_row"),
    [
        ("KL1-D1N", 7, "SHDC", ("s", "w", None, "f1", "f2", "f3", "f4")),
        ("EH1-N", 9, "SSHHDDCC", ("s", "w", "f1", "f2", "f3", "f4", "f5", "f6", "f7", "f8")),
        ("SS1-S2", 10, "", ()),
    ],
)
def test_each_game_declares_its_table_and_the_piles_follow(
    variant: str, columns: int, suits: str, top_row: tuple[str | None, ...]
) -> None:
    # KL-0, EH-0, SS-0: the rules' data; the pile order is the top row's, then the columns.
    shape = rules_for(parse_variant(variant)).shape
    assert (shape.columns, shape.top_row) == (columns, top_row)
    assert "".join(suit.letter for suit in shape.foundation_suits) == suits
    above = [pile for pile in top_row if pile is not None]
    assert list(shape.pile_ids) == above + [f"t{i}" for i in range(1, columns + 1)]
    assert shape.has_stock == ("s" in above)
    assert [shape.index(pile) for pile in shape.pile_ids] == list(range(len(shape.pile_ids)))


def test_a_top_row_without_the_foundations_in_order_is_refused() -> None:
    deck = rules_for(parse_variant("KL1-D1N")).shape.deck
    with pytest.raises(ValueError, match="foundations in order"):
        TableShape(parse_variant("KL1-D1N"), 7, SUITS, ("s", "w", "f2", "f1", "f3", "f4"), deck)
