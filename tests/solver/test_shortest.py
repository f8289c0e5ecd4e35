"""The shortest-win search (IDA*) and SS-9's lower bound."""

from __future__ import annotations

from solitaire.layout import parse_layout
from solitaire.pages.examples_deal import examples_position
from solitaire.play import Game
from solitaire.solver import simple_simon
from solitaire.solver.shortest import longest_group_into_empty, lower_bound, shortest_win


def test_the_examples_deal_needs_at_least_49_moves_as_spec_ss9_says() -> None:
    columns = simple_simon.columns_of(examples_position())
    assert simple_simon.misplaced(columns) == 47
    assert lower_bound(columns, four_suits=True) == 49


def test_a_king_above_its_own_suit_must_move() -> None:
    # K♥ lies on 5♥: the king must go to an empty column before 5♥ can join its run.
    position = parse_layout(
        "game: SS1-S4\n"
        "t1: 5H KH QH JH TH 9H 8H 7H 6H\n"
        "t2: 4H 3H 2H AH\n"
        "t3: KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AS\n"
    )
    columns = simple_simon.columns_of(position)
    assert lower_bound(columns, four_suits=True) == 3
    assert lower_bound(columns, four_suits=False) == 2
    result = shortest_win(position, seconds=30)
    game = Game(position)
    for move in result.moves:
        game.play(move)
    assert game.won
    # 5♥ onto 6♥ and 4♥…A♥ onto 5♥ are 2 moves, but K♥…6♥ must first leave 5♥: 3 moves.
    assert len(result.moves) == 3
    assert result.proved
    assert result.bounds_done == ()  # the bound was exact: nothing shorter to rule out


def test_preferring_a_long_group_into_an_empty_column() -> None:
    start = [b"\x0c\x0b\x0a", b"", b"\x20"]
    assert longest_group_into_empty([(0, 2, 1)], start) == 2
    assert longest_group_into_empty([(0, 1, 1), (0, 1, 2)], start) == 1
