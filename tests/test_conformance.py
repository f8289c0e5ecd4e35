"""Random playouts of every variant through the public API, checking invariants at every step
(after OpenSpiel's random_sim_test): no card created or lost; undo restores the exact earlier
position, score and counter; the observation never reveals a face-down card; refused moves and
intents change nothing; the layout text round-trips."""

import json
import random
from collections import Counter

import pytest

from solitaire.codes import ALL_VARIANTS, GameCode, Variant
from solitaire.games import Refusal
from solitaire.layout import parse_layout
from solitaire.moves import Move
from solitaire.play import Game

ACTIONS_PER_VARIANT = 3000


def state(game: Game) -> tuple[object, ...]:
    return (game.position, game.fan, game.score, game.moves, len(game.history))


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


@pytest.mark.parametrize("variant", ALL_VARIANTS, ids=str)
def test_random_playouts_keep_every_invariant(variant: Variant) -> None:
    rng = random.Random(str(variant))
    game = Game.from_code(GameCode(variant, rng.randint(1, 999_999)))
    deck = Counter(game.position.all_cards())
    past: list[tuple[object, ...]] = []
    for _ in range(ACTIONS_PER_VARIANT):
        before = state(game)
        roll = rng.random()
        if roll < 0.15 and game.can_undo:
            game.undo()
            expected = past.pop()
            position, fan, score, moves, _ = expected
            assert (game.position, game.fan, game.score) == (position, fan, score)
            if game.rules.undo_restores_move_counter:
                assert game.moves == moves
            else:
                assert game.moves == before[3]
        elif roll < 0.45:
            try:
                random_intent(game, rng)
            except Refusal as refusal:
                assert refusal.reason
                assert state(game) == before  # a refused action changes nothing
            else:
                past.append(before)
        else:
            moves = game.legal_moves()
            if not moves:
                game = Game.from_code(GameCode(variant, rng.randint(1, 999_999)))
                past.clear()
                continue
            game.play(rng.choice(moves))
            past.append(before)
        past[:] = past[-100:]
        # No card created or lost (Simple Simon: only whole runs leave).
        cards = Counter(game.position.all_cards())
        missing = deck - cards
        assert not cards - deck
        if variant.game.value != "SS":
            assert not missing
        else:
            assert sum(missing.values()) % 13 == 0
        # The observation never reveals a face-down card.
        view = json.dumps(game.observation())
        for code in hidden_codes(game):
            assert f'"{code}"' not in view
        assert parse_layout(game.layout()) == game.position
        if game.won:
            game = Game.from_code(GameCode(variant, rng.randint(1, 999_999)))
            deck = Counter(game.position.all_cards())
            past.clear()


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
