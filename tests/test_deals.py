"""The deal generator and the deals it makes (rules DL-1, DL-2, DL-4, DL-5).

The golden values below pin history: a change that re-deals any of them breaks every
shared code and saved game, so these tests must never be "updated" to match new output.
"""

import datetime as dt
import hashlib
from collections import Counter

import pytest

from solitaire.codes import ALL_VARIANTS, GameCode, GameId, parse_code, parse_variant
from solitaire.deals import deal_of_the_day, deck_for, draw_below, shuffled_deck, splitmix64
from solitaire.games import rules_for
from solitaire.layout import format_layout


def test_dl1_generator_is_the_published_splitmix64() -> None:
    # Reference outputs of SplitMix64 for seed 1234567, as published with the algorithm.
    stream = splitmix64(1234567)
    assert [next(stream) for _ in range(5)] == [
        6457827717110365317,
        3203168211198807973,
        9817491932198370423,
        4593380528125082431,
        16408922859458223821,
    ]


def test_dl1_bounded_draws_stay_in_range_and_cover_it() -> None:
    stream = splitmix64(42)
    seen = Counter(draw_below(stream, 7) for _ in range(7000))
    assert set(seen) == set(range(7))
    assert all(800 < count < 1200 for count in seen.values())


GOLDEN_FIRST_CARDS = [
    (GameId.KLONDIKE, 4, 1, "AD 9C TC 4C 4S 3H TH 8C JC KS KC 7D"),
    (GameId.KLONDIKE, 4, 6, "KC 7C 8D QC KH TD 8S 6D 2D QH 9H 8C"),
    (GameId.KLONDIKE, 4, 999_999, "4S JC 4C 5S 6H TD 7D 5H JH QC 3H QD"),
    (GameId.EASY_HARP, 4, 1, "KD KS 2D QC 4H AH 9S 8C TC 4D 7S 5S"),
    (GameId.EASY_HARP, 4, 29, "8H 4C 7C 5S 2C 4C JS 2S 5D 3S 9C KD"),
    (GameId.SIMPLE_SIMON, 1, 6, "KS 6S AS 2S JS JS 7S KS 8S 2S 8S 8S"),
    (GameId.SIMPLE_SIMON, 2, 29, "AS 7S QS AH 5H 9H 5S 4H JH 3H 8S JH"),
    (GameId.SIMPLE_SIMON, 4, 1, "KS 5C 7D 6H 6S 6D 8H 4S 2H 3D 3H 2S"),
    (GameId.SIMPLE_SIMON, 4, 999_999, "7H QD AS 3S JD JS KS KD KH 2D 3H AC"),
]


@pytest.mark.parametrize(("game", "suits", "deal", "first"), GOLDEN_FIRST_CARDS)
def test_dl1_golden_first_cards(game: GameId, suits: int, deal: int, first: str) -> None:
    cards = shuffled_deck(deck_for(game, suits), deal)
    assert " ".join(card.code for card in cards[:12]) == first


GOLDEN_LAYOUTS = [
    ("KL1-D1N-AAAAAAB", "4262a3b65a397b23"),
    ("KL1-D1N-AAAAABD", "df7c480545a342a5"),
    ("KL1-D1N-AACEXHN", "71d6216fe0d65035"),
    ("KL1-D1V-AAAAAAB", "66a1c2ca5d943c84"),
    ("KL1-D3N-AAAAABD", "b7160c5b40e89ee3"),
    ("KL1-D3V-AACEXHN", "31ff9e28a4402145"),
    ("SS1-S1-AAAAAAB", "b4cdb0cb43afc18e"),
    ("SS1-S1-AAAAABD", "bca4220bab52ec23"),
    ("SS1-S2-AAAAABD", "e13983b7d62f4c39"),
    ("SS1-S4-AAAAAAB", "c14f370de3603dec"),
    ("SS1-S4-AACEXHN", "fbc9d73e763acbb2"),
    ("EH1-N-AAAAAAB", "b53c2625f1e84887"),
    ("EH1-N-AAAAABD", "4a790d3f571d02bd"),
    ("EH1-N-AACEXHN", "0c64dc8143663493"),
]


@pytest.mark.parametrize(("code", "digest"), GOLDEN_LAYOUTS)
def test_dl1_golden_whole_deals(code: str, digest: str) -> None:
    parsed = parse_code(code)
    text = format_layout(rules_for(parsed.variant).deal(parsed.deal))
    assert hashlib.sha256(text.encode()).hexdigest()[:16] == digest


