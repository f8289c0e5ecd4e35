"""Random playouts of every variant through the public API, checking invariants at every step
(after OpenSpiel's random_sim_test): no card created or lost; undo restores the exact earlier
position, score and counter, and redo (UI-9) the exact later one; a finish (UI-10) is the
moves it lists, played one by one, and wins; the observation never reveals a face-down card;
refused moves, intents, redos and finishes change nothing; the log rebuilds the game; the
layout text round-trips."""

import copy
import json
import random
from collections import Counter
from collections.abc import Callable

import pytest

from solitaire.codes import ALL_VARIANTS, GameCode, Variant
from solitaire.games import Refusal
from solitaire.layout import parse_layout
from solitaire.moves import Move
from solitaire.play import UNDO_LIMIT, Game

from .games.helpers import random_ending

ACTIONS_PER_VARIANT = 3000
ENDING_ACTIONS_PER_VARIANT = 1500
STOCK_VARIANTS = [variant for variant in ALL_VARIANTS if variant.game.value != "SS"]


def state(game: Game) -> tuple[object, ...]:
    return (
        game.position,
        game.fan,
        game.score,
        game.moves,
        len(game.history),
        len(game.undone),
        len(game.log),
    )


def everything(game: Game) -> tuple[object, ...]:
    return (*state(game)[:4], list(game.history), list(game.undone), game.log, game.last)


def check_rebuilt_from_its_log(game: Game) -> None:
    rebuilt = Game(game.start)
    rebuilt.replay(game.log)
    assert everything(rebuilt) == everything(game)


def check_finish(game: Game) -> bool:
    """A finish where one is offered: the moves it lists, each played as the player would,
    give the same game, score and counter included, and win it. Elsewhere it is refused and
    changes nothing."""
    if not game.can_finish:
        before = state(game)
        with pytest.raises(Refusal) as caught:
            game.finish()
        assert caught.value.reason in {"cannot_finish", "no_finish", "game_over"}
        assert state(game) == before
        return False
    replica = copy.deepcopy(game)
    steps = game.finish()
    for step in steps:
        assert replica.play(step.move) == step
    assert game.won
    assert state(game)[:5] == state(replica)[:5]
    return True


def hidden_codes(game: Game) -> set[str]:
    """Codes of face-down cards that are not also face up somewhere (two-deck games)."""
    down = {c.code for _, p in game.position.items() for c in p.cards[: p.down]}
    up = {c.code for _, p in game.position.items() for c in p.face_up}
    return down - up


def random_intent(game: Game, rng: random.Random) -> None:
    pile_ids = game.position.shape.pile_ids
    pile = rng.choice([*pile_ids, "t10", "f8", "w"])
    index = rng.randint(-1, 14)
    kind = rng.randrange(4)
    if kind == 0:
        game.tap(pile, index)
    elif kind == 1:
        game.double_click(pile, index)
    elif kind == 2:
        game.drop(pile, index, rng.choice([*pile_ids, "f"]), auto_placement=rng.random() < 0.5)
    else:
        game.play(Move(pile, rng.choice([*pile_ids, "f"]), rng.randint(1, 4)))


