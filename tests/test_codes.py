"""Game codes (rules DL-3)."""

import pickle
import subprocess
import sys
from pathlib import Path

import pytest

from solitaire.codes import (
    ALL_VARIANTS,
    CODE_ERROR_KEYS,
    GameCode,
    GameCodeError,
    GameId,
    Variant,
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


# -- errors with a key: the server says them in the player's language, the CLI in English -----

# Every case of a refused code: the text typed, the English sentence exactly as the command
# line has always printed it, the key and the values the server fills its message with.
REFUSED_CODES = [
    (
        "hello",
        "'hello' is not a game code: write GAME-OPTIONS-DEAL, e.g. KL1-D1N-AAAAAAG",
        "code_shape",
        {"text": "hello"},
    ),
    (
        "K1-D1N-AAAAAAG",
        "the game part 'K1' must be two letters and a version, e.g. KL1, SS1 or EH1",
        "game_part",
        {"part": "K1"},
    ),
    (
        "XX1-D1N-AAAAAAG",
        "unknown game 'XX': use KL (Klondike), SS (Simple Simon) or EH (Easy Harp)",
        "unknown_game",
        {"letters": "XX"},
    ),
    (
        "KL2-D1N-AAAAAAG",
        "unknown code version '2' in 'KL2': the version is 1",
        "code_version",
        {"version": "2", "part": "KL2", "expected": "1"},
    ),
    (
        "KL1-D9N-AAAAAAG",
        "options 'D9N' do not belong to Klondike: use one of D1N, D1V, D3N, D3V",
        "options",
        {"options": "D9N", "game": "Klondike", "choices": "D1N, D1V, D3N, D3V"},
    ),
    (
        "KL1-D1N-AAAAAA",
        "the deal part 'AAAAAA' has 6 letters; it must have 7",
        "deal_length",
        {"part": "AAAAAA", "count": 6, "needed": 7},
    ),
    (
        "KL1-D1N-AAAAA1G",
        "the deal part 'AAAAA1G' holds '1'; only letters A-Z belong",
        "deal_letter",
        {"part": "AAAAA1G", "letter": "1"},
    ),
    (
        "KL1-D1N-ZZZZZZZ",
        "the deal part 'ZZZZZZZ' is deal 8031810175; deals go from 1 to 999999",
        "deal_range",
        {"part": "ZZZZZZZ", "deal": 8_031_810_175, "min": 1, "max": 999_999},
    ),
]


@pytest.mark.parametrize(("text", "sentence", "key", "values"), REFUSED_CODES)
def test_a_refused_code_keeps_its_sentence_and_names_its_case(
    text: str, sentence: str, key: str, values: dict[str, object]
) -> None:
    with pytest.raises(GameCodeError) as refused:
        parse_code(text)
    assert str(refused.value) == sentence
    assert (refused.value.key, refused.value.values) == (key, values)
    assert key in CODE_ERROR_KEYS


def test_the_other_cases_name_theirs() -> None:
    with pytest.raises(GameCodeError) as shape:
        parse_variant("KL1")
    assert (
        str(shape.value) == "'KL1' is not a game with options: write e.g. KL1-D3V, SS1-S4 or EH1-N"
    )
    assert (shape.value.key, shape.value.values) == ("variant_shape", {"text": "KL1"})
    with pytest.raises(GameCodeError) as number:
        GameCode(parse_variant("EH1-N"), 1_000_000)
    assert str(number.value) == "deal number 1000000 is out of range: deals go from 1 to 999999"
    assert number.value.key == "deal_number"
    assert number.value.values == {"deal": 1_000_000, "min": 1, "max": 999_999}
    with pytest.raises(GameCodeError) as options:
        Variant(GameId.SIMPLE_SIMON, "S3")
    assert str(options.value) == "options 'S3' do not belong to Simple Simon: use one of S1, S2, S4"
    assert options.value.key == "options"
    every_key = {case[2] for case in REFUSED_CODES} | {"variant_shape", "deal_number"}
    assert every_key == set(CODE_ERROR_KEYS)


def test_a_code_error_crosses_to_a_worker_process_whole() -> None:
    # The solver's pool sends exceptions back pickled: the key and values must come along.
    with pytest.raises(GameCodeError) as refused:
        parse_code("KL1-D1N-AAAAAA")
    copy = pickle.loads(pickle.dumps(refused.value))
    assert (str(copy), copy.key, copy.values) == (
        str(refused.value),
        "deal_length",
        {"part": "AAAAAA", "count": 6, "needed": 7},
    )
    # An error made without a key (by older code) still pickles and reads.
    plain = pickle.loads(pickle.dumps(GameCodeError("no such code")))
    assert (str(plain), plain.key, plain.values) == ("no such code", None, {})


@pytest.mark.parametrize(("text", "sentence"), [(case[0], case[1]) for case in REFUSED_CODES])
def test_the_command_line_still_prints_the_english_sentence(text: str, sentence: str) -> None:
    script = Path(sys.executable).parent / "solitaire"
    result = subprocess.run(
        [str(script), "deal", text], capture_output=True, text=True, check=False
    )
    assert result.returncode == 2
    assert result.stderr == f"solitaire: bad game code: {sentence}\n"
    assert result.stdout == ""
