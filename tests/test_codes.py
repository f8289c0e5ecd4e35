"""Game codes (SPEC DL-3)."""

import pytest

from solitaire.codes import (
    ALL_VARIANTS,
    GameCode,
    GameCodeError,
    GameId,
    deal_letters,
    parse_code,
    parse_deal_letters,
    parse_variant,
)


def test_dl3_examples_from_the_seeds() -> None:
    simon = parse_code("SS1-S1-AAAAABD")
    assert (simon.variant.game, simon.variant.suits, simon.deal) == (GameId.SIMPLE_SIMON, 1, 29)
    harp = parse_code("EH1-N-AAAAAAF")
    assert (harp.variant.game, harp.deal) == (GameId.EASY_HARP, 5)
    klondike = parse_code("KL1-D1N-AAAAAAG")
    assert klondike.variant.game is GameId.KLONDIKE
    assert (klondike.variant.draw, klondike.variant.vegas, klondike.deal) == (1, False, 6)


def test_dl3_deal_letters_are_base_26() -> None:
    assert deal_letters(5) == "AAAAAAF"
    assert deal_letters(6) == "AAAAAAG"
    assert deal_letters(29) == "AAAAABD"
    assert deal_letters(999_999) == "AACEXHN"
    for number in (1, 25, 26, 27, 675, 676, 123_456, 999_999):
        assert parse_deal_letters(deal_letters(number)) == number


def test_dl3_codes_round_trip_for_every_variant() -> None:
    for variant in ALL_VARIANTS:
        for deal in (1, 6, 29, 4321, 999_999):
            code = GameCode(variant, deal)
            assert parse_code(str(code)) == code
            assert parse_code(f"  {str(code).lower()}  ") == code


def test_dl3_options_decode() -> None:
    draw3_vegas = parse_variant("KL1-D3V")
    assert (draw3_vegas.draw, draw3_vegas.vegas) == (3, True)
    assert parse_variant("SS1-S2").suits == 2
    assert parse_variant("EH1-N").draw == 1


@pytest.mark.parametrize(
    ("text", "part"),
    [
        ("XX1-D1N-AAAAAAG", "unknown game"),
        ("KL2-D1N-AAAAAAG", "version"),
        ("K1-D1N-AAAAAAG", "game part"),
        ("KL1-S4-AAAAAAG", "do not belong to Klondike"),
        ("SS1-D1N-AAAAAAG", "do not belong to Simple Simon"),
        ("EH1-D1N-AAAAAAG", "do not belong to Easy Harp"),
        ("KL1-D1N-AAAAAAA", "deal 0"),
        ("KL1-D1N-AACEXHO", "deal 1000000"),
        ("KL1-D1N-AAAAAG", "6 letters"),
        ("KL1-D1N-AAAAAAAG", "8 letters"),
        ("KL1-D1N-AAAAA1G", "only letters"),
        ("KL1-D1N", "not a game code"),
        ("", "not a game code"),
        ("KL1-D1N-AAAAAAG-X", "not a game code"),
    ],
)
def test_dl3_bad_codes_say_which_part_is_wrong(text: str, part: str) -> None:
    with pytest.raises(GameCodeError, match=part):
        parse_code(text)


def test_dl3_deal_number_bounds() -> None:
    variant = parse_variant("KL1-D1N")
    with pytest.raises(GameCodeError, match="out of range"):
        GameCode(variant, 0)
    with pytest.raises(GameCodeError, match="out of range"):
        GameCode(variant, 1_000_000)
