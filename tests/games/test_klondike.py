"""Klondike (rules §3): one test or more naming each rule, KL-0 … KL-13."""

import pytest

from solitaire.codes import parse_code
from solitaire.games import Refusal
from solitaire.play import Game

from .helpers import codes, make_game


def refused(game: Game, move: str) -> Refusal:
    """Play an illegal move; check it is refused and changes nothing."""
    before = (game.layout(), game.score, game.moves, game.fan, len(game.history))
    with pytest.raises(Refusal) as caught:
        game.play(move)
    assert (game.layout(), game.score, game.moves, game.fan, len(game.history)) == before
    return caught.value


def test_kl0_setup() -> None:
    game = Game.from_code("KL1-D1N-AAAAAAG")
    position = game.position
    assert [len(position.pile(f"t{i}")) for i in range(1, 8)] == [1, 2, 3, 4, 5, 6, 7]
    assert [position.pile(f"t{i}").down for i in range(1, 8)] == [0, 1, 2, 3, 4, 5, 6]
    assert len(position.pile("s")) == 24 and position.pile("s").down == 24
    assert not position.pile("w").cards
    assert all(not position.pile(f"f{i}").cards for i in range(1, 5))
    assert [suit.letter for suit in position.shape.foundation_suits] == ["S", "H", "D", "C"]
    assert (game.score, game.moves, game.score_text) == (0, 0, "0")


def test_kl1_opposite_colour_one_rank_higher() -> None:
    game = make_game("KL1-D1N", {"t1": "8S", "t2": "7H", "t3": "7C", "t4": "9H"})
    assert refused(game, "t3-t1").reason == "build_down"  # black on black
    assert refused(game, "t1-t2").rule == "KL-1"  # higher on lower
    game.play("t2-t1")  # 7♥ on 8♠
    assert codes(game.position, "t1") == "8S 7H"


def test_kl2_any_face_up_run_moves_with_the_cards_on_it() -> None:
    game = make_game("KL1-D1N", {"t1": "[2S] 9C 8H 7S", "t2": "TD", "t3": "[3S] 9H"})
    game.play("t1:3-t2")
    assert codes(game.position, "t2") == "TD 9C 8H 7S"
    assert codes(game.position, "t1") == "2S"  # turned up by the move (KL-6)
    refusal = refused(game, "t3:2-t2")
    assert (refusal.reason, refusal.rule) == ("face_down", "KL-2")


@pytest.mark.parametrize("auto_placement", [False, True])
def test_kl2_a_card_dragged_off_the_face_down_stock_is_refused(auto_placement: bool) -> None:
    # ``s`` onto ``w`` would read as the stock tap ``d``: the rules refuse the drag itself
    # (with auto placement too), and nothing is turned.
    game = make_game("KL1-D1N", {"t1": "KS", "w": "7H"})
    top = len(game.position.pile("s")) - 1
    before = game.layout()
    for target in ("w", "t1", "f"):
        with pytest.raises(Refusal) as caught:
            game.drop("s", top, target, auto_placement=auto_placement)
        assert (caught.value.reason, caught.value.rule) == ("face_down", "KL-2")
    assert (game.layout(), game.moves) == (before, 0)
    game.tap("s", top)  # a tap turns a card (UI-2)
    assert game.moves == 1


def test_kl2_only_the_first_card_of_the_run_must_fit() -> None:
    game = make_game("KL1-D1N", {"t1": "[2S] 9C 8H 7S", "t2": "9S"})
    assert refused(game, "t1:3-t2").reason == "build_down"
    game.play("t1:2-t2")
    assert codes(game.position, "t2") == "9S 8H 7S"


def test_kl3_empty_column_takes_only_a_king() -> None:
    game = make_game("KL1-D1N", {"t1": "[5S] QH", "t2": "[4S] KC QD", "w": "JS"})
    refusal = refused(game, "t1-t3")
    assert (refusal.reason, refusal.rule) == ("king_only", "KL-3")  # even to uncover a card
    assert refused(game, "w-t3").reason == "king_only"
    game.play("t2:2-t3")  # a king with the cards on it
    assert codes(game.position, "t3") == "KC QD"


def test_kl4_only_the_waste_top_plays() -> None:
    game = make_game("KL1-D1N", {"w": "8D 9S", "t1": "TH", "t2": "9C"})
    with pytest.raises(Refusal) as caught:
        game.drop("w", 0, "t2")
    assert (caught.value.reason, caught.value.rule) == ("top_card_only", "KL-4")
    game.play("w-t1")
    assert codes(game.position, "t1") == "TH 9S"
    game.play("w-t2")
    assert codes(game.position, "w") == ""


