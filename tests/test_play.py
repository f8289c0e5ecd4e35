"""A game in progress: intents (rules §6, UI-1 … UI-7), dests and clicks (UI-14), observation,
the action log."""

import json
import random

import pytest

from solitaire.codes import ALL_VARIANTS, GameCode, Variant
from solitaire.games import Refusal
from solitaire.play import Game

from .games.helpers import codes, make_game


def test_ui1_drop_on_a_column_and_on_the_foundation_area() -> None:
    game = make_game("KL1-D1N", {"t1": "[2C] 8S 7H", "t2": "9D", "t3": "AS"})
    step = game.drop("t1", 1, "t2")
    assert str(step.move) == "t1:2-t2"
    assert codes(game.position, "t2") == "9D 8S 7H"
    step = game.drop("t3", 0, "f3")  # anywhere on the foundations: the rules pick
    assert str(step.move) == "t3-f1"


def test_ui1_refused_drop_changes_nothing_and_says_why() -> None:
    game = make_game("KL1-D1N", {"t1": "[2C] 8S", "t2": "9H", "t3": "[4D] QC"})
    before = game.layout()
    with pytest.raises(Refusal) as caught:
        game.drop("t3", 1, "t4")
    assert (caught.value.reason, caught.value.rule) == ("king_only", "KL-3")
    with pytest.raises(Refusal, match="face_down"):
        game.drop("t1", 0, "t2")
    with pytest.raises(Refusal, match="no_card"):
        game.drop("t1", 5, "t2")
    with pytest.raises(Refusal, match="no_such_pile"):
        game.drop("t9", 0, "t2")
    assert game.layout() == before and game.moves == 0


def test_ui2_tap_sends_a_top_card_to_its_foundation() -> None:
    game = make_game("KL1-D1N", {"t1": "[5S] AH", "w": "AD", "t2": "KS QH"})
    assert str(game.tap("t1", 1).move) == "t1-f2"
    assert str(game.tap("w", 0).move) == "w-f3"
    with pytest.raises(Refusal, match="tap_nothing"):
        game.tap("t2", 0)  # not a column's last card
    with pytest.raises(Refusal, match="foundation_order"):
        game.tap("t2", 1)  # Q♥ has no foundation yet
    with pytest.raises(Refusal, match="tap_nothing"):
        game.tap("f2", 0)  # taking back is by dragging only (UI-7)
    assert str(game.tap("s", 0).move) == "d"


def test_ui2_tap_does_nothing_in_simple_simon() -> None:
    game = Game.from_code("SS1-S4-AAAAABD")
    with pytest.raises(Refusal, match="tap_nothing"):
        game.tap("t10", 0)


def test_ui3_klondike_double_click_foundation_first_then_longest_column() -> None:
    game = make_game(
        "KL1-D1N",
        {
            "t1": "AC",
            "t2": "[3S] 8D",
            "t3": "[2S] [4S] 9C",
            "t4": "9S",
            "t5": "KH",
            "t6": "[6S] 8C",
        },
    )
    assert str(game.double_click("t1", 0).move) == "t1-f4"  # a tap first
    assert str(game.double_click("t2", 1).move) == "t2-t3"  # the longest of t3, t4
    assert codes(game.position, "t3") == "[2S] [4S] 9C 8D"


def test_ui3_klondike_double_click_ties_go_left_and_kings_to_an_empty_column() -> None:
    game = make_game("KL1-D1N", {"t2": "9S", "t3": "9C", "t4": "[5S] 8H", "t5": "[2S] KD QC"})
    assert str(game.double_click("t4", 1).move) == "t4-t2"
    assert str(game.double_click("t5", 1).move) == "t5:2-t1"  # the run from the clicked card
    with pytest.raises(Refusal, match="no_place"):
        game.double_click("t1", 0)  # a whole column into another empty one changes nothing


