"""Simple Simon (rules §5): one test or more naming each rule, SS-0 … SS-9."""

from collections import Counter
from pathlib import Path

import pytest

from solitaire.codes import parse_variant
from solitaire.deals import deck_for
from solitaire.games import Refusal
from solitaire.games.simple_simon import group_start, is_group
from solitaire.layout import parse_layout
from solitaire.play import Game

from .helpers import codes, make_game

SS9 = (Path(__file__).parents[1] / "fixtures" / "ss9.txt").read_text("utf-8")


def simon(*columns: str, suits: int = 4) -> Game:
    """A Simple Simon game from ten columns (missing cards must be whole removed runs)."""
    lines = [f"game: SS1-S{suits}"]
    lines += [f"t{i}: {columns[i - 1] if i <= len(columns) else ''}".rstrip() for i in range(1, 11)]
    return Game(parse_layout("\n".join(lines)))


def rest_of(suit: str, *ranks: str) -> str:
    return " ".join(f"{rank}{suit}" for rank in ranks)


def refused(game: Game, move: str) -> Refusal:
    before = (game.layout(), game.score, game.moves, len(game.history))
    with pytest.raises(Refusal) as caught:
        game.play(move)
    assert (game.layout(), game.score, game.moves, len(game.history)) == before
    return caught.value


HEARTS = rest_of("H", *"KQJT98765432A")
SPADES = rest_of("S", *"KQJT98765432A")


def test_ss0_setup() -> None:
    game = Game.from_code("SS1-S4-AAAAABD")
    position = game.position
    assert [len(pile) for _, pile in position.items()] == [8, 8, 8, 7, 6, 5, 4, 3, 2, 1]
    assert all(pile.down == 0 for _, pile in position.items())
    assert position.shape.pile_ids == tuple(f"t{i}" for i in range(1, 11))
    assert game.score == 500
    assert game.observation()["runs_removed"] == 0


def test_ss1_suit_counts() -> None:
    for suits, letters in ((1, "S"), (2, "SH"), (4, "SHDC")):
        game = Game.from_code(f"SS1-S{suits}-AAAAABD")
        cards = game.position.all_cards()
        assert len(cards) == 52
        assert {card.suit.letter for card in cards} == set(letters)
        _, deck = deck_for(parse_variant(f"SS1-S{suits}").game, suits)
        assert Counter(cards) == Counter(deck)


def test_ss2_rank_rules() -> None:
    game = make_game(
        "SS1-S4", {"t1": "4S", "t2": "3H", "t3": "3S", "t4": "KD", "t5": "2H", "t6": "AD"}, "t9"
    )
    game.play("t2-t1")  # 3♥ on 4♠: any suit
    assert codes(game.position, "t1") == "4S 3H"
    assert refused(game, "t5-t6").reason == "nothing_on_ace"
    refusal = refused(game, "t4-t3")
    assert (refusal.reason, refusal.rule) == ("king_to_empty", "SS-2")
    refusal = refused(game, "t3-t5")
    assert (refusal.reason, refusal.rule) == ("one_rank_higher", "SS-2")
    game.play("t4-t10")  # a king into an empty column
    assert codes(game.position, "t10") == "KD"


def test_ss3_only_one_suit_groups_move_together() -> None:
    game = make_game("SS1-S4", {"t1": "9H 8S 7S 6S", "t2": "8D 7H", "t3": "8H"}, "t10")
    refusal = refused(game, "t2:2-t3")  # 8♦ 7♥: mixed suits, even with empty columns
    assert (refusal.reason, refusal.rule) == ("same_suit_group", "SS-3")
    assert refused(game, "t1:4-t4").reason == "same_suit_group"
    game.play("t1:3-t4")  # 8♠ 7♠ 6♠ into an empty column: no size limit
    assert codes(game.position, "t4") == "8S 7S 6S"
    game.play("t2-t3")  # a single card on one rank higher of the same suit
    assert codes(game.position, "t3") == "8H 7H"
    assert group_start(game.position.pile("t4")) == 0
    assert group_start(game.position.pile("t1")) == 0
    assert is_group(game.position.pile("t3").cards)


