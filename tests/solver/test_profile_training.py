"""The profile-guided build's training workload (solver/profile_training.py)."""

from solitaire.codes import ALL_VARIANTS
from solitaire.solver import profile_training


def test_the_workload_plays_every_variant_and_does_the_same_work_each_time() -> None:
    # Bounded by positions, not time: two runs expand exactly as many positions, on any
    # machine, and every variant's own searches run.
    first = profile_training.train(deals=2, max_positions=3_000, lost_deals=False)
    second = profile_training.train(deals=2, max_positions=3_000, lost_deals=False)
    assert first == second
    assert set(first) == {str(variant) for variant in ALL_VARIANTS}
    assert all(positions > 0 for positions in first.values())


def test_the_workload_is_not_trained_on_the_deals_it_is_measured_on() -> None:
    # The benchmark plays deals 1-1 000 (held out: up to 2 000), the tests lower ones.
    assert profile_training.FIRST_DEAL > 2_000
    assert all(deal > 2_000 for _, deal in profile_training.LOST_DEALS)
