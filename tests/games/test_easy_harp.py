"""Easy Harp (rules §4): one test or more naming each rule, EH-0 … EH-11."""

import pytest

from solitaire.games import Refusal
from solitaire.play import Game

from .helpers import codes, make_game

FULL_SPADES = "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS"


def refused(game: Game, move: str) -> Refusal:
    before = (game.layout(), game.score, game.moves, len(game.history))
    with pytest.raises(Refusal) as caught:
        game.play(move)
    assert (game.layout(), game.score, game.moves, len(game.history)) == before
    return caught.value


def test_eh0_setup() -> None:
    game = Game.from_code("EH1-N-AAAAAAF")
    position = game.position
    assert position.card_count() == 104
    assert [len(position.pile(f"t{i}")) for i in range(1, 10)] == list(range(1, 10))
    assert sum(position.pile(f"t{i}").down for i in range(1, 10)) == 36
    assert len(position.pile("s")) == 59 and position.pile("s").down == 59
    assert not position.pile("w").cards
    assert [s.letter for s in position.shape.foundation_suits] == list("SSHHDDCC")
    assert game.score == 0


def test_eh1_opposite_colour_one_higher_and_every_card_twice() -> None:
    game = make_game(
        "EH1-N", {"t1": "7H", "t2": "7H", "t3": "7D", "t4": "7D", "t5": "6S", "t6": "6C"}
    )
    targets = {dest.pile: dest.targets for dest in game.dests()}
    assert set(targets["t5"]) == {"t1", "t2", "t3", "t4"}  # a black 6 has four targets
    assert refused(game, "t1-t3").rule == "EH-1"
    game.play("t5-t3")
    assert codes(game.position, "t3") == "7D 6S"


def test_eh2_one_card_at_a_time_between_columns() -> None:
    game = make_game("EH1-N", {"t1": "[2C] 8S 7H 6C", "t2": "9D", "t3": "7D"})
    refusal = refused(game, "t1:3-t2")
    assert (refusal.reason, refusal.rule) == ("one_card_at_a_time", "EH-2")
    with pytest.raises(Refusal, match="one_card_at_a_time"):
        game.drop("t1", 1, "t2")
    game.play("t1-t3")  # taken apart card by card
    assert codes(game.position, "t3") == "7D 6C"


def test_eh2_a_card_dragged_off_the_face_down_stock_is_refused() -> None:
    game = Game.from_code("EH1-N-AAAAAAF")
    with pytest.raises(Refusal) as caught:
        game.drop("s", len(game.position.pile("s")) - 1, "w", auto_placement=True)
    assert (caught.value.reason, caught.value.rule, game.moves) == ("face_down", "EH-2", 0)


def test_eh3_empty_column_takes_only_a_king_or_a_king_led_run() -> None:
    game = make_game("EH1-N", {"t1": "[2C] KS QH JC", "t2": "[3C] QD", "t4": "KH QS JH TC"})
    refusal = refused(game, "t2-t3")
    assert (refusal.reason, refusal.rule) == ("king_only", "EH-3")
    assert refused(game, "t1:2-t3").reason == "king_only"
    game.play("t1:3-t3")  # the exception: a king-led run into an empty column
    assert codes(game.position, "t3") == "KS QH JC"
    assert codes(game.position, "t1") == "2C"
    assert refused(game, "t4:4-t1").rule in {"EH-2", "EH-3"}  # nowhere else
    for move in game.legal_moves():
        if move.count > 1:  # only king-led runs, only into empty columns
            assert not game.position.pile(move.target).cards
            assert game.position.pile(move.source).cards[-move.count].rank == 13


def test_eh3_king_run_must_alternate_and_descend() -> None:
    game = make_game("EH1-N", {"t1": "[2C] KS QS", "t2": "KD"})
    refusal = refused(game, "t1:2-t3")
    assert (refusal.reason, refusal.rule) == ("king_run", "EH-3")


