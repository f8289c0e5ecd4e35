"""UI-10 Finish (games/finish.py and Game.finish): every card left sent to the foundations by
foundation moves and stock taps alone, each a move of its own, scored and counted as if
played; refused with ``cannot_finish`` (nothing changed) when it can't be done, and with
``no_finish`` in Simple Simon."""

from __future__ import annotations

import random

import pytest

from solitaire.games import Refusal
from solitaire.games.finish import finish_steps
from solitaire.layout import format_layout, parse_layout
from solitaire.moves import DRAW, Move
from solitaire.play import Game

from .helpers import everything, make_game, random_ending

RANKS = "A23456789TJQK"


def run(suit: str, count: int) -> str:
    """The first ``count`` cards of a suit, ace first: ``run("S", 3) == "AS 2S 3S"``."""
    return " ".join(rank + suit for rank in RANKS[:count])


def refused_finish(game: Game) -> Refusal:
    """A finish that must be refused, changing nothing at all."""
    before = everything(game)
    assert not game.can_finish
    with pytest.raises(Refusal) as caught:
        game.finish()
    assert everything(game) == before
    return caught.value


def klondike_ending(variant: str = "KL1-D1N") -> Game:
    """Klondike near its end: every column card face up, 25 cards still to go up."""
    return make_game(
        variant,
        {
            "f1": run("S", 9),
            "f2": run("H", 9),
            "f3": run("D", 4),
            "f4": run("C", 5),
            "t1": "KS QH JS",
            "t2": "KH QS JH TS",
            "t3": "9D 8C 7D 6C 5D",
            "t4": "KD QC JD TC",
            "t5": "KC QD JC TD 9C",
            "t6": "TH",
            "w": "6D",
            "s": "[7C] [8D]",
        },
    )


def test_ui10_klondike_finish_sends_every_card_up_one_move_each() -> None:
    game = klondike_ending()
    game.play("t6-f")  # a move of the player's own first: 10 points
    assert game.can_finish
    steps = game.finish()
    assert game.won
    texts = [str(step.move) for step in steps]
    # Column cards first, the lowest first (ties: leftmost), then the waste, then the stock.
    # A log replays a finish from the word "finish": this order is part of every saved game.
    assert texts == [
        "t3-f3", "t3-f4", "t2-f1", "t1-f1", "t2-f2", "t1-f2", "t2-f1", "t1-f1", "t2-f2",
        "w-f3", "t3-f3", "d", "w-f3", "d", "w-f4", "t3-f4", "t3-f3", "t5-f4", "t4-f4",
        "t5-f3", "t4-f3", "t5-f4", "t4-f4", "t5-f3", "t4-f3", "t5-f4",
    ]  # fmt: skip
    cards = 52 - 9 - 9 - 4 - 5 - 1
    assert texts.count("d") == 2 and len(steps) == cards + 2
    # KL-11: +10 each card, nothing for a tap; KL-13: every one counts as an action.
    assert game.score == 10 + 10 * cards
    assert game.moves == 1 + cards + 2
    assert game.log == ["t6-f2", "finish"]
    assert game.last is not None and game.last.action == "finish"
    assert game.last.steps == steps
    # Each card is a step of its own in the undo history, the last one on top.
    assert [snapshot.step for snapshot in list(game.history)[-len(steps) :]] == list(steps)


def test_ui10_vegas_finish_earns_five_dollars_a_card_in_a_single_pass() -> None:
    game = klondike_ending("KL1-D3V")
    steps = game.finish()
    assert game.won and game.score == -52 + 5 * (52 - 9 - 9 - 4 - 5)
    assert game.score_text == "+$73"  # KL-12
    assert [str(step.move) for step in steps].count("d") == 1  # both stock cards in one tap


def test_ui10_draw_3_may_hold_a_waste_card_back_for_a_better_pass() -> None:
    # Playing K♦ and K♣ at once leaves a stock of K♠ Q♠ that turns Q♠ under K♠ in every
    # pass; tapping first puts all four back, and three of them then turn with Q♠ on top.
    game = Game(
        parse_layout(
            "game: KL1-D3N\ns: [KS] [QS]\nw: KC KD\n"
            f"f1: {run('S', 11)}\nf2: {run('H', 13)}\nf3: {run('D', 12)}\nf4: {run('C', 12)}\n"
        ),
        score=250,
    )
    steps = game.finish()
    texts = [str(step.move) for step in steps]
    assert texts == ["d", "d", "d", "w-f1", "w-f3", "w-f4", "d", "w-f1"]
    assert game.won
    # Scored as played: the put-back (the second tap) -100, four cards +10 each.
    assert (game.score, game.moves) == (250 - 100 + 40, 8)


def test_ui10_easy_harp_finish_taps_through_the_stock_and_counts_every_move() -> None:
    game = make_game(
        "EH1-N",
        {
            "f1": run("S", 13),
            "f2": run("S", 11),
            "f3": run("H", 13),
            "f4": run("H", 12),
            "f5": run("D", 13),
            "f6": run("D", 12),
            "f7": run("C", 13),
            "f8": run("C", 10),
            "t1": "KS QS",
            "t2": "KD",
            "w": "KC",
            "s": "[QC] [KH] [JC]",
        },
    )
    game.play("d")
    game.undo()  # EH-11: the counter stays at 1
    assert game.can_finish and game.moves == 1
    steps = game.finish()
    assert game.won
    texts = [str(step.move) for step in steps]
    assert texts == ["t1-f2", "t1-f2", "t2-f6", "d", "w-f8", "d", "w-f4", "d", "w-f8", "w-f8"]
    assert game.score == 10 * 7  # EH-10: +10 a card, the taps free
    assert game.moves == 1 + len(steps)