def test_ui3_easy_harp_double_click_moves_one_card_or_a_king_run_to_an_empty_column() -> None:
    game = make_game("EH1-N", {"t1": "[5S] KD QC JH", "t2": "QS", "t4": "[2S] TC"}, "t9")
    with pytest.raises(Refusal, match="one_card_at_a_time"):
        game.double_click("t1", 2)
    assert str(game.double_click("t1", 1).move) == "t1:3-t3"


def test_ui3_simple_simon_double_click_prefers_same_suit_then_empty_then_any() -> None:
    game = make_game(
        "SS1-S4", {"t1": "9D 8H 7H", "t2": "9C", "t3": "9H", "t4": "9S", "t5": "KS 5C"}, "t10"
    )
    assert str(game.double_click("t1", 1).move) == "t1:2-t3"  # 8♥ 7♥ onto 9♥
    game.undo()
    # Without a same-suit target, an empty column comes next.
    game2 = make_game("SS1-S4", {"t1": "9D 8H", "t2": "9C", "t5": "KS 5C"}, "t10")
    assert str(game2.double_click("t1", 1).move) == "t1-t3"
    # A whole column is not sent to an empty one; any column that takes it, leftmost.
    game3 = make_game("SS1-S4", {"t1": "8H", "t2": "9C", "t3": "9S"}, "t10")
    assert str(game3.double_click("t1", 0).move) == "t1-t2"
    with pytest.raises(Refusal, match="same_suit_group"):
        game.double_click("t1", 0)


def test_ui4_auto_placement_sends_an_illegal_drop_to_the_best_place() -> None:
    game = make_game("KL1-D1N", {"t1": "[2C] 8S", "t2": "9H", "t3": "AD"})
    with pytest.raises(Refusal, match="king_only"):
        game.drop("t1", 1, "t5")
    step = game.drop("t1", 1, "t5", auto_placement=True)
    assert str(step.move) == "t1-t2"
    with pytest.raises(Refusal, match="build_down"):
        game.drop("t2", 1, "t3", auto_placement=True)  # nowhere better: the refusal stands


def test_ui5_dests_list_every_movable_card_and_where_it_may_go() -> None:
    game = make_game(
        "KL1-D1N", {"t1": "[2C] 8S 7H", "t2": "9D", "t3": "9H", "w": "AS", "s": "[3C]"}, "t7"
    )
    dests = {(d.pile, d.index): set(d.targets) for d in game.dests()}
    assert dests[("t1", 1)] == {"t2", "t3"}
    assert dests[("w", 0)] == {"f1"}
    assert ("t1", 0) not in dests  # face down
    for (pile, index), targets in dests.items():
        for target in targets:
            trial = Game(game.position)
            trial.drop(pile, index, target)  # every dest is a legal drop


def test_ui7_a_foundation_card_comes_back_by_dragging() -> None:
    game = make_game("KL1-D1N", {"f2": "AH 2H 3H", "t1": "4S"})
    assert str(game.drop("f2", 2, "t1").move) == "f2-t1"
    with pytest.raises(Refusal, match="top_card_only"):
        Game(make_game("KL1-D1N", {"f2": "AH 2H 3H", "t1": "4S"}).position).drop("f2", 1, "t1")


def test_observation_hides_face_down_cards() -> None:
    game = Game.from_code("KL1-D1N-AAAAAAG")
    view = game.observation()
    text = json.dumps(view)
    for _, pile in game.position.items():
        for card in pile.cards[: pile.down]:
            visible = {c for _, p in game.position.items() for c in p.face_up}
            if card not in visible:
                assert f'"{card.code}"' not in text
    stock = next(p for p in view["piles"] if p["id"] == "s")
    assert stock["cards"] == [None] * 24
    assert view["score_text"] == "0" and view["can_undo"] is False and view["won"] is False