def test_eh4_only_the_waste_top_plays() -> None:
    game = make_game("EH1-N", {"w": "8D 9S", "t1": "TH", "t2": "9C"})
    with pytest.raises(Refusal) as caught:
        game.drop("w", 0, "t2")
    assert (caught.value.reason, caught.value.rule) == ("top_card_only", "EH-4")
    game.play("w-t1")
    game.play("w-t2")
    assert codes(game.position, "t2") == "9C 8D"


def test_eh5_foundations_by_suit_first_place_that_accepts() -> None:
    game = make_game("EH1-N", {"t1": "AS", "t2": "AS", "t3": "2S", "t4": "AH"})
    assert str(game.play("t1-f").move) == "t1-f1"
    assert str(game.play("t2-f").move) == "t2-f2"
    assert str(game.play("t3-f").move) == "t3-f1"  # both accept 2♠: the leftmost
    refusal = refused(game, "t4-f1")
    assert (refusal.reason, refusal.rule) == ("foundation_suit", "EH-5")
    game.drop("t4", 0, "f8")  # a drop anywhere in the area finds its place
    assert codes(game.position, "f3") == "AH"


def test_eh6_one_card_per_tap_and_free_unlimited_passes() -> None:
    game = make_game("EH1-N", {"s": "[3C] [2D]", "t1": "KS"}, rest="t2", score=40)
    game.play("d")
    assert codes(game.position, "w") == "2D"
    game.play("d")
    for _ in range(3):
        game.play("d")  # put back: free
        assert game.score == 40
        assert codes(game.position, "s") == "[3C] [2D]"
        game.play("d")
        game.play("d")


def test_eh7_uncovered_card_turns_up() -> None:
    game = make_game("EH1-N", {"t1": "[5S] [9H] AD"})
    step = game.play("t1-f")
    assert step.flips == 1
    assert codes(game.position, "t1") == "[5S] 9H"
    assert game.score == 15


def test_eh8_foundation_card_back_to_a_column_for_nothing() -> None:
    game = make_game("EH1-N", {"f3": "AH 2H 3H", "t1": "4C", "t2": "[2C] 5D"}, rest="t3", score=100)
    game.play("f3-t1")
    assert game.score == 100
    assert codes(game.position, "t1") == "4C 3H"


def test_eh9_won_with_all_104_on_the_foundations() -> None:
    full = {
        f"f{i}": " ".join(f"{r}{s}" for r in "A23456789TJQK") for i, s in enumerate("SSHHDDCC", 1)
    }
    full["f8"] = "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC"
    game = make_game("EH1-N", full, rest="t9")
    assert not game.won
    game.play("t9-f")
    assert game.won
    assert game.legal_moves() == []


def test_eh10_scoring() -> None:
    game = make_game("EH1-N", {"w": "8C", "t1": "[2H] AS", "t2": "9H", "t3": "[3H] 9D"})
    game.play("t1-f")  # +10 +5
    game.play("w-t2")  # +5
    assert game.score == 20
    game.play("t2-t3")  # 0 (no flip)
    assert game.score == 20
    assert game.rules.format_score(game.score) == "20"


def test_eh11_undo_takes_back_points_but_not_the_move_counter() -> None:
    game = make_game("EH1-N", {"t1": "[2H] AS", "s": "[5C]"})
    game.play("t1-f")
    game.play("d")
    assert (game.score, game.moves) == (15, 2)
    game.undo()
    game.undo()
    assert game.score == 0
    assert game.moves == 2  # the counter does not go down
    assert codes(game.position, "t1") == "[2H] AS"
    game.play("d")
    assert game.moves == 3  # and every action counts, stock taps included


def test_eh11_undo_limit_is_100() -> None:
    game = Game.from_code("EH1-N-AAAAAAF")
    for _ in range(120):
        game.play("d")
    undone = 0
    while game.can_undo:
        game.undo()
        undone += 1
    assert undone == 100
    assert game.moves == 120