def test_ui10_no_finish_while_a_column_hides_a_card() -> None:
    # Every card could go up in order, but the player can't see that: no finish.
    game = make_game(
        "KL1-D1N",
        {
            "f1": run("S", 13),
            "f2": run("H", 13),
            "f3": run("D", 13),
            "f4": run("C", 11),
            "t1": "[KC] QC",
        },
        rest="t1",
    )
    refusal = refused_finish(game)
    assert (refusal.reason, refusal.rule) == ("cannot_finish", "UI-10")


def vegas_with_a_card_stuck() -> Game:
    """Vegas: no pass back, and the waste holds 9♣ over 8♣."""
    return make_game(
        "KL1-D1V",
        {
            "f1": run("S", 13),
            "f2": run("H", 9),
            "f3": run("D", 13),
            "f4": run("C", 7),
            "w": "8C 9C",
            "t1": "KH QC JH TC",
            "t2": "KC QH JC",
            "t3": "TH",
        },
    )


def test_ui10_no_finish_when_a_card_is_stuck_under_a_higher_one() -> None:
    game = vegas_with_a_card_stuck()
    assert refused_finish(game).reason == "cannot_finish"
    # The same in Normal scoring: the waste goes back and comes round in order.
    normal = Game(parse_layout(format_layout(game.position).replace("D1V", "D1N")))
    assert normal.can_finish
    assert [str(step.move) for step in normal.finish()][:5] == ["t3-f2", "d", "d", "w-f4", "d"]


def test_ui10_the_observation_says_when_a_finish_becomes_possible() -> None:
    game = vegas_with_a_card_stuck()
    assert game.observation()["can_finish"] is False
    game.play("w-t3")  # 9♣ onto 10♥: 8♣ is free
    assert game.observation()["can_finish"] is True
    game.finish()
    assert game.won and game.observation()["can_finish"] is False


def test_ui10_simple_simon_has_no_finish() -> None:
    game = Game.from_code("SS1-S1-AAAAABD")
    refusal = refused_finish(game)
    assert (refusal.reason, refusal.rule) == ("no_finish", "UI-10")
    assert game.observation()["can_finish"] is False


def test_ui10_a_won_game_has_no_finish() -> None:
    game = klondike_ending()
    game.finish()
    assert not game.can_finish
    with pytest.raises(Refusal, match="game_over"):
        game.finish()


def test_ui10_a_finish_clears_the_redo_and_replays_from_the_log() -> None:
    game = klondike_ending()
    game.play("t6-f")
    game.undo()
    assert game.can_redo and game.can_finish  # T♥ can go up in the finish as well
    game.finish()
    assert not game.can_redo
    copy = klondike_ending()
    copy.replay(game.log)
    assert everything(copy) == everything(game)


def test_finish_steps_of_a_dealt_position_are_none() -> None:
    game = Game.from_code("KL1-D1N-AAAAAAG")
    assert finish_steps(game.rules, game.position, 0) is None  # type: ignore[arg-type]
    assert not game.can_finish


def exhaustive_finish_exists(game: Game) -> bool:
    """Whether any sequence of foundation moves (to any foundation that takes the card) and
    stock taps wins: a plain search of every such move, with no preference."""
    rules = game.rules
    shape = game.position.shape
    sources = ["w", *(f"t{i + 1}" for i in range(shape.columns))]
    moves = [DRAW] + [
        Move(source, f"f{i + 1}") for source in sources for i in range(len(shape.foundation_suits))
    ]
    seen = {game.position}
    waiting = [(game.position, game.fan)]
    while waiting:
        position, fan = waiting.pop()
        if rules.is_won(position):
            return True
        for move in moves:
            try:
                step = rules.apply(position, move, fan)
            except Refusal:
                continue
            if step.position not in seen:
                seen.add(step.position)
                waiting.append((step.position, step.fan))
    return False


@pytest.mark.parametrize("variant", ["KL1-D1N", "KL1-D1V", "KL1-D3N", "KL1-D3V", "EH1-N"])
def test_ui10_a_finish_is_offered_exactly_when_one_exists(variant: str) -> None:
    rng = random.Random(f"finish {variant}")
    offered = 0
    for trial in range(150):
        game = random_ending(variant, rng, rng.randint(1, 9))
        exists = exhaustive_finish_exists(game)
        assert game.can_finish == exists, (trial, game.layout())
        if not exists:
            refused_finish(game)
            continue
        offered += 1
        # The finish is the player's own moves, made for them: the same moves played one
        # by one give the same game, score and counter included.
        replica = Game(game.position, score=game.score, moves=game.moves, fan=game.fan)
        steps = game.finish()
        for step in steps:
            assert replica.play(step.move) == step
        assert game.won and (game.position, game.score, game.moves) == (
            replica.position,
            replica.score,
            replica.moves,
        )
    assert 20 < offered < 150  # both answers were tried
