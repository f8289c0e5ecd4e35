"""``/api/stats`` and ``/api/stats/reset``: statistics from the stored games (rules in
docs/records.md), checked against real games played through the API, on SQLite and on a
throwaway PostgreSQL."""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from solitaire.play import Game
from solitaire.server.app import create_app
from solitaire.server.settings import Settings

from ..fixtures import KLONDIKE_ONE_MOVE_TO_WIN
from ..support.postgres import TemporaryPostgres
from ..test_wins import lines
from .conftest import act, sqlite_settings, start

ALMOST_WON = KLONDIKE_ONE_MOVE_TO_WIN


def test_no_games_no_statistics(client: TestClient) -> None:
    response = client.get("/api/stats")
    assert response.status_code == 200
    assert response.json() == {"variants": [], "resets": {}}


def test_a_win_and_an_abandoned_game(client: TestClient) -> None:
    lost = start(client, mode="code", code="KL1-D1N-AAAAAAG")
    act(client, lost, type="move", move="t6-t7")
    untouched = start(client, mode="code", code="SS1-S1-AAAAABD")  # abandons the first
    won = start(client, mode="layout", layout=ALMOST_WON)  # abandons the untouched one
    assert act(client, won, type="tap", pile="t1", index=0).json()["won"]
    variants = client.get("/api/stats").json()["variants"]
    assert [entry["variant"] for entry in variants] == ["KL-D1N"]  # no move, not played
    klondike = variants[0]
    assert (klondike["played"], klondike["won"], klondike["win_rate"]) == (2, 1, 0.5)
    assert (klondike["current_streak"], klondike["best_streak"]) == (1, 1)
    assert klondike["best_score"]["value"] == 10
    assert klondike["best_score"]["text"] == "10"
    assert klondike["fewest_moves"]["value"] == 1
    assert [game["won"] for game in klondike["recent"]] == [False, True]
    assert klondike["chart"].startswith("<svg")
    # The chart's title names the variant as the board does, in the player's language.
    assert "Klondike: draw 1, Normal: recent results" in klondike["chart"]
    assert untouched["id"] != won["id"]


def test_the_chart_speaks_the_players_language(client: TestClient) -> None:
    assert client.put("/api/settings", json={"language": "ro"}).status_code == 200
    state = start(client, mode="code", code="KL1-D3V-AAAAAAG")
    act(client, state, type="move", move="t6-t7")
    start(client, mode="code", code="KL1-D3V-AAAAAAG")
    (entry,) = client.get("/api/stats").json()["variants"]
    assert "Klondike: câte 3 cărți, punctaj Vegas: rezultatele recente" in entry["chart"]
    assert "<title>Pierdută. Punctaj: -$52 · Mutări: 1</title>" in entry["chart"]
    assert entry["best_score"] == {
        "value": -52,
        "text": "-$52",
        "finished_at": entry["best_score"]["finished_at"],
    }


def test_the_game_in_progress_is_not_counted(client: TestClient) -> None:
    state = start(client, mode="code", code="EH1-N-AAAAAAF")
    act(client, state, type="stock")
    assert client.get("/api/stats").json()["variants"] == []


def test_an_already_won_layout_is_not_a_game_played(client: TestClient) -> None:
    finished = ALMOST_WON.replace("f2: AH", "f2: KH AH").replace("t1: KH", "t1:")
    finished = finished.replace("f2: KH AH 2H", "f2: AH 2H").replace("QH\n", "QH KH\n", 1)
    response = client.post("/api/games", json={"mode": "layout", "layout": finished})
    assert response.status_code == 201 and response.json()["won"]
    start(client, mode="code", code="KL1-D1N-AAAAAAG")
    assert client.get("/api/stats").status_code == 200
    assert client.get("/api/stats").json()["variants"] == []


# -- a scripted session: real games to a win and to a loss, on both databases ----------------


@dataclass(frozen=True)
class Played:
    """A game as the engine says it ended, and how long it took on the client's clock."""

    code: str
    won: bool
    score: int
    moves: int
    seconds: float


