"""Complete won games confirm the score identities of rules KL-11, KL-12, EH-10 and SS-7.

The scripted lines in tests/fixtures/wins/ were found by tests/fixtures/find_wins.py (a
search through the real rules); here each is replayed from its deal's first position.
"""

from pathlib import Path

import pytest

from solitaire.codes import GameCode, parse_code, parse_variant
from solitaire.games import Refusal
from solitaire.moves import Move, parse_moves
from solitaire.play import Game

WINS = Path(__file__).parent / "fixtures" / "wins"


def lines(variant: str) -> list[tuple[str, list[Move]]]:
    """The (code, moves) lines stored for a variant."""
    path = WINS / f"{variant}.txt"
    found: list[tuple[str, list[Move]]] = []
    if not path.exists():
        return found
    for line in path.read_text("utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            code, _, moves = line.partition(":")
            found.append((code.strip(), parse_moves(moves)))
    return found


def replay(code: str, moves: list[Move]) -> tuple[Game, int, int]:
    """Play a line; count waste→column moves and the points put-backs actually took."""
    game = Game.from_code(code)
    waste_to_column = 0
    deducted = 0
    for move in moves:
        put_back = game.rules.shape.has_stock and move.is_draw and not game.position.pile("s").cards
        before = game.score
        game.play(move)
        if move.source == "w" and move.target.startswith("t"):
            waste_to_column += 1
        if put_back:
            deducted += before - game.score
        assert not move.source.startswith("f"), "the identities hold for wins with no take-back"
    assert game.won, code
    return game, waste_to_column, deducted


@pytest.mark.parametrize("variant", ["KL1-D1N", "KL1-D3N"])
def test_kl11_normal_win_scores_625_plus_5_per_waste_to_column_less_put_backs(variant: str) -> None:
    found = lines(variant)
    assert found
    for code, moves in found:
        game, waste_to_column, deducted = replay(code, moves)
        assert game.score == 520 + 105 + 5 * waste_to_column - deducted
        assert game.moves == len(moves)  # every action counts in Klondike


def test_kl11_a_stored_win_uses_put_backs() -> None:
    """At least one line exercises the put-back deduction (including a clamped one)."""
    used = 0
    for variant in ("KL1-D1N", "KL1-D3N"):
        for code, moves in lines(variant):
            _, _, deducted = replay(code, moves)
            used += deducted > 0
    assert used > 0


def test_kl12_vegas_win_ends_at_plus_208() -> None:
    """Vegas lines, and any Normal line with no put-back (DL-2: the same cards)."""
    replayed = 0
    stored = [lines(variant) for variant in ("KL1-D1V", "KL1-D3V", "KL1-D1N", "KL1-D3N")]
    for code, moves in [line for found in stored for line in found]:
        parsed = parse_code(code)
        vegas = GameCode(parse_variant(f"KL1-D{parsed.variant.draw}V"), parsed.deal)
        game = Game.from_code(vegas)
        try:
            for move in moves:
                game.play(move)
        except Refusal as refusal:
            assert refusal.reason == "no_redeal"  # this line needs a put-back (KL-9)
            continue
        assert game.won
        assert (game.score, game.score_text) == (208, "+$208")
        replayed += 1
    assert replayed > 0


def test_eh10_win_scores_1220_plus_5_per_waste_to_column() -> None:
    found = lines("EH1-N")
    assert found
    for code, moves in found:
        game, waste_to_column, _ = replay(code, moves)
        assert game.score == 1220 + 5 * waste_to_column
        assert game.moves == len(moves)


@pytest.mark.parametrize("variant", ["SS1-S1", "SS1-S2", "SS1-S4"])
def test_ss7_win_scores_500_minus_moves_plus_400(variant: str) -> None:
    found = lines(variant)
    assert found
    for code, moves in found:
        game, _, _ = replay(code, moves)
        assert game.score == 500 - len(moves) + 400
        assert game.moves == len(moves)