def playout(
    new_game: Callable[[], Game],
    rng: random.Random,
    actions: int,
    *,
    finish: float,
    per_game: int | None = None,
) -> int:
    """``actions`` random actions from games ``new_game`` makes (another when one is won or
    stuck, or after ``per_game`` actions), checking every invariant after each; ``finish``:
    the chance of trying a finish. Answers how many finishes were made."""
    game = new_game()
    deck = Counter(game.position.all_cards())
    past: list[tuple[object, ...]] = []
    future: list[tuple[object, ...]] = []  # the states undo left, the next to redo last
    finished = 0
    for _ in range(actions):
        before = state(game)
        moves_before = game.moves
        roll = rng.random()
        if roll < 0.15 and game.can_undo:
            game.undo()
            expected = past.pop()
            position, fan, score, moves, *_ = expected
            assert (game.position, game.fan, game.score) == (position, fan, score)
            if game.rules.undo_restores_move_counter:
                assert game.moves == moves
            else:
                assert game.moves == moves_before
            future.append(before)
        elif roll < 0.22:
            if not future:
                with pytest.raises(Refusal, match=r"nothing_to_redo|game_over"):
                    game.redo()
                assert state(game) == before
                continue
            game.redo()
            position, fan, score, moves, *_ = future.pop()
            assert (game.position, game.fan, game.score) == (position, fan, score)
            if game.rules.undo_restores_move_counter:
                assert game.moves == moves
            else:
                assert game.moves == moves_before + 1  # EH-11: a redo counts
            past.append(before)
        elif roll < 0.22 + finish:
            if check_finish(game):
                finished += 1
                past.clear()  # won: the game is over
                future.clear()
        elif roll < 0.45 + finish:
            try:
                random_intent(game, rng)
            except Refusal as refusal:
                assert refusal.reason
                assert state(game) == before  # a refused action changes nothing
            else:
                past.append(before)
                future.clear()
        else:
            moves = game.legal_moves()
            if not moves:
                check_rebuilt_from_its_log(game)
                game = new_game()
                deck = Counter(game.position.all_cards())
                past.clear()
                future.clear()
                continue
            game.play(rng.choice(moves))
            past.append(before)
            future.clear()
        past[:] = past[-100:]
        assert game.can_redo == bool(future) and len(future) == len(game.undone)
        assert len(game.history) + len(game.undone) <= UNDO_LIMIT
        # No card created or lost (Simple Simon: only whole runs leave).
        cards = Counter(game.position.all_cards())
        missing = deck - cards
        assert not cards - deck
        if game.variant.game.value != "SS":
            assert not missing
        else:
            assert sum(missing.values()) % 13 == 0
        # The observation never reveals a face-down card.
        view = json.dumps(game.observation())
        for code in hidden_codes(game):
            assert f'"{code}"' not in view
        assert parse_layout(game.layout()) == game.position
        if game.won or (per_game is not None and len(game.log) >= per_game):
            check_rebuilt_from_its_log(game)
            game = new_game()
            deck = Counter(game.position.all_cards())
            past.clear()
            future.clear()
    check_rebuilt_from_its_log(game)
    return finished


@pytest.mark.parametrize("variant", ALL_VARIANTS, ids=str)
@pytest.mark.slow
def test_random_playouts_keep_every_invariant(variant: Variant) -> None:
    rng = random.Random(str(variant))

    def new_deal() -> Game:
        return Game.from_code(GameCode(variant, rng.randint(1, 999_999)))

    playout(new_deal, rng, ACTIONS_PER_VARIANT, finish=0.03)


@pytest.mark.parametrize("variant", STOCK_VARIANTS, ids=str)
@pytest.mark.slow
def test_random_playouts_near_the_end_finish_and_keep_every_invariant(variant: Variant) -> None:
    """UI-9 and UI-10 where random play from a deal seldom gets: games a few cards from the
    end, every column card face up and built down, played, undone, redone and finished at
    random."""
    rng = random.Random(f"near the end {variant}")

    def new_ending() -> Game:
        return random_ending(str(variant), rng, rng.randint(1, 24), built_down=True)

    finished = playout(new_ending, rng, ENDING_ACTIONS_PER_VARIANT, finish=0.15, per_game=30)
    assert finished >= 20


@pytest.mark.parametrize("variant", ALL_VARIANTS, ids=str)
def test_every_listed_move_is_legal_and_every_legal_move_is_listed(variant: Variant) -> None:
    """legal_moves() agrees with apply(): compare against trying every conceivable move."""
    rng = random.Random(f"listed {variant}")
    game = Game.from_code(GameCode(variant, rng.randint(1, 999_999)))
    pile_ids = game.position.shape.pile_ids
    for _ in range(60):
        listed = set(game.legal_moves())
        tried = set()
        candidates = [Move("s", "w")] + [
            Move(source, target, count)
            for source in pile_ids
            if source != "s"
            for target in pile_ids
            if target not in ("s", "w")
            for count in range(1, 14 if source.startswith("t") else 2)
        ]
        for move in candidates:
            try:
                step = game.rules.apply(game.position, move, game.fan)
            except Refusal:
                continue
            tried.add(step.move)
        assert listed == tried
        if not listed:
            break
        game.play(rng.choice(sorted(listed, key=str)))
