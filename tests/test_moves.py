"""Move text (rules §1)."""

import pytest

from solitaire.moves import DRAW, Move, MoveTextError, format_moves, parse_moves

GOOD = ["d", "t3-t5", "t3:4-t5", "t10:12-t1", "w-t2", "w-f", "t6-f", "w-f3", "t6-f8", "f3-t7"]


@pytest.mark.parametrize("text", GOOD)
def test_move_text_round_trips(text: str) -> None:
    move = Move.parse(text)
    assert str(move) == text
    assert Move.parse(str(move)) == move


def test_move_fields() -> None:
    assert Move.parse("t3:4-t5") == Move("t3", "t5", 4)
    assert Move.parse("t3:1-t5") == Move("t3", "t5", 1)
    assert Move.parse(" W-F ") == Move("w", "f", 1)
    assert Move.parse("d") is DRAW
    assert DRAW.is_draw


@pytest.mark.parametrize(
    ("text", "hint"),
    [
        ("", "empty move"),
        ("x", "not a move"),
        ("t3-", "not a pile a card can go to"),
        ("t11-t2", "not a pile a card can leave"),
        ("t0-t2", "not a pile a card can leave"),
        ("t3:0-t5", "not a pile a card can leave"),
        ("w:2-t5", "only a column"),
        ("f3:2-t5", "only a column"),
        ("t3-w", "not a pile a card can go to"),
        ("t3-s", "not a pile a card can go to"),
        ("s-t3", "not a pile a card can leave"),
        ("f-t3", "not a pile a card can leave"),
        ("t3-f9", "not a pile a card can go to"),
    ],
)
def test_bad_move_text_is_refused_with_a_reason(text: str, hint: str) -> None:
    with pytest.raises(MoveTextError, match=hint):
        Move.parse(text)


def test_move_lists_name_the_bad_move() -> None:
    assert format_moves(parse_moves("d  t3-t5\nw-f")) == "d t3-t5 w-f"
    with pytest.raises(MoveTextError, match="move 3"):
        parse_moves("d t3-t5 t3--t5")
