"""LV-1: the shipped graded deals: enough of them, each proven winnable by its stored
solution replayed through the rules, and the levels apart on the documented measure."""

from __future__ import annotations

import pytest

from solitaire.codes import parse_variant
from solitaire.games import rules_for
from solitaire.levels.data import graded_deals, graded_variants, level_of, playouts_of
from solitaire.levels.grading import LEVELS, play_solution
from solitaire.levels.player import plain_progress
from solitaire.moves import parse_moves
from solitaire.solver import replay

VARIANTS = graded_variants()
#: The eight variants LV-1 names; each must have graded deals once the grading has run.
EVERY_VARIANT = ("KL1-D1N", "KL1-D1V", "KL1-D3N", "KL1-D3V", "SS1-S1", "SS1-S2", "SS1-S4", "EH1-N")
PER_LEVEL = 100


def test_lv_1_every_variant_has_at_least_100_deals_per_level() -> None:
    for name in EVERY_VARIANT:
        variant = parse_variant(name)
        for level in LEVELS:
            assert len(graded_deals(variant, level)) >= PER_LEVEL, (name, level)


@pytest.mark.slow  # every shipped solution, thousands of moves through the rules
@pytest.mark.parametrize("name", VARIANTS)
def test_lv_1_every_graded_deal_solution_replays_to_a_win(name: str) -> None:
    """Each stored solution is played from the deal's first position through the rules
    (solitaire.solver.replay raises unless every move is legal and the game is won)."""
    variant = parse_variant(name)
    rules = rules_for(variant)
    seen: set[int] = set()
    for level in LEVELS:
        for graded in graded_deals(variant, level):
            assert graded.deal not in seen, f"{name} deal {graded.deal} graded twice"
            seen.add(graded.deal)
            replay(rules.deal(graded.deal), parse_moves(graded.solution))


@pytest.mark.parametrize("name", VARIANTS)
def test_lv_1_the_counter_and_score_stored_are_the_solution_played(name: str) -> None:
    """The goals of the challenges come from these figures: a few deals a level, played as
    a player's game, end won with the stored move counter and score."""
    variant = parse_variant(name)
    for level in LEVELS:
        for graded in graded_deals(variant, level)[:3]:
            game = play_solution(graded.code, graded.solution)
            assert (game.won, game.moves, game.score) == (True, graded.counter, graded.score)


@pytest.mark.parametrize("name", VARIANTS)
def test_lv_1_each_level_is_harder_than_the_one_before_on_the_measure(name: str) -> None:
    """The documented measure (1 − the plain player's mean progress): no deal of a level is
    easier than a deal of the level before, and the medians strictly rise."""
    variant = parse_variant(name)
    previous_max = -1.0
    previous_median = -1.0
    for level in LEVELS:
        difficulties = sorted(graded.difficulty for graded in graded_deals(variant, level))
        median = difficulties[len(difficulties) // 2]
        assert difficulties[0] >= previous_max, level
        assert median > previous_median, level
        previous_max, previous_median = difficulties[-1], median


@pytest.mark.parametrize("name", VARIANTS)
def test_lv_1_the_stored_difficulty_is_the_plain_player_measured_again(name: str) -> None:
    """The measure is deterministic (seeded games): measured again now, the first deal of
    each level has the difficulty the data holds."""
    variant = parse_variant(name)
    for level in LEVELS:
        graded = graded_deals(variant, level)[0]
        again = 1.0 - plain_progress(graded.code, playouts_of(variant)).mean
        assert again == pytest.approx(graded.difficulty, abs=1e-4), (level, graded.deal)


def test_lv_1_a_graded_deal_is_an_ordinary_numbered_deal() -> None:
    """Its code reproduces it: the level is looked up by deal number."""
    variant = parse_variant(VARIANTS[0])
    graded = graded_deals(variant, "hard")[0]
    assert str(graded.code).startswith(VARIANTS[0] + "-")
    assert level_of(variant, graded.deal) == "hard"
    assert level_of(variant, 999_999) in (None, *LEVELS)


def test_lv_1_an_unknown_level_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown level 'impossible'"):
        graded_deals(parse_variant("SS1-S1"), "impossible")