def test_kl5_foundations_build_up_by_suit_one_card_at_a_time() -> None:
    game = make_game("KL1-D1N", {"t1": "3H 2H", "t2": "AH", "t3": "2S AS", "w": "AD"})
    assert refused(game, "t1-f").reason == "foundation_order"
    refusal = refused(game, "t3-f2")
    assert (refusal.reason, refusal.rule) == ("foundation_suit", "KL-5")
    step = game.play("t3-f")  # the rules pick ♠'s place
    assert str(step.move) == "t3-f1"
    game.play("t2-f2")
    assert refused(game, "t1:2-f2").reason == "foundation_one_card"
    game.play("t1-f")
    game.play("w-f")
    assert [codes(game.position, f"f{i}") for i in range(1, 5)] == ["AS", "AH 2H", "AD", ""]


def test_kl5_a_drop_on_any_foundation_goes_to_its_own_suit() -> None:
    game = make_game("KL1-D1N", {"t1": "AC"})
    game.drop("t1", 0, "f1")
    assert codes(game.position, "f4") == "AC"


def test_kl6_uncovered_card_turns_up_within_the_move() -> None:
    game = make_game("KL1-D1N", {"t1": "[5S] [4H] AS"})
    step = game.play("t1-f")
    assert step.flips == 1
    assert codes(game.position, "t1") == "[5S] 4H"
    assert game.moves == 1  # a flip is part of the move
    assert game.score == 15


def test_kl7_foundation_top_card_back_to_a_column_for_nothing() -> None:
    game = make_game("KL1-D1N", {"f2": "AH 2H 3H", "t1": "4S", "t2": "4H"})
    refusal = refused(game, "f2-t2")
    assert refusal.reason == "build_down"
    score = game.score
    game.play("f2-t1")
    assert codes(game.position, "t1") == "4S 3H"
    assert game.score == score
    game_with_king = make_game("KL1-D1N", {"f1": "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS"})
    game_with_king.play("f1-t3")
    assert codes(game_with_king.position, "t3") == "KS"


def test_kl8_draw_1_turns_one_card() -> None:
    game = Game.from_code("KL1-D1N-AAAAAAG")
    stock = game.position.pile("s").cards
    game.play("d")
    assert game.position.pile("w").cards == (stock[-1],)
    assert len(game.position.pile("s")) == 23


def test_kl8_draw_3_turns_three_fanned_and_the_one_beneath_plays_next() -> None:
    game = make_game(
        "KL1-D3N", {"s": "[5C] [2H] [KD] [9S] [TH]", "t1": "JS", "t2": "TC"}, rest="t3"
    )
    game.play("d")
    assert codes(game.position, "w") == "TH 9S KD"
    assert game.fan == 3
    game.play("d")  # only two left: both turn
    assert codes(game.position, "w") == "TH 9S KD 2H 5C"
    assert game.fan == 2
    game.undo()
    assert game.fan == 3  # undo restores the fan (KL-13)
    assert refused(game, "w-t1").reason == "build_down"  # K♦ is on top
    game.undo()


def test_kl8_draw_3_playing_the_top_uncovers_the_next() -> None:
    game = make_game(
        "KL1-D3N", {"s": "[5C] [TH] [9S] [KD]", "t1": "JS", "t2": "TC", "t3": "KH"}, rest="t4"
    )
    game.play("d")
    assert codes(game.position, "w") == "KD 9S TH"
    game.play("w-t1")  # T♥ on J♠
    assert game.fan == 2
    refusal = refused(game, "w-t2")  # 9♠ on 10♣: same colour
    assert refusal.reason == "build_down"
    game.play("w-t1")  # 9♠ on 10♥
    assert codes(game.position, "t1") == "JS TH 9S"
    assert game.fan == 1


def test_kl9_normal_puts_the_waste_back_in_the_same_order() -> None:
    game = make_game("KL1-D1N", {"s": "[3C] [2D] [AH]", "t1": "KS"}, rest="t2")
    for _ in range(3):
        game.play("d")
    assert codes(game.position, "w") == "AH 2D 3C"
    game.play("d")  # put back
    assert codes(game.position, "s") == "[3C] [2D] [AH]"
    assert not game.position.pile("w").cards
    game.play("d")
    assert codes(game.position, "w") == "AH"  # same order as the last pass