def play(client: TestClient, code: str, moves: list[Any]) -> Played:
    """Start ``code`` and send ``moves`` as move text; the engine, fed the same moves, says
    what the server must have recorded."""
    began = time.monotonic()
    state = start(client, mode="code", code=code)
    engine = Game.from_code(code)
    for move in moves:
        engine.play(move)
        answer = act(client, state, type="move", move=str(move))
        assert answer.status_code == 200, answer.text
        state = answer.json()
    assert (state["score"], state["moves"], state["won"]) == (
        engine.score,
        engine.moves,
        engine.won,
    )
    return Played(code, engine.won, engine.score, engine.moves, time.monotonic() - began)


def abandon(client: TestClient) -> None:
    """Start a game and leave it untouched: the game before it is finished (lost, if it had a
    move); this one, with no move, never counts."""
    start(client, mode="code", code="EH1-N-AAAAAAB")


def by_variant(client: TestClient) -> dict[str, dict[str, Any]]:
    response = client.get("/api/stats")
    assert response.status_code == 200
    return {entry["variant"]: entry for entry in response.json()["variants"]}


def check(entry: dict[str, Any], games: list[Played]) -> None:
    """The figures of one variant against the games played, oldest first."""
    wins = [game for game in games if game.won]
    assert entry["played"] == len(games)
    assert entry["won"] == len(wins)
    assert entry["win_rate"] == pytest.approx(len(wins) / len(games))
    assert entry["best_score"]["value"] == max(game.score for game in games)
    if wins:
        assert entry["fewest_moves"]["value"] == min(game.moves for game in wins)
        # The server times a game from its start to its last action: never longer than the
        # client saw it take.
        assert 0 <= entry["fastest_win"]["value"] <= min(game.seconds for game in wins) + 1
    else:
        assert entry["fewest_moves"] is None and entry["fastest_win"] is None
    streak = best = 0
    for game in games:
        streak = streak + 1 if game.won else 0
        best = max(best, streak)
    assert (entry["current_streak"], entry["best_streak"]) == (streak, best)
    assert [(game["won"], game["score"], game["moves"]) for game in entry["recent"]] == [
        (game.won, game.score, game.moves) for game in games
    ]
    assert entry["chart"].count('class="win"') == len(wins)
    assert entry["chart"].count('class="loss"') == len(games) - len(wins)


def scripted_session(client: TestClient) -> None:
    one_n, two_n = lines("KL1-D1N")[:2]
    vegas = lines("KL1-D1V")[0]
    simon = lines("SS1-S1")[0]
    # Klondike draw 1 Normal: a loss, two wins, a loss, a win.
    klondike = [play(client, one_n[0], one_n[1][:6])]
    klondike.append(play(client, one_n[0], one_n[1]))
    klondike.append(play(client, two_n[0], two_n[1]))
    klondike.append(play(client, two_n[0], two_n[1][:3]))
    # A game whose every move is undone reads 0 moves: it is not counted.
    state = start(client, mode="code", code=one_n[0])
    state = act(client, state, type="move", move=str(one_n[1][0])).json()
    assert act(client, state, type="undo").json()["moves"] == 0
    klondike.append(play(client, one_n[0], one_n[1]))
    # Klondike draw 1 Vegas: a loss in dollars, then a win; a streak elsewhere is untouched.
    dollars = [play(client, vegas[0], vegas[1][:4])]
    assert dollars[0].score < 0
    dollars.append(play(client, vegas[0], vegas[1]))
    simple_simon = [play(client, simon[0], simon[1])]
    abandon(client)

    variants = by_variant(client)
    assert list(variants) == ["KL-D1N", "KL-D1V", "SS-S1"]
    check(variants["KL-D1N"], klondike)
    check(variants["KL-D1V"], dollars)
    check(variants["SS-S1"], simple_simon)
    assert variants["KL-D1N"]["best_streak"] == 2
    assert variants["KL-D1V"]["best_score"]["text"] == "+$208"

    # The history lists every finished game with a move, newest first.
    history = client.get("/api/history", params={"limit": 100}).json()
    finished = klondike + dollars + simple_simon
    assert history["total"] == len(finished)
    assert [
        (row["code"], row["result"], row["score"], row["moves"]) for row in history["games"]
    ] == [
        (game.code, "won" if game.won else "lost", game.score, game.moves)
        for game in reversed(finished)
    ]
    # Scores as the board shows them: dollars in Vegas (a loss of 4 moves: -$47).
    assert [row["score_text"] for row in history["games"][:3]] == ["844", "+$208", "-$47"]

    # Reset one variant: its figures start again; the others and the history stay.
    before = client.get("/api/stats").json()["variants"]
    reset = client.post("/api/stats/reset", json={"variant": "KL-D1N"})
    assert reset.status_code == 200
    answer = reset.json()
    assert answer["variants"] == [entry for entry in before if entry["variant"] != "KL-D1N"]
    assert list(answer["resets"]) == ["KL-D1N"]
    assert client.get("/api/stats").json() == answer
    assert client.get("/api/history", params={"limit": 100}).json() == history
    again = play(client, two_n[0], two_n[1])
    abandon(client)
    check(by_variant(client)["KL-D1N"], [again])

    # Reset all, by a variant's game text this time for one and "all" for every one.
    assert client.post("/api/stats/reset", json={"variant": "SS1-S1"}).status_code == 200
    assert "SS-S1" not in by_variant(client)
    everything = client.post("/api/stats/reset", json={"variant": "all"}).json()
    assert everything["variants"] == []
    assert sorted(everything["resets"]) == sorted(
        ["KL-D1N", "KL-D1V", "KL-D3N", "KL-D3V", "SS-S1", "SS-S2", "SS-S4", "EH-N"]
    )
    assert client.get("/api/history").json()["total"] == len(finished) + 1


