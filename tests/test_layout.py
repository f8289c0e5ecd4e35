"""Layout text (rules §1): parse and format both ways; bad text names the line and the card."""

import random
from pathlib import Path

import pytest

from solitaire.codes import ALL_VARIANTS, GameCode, parse_variant
from solitaire.layout import LayoutError, format_layout, parse_layout
from solitaire.play import Game

SS9_PLAIN = (Path(__file__).parents[0] / "fixtures" / "ss9.txt").read_text("utf-8")

KLONDIKE_MIDGAME = """game: KL1-D3V
s: [7H] [2C] [4H] [5D] [4S] [2D] [9C] [8S] [KC] [JH] [3C] [6D] [TD] [6C] [QH] [8D] [7D] [8H] [QD]
w: 3D 9S
f1: AS 2S
f2:
f3: AD
f4:
t1: KD QS
t2: [4C] [8C] 9H
t3: [5S] [JS] [KH] 7C 6H
t4: [AH] [3H] [4D] [6S] KS
t5: [2H] 3S
t6: [TH] [JD] [7S] [9D] [5H] AC
t7: [QC] [5C] TS JC TC
"""


def test_round_trip_of_every_variant_in_play() -> None:
    rng = random.Random(7)
    for variant in ALL_VARIANTS:
        game = Game.from_code(GameCode(variant, rng.randint(1, 999_999)))
        for _ in range(150):
            text = game.layout()
            assert parse_layout(text) == game.position
            assert format_layout(parse_layout(text)) == text
            moves = game.legal_moves()
            if not moves:
                break
            game.play(rng.choice(moves))


def test_typed_in_position_round_trips_with_face_down_cards() -> None:
    position = parse_layout(KLONDIKE_MIDGAME)
    assert position.variant == parse_variant("KL1-D3V")
    assert position.deal is None
    assert position.pile("t2").down == 2
    assert position.pile("s").down == 19
    assert format_layout(position) == KLONDIKE_MIDGAME


def test_missing_empty_piles_may_be_left_out_and_lines_come_in_any_order() -> None:
    lines = [line for line in KLONDIKE_MIDGAME.splitlines() if line not in ("f2:", "f4:")]
    shuffled = [lines[0], *reversed(lines[1:])]
    assert parse_layout("\n".join(shuffled)) == parse_layout(KLONDIKE_MIDGAME)


def test_ss9_plain_ten_line_form_of_freecell_solver() -> None:
    position = parse_layout(SS9_PLAIN)
    assert position.variant == parse_variant("SS1-S4")
    assert [len(pile) for _, pile in position.items()] == [8, 8, 8, 7, 6, 5, 4, 3, 2, 1]
    assert position.pile("t1").cards[0].code == "AS"
    assert position.pile("t10").cards[0].code == "5D"
    assert parse_layout(format_layout(position)) == position
    # Freecell Solver may start lines with ': ' and writes 10 for tens.
    fc_form = "\n".join(": " + line.replace("T", "10") for line in SS9_PLAIN.splitlines())
    assert parse_layout(fc_form) == position


def test_plain_form_guesses_the_suit_count() -> None:
    one_suit = Game.from_code("SS1-S1-AAAAABD").position
    plain = "\n".join(" ".join(c.code for c in pile.cards) for _, pile in one_suit.items())
    assert parse_layout(plain).variant == parse_variant("SS1-S1")
    two_suits = Game.from_code("SS1-S2-AAAAABD").position
    plain = "\n".join(" ".join(c.code for c in pile.cards) for _, pile in two_suits.items())
    assert parse_layout(plain).variant == parse_variant("SS1-S2")


def test_simple_simon_position_with_runs_removed() -> None:
    lines = ["game: SS1-S4"] + [f"t{i}:" for i in range(1, 11)]
    lines[1] = "t1: " + " ".join(f"{rank}H" for rank in "KQJT98765432A")
    lines[2] = "t2: " + " ".join(f"{rank}S" for rank in "KQJT98765432A")
    position = parse_layout("\n".join(lines))  # clubs and diamonds have left the game
    assert position.card_count() == 26
    half_run = lines.copy()
    half_run[1] = "t1: KH QH"
    with pytest.raises(LayoutError, match="cards missing"):
        parse_layout("\n".join(half_run))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (("t1: KD QS", "t1: KD QX"), r"line 8: 'QX' is not a card"),
        (
            ("t1: KD QS", "t1: KD QS QS"),
            r"line 8: QS is a card too many: Klondike \(KL1-D3V\) has one QS",
        ),
        (("t1: KD QS", "t1: KD"), r"cards missing for KL1-D3V \(1 of 52\): QS"),
        (("t5: [2H] 3S", "t8: [2H] 3S"), r"line 12: Klondike has no pile 't8'"),
        (("f2:", "f9:"), r"line 5: Klondike has no pile 'f9'"),
        (("w: 3D 9S", "w: [3D] 9S"), r"line 3: \[3D\] cannot lie face down on w"),
        (("s: [7H]", "s: 7H"), r"line 2: 7H in the stock must be face down"),
        (("t2: [4C] [8C] 9H", "t2: [4C] 8C [9H]"), r"line 9: \[9H\] is face down above a face-up"),
        (("t2: [4C] [8C] 9H", "t2: [4C] [8C] [9H]"), r"line 9: the last card of t2"),
        (("f1: AS 2S", "f1: AS 3S"), r"line 4: 3S cannot be card 2 of f1"),
        (("f3: AD", "f3: AH"), r"line 6: AH cannot be card 1 of f3"),
        (("t1: KD QS", "t1: KD QS\nt1:"), r"line 9: pile 't1' appears twice"),
        (("game: KL1-D3V", "game: KL1-D3X"), r"line 1: options 'D3X' do not belong to Klondike"),
        (("game: KL1-D3V", "game: KL1-D3V\ngame: KL1-D3V"), "a second 'game:' line"),
        (("game: KL1-D3V", ""), "no 'game:' line"),
        (("t1: KD QS", "t1 KD QS"), r"line 8: 't1 KD QS' has no 'id:' label"),
    ],
)
def test_bad_layout_text_names_the_line_and_card(change: tuple[str, str], message: str) -> None:
    old, new = change
    assert old in KLONDIKE_MIDGAME
    with pytest.raises(LayoutError, match=message):
        parse_layout(KLONDIKE_MIDGAME.replace(old, new, 1))


def test_two_deck_game_holds_each_card_twice_not_thrice() -> None:
    text = Game.from_code("EH1-N-AAAAAAF").layout()
    card = text.split("t1: ")[1].split()[0]
    with pytest.raises(LayoutError, match=f"{card} is a card too many: Easy Harp .* has two"):
        parse_layout(text.replace("t1: " + card, f"t1: [{card}] {card}").replace("f1:", "f1:"))


def test_simple_simon_refuses_face_down_cards_and_foreign_piles() -> None:
    text = Game.from_code("SS1-S4-AAAAABD").layout()
    with pytest.raises(LayoutError, match="face down; Simple Simon has none"):
        parse_layout(text.replace("t10: TS", "t10: [TS] 2C").replace("t8: QS 2C QD", "t8: QS QD"))
    with pytest.raises(LayoutError, match="Simple Simon has no pile 's'"):
        parse_layout(text + "s:\n")
    with pytest.raises(LayoutError, match="line 11: the plain Simple Simon form has ten lines"):
        parse_layout(SS9_PLAIN + "AS\n")
    with pytest.raises(LayoutError, match="a card too many: Simple Simon"):
        parse_layout(SS9_PLAIN.replace("5D", "5D AS"))