def test_kl9_vegas_allows_no_pass_back_in_draw_1_and_draw_3() -> None:
    for variant in ("KL1-D1V", "KL1-D3V"):
        game = make_game(variant, {"s": "[3C] [2D] [AH]", "t1": "KS"}, rest="t2")
        game.play("d")
        if variant == "KL1-D1V":
            game.play("d")
            game.play("d")
        refusal = refused(game, "d")
        assert (refusal.reason, refusal.rule) == ("no_redeal", "KL-9")
        assert all(not move.is_draw for move in game.legal_moves())


def test_kl9_empty_stock_and_waste_do_nothing() -> None:
    game = make_game("KL1-D1N", {"t1": "KS"}, rest="t2")
    assert refused(game, "d").reason == "stock_empty"


def test_kl10_won_with_all_52_on_foundations_and_nothing_moves_by_itself() -> None:
    piles = {f"f{i}": " ".join(f"{r}{s}" for r in "A23456789TJQK") for i, s in enumerate("SHDC", 1)}
    piles["f4"] = "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC"
    game = make_game("KL1-D1N", piles, rest="t1")
    assert not game.won
    game.play("t1-f")
    assert game.won
    assert refused(game, "f4-t1").reason == "game_over"
    with pytest.raises(Refusal, match="game_over"):
        game.undo()
    # Nothing moves by itself: a position with every card ready stays until played.
    ready = make_game("KL1-D1N", {"t1": "AS"}, rest="t2")
    assert codes(ready.position, "f1") == ""


def test_kl11_normal_scoring() -> None:
    game = make_game(
        "KL1-D1N",
        {"s": "[9D]", "w": "8C", "t1": "[2H] AS", "t2": "9H", "t3": "[3H] TS", "t4": "JD"},
    )
    game.play("t1-f")  # +10 and the flip +5
    assert game.score == 15
    game.play("w-t2")  # +5
    assert game.score == 20
    game.play("t2:2-t3")  # column to column: 0
    assert game.score == 20
    game.play("t3:3-t4")  # column to column with a flip: +5
    assert game.score == 25
    game.play("d")  # a tap on the stock: 0
    assert game.score == 25


def test_kl11_put_back_costs_100_but_never_below_zero() -> None:
    game = make_game("KL1-D1N", {"s": "[9D]", "t1": "[2H] AS"}, rest="t2")
    game.play("d")
    game.play("d")  # put back from 0: stays at 0
    assert game.score == 0
    game.undo()
    assert game.score == 0
    game.play("t1-f")
    assert game.score == 15
    game.play("d")  # 15 − 100 → 0, only 15 actually deducted
    assert game.score == 0
    game.undo()
    assert game.score == 15  # undo restores the clamped score exactly (KL-13)


def test_kl11_taking_back_from_a_foundation_is_worth_nothing() -> None:
    game = make_game("KL1-D1N", {"f1": "AS 2S", "t1": "3H"}, rest="t2", score=30)
    game.play("f1-t1")
    assert game.score == 30


def test_kl12_vegas_scoring_in_dollars() -> None:
    game = make_game("KL1-D1V", {"s": "[9D]", "w": "8C", "t1": "[2H] AS", "t2": "9H"})
    assert (game.score, game.score_text) == (-52, "-$52")
    game.play("t1-f")  # +$5; the flip earns nothing
    assert game.score_text == "-$47"
    game.play("w-t2")  # nothing
    game.play("d")
    assert game.score == -47
    assert game.rules.format_score(0) == "$0"
    assert game.rules.format_score(208) == "+$208"


def test_kl13_undo_restores_cards_score_and_move_counter() -> None:
    game = Game.from_code("KL1-D3N-AAAAAAG")
    snapshots = []
    for _ in range(30):
        snapshots.append((game.layout(), game.score, game.moves, game.fan))
        game.play(game.legal_moves()[-1])
    for snapshot in reversed(snapshots):
        game.undo()
        assert (game.layout(), game.score, game.moves, game.fan) == snapshot


def test_kl13_undo_reaches_back_100_actions() -> None:
    game = Game.from_code("KL1-D1N-AAAAAAG")
    start = game.layout()
    for _ in range(101):
        game.play("d")
    for _ in range(100):
        game.undo()
    assert not game.can_undo
    with pytest.raises(Refusal, match="nothing_to_undo"):
        game.undo()
    assert game.moves == 1
    game_two = Game.from_code("KL1-D1N-AAAAAAG")
    game_two.play("d")
    assert game.layout() == game_two.layout() != start


def test_kl_deal_code_reproduces_the_options() -> None:
    code = parse_code("KL1-D3V-AAAAAAG")
    game = Game.from_code(code)
    assert game.code == "KL1-D3V-AAAAAAG"
    assert game.score_text == "-$52"