@pytest.fixture(params=["sqlite", "postgresql"])
def session_client(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[TestClient]:
    """A new app on an empty database of each kind."""
    if request.param == "sqlite":
        # NORMAL: no fsync per action; the session sends about 900 of them.
        settings = sqlite_settings(tmp_path / "data", sqlite_synchronous="NORMAL")
    else:
        server: TemporaryPostgres = request.getfixturevalue("postgres_cluster")
        name: str = request.getfixturevalue("postgres_database_name")
        settings = Settings(data_dir=tmp_path, database_url=server.copy_database(name))
    with TestClient(create_app(settings)) as client:
        yield client


@pytest.mark.slow
def test_a_scripted_session_counts_every_game_as_played(session_client: TestClient) -> None:
    scripted_session(session_client)


def test_another_players_games_and_resets_are_their_own(session_client: TestClient) -> None:
    code, moves = lines("SS1-S1")[0]
    play(session_client, code, moves)
    abandon(session_client)
    mine = session_client.cookies["solitaire_player"]
    session_client.cookies.clear()
    assert session_client.get("/api/stats").json() == {"variants": [], "resets": {}}
    assert session_client.post("/api/stats/reset", json={"variant": "all"}).status_code == 200
    assert session_client.get("/api/history").json()["total"] == 0
    session_client.cookies.clear()
    session_client.cookies.set("solitaire_player", mine)
    assert list(by_variant(session_client)) == ["SS-S1"]
    assert session_client.get("/api/stats").json()["resets"] == {}


def test_a_reset_twice_moves_the_moment_and_a_later_game_counts(client: TestClient) -> None:
    first = client.post("/api/stats/reset", json={"variant": "EH-N"}).json()["resets"]["EH-N"]
    state = start(client, mode="code", code="EH1-N-AAAAAAF")
    act(client, state, type="stock")
    abandon(client)
    assert by_variant(client)["EH-N"]["played"] == 1
    second = client.post("/api/stats/reset", json={"variant": "eh-n"}).json()
    assert second["resets"]["EH-N"] > first
    assert second["variants"] == []


@pytest.mark.parametrize(
    ("body", "status"),
    [
        ({"variant": "KL-D9N"}, 400),
        ({"variant": "chess"}, 400),
        ({"variant": ""}, 400),
        ({"variant": 3}, 400),
        ({"variant": None}, 400),
        ({}, 400),
        ({"variant": "all", "also": 1}, 400),
        ([], 400),
        ("all", 400),
    ],
)
def test_a_bad_reset_is_refused_and_changes_nothing(
    client: TestClient, body: Any, status: int
) -> None:
    state = start(client, mode="code", code="KL1-D1N-AAAAAAG")
    act(client, state, type="move", move="t6-t7")
    abandon(client)
    before = client.get("/api/stats").json()
    answer = client.post("/api/stats/reset", json=body)
    assert answer.status_code == status
    assert answer.json()["error"] == "bad_request"
    assert answer.json()["message"]
    assert client.get("/api/stats").json() == before


def test_a_reset_needs_a_body_and_a_post(client: TestClient) -> None:
    assert client.post("/api/stats/reset").status_code == 400
    assert client.post("/api/stats/reset", content=b"{not json").status_code == 400
    assert client.get("/api/stats/reset").status_code == 405
    assert client.get("/api/stats").json() == {"variants": [], "resets": {}}


def test_an_unknown_variant_is_named_in_the_message(client: TestClient) -> None:
    answer = client.post("/api/stats/reset", json={"variant": "KL1-D9N"}).json()
    assert answer["detail"][0]["loc"] == ["body", "variant"]
    assert "D9N" in answer["message"]


# -- what a win did (GET /api/games/{id}/records) ----------------------------------------------
RANKS = "A23456789TJQK"


def _klondike_won_in(kings: str) -> str:
    """Klondike with every card on the foundations but the kings of ``kings`` (suit letters),
    each alone in a column: one foundation move per king wins it."""
    foundations = "\n".join(
        f"f{i + 1}: " + " ".join(rank + suit for rank in RANKS[: 12 if suit in kings else 13])
        for i, suit in enumerate("SHDC")
    )
    columns = "\n".join(f"t{i + 1}: {('K' + suit) if suit else ''}" for i, suit in
                        enumerate([*kings] + [""] * (7 - len(kings))))  # fmt: skip
    return f"game: KL1-D1N\ns:\nw:\n{foundations}\n{columns}\n"


def _win(client: TestClient, kings: str) -> dict[str, Any]:
    state = start(client, mode="layout", layout=_klondike_won_in(kings))
    for column in range(len(kings)):
        state = act(client, state, type="tap", pile=f"t{column + 1}", index=0).json()
    assert state["won"]
    return state


def _records(client: TestClient, state: dict[str, Any]) -> Any:
    return client.get(f"/api/games/{state['id']}/records")


def test_a_won_game_says_which_records_it_beat_and_its_streak(client: TestClient) -> None:
    first = _win(client, "HD")  # two moves
    records = _records(client, first).json()
    assert records == {
        "variant": "KL-D1N",
        "variant_name": "Klondike: draw 1, Normal",
        "best_score": False,  # nothing to beat yet
        "fewest_moves": False,
        "fastest_win": False,
        "first_win": True,
        "streak": 1,
        "best_streak": 1,
    }
    second = _win(client, "H")  # one move: fewer, and a lower score
    assert second["moves"] < first["moves"] and second["score"] < first["score"]
    records = _records(client, second).json()
    assert (records["fewest_moves"], records["best_score"], records["first_win"]) == (
        True,
        False,
        False,
    )
    assert (records["streak"], records["best_streak"]) == (2, 2)
    third = _win(client, "HD")  # the same moves and score as the first: a tie beats nothing
    records = _records(client, third).json()
    assert (records["fewest_moves"], records["best_score"], records["streak"]) == (False, False, 3)
    # The answer is the win's own: later games do not change it.
    lost = start(client, mode="code", code="KL1-D1N-AAAAAAG")
    act(client, lost, type="move", move="t6-t7")
    after_loss = _win(client, "H")
    assert _records(client, after_loss).json()["streak"] == 1
    assert _records(client, second).json()["streak"] == 2


def test_records_of_a_game_not_won_or_not_the_players_are_refused(
    client: TestClient, other_client: TestClient
) -> None:
    playing = start(client, mode="code", code="KL1-D1N-AAAAAAG")
    response = _records(client, playing)
    assert response.status_code == 404
    assert response.json()["error"] == "not_won"
    won = _win(client, "H")
    assert _records(other_client, won).status_code == 404