def test_ss3_a_group_is_placed_like_a_single_card() -> None:
    game = make_game("SS1-S4", {"t1": "5D 4D 3D", "t2": "6C", "t3": "7C"}, "t10")
    assert refused(game, "t1:3-t3").reason == "one_rank_higher"
    game.play("t1:3-t2")
    assert codes(game.position, "t2") == "6C 5D 4D 3D"


def test_ss4_empty_column_takes_any_card_or_one_suit_group() -> None:
    game = make_game("SS1-S4", {"t1": "9S 5H", "t2": "8D 7D 6D"}, "t10")
    game.play("t1-t5")  # a 5 into an empty column, not only a king
    game.play("t2:3-t6")
    assert codes(game.position, "t5") == "5H"
    assert codes(game.position, "t6") == "8D 7D 6D"


def test_ss5_a_completed_one_suit_run_leaves_at_once() -> None:
    game = make_game(
        "SS1-S4", {"t1": "5H " + rest_of("S", *"KQJT9876"), "t2": "5S 4S 3S 2S AS"}, "t10"
    )
    step = game.play("t2:5-t1")
    assert step.runs_removed == 1
    assert codes(game.position, "t1") == "5H"
    assert codes(game.position, "t2") == ""
    assert game.observation()["runs_removed"] == 1
    assert (game.score, game.moves) == (500 - 1 + 100, 1)  # leaving is not a move
    game.undo()  # SS-8: the run comes back with the move that completed it
    assert codes(game.position, "t1") == "5H " + rest_of("S", *"KQJT9876")
    assert (game.score, game.moves) == (500, 0)


def test_ss5_only_a_one_suit_run_leaves() -> None:
    game = make_game("SS1-S4", {"t1": rest_of("S", *"KQJT98765432"), "t2": "AH"}, "t10")
    game.play("t2-t1")  # K♠ … 2♠ A♥: thirteen in order but not one suit
    assert len(game.position.pile("t1")) == 13
    assert game.observation()["runs_removed"] == 0


def test_ss6_won_when_all_runs_have_left() -> None:
    game = simon(rest_of("S", *"KQJT98765432"), "AS", suits=4)
    assert not game.won
    game.play("t2-t1")
    assert game.won
    assert game.position.card_count() == 0
    assert game.score == 500 - 1 + 100


def test_ss7_scoring() -> None:
    game = Game.from_code("SS1-S1-AAAAABD")
    game.play(game.legal_moves()[0])
    assert game.score == 499
    assert game.rules.score_after(-3, -1) == -4  # no lower bound
    assert game.rules.format_score(-4) == "-4"


def test_ss8_undo_restores_score_and_move_counter() -> None:
    game = Game.from_code("SS1-S2-AAAAABD")
    history = []
    for _ in range(20):
        moves = game.legal_moves()
        if not moves:
            break
        history.append((game.layout(), game.score, game.moves))
        game.play(moves[0])
    for snapshot in reversed(history):
        game.undo()
        assert (game.layout(), game.score, game.moves) == snapshot


def test_ss9_examples_deal_loads_from_its_plain_text() -> None:
    position = parse_layout(SS9)
    assert position.variant == parse_variant("SS1-S4")
    assert [len(pile) for _, pile in position.items()] == [8, 8, 8, 7, 6, 5, 4, 3, 2, 1]
    # Rules SS-9's lower bound: 47 cards start away from their same-suit successor.
    away = 0
    for _, pile in position.items():
        for below, card in zip((None, *pile.cards), pile.cards, strict=False):
            if card.rank == 13:
                continue
            if below is None or below.suit is not card.suit or below.rank != card.rank + 1:
                away += 1
    assert away == 47
    assert Game(position).score == 500