@pytest.mark.parametrize(
    ("code", "top_row", "extras"),
    [
        ("KL1-D3V-AAAAAAG", ["s", "w", None, "f1", "f2", "f3", "f4"], {}),
        ("EH1-N-AAAAAAF", ["s", "w", *(f"f{i}" for i in range(1, 9))], {}),
        ("SS1-S4-AAAAABD", [], {"runs_removed": 0}),
    ],
)
def test_observation_carries_the_table_shape_and_what_the_game_adds(
    code: str, top_row: list[str | None], extras: dict[str, int]
) -> None:
    # The board lays out the top row from the rules' own shape (no table of its own), and
    # a game adds to the view what only it has (Simple Simon's runs removed, SS-5).
    game = Game.from_code(code)
    view = game.observation()
    assert view["top_row"] == top_row == list(game.rules.shape.top_row)
    pile_ids = [pile["id"] for pile in view["piles"]]
    assert pile_ids[: len([slot for slot in top_row if slot])] == [s for s in top_row if s]
    assert {key: view[key] for key in extras} == extras
    assert ("runs_removed" in view) == bool(extras)


@pytest.mark.parametrize(
    ("code", "suits"),
    [
        ("KL1-D1N-AAAAAAG", "SHDC"),  # KL-0
        ("EH1-N-AAAAAAF", "SSHHDDCC"),  # EH-0
        ("SS1-S4-AAAAABD", ""),
    ],
)
def test_observation_names_the_suit_each_foundation_is_kept_for(code: str, suits: str) -> None:
    # KL-0, EH-0: an empty foundation place shows the suit it is reserved for.
    assert Game.from_code(code).observation()["foundation_suits"] == list(suits)


def test_log_replays_the_game_exactly() -> None:
    game = Game.from_code("EH1-N-AAAAAAF")
    for _ in range(40):
        game.play(game.legal_moves()[0])
        if game.moves % 7 == 0:
            game.undo()
    copy = Game.from_code("EH1-N-AAAAAAF")
    copy.replay(game.log)
    assert (copy.layout(), copy.score, copy.moves, copy.fan) == (
        game.layout(),
        game.score,
        game.moves,
        game.fan,
    )
    assert [s.position for s in copy.history] == [s.position for s in game.history]


def _intent_target(game: Game, intent: str, pile: str, index: int) -> str | None:
    """Where a tap or a double click on a copy of ``game`` sends the card, or None."""
    trial = Game(game.position, score=game.score, moves=game.moves, fan=game.fan)
    try:
        step = trial.tap(pile, index) if intent == "tap" else trial.double_click(pile, index)
    except Refusal:
        return None
    return step.move.target


@pytest.mark.parametrize("variant", ALL_VARIANTS, ids=str)
def test_ui14_clicks_and_stock_tap_say_what_the_intents_would_do(variant: Variant) -> None:
    # Along random playouts, every `clicks` entry names where the tap and the double click
    # really go, every card not listed goes nowhere by either, and `stock_tap` is what the
    # stock tap really does: what the board draws before the answer is what the answer brings.
    rng = random.Random(f"clicks {variant}")
    for _ in range(4):
        game = Game.from_code(GameCode(variant, rng.randint(1, 999_999)))
        for _ in range(60):
            view = game.observation()
            clicks = {
                (c["pile"], c["index"]): (c["tap"], c["double_click"]) for c in view["clicks"]
            }
            for dest in view["dests"]:
                place = (dest["pile"], dest["index"])
                tap = _intent_target(game, "tap", *place)
                double = _intent_target(game, "double_click", *place)
                assert clicks.get(place, (None, None)) == (tap, double), place
            stock_tap = view["stock_tap"]
            moves = game.legal_moves()
            if stock_tap is None:
                assert not any(move.is_draw for move in moves)
            else:
                before = {pile["id"]: len(pile["cards"]) for pile in view["piles"]}
                game.play("d")
                after = {pile["id"]: len(pile["cards"]) for pile in game.observation()["piles"]}
                source = "s" if stock_tap["to"] == "w" else "w"
                assert after[stock_tap["to"]] - before[stock_tap["to"]] == stock_tap["count"]
                assert before[source] - after[source] == stock_tap["count"]
                assert game.fan == stock_tap["fan"]
                game.undo()
            forward = [m for m in moves if not m.source.startswith("f")]
            if not forward:
                break
            game.play(rng.choice(forward))
