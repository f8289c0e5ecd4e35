"""The player's view (``Game.observation()``, UI-14 dests and clicks, UI-9 redo, UI-10
finish) is exactly what the rules' public functions say, asked the slow obvious way: every
legal move found by trying every move on ``apply``, every tap and double click asked of
``tap`` and ``double_click``, the finish searched afresh — after every action of random
games of every variant, and from random endings with every column card face up."""

import copy
import random
from typing import Any

import pytest

from solitaire.codes import ALL_VARIANTS, GameCode, GameId, Variant
from solitaire.games import Refusal, Rules
from solitaire.games.simple_simon import group_start
from solitaire.moves import DRAW, STOCK, WASTE, Move, column_id, foundation_id
from solitaire.play import Game
from solitaire.position import Position

from .games.helpers import random_ending

GAMES = 50  # random games a variant (the whole suite keeps under its 20 minutes)
ACTIONS = 40
ENDINGS = 30


def legal(rules: Rules, position: Position, move: Move) -> bool:
    try:
        rules.apply(position, move)
    except Refusal:
        return False
    return True


def tried_moves(rules: Rules, position: Position) -> list[Move]:
    """Every legal move, found by asking ``apply`` about every move there could be, in the
    order ``legal_moves`` promises: the stock tap; then column by column its last card to
    each foundation and its cards to each other column (Simple Simon: shortest group first;
    Easy Harp: the last card, then a king-led run; Klondike: longest run first); the
    waste's top card to each foundation, then each column; each foundation's top card to
    each column."""
    shape = rules.shape
    columns = [column_id(i) for i in range(shape.columns)]
    foundations = [foundation_id(i) for i in range(len(shape.foundation_suits))]
    candidates: list[Move] = [DRAW] if shape.has_stock else []
    simple_simon = rules.variant.game is GameId.SIMPLE_SIMON
    for source in columns:
        pile = position.pile(source)
        # Only face-up cards move, and in Simple Simon only a group (SS-3): ``apply`` refuses
        # the others, and leaving them out keeps the test quick.
        lowest = group_start(pile) if simple_simon and pile.cards else pile.down
        counts = list(range(len(pile) - lowest, 0, -1))
        if simple_simon:
            counts.reverse()
        else:
            candidates += [Move(source, foundation) for foundation in foundations]
            if rules.variant.game is GameId.EASY_HARP:
                counts = counts[-1:] + counts[:-1]  # the last card first, then a king's run
        for count in counts:
            candidates += [Move(source, target, count) for target in columns if target != source]
    if shape.has_stock:
        candidates += [Move(WASTE, target) for target in (*foundations, *columns)]
        for foundation in foundations:
            candidates += [Move(foundation, target) for target in columns]
    return [move for move in candidates if legal(rules, position, move)]


def asked(rules: Rules, position: Position, intent: str, pile: str, index: int) -> str | None:
    try:
        return getattr(rules, intent)(position, pile, index).target  # type: ignore[no-any-return]
    except Refusal:
        return None


def reference_view(game: Game) -> dict[str, Any]:
    """The observation, worked out again from the rules' public functions alone."""
    rules, position = game.rules, game.position
    won = rules.is_won(position)
    moves = [] if won else tried_moves(rules, position)
    assert moves == ([] if won else rules.legal_moves(position))
    targets: dict[tuple[str, int], list[str]] = {}
    for move in moves:
        if not move.is_draw:
            index = len(position.pile(move.source)) - move.count
            targets.setdefault((move.source, index), []).append(move.target)
    clicks = []
    for pile, index in targets:
        tap = asked(rules, position, "tap", pile, index)
        double_click = asked(rules, position, "double_click", pile, index)
        if tap is not None or double_click is not None:
            clicks.append({"pile": pile, "index": index, "tap": tap, "double_click": double_click})
    try:
        can_finish = not won and rules.finish(position, game.fan) is not None
    except Refusal:
        can_finish = False
    stock_tap = None
    if not won and rules.shape.has_stock and legal(rules, position, DRAW):
        after = rules.apply(position, DRAW, game.fan)
        before, now = len(position.pile(WASTE)), len(after.position.pile(WASTE))
        to = WASTE if now > before else STOCK
        stock_tap = {"to": to, "count": abs(now - before), "fan": after.fan}
    view = {
        "code": game.code,
        "game": game.variant.game.value,
        "options": game.variant.options,
        "piles": [
            {"id": pile_id, "cards": [None] * pile.down + [card.code for card in pile.face_up]}
            for pile_id, pile in position.items()
        ],
        "top_row": list(rules.top_row),
        "foundation_suits": [suit.letter for suit in rules.foundation_suits],
        "fan": game.fan,
        "score": game.score,
        "score_text": rules.format_score(game.score),
        "moves": game.moves,
        "can_undo": bool(game.history) and not won,
        "can_redo": bool(game.undone) and not won,
        "can_finish": can_finish,
        "won": won,
        "stuck": rules.no_move_left(position),
        **rules.view_extras(position),
        "dests": [
            {"pile": pile, "index": index, "targets": found}
            for (pile, index), found in targets.items()
        ],
        "clicks": clicks,
        "stock_tap": stock_tap,
    }
    return view