def test_dl1_golden_deal_in_full() -> None:
    code = parse_code("SS1-S4-AAAAABD")
    assert format_layout(rules_for(code.variant).deal(code.deal)) == (
        "game: SS1-S4-AAAAABD\n"
        "t1: JS QC JH 6S 9H 7C 4H 9C\n"
        "t2: KS AS 8H 8D JC AD 6H TH\n"
        "t3: 2S QH 6C 3S AC KC JD 2H\n"
        "t4: TD 5S 7D 3C 5D 4C KD\n"
        "t5: 7H 8C 4D 3D 3H 4S\n"
        "t6: AH 5H 9D 7S KH\n"
        "t7: 5C TC 2D 9S\n"
        "t8: QS 2C QD\n"
        "t9: 8S 6D\n"
        "t10: TS\n"
    )


def test_dl2_klondike_options_do_not_change_the_cards() -> None:
    for deal in (1, 6, 777):
        layouts = {
            format_layout(rules_for(parse_variant(f"KL1-{options}")).deal(deal)).split("\n", 1)[1]
            for options in ("D1N", "D1V", "D3N", "D3V")
        }
        assert len(layouts) == 1


def test_dl2_simple_simon_suit_count_changes_the_deck() -> None:
    for suits, expected in ((1, {"S"}), (2, {"S", "H"}), (4, {"S", "H", "D", "C"})):
        _, deck = deck_for(GameId.SIMPLE_SIMON, suits)
        assert len(deck) == 52
        assert {card.suit.letter for card in deck} == expected
        assert all(count == 52 // (13 * len(expected)) for count in Counter(deck).values())


def test_dl2_every_variant_deals_its_whole_deck() -> None:
    for variant in ALL_VARIANTS:
        position = rules_for(variant).deal(12345)
        _, deck = deck_for(variant.game, variant.suits)
        assert Counter(position.all_cards()) == Counter(deck)
        assert position.deal == 12345


def test_dl2_different_deals_differ() -> None:
    variant = parse_variant("KL1-D1N")
    layouts = {format_layout(rules_for(variant).deal(deal)) for deal in range(1, 200)}
    assert len(layouts) == 199


def test_dl4_deal_of_the_day_depends_on_game_and_date_only() -> None:
    day = dt.date(2026, 11, 29)
    assert deal_of_the_day(GameId.KLONDIKE, day) == 32260
    assert deal_of_the_day(GameId.SIMPLE_SIMON, day) == 84531
    assert deal_of_the_day(GameId.EASY_HARP, day) == 440876
    assert deal_of_the_day(GameId.KLONDIKE, dt.date(2027, 1, 1)) == 454480
    numbers = {deal_of_the_day(GameId.KLONDIKE, day + dt.timedelta(days=n)) for n in range(365)}
    assert len(numbers) > 360
    assert all(1 <= number <= 999_999 for number in numbers)


def test_dl5_klondike_deals_row_by_row_and_the_stock_turns_in_shuffled_order() -> None:
    cards = shuffled_deck(deck_for(GameId.KLONDIKE, 4), 6)
    position = rules_for(parse_variant("KL1-D1N")).deal(6)
    # Row 0 fills t1..t7, row 1 fills t2..t7, …: column 7 gets deck[6, 12, 17, 21, 24, 26, 27].
    assert [card for card in position.pile("t7").cards] == [
        cards[i] for i in (6, 12, 17, 21, 24, 26, 27)
    ]
    assert position.pile("t1").cards == (cards[0],)
    stock = position.pile("s")
    assert stock.cards[-1] == cards[28]  # the first card turned is the first one left
    assert list(reversed(stock.cards)) == cards[28:]


def test_dl5_simple_simon_deals_row_by_row() -> None:
    cards = shuffled_deck(deck_for(GameId.SIMPLE_SIMON, 4), 29)
    position = rules_for(parse_variant("SS1-S4")).deal(29)
    assert [pile.cards[0] for _, pile in position.items()] == cards[:10]
    assert position.pile("t1").cards[1] == cards[10]
    assert position.pile("t10").cards == (cards[9],)
    assert position.pile("t1").cards[7] == cards[49]


def test_dl5_easy_harp_deals_like_klondike_on_nine_columns() -> None:
    cards = shuffled_deck(deck_for(GameId.EASY_HARP, 4), 5)
    position = rules_for(parse_variant("EH1-N")).deal(5)
    assert position.pile("t1").cards == (cards[0],)
    assert position.pile("t9").cards[-1] == cards[44]
    assert list(reversed(position.pile("s").cards)) == cards[45:]


def test_deal_code_must_match_the_rules() -> None:
    rules = rules_for(parse_variant("KL1-D1N"))
    assert rules.deal_code(GameCode(parse_variant("KL1-D1N"), 6)) == rules.deal(6)
    with pytest.raises(ValueError, match="not a deal of"):
        rules.deal_code(GameCode(parse_variant("KL1-D3N"), 6))
