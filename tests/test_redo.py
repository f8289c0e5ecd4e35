"""UI-9 Redo in every game: what undo took back comes back exactly, newest undone first,
until any other action; Easy Harp counts a redo as an action (EH-11); the log rebuilds it."""

from __future__ import annotations

import pytest

from solitaire.games import Refusal
from solitaire.play import UNDO_LIMIT, Game

from .games.helpers import codes, everything, make_game


def seen(game: Game) -> tuple[object, ...]:
    return (game.position, game.fan, game.score, game.moves)


def test_ui9_klondike_redo_restores_position_fan_score_and_counter() -> None:
    # Draw 3, Normal: a fan of three, a card turned up (+5), a clamped put-back.
    game = make_game("KL1-D3N", {"s": "[5D] [9C] [2D]", "t1": "[8H] 4S", "t2": "5H"}, "t7")
    states = [seen(game)]
    for move in ("d", "t1-t2", "d"):
        game.play(move)
        states.append(seen(game))
    assert game.fan == 0 and game.score == 0  # 5 points, then the put-back's -100 floored
    assert (states[1][1], states[2][2]) == (3, 5)
    for expected in reversed(states[:-1]):
        game.undo()
        assert seen(game) == expected
    for expected in states[1:]:
        assert game.can_redo
        game.redo()
        assert seen(game) == expected
    assert not game.can_redo
    with pytest.raises(Refusal) as caught:
        game.redo()
    assert (caught.value.reason, caught.value.rule) == ("nothing_to_redo", None)


def test_ui9_redo_takes_the_newest_undone_first_and_another_action_clears_it() -> None:
    game = make_game("KL1-D1N", {"t1": "[2C] 8S", "t2": "9H", "w": "AD", "s": "[3C]"}, "t7")
    game.play("t1-t2")
    game.play("w-f")
    game.undo()
    game.undo()
    game.redo()  # the move undone last comes back first: t1-t2, not w-f
    assert codes(game.position, "t2") == "9H 8S" and codes(game.position, "w") == "AD"
    assert game.last is not None and game.last.action == "redo"
    assert str(game.last.steps[0].move) == "t1-t2"
    assert game.can_redo
    game.play("d")  # any other action clears what is left to redo
    assert not game.can_redo
    with pytest.raises(Refusal, match="nothing_to_redo"):
        game.redo()


@pytest.mark.parametrize("intent", ["tap", "double_click", "drop"])
def test_ui9_every_kind_of_action_clears_the_redo(intent: str) -> None:
    game = make_game("KL1-D1N", {"t1": "AS", "t2": "9H", "t3": "8S", "s": "[3C]"}, "t7")
    game.play("d")
    game.undo()
    if intent == "tap":
        game.tap("t1", 0)
    elif intent == "double_click":
        game.double_click("t3", 0)
    else:
        game.drop("t3", 0, "t2")
    assert not game.can_redo and game.undone == []


def test_ui9_easy_harp_redo_counts_as_an_action() -> None:
    # EH-11: the counter never goes down; a redo adds one, as any action does.
    game = make_game("EH1-N", {"t1": "[2H] AS", "s": "[5C]"})
    game.play("t1-f")  # +10, +5 for the card turned up
    game.play("d")
    assert (game.score, game.moves) == (15, 2)
    game.undo()
    game.undo()
    assert (game.score, game.moves) == (0, 2)
    game.redo()
    assert (game.score, game.moves) == (15, 3)
    assert codes(game.position, "t1") == "2H" and codes(game.position, "f1") == "AS"
    game.redo()
    assert (game.score, game.moves) == (15, 4)
    assert codes(game.position, "w") == "5C"


def test_ui9_simple_simon_redo_sends_the_run_away_again() -> None:
    spades = " ".join(f"{rank}S" for rank in "KQJT9876")
    game = make_game("SS1-S4", {"t1": f"5H {spades}", "t2": "5S 4S 3S 2S AS"}, "t10")
    game.play("t2:5-t1")
    after = seen(game)
    assert (game.score, game.moves) == (599, 1)
    game.undo()
    assert (game.score, game.moves) == (500, 0)
    game.redo()
    assert seen(game) == after  # SS-8 both ways: the run leaves again, +100 again
    assert game.observation()["runs_removed"] == 1
    assert game.last is not None and game.last.steps[0].runs_removed == 1


def test_ui9_a_refused_redo_changes_nothing() -> None:
    game = Game.from_code("SS1-S4-AAAAABD")
    game.play(game.legal_moves()[0])
    before = everything(game)
    with pytest.raises(Refusal, match="nothing_to_redo"):
        game.redo()
    assert everything(game) == before


def test_ui9_undo_and_redo_together_keep_to_the_100_action_limit() -> None:
    game = Game.from_code("KL1-D1N-AAAAAAG")
    for _ in range(130):
        game.play("d")
    undone = 0
    while game.can_undo:
        game.undo()
        undone += 1
        assert len(game.history) + len(game.undone) == UNDO_LIMIT
    assert undone == UNDO_LIMIT and game.moves == 30
    redone = 0
    while game.can_redo:
        game.redo()
        redone += 1
    assert redone == UNDO_LIMIT and game.moves == 130
    # Everything redone can be undone again, and no further back than before.
    for _ in range(UNDO_LIMIT):
        game.undo()
    assert not game.can_undo and game.moves == 30


def test_ui9_redo_is_in_the_log_and_a_replay_rebuilds_it() -> None:
    game = Game.from_code("EH1-N-AAAAAAF")
    for turn in range(60):
        game.play(game.legal_moves()[0])
        if turn % 5 == 4:
            game.undo()
            game.undo()
            game.redo()
    game.undo()  # something left to redo after the rebuild
    assert game.log.count("redo") == 12 and game.can_redo
    copy = Game.from_code("EH1-N-AAAAAAF")
    copy.replay(game.log)
    assert everything(copy) == everything(game)
    copy.redo()
    game.redo()
    assert everything(copy) == everything(game)


def test_ui9_nothing_is_redone_once_the_game_is_won() -> None:
    ranks = "A23456789TJQK"
    piles = {f"f{i}": " ".join(r + s for r in ranks) for i, s in enumerate("SHD", 1)}
    piles["f4"] = " ".join(f"{r}C" for r in ranks[:-1])
    game = make_game("KL1-D1N", piles, rest="t1")
    game.play("t1-f")
    assert game.won and not game.can_redo
    with pytest.raises(Refusal, match="game_over"):
        game.redo()