def random_action(rng: random.Random, game: Game, view: dict[str, Any]) -> bool:
    """Take one action a player could take from ``view`` (a drop, a tap, a double click, a
    stock tap, an undo, a redo, a finish, or a refused one now and then); False when there
    is none left."""
    actions: list[tuple[str, tuple[Any, ...]]] = [
        ("drop", (dest["pile"], dest["index"], target))
        for dest in view["dests"]
        for target in dest["targets"]
    ]
    actions += [("tap", (c["pile"], c["index"])) for c in view["clicks"] if c["tap"]]
    actions += [("double_click", (c["pile"], c["index"])) for c in view["clicks"]]
    if view["stock_tap"] is not None:
        actions += [("play", ("d",))] * 3
    if view["can_undo"]:
        actions.append(("undo", ()))
    if view["can_redo"]:
        actions.append(("redo", ()))
    if view["can_finish"] and rng.random() < 0.3:
        actions = [("finish", ())]
    if not actions:
        return False
    name, args = rng.choice(actions)
    if rng.random() < 0.05 and view["piles"]:
        # A refused intent changes nothing, and the view must say so too.
        name, args = "double_click", (rng.choice(view["piles"])["id"], 0)
    try:
        getattr(game, name)(*args)
    except Refusal:
        assert name == "double_click"
    return True


def play_and_compare(rng: random.Random, game: Game, actions: int) -> None:
    view = game.observation()
    assert view == reference_view(game)
    for _ in range(actions):
        if game.won or not random_action(rng, game, view):
            break
        view = game.observation()
        assert view == reference_view(game), game.layout()


@pytest.mark.parametrize("variant", ALL_VARIANTS, ids=str)
@pytest.mark.slow
def test_ui14_observation_after_every_action_is_what_the_rules_say(variant: Variant) -> None:
    rng = random.Random(f"observation {variant}")
    for _ in range(GAMES):
        game = Game.from_code(GameCode(variant, rng.randint(1, 999_999)))
        play_and_compare(rng, game, ACTIONS)


@pytest.mark.parametrize(
    "variant", [v for v in ALL_VARIANTS if v.game is not GameId.SIMPLE_SIMON], ids=str
)
@pytest.mark.slow
def test_ui10_observation_in_endings_is_what_the_rules_say(variant: Variant) -> None:
    """Every column card face up, built down as play builds them or not (typed in): the
    finish search runs for every state, and clicks pick among long columns."""
    rng = random.Random(f"endings {variant}")
    for number in range(ENDINGS):
        # Easy Harp's columns not built down make each finish search try every order, which
        # is slow: they are left to tests/games/test_finish.py.
        built_down = number % 2 == 0 or variant.game is GameId.EASY_HARP
        game = random_ending(str(variant), rng, rng.randint(1, 40), built_down=built_down)
        play_and_compare(rng, game, ACTIONS)


def test_the_reference_sees_a_wrong_click() -> None:
    """The comparison can fail: a double click sent elsewhere than the rules say is seen."""
    game = Game.from_code("KL1-D1N-AAAAAAG")
    view = game.observation()
    click = next(c for c in view["clicks"] if c["double_click"] is not None)
    click["double_click"] = "t1" if click["double_click"] != "t1" else "t2"
    assert view != reference_view(game)


@pytest.mark.parametrize(
    "variant", [v for v in ALL_VARIANTS if v.game is not GameId.SIMPLE_SIMON], ids=str
)
@pytest.mark.slow
def test_ui10_a_finish_followed_by_hand_is_what_a_fresh_search_finds(variant: Variant) -> None:
    """A player who makes the finish's moves one by one: at every step the game's finish
    (kept from the one before, where the rules know it without a search) is the one the
    rules find afresh from there."""
    rng = random.Random(f"followed {variant}")
    followed = 0
    for number in range(40):
        game = random_ending(str(variant), rng, rng.randint(1, 30), built_down=number % 3 != 0)
        while game.can_finish and not game.won:
            fresh = game.rules.finish(game.position, game.fan)
            assert game.observation() == reference_view(game)
            assert copy.deepcopy(game).finish() == fresh  # the finish the game would make
            if rng.random() < 0.1:
                assert game.finish() == fresh
                break
            game.play(fresh[0].move)
            followed += 1
    assert followed > 30
