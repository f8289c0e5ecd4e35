"""The example games: found and replayed by the engine, each step what a player would see,
the refusals the examples page describes exactly where the replays show them."""

from __future__ import annotations

import pytest

from solitaire.cards import KING
from solitaire.games import Refusal
from solitaire.moves import Move, is_column
from solitaire.pages.examples import (
    EXAMPLES,
    MAX_PLAYOUT_MOVES,
    MIN_PLAYOUT_MOVES,
    ExampleNotFoundError,
    Replay,
    UnknownExampleError,
    example_replay,
    find_refusal_game,
    non_king_into_empty_column,
)
from solitaire.pages.examples_deal import examples_position, examples_solution
from solitaire.play import Game


def _game_before_refusal(replay: Replay) -> tuple[Game, Move]:
    """A fresh game of the replay's deal, played up to its refused move, and that move."""
    game = Game.from_code(replay.code)
    for step in replay.steps[1:]:
        if step.refusal is not None:
            assert step.move is not None
            return game, Move.parse(step.move)
        assert step.move is not None
        game.play(step.move)
    raise AssertionError(f"{replay.name} has no refused step")


def test_simple_simon_is_the_solvers_win_of_the_examples_deal() -> None:
    replay = example_replay("simple-simon")
    solution = [str(move) for move in examples_solution()]
    assert [step.move for step in replay.steps] == [None, *solution]
    assert replay.steps[0].view["piles"] == Game(examples_position()).observation()["piles"]
    end = replay.steps[-1].view
    assert end["won"] is True
    assert end["moves"] == len(solution) == replay.moves
    assert end["score"] == 500 - len(solution) + 400
    assert not any(step.view["won"] for step in replay.steps[:-1])


def test_klondike_refuses_a_non_king_in_an_empty_column_with_no_king_to_go_there() -> None:
    replay = example_replay("klondike")
    game, tried = _game_before_refusal(replay)
    assert len(game.log) >= MIN_PLAYOUT_MOVES
    target = game.position.pile(tried.target)
    card = game.position.pile(tried.source).top
    assert is_column(tried.target) and not target.cards
    assert card is not None and card.rank != KING
    assert not [move for move in game.legal_moves() if move.target == tried.target]
    with pytest.raises(Refusal) as refused:
        game.drop(tried.source, len(game.position.pile(tried.source)) - 1, tried.target)
    assert (refused.value.reason, refused.value.rule) == ("king_only", "KL-3")


def test_easy_harp_refuses_a_run_whose_first_card_would_fit() -> None:
    replay = example_replay("easy-harp")
    game, tried = _game_before_refusal(replay)
    assert tried.count == 2
    source = game.position.pile(tried.source)
    first = source.cards[-2]
    top = game.position.pile(tried.target).top
    assert top is not None
    assert top.rank == first.rank + 1 and top.is_red != first.is_red
    with pytest.raises(Refusal) as refused:
        game.drop(tried.source, len(source) - 2, tried.target)
    assert (refused.value.reason, refused.value.rule) == ("one_card_at_a_time", "EH-2")


@pytest.mark.parametrize("name", ["klondike", "easy-harp"])
def test_a_refusal_changes_nothing_and_the_game_goes_on(name: str) -> None:
    steps = example_replay(name).steps
    index = next(i for i, step in enumerate(steps) if step.refusal is not None)
    assert steps[index].view == steps[index - 1].view
    assert index < len(steps) - 1
    after = steps[index + 1]
    assert after.refusal is None and after.view["moves"] == steps[index].view["moves"] + 1


@pytest.mark.parametrize("name", EXAMPLES)
def test_every_step_shows_what_the_player_sees_and_no_more(name: str) -> None:
    replay = example_replay(name)
    game = Game(examples_position()) if name == "simple-simon" else Game.from_code(replay.code)
    for step in replay.steps:
        if step.move is not None and step.refusal is None:
            game.play(step.move)
        expected = game.observation()
        del expected["dests"]
        assert step.view == expected
        for pile_id, pile in game.position.items():
            shown = next(p["cards"] for p in step.view["piles"] if p["id"] == pile_id)
            assert shown[: pile.down] == [None] * pile.down
    assert len(replay.steps) <= MAX_PLAYOUT_MOVES + 3 or name == "simple-simon"


def test_an_unknown_example_is_refused_by_name() -> None:
    with pytest.raises(UnknownExampleError, match="no example 'chess'"):
        example_replay("chess")


def test_a_search_that_finds_nothing_says_what_it_searched() -> None:
    def never(_game: Game) -> None:
        return None

    with pytest.raises(ExampleNotFoundError, match="first 3 reaches a 'king_only'"):
        find_refusal_game("KL1-D1N", never, "king_only", max_deals=3)


def test_the_klondike_finder_sees_no_empty_column_at_the_start() -> None:
    assert non_king_into_empty_column(Game.from_code("KL1-D1N-AAAAAAB")) is None
