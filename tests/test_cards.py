"""Cards and their text codes (rules §1)."""

import pytest

from solitaire.cards import RANK_LETTERS, SUITS, Card, CardTextError, Suit, parse_card


def test_every_card_code_round_trips() -> None:
    for suit in SUITS:
        for rank in range(1, 14):
            card = Card(rank, suit)
            assert parse_card(card.code) == card
            assert card.code == RANK_LETTERS[rank - 1] + suit.letter


def test_codes_read_in_any_case_and_with_spaces() -> None:
    assert parse_card(" td ") == Card(10, Suit.DIAMONDS)
    assert parse_card("kh") == Card(13, Suit.HEARTS)


def test_colours_and_symbols() -> None:
    assert [suit.is_red for suit in SUITS] == [False, True, True, False]
    assert "".join(suit.symbol for suit in SUITS) == "♠♥♦♣"


@pytest.mark.parametrize("text", ["", "1S", "10H", "QX", "AS2", "S", "KK", "[7H]"])
def test_bad_card_codes_are_refused_with_a_message(text: str) -> None:
    with pytest.raises(CardTextError, match="is not a card"):
        parse_card(text)


def test_every_game_shares_the_same_52_card_objects() -> None:
    from solitaire.codes import parse_variant
    from solitaire.games import rules_for

    codes = [rank + suit for rank in RANK_LETTERS for suit in "SHDC"]
    shared = {id(parse_card(code)) for code in codes}
    assert len(shared) == 52
    assert parse_card("7h") is parse_card(" 7H ")
    for variant in ("KL1-D1N", "SS1-S4", "EH1-N"):
        position = rules_for(parse_variant(variant)).deal(6)
        cards = [card for pile in position.piles for card in pile.cards]
        assert cards and {id(card) for card in cards} <= shared
