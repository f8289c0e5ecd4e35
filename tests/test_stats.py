"""Statistics per variant: what counts as played, records, streaks, recent results, the chart."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ElementTree
from datetime import UTC, datetime, timedelta

import pytest

from solitaire.stats import (
    RECENT_LIMIT,
    VARIANT_KEYS,
    FinishedGame,
    StatsInputError,
    player_stats,
    recent_results_svg,
    variant_key,
)

START = datetime(2026, 11, 29, 8, 0, tzinfo=UTC)
SVG = "{http://www.w3.org/2000/svg}"


def history(*games: tuple[str, bool] | tuple[str, bool, int, int, int]) -> list[FinishedGame]:
    """Finished games a minute apart: (variant, won) or (variant, won, score, moves, seconds)."""
    finished = []
    for number, spec in enumerate(games):
        variant, won, *rest = spec
        score, moves, seconds = rest if rest else (100, 50, 120)
        finished.append(
            FinishedGame(variant, won, score, moves, seconds, START + timedelta(minutes=number))
        )
    return finished


def test_empty_history_has_no_statistics() -> None:
    assert player_stats([]) == {}


def test_counts_played_won_and_win_rate_per_variant() -> None:
    stats = player_stats(
        history(("KL-D1N", True), ("KL-D1N", False), ("KL-D1N", True), ("SS-S4", False))
    )
    assert list(stats) == ["KL-D1N", "SS-S4"]
    assert (stats["KL-D1N"].played, stats["KL-D1N"].won) == (3, 2)
    assert stats["KL-D1N"].win_rate == pytest.approx(2 / 3)
    assert (stats["SS-S4"].played, stats["SS-S4"].won, stats["SS-S4"].win_rate) == (1, 0, 0.0)


def test_answers_in_menu_order_whatever_order_games_came_in() -> None:
    stats = player_stats(history(("EH-N", True), ("SS-S2", True), ("KL-D3V", False)))
    assert list(stats) == ["KL-D3V", "SS-S2", "EH-N"]
    assert VARIANT_KEYS[:4] == ("KL-D1N", "KL-D1V", "KL-D3N", "KL-D3V")


def test_a_game_without_a_move_is_not_played_and_leaves_the_streak_alone() -> None:
    games = history(("EH-N", True), ("EH-N", False, 0, 0, 4), ("EH-N", True))
    stats = player_stats(games)["EH-N"]
    assert (stats.played, stats.won, stats.current_streak, stats.best_streak) == (2, 2, 2, 2)
    assert stats.recent == (games[0], games[2])


def test_a_variant_with_only_unplayed_games_does_not_appear() -> None:
    assert player_stats(history(("SS-S1", False, 500, 0, 3))) == {}


def test_streaks_reset_on_a_loss_and_keep_the_best() -> None:
    wins_and_losses = "WWWLWWLLWW"
    stats = player_stats(history(*(("SS-S1", mark == "W") for mark in wins_and_losses)))
    assert (stats["SS-S1"].current_streak, stats["SS-S1"].best_streak) == (2, 3)


def test_a_loss_ends_the_current_streak_at_zero() -> None:
    stats = player_stats(history(("KL-D3N", True), ("KL-D3N", True), ("KL-D3N", False)))
    assert (stats["KL-D3N"].current_streak, stats["KL-D3N"].best_streak) == (0, 2)


def test_streaks_are_kept_per_variant_across_interleaved_games() -> None:
    stats = player_stats(
        history(
            ("KL-D1N", True),
            ("SS-S4", False),
            ("KL-D1N", True),
            ("KL-D1V", False),  # another Klondike variant: its own streak
            ("KL-D1N", True),
            ("SS-S4", True),
        )
    )
    assert (stats["KL-D1N"].current_streak, stats["KL-D1N"].best_streak) == (3, 3)
    assert (stats["SS-S4"].current_streak, stats["SS-S4"].best_streak) == (1, 1)
    assert (stats["KL-D1V"].current_streak, stats["KL-D1V"].best_streak) == (0, 0)


def test_a_streak_equal_to_the_best_keeps_the_best_length() -> None:
    marks = "WWLWW"
    stats = player_stats(history(*(("EH-N", mark == "W") for mark in marks)))["EH-N"]
    assert (stats.current_streak, stats.best_streak) == (2, 2)


def test_records_best_score_fewest_moves_fastest_win() -> None:
    games = history(
        ("KL-D1N", True, 600, 140, 400),
        ("KL-D1N", False, 700, 90, 100),  # a loss: best score yes, moves and time no
        ("KL-D1N", True, 650, 120, 500),
        ("KL-D1N", True, 610, 160, 250),
    )
    stats = player_stats(games)["KL-D1N"]
    assert stats.best_score is not None and stats.best_score.game == games[1]
    assert stats.best_score.value == 700
    assert stats.fewest_moves is not None and stats.fewest_moves.game == games[2]
    assert stats.fewest_moves.value == 120
    assert stats.fastest_win is not None and stats.fastest_win.game == games[3]
    assert stats.fastest_win.value == 250


def test_vegas_best_score_is_the_highest_dollars_even_below_zero() -> None:
    games = history(
        ("KL-D3V", False, -47, 80, 200),
        ("KL-D3V", False, -32, 70, 200),
        ("KL-D3V", False, -52, 30, 60),
    )
    stats = player_stats(games)["KL-D3V"]
    assert stats.best_score is not None and stats.best_score.value == -32
    assert stats.fewest_moves is None and stats.fastest_win is None


def test_a_tie_leaves_the_record_with_the_game_that_reached_it_first() -> None:
    games = history(("SS-S2", True, 841, 59, 300), ("SS-S2", True, 841, 59, 300))
    stats = player_stats(games)["SS-S2"]
    assert stats.best_score is not None and stats.best_score.game is games[0]
    assert stats.fewest_moves is not None and stats.fewest_moves.game is games[0]
    assert stats.fastest_win is not None and stats.fastest_win.game is games[0]


def test_recent_keeps_the_last_twenty_played_games_oldest_first() -> None:
    games = history(*(("EH-N", number % 3 == 0) for number in range(RECENT_LIMIT + 5)))
    stats = player_stats(games)["EH-N"]
    assert stats.recent == tuple(games[5:])
    assert stats.played == RECENT_LIMIT + 5


def test_games_out_of_finishing_order_are_refused() -> None:
    games = history(("KL-D1N", True), ("KL-D1N", False))
    with pytest.raises(StatsInputError, match=r"finished game 2: finished at .* before"):
        player_stats(reversed(games))


@pytest.mark.parametrize(
    ("game", "message"),
    [
        (FinishedGame("KL1-D1N", True, 1, 1, 1, START), "unknown variant key 'KL1-D1N'"),
        (FinishedGame("KL-D2N", True, 1, 1, 1, START), "unknown variant key"),
        (FinishedGame("SS-S4", False, 1, -1, 1, START), "cannot be negative"),
        (FinishedGame("SS-S4", False, 1, 3, -1, START), "cannot be negative"),
        (FinishedGame("EH-N", True, 1220, 0, 5, START), "a won game has at least one move"),
        (FinishedGame("EH-N", True, 1, 1, 1, START.replace(tzinfo=None)), "time zone"),
    ],
)
def test_games_that_cannot_be_counted_are_refused_by_place(
    game: FinishedGame, message: str
) -> None:
    with pytest.raises(StatsInputError, match=message) as refused:
        player_stats([*history(("EH-N", True)), game])
    assert "finished game 2" in str(refused.value)


@pytest.mark.parametrize(
    ("text", "key"),
    [("KL1-D3V", "KL-D3V"), (" ss1-s2-aaaaabd ", "SS-S2"), ("EH-N", "EH-N"), ("kl-d1v", "KL-D1V")],
)
def test_variant_key_from_variants_codes_and_keys(text: str, key: str) -> None:
    assert variant_key(text) == key


@pytest.mark.parametrize("text", ["", "KL", "KL1-D2N", "XX1-N", "SS-S3"])
def test_variant_key_refuses_what_names_no_variant(text: str) -> None:
    with pytest.raises(StatsInputError, match="names no variant"):
        variant_key(text)


def test_as_json_is_plain_json_with_iso_times() -> None:
    games = history(("KL-D1V", False, -32, 70, 200), ("KL-D1V", True, 208, 120, 400))
    answer = player_stats(games)["KL-D1V"].as_json()
    assert json.loads(json.dumps(answer)) == answer
    assert answer["best_score"] == {"value": 208, "finished_at": games[1].finished_at.isoformat()}
    assert answer["fastest_win"]["value"] == 400
    assert (answer["played"], answer["won"], answer["win_rate"]) == (2, 1, 0.5)
    assert [result["won"] for result in answer["recent"]] == [False, True]
    assert player_stats(games[:1])["KL-D1V"].as_json()["fewest_moves"] is None


def parse_svg(svg: str) -> ElementTree.Element:
    return ElementTree.fromstring(svg)


def test_chart_has_one_bar_per_game_wins_up_losses_down() -> None:
    games = history(("KL-D1N", True), ("KL-D1N", False), ("KL-D1N", True))
    root = parse_svg(recent_results_svg(games, title="Klondike: last 3 games"))
    assert root.get("role") == "img"
    bars = root.findall(f"{SVG}rect")
    assert [bar.get("class") for bar in bars] == ["win", "loss", "win"]
    axis = root.find(f"{SVG}line")
    assert axis is not None
    middle = float(axis.get("y1", "nan"))
    for bar in bars:
        top, height = float(bar.get("y", "nan")), float(bar.get("height", "nan"))
        if bar.get("class") == "win":
            assert top + height == middle
        else:
            assert top == middle
    lefts = [float(bar.get("x", "nan")) for bar in bars]
    assert lefts == sorted(lefts)
    assert float(root.get("width", "0")) >= lefts[-1] + float(bars[-1].get("width", "0"))


def test_chart_title_labels_the_image_and_bars_have_tooltips() -> None:
    games = history(("SS-S4", True, 851, 49, 60))
    svg = recent_results_svg(
        games,
        title="Simple Simon <4 suits> & co",
        label=lambda game: f"gagné : {game.score} points",
        chart_id="ss-chart",
    )
    root = parse_svg(svg)
    title = root.find(f"{SVG}title")
    assert title is not None and title.text == "Simple Simon <4 suits> & co"
    assert root.get("aria-labelledby") == title.get("id") == "ss-chart-title"
    bar_title = root.find(f"{SVG}rect/{SVG}title")
    assert bar_title is not None and bar_title.text == "gagné : 851 points"


def test_chart_of_no_games_is_an_empty_labelled_image() -> None:
    root = parse_svg(recent_results_svg([], title="No games yet"))
    assert root.findall(f"{SVG}rect") == []
    assert root.find(f"{SVG}title") is not None


@pytest.mark.parametrize(
    ("count", "title", "chart_id", "message"),
    [
        (RECENT_LIMIT + 1, "t", "c", "at most 20"),
        (1, "  ", "c", "needs a title"),
        (1, "t", 'x" onload="alert(1)', "not an element id"),
    ],
)
def test_chart_refuses_bad_input(count: int, title: str, chart_id: str, message: str) -> None:
    games = history(*(("EH-N", True) for _ in range(count)))
    with pytest.raises(StatsInputError, match=message):
        recent_results_svg(games, title=title, chart_id=chart_id)
