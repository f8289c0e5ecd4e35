"""The store: the migration makes the schema, a game rebuilds exactly from its log, a
restarted app resumes it, and two racing actions never both apply."""

from __future__ import annotations

import datetime as dt
import random
import sqlite3
import threading
from pathlib import Path
from typing import Any

import pytest
from alembic.autogenerate import compare_metadata
from alembic.config import Config
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from fastapi.testclient import TestClient

from solitaire.codes import parse_code
from solitaire.play import Game
from solitaire.server.live import replay
from solitaire.server.services import Services
from solitaire.store import GameStore, connect, upgrade_schema
from solitaire.store.database import MIGRATIONS
from solitaire.store.games import GameSummary, StoredGame
from solitaire.store.models import Base

from .conftest import AppFactory, act, start


def head_revision() -> str:
    """The newest migration, read from the migration scripts (0001, 0002, … in a chain)."""
    config = Config()
    config.set_main_option("script_location", MIGRATIONS)
    head = ScriptDirectory.from_config(config).get_current_head()
    assert head is not None
    return head


def test_the_migrations_form_one_chain_ending_at_the_newest_file() -> None:
    versions = Path(__file__).parents[2] / "src" / "solitaire" / "migrations" / "versions"
    newest = max(path.name.split("_")[0] for path in versions.glob("[0-9]*.py"))
    assert head_revision() == newest


def test_the_migration_creates_exactly_the_models_schema(tmp_path: Path) -> None:
    engine = connect(f"sqlite:///{tmp_path / 'schema.db'}")
    upgrade_schema(engine)
    with engine.connect() as connection:
        differences = compare_metadata(MigrationContext.configure(connection), Base.metadata)
        version = connection.exec_driver_sql("SELECT version_num FROM alembic_version").scalar()
    assert differences == []
    assert version == head_revision()
    upgrade_schema(engine)  # a second start finds the schema current and changes nothing


def _migrate_together(url: str, count: int) -> list[BaseException]:
    """Start ``count`` migrations of one database at the same moment, as servers would."""
    barrier = threading.Barrier(count)
    failures: list[BaseException] = []

    def migrate() -> None:
        engine = connect(url)
        barrier.wait()
        try:
            upgrade_schema(engine)
        except BaseException as error:
            failures.append(error)
        finally:
            engine.dispose()

    threads = [threading.Thread(target=migrate, daemon=True) for _ in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
        if thread.is_alive():
            failures.append(TimeoutError("a migration still waits after 60 s"))
    return failures


def test_servers_starting_together_migrate_one_after_the_other(tmp_path: Path) -> None:
    for attempt in range(3):
        url = f"sqlite:///{tmp_path / f'together-{attempt}.db'}"
        assert _migrate_together(url, 4) == []
        with connect(url).connect() as connection:
            assert connection.exec_driver_sql("SELECT version_num FROM alembic_version").all() == [
                (head_revision(),)
            ]


def test_sqlite_runs_in_wal_mode_with_a_busy_timeout(tmp_path: Path) -> None:
    engine = connect(f"sqlite:///{tmp_path / 'wal.db'}", busy_timeout_ms=1234)
    with engine.connect() as connection:
        assert connection.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert connection.exec_driver_sql("PRAGMA busy_timeout").scalar() == 1234
        assert connection.exec_driver_sql("PRAGMA synchronous").scalar() == 2  # FULL


def test_an_unknown_database_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="unsupported database"):
        connect("mysql://localhost/solitaire")


def test_replaying_the_log_rebuilds_undo_history_and_the_move_counter() -> None:
    """Easy Harp's counter does not go down on undo (EH-11): a replay must say the same,
    and the rebuilt game must undo exactly as the original would."""
    rng = random.Random(11)
    for code in ("EH1-N-AAAAAAF", "KL1-D3N-AAAAAAG", "SS1-S2-AAAAABD"):
        original = Game.from_code(code)
        for _ in range(300):
            legal = original.legal_moves()
            if original.won:
                break
            if original.can_undo and rng.random() < 0.25:
                original.undo()
            elif legal:
                original.play(rng.choice(legal))
        now = dt.datetime.now(dt.UTC)
        stored = StoredGame(
            id="g", player_id="p", variant=str(parse_code(code).variant),
            deal=parse_code(code).deal, start_layout=None, version=len(original.log),
            score=0, moves=0, won=False, finished=False, finished_at=None,
            created_at=now, updated_at=now,
        )  # fmt: skip
        rebuilt = replay(stored, list(original.log)).game
        assert rebuilt.position == original.position
        assert (rebuilt.score, rebuilt.moves, rebuilt.fan) == (
            original.score,
            original.moves,
            original.fan,
        )
        assert list(rebuilt.history) == list(original.history)
        while original.can_undo:
            original.undo()
            rebuilt.undo()
            assert (rebuilt.position, rebuilt.score, rebuilt.moves) == (
                original.position,
                original.score,
                original.moves,
            )


def test_a_restarted_app_resumes_the_game_exactly(make_app: AppFactory) -> None:
    first_app = make_app()
    with TestClient(first_app) as client:
        state = start(client, mode="code", code="EH1-N-AAAAAAF")
        for action in (
            {"type": "tap", "pile": "t4", "index": 3},
            {"type": "stock"},
            {"type": "stock"},
            {"type": "undo"},
            {"type": "move", "move": "t7-t2"},
        ):
            response = act(client, state, **action)
            assert response.status_code == 200, response.text
            state = response.json()
        cookie = client.cookies["solitaire_player"]
    first_app.state.services.store.engine.dispose()
    with TestClient(make_app()) as client:
        client.cookies.set("solitaire_player", cookie)
        resumed = client.get("/api/games/current").json()
        assert resumed == state
        # Easy Harp (EH-11): the undo left the counter at 3, the move after it made 4.
        assert resumed["moves"] == 4
        undone = act(client, resumed, type="undo").json()
        assert undone["last"]["move"] == "t7-t2"
        assert undone["moves"] == 4
        piles = {pile["id"]: pile["cards"] for pile in undone["piles"]}
        assert len(piles["w"]) == 1 and piles["w"][0] is not None


def test_each_action_is_in_the_database_when_acknowledged(
    make_app: AppFactory, tmp_path: Path
) -> None:
    with TestClient(make_app()) as client:
        state = start(client, mode="code", code="KL1-D1N-AAAAAAG")
        act(client, state, type="move", move="t6-t7")
        # Read the file with plain sqlite3, outside the app's engine.
        with sqlite3.connect(tmp_path / "data" / "solitaire.db") as connection:
            rows = connection.execute(
                "SELECT number, action FROM actions WHERE game_id = ?", (state["id"],)
            ).fetchall()
            version, score = connection.execute(
                "SELECT version, score FROM games WHERE id = ?", (state["id"],)
            ).fetchone()
    assert rows == [(1, "t6-t7")]
    assert (version, score) == (1, 5)


def test_a_won_game_is_stored_finished_with_its_score(make_app: AppFactory, tmp_path: Path) -> None:
    ranks = "A23456789TJQK"
    piles = {"S": 13, "H": 12, "D": 13, "C": 13}
    foundations = "".join(
        f"f{i}: {' '.join(r + suit for r in ranks[:count])}\n"
        for i, (suit, count) in enumerate(piles.items(), start=1)
    )
    layout = f"game: KL1-D1N\ns:\nw:\n{foundations}t1: KH\n" + "".join(
        f"t{i}:\n" for i in range(2, 8)
    )
    with TestClient(make_app()) as client:
        state = start(client, mode="layout", layout=layout)
        act(client, state, type="double_click", pile="t1", index=0)
    with sqlite3.connect(tmp_path / "data" / "solitaire.db") as connection:
        row = connection.execute(
            "SELECT won, finished, score, moves, version, deal, start_layout, finished_at"
            " FROM games"
        ).fetchone()
    assert row[:6] == (1, 1, 10, 1, 1, None)
    assert row[6].startswith("game: KL1-D1N\n")
    assert row[7] is not None


def test_starting_a_game_abandons_the_others_until_they_are_played_again(
    make_app: AppFactory, tmp_path: Path
) -> None:
    def finished(game_id: str) -> tuple[int, int, bool]:
        with sqlite3.connect(tmp_path / "data" / "solitaire.db") as connection:
            won, done, at = connection.execute(
                "SELECT won, finished, finished_at FROM games WHERE id = ?", (game_id,)
            ).fetchone()
        return won, done, at is not None

    with TestClient(make_app()) as client, TestClient(make_app()) as someone_else:
        theirs = start(someone_else, mode="code", code="KL1-D1N-AAAAAAG")
        first = start(client, mode="code", code="KL1-D1N-AAAAAAG")
        first = act(client, first, type="stock").json()
        assert finished(first["id"]) == (0, 0, False)
        second = start(client, mode="same", game_id=first["id"])
        assert finished(first["id"]) == (0, 1, True)  # abandoned: finished, not won
        assert finished(second["id"]) == (0, 0, False)
        assert finished(theirs["id"]) == (0, 0, False)  # other players' games untouched
        # Played again in another tab, the first game is back in play.
        assert act(client, first, type="stock").status_code == 200
        assert finished(first["id"]) == (0, 0, False)


def test_a_stale_conditional_update_writes_nothing(tmp_path: Path) -> None:
    engine = connect(f"sqlite:///{tmp_path / 'race.db'}")
    upgrade_schema(engine)
    store = GameStore(engine)
    store.create_game("g1", "p1", "KL1-D1N", 6, None, GameSummary(0, 0, False))
    assert store.record_action("g1", 0, "d", GameSummary(0, 1, False))
    assert not store.record_action("g1", 0, "t6-t7", GameSummary(5, 1, False))
    assert not store.record_action("g1", 2, "t6-t7", GameSummary(5, 1, False))
    assert store.actions("g1") == ["d"]
    stored = store.find_game("g1", "p1")
    assert stored is not None and (stored.version, stored.moves) == (1, 1)
    assert store.find_game("g1", "someone else") is None


def _send(
    client: TestClient,
    url: str,
    body: dict[str, Any],
    barrier: threading.Barrier,
    answers: list[Any],
    which: int,
) -> None:
    barrier.wait()
    answers[which] = client.post(url, json=body)


@pytest.mark.slow
def test_racing_actions_from_two_processes_never_both_apply(make_app: AppFactory) -> None:
    """Two apps on one database file (as two server processes would be), each with the game
    in its cache, get the same version's action at the same moment: one applies, the other
    is told it is stale, every time."""
    apps = [make_app(), make_app()]
    clients = [TestClient(app) for app in apps]
    state = start(clients[0], mode="code", code="KL1-D1N-AAAAAAG")
    clients[1].cookies.set("solitaire_player", clients[0].cookies["solitaire_player"])
    for _ in range(12):
        version = state["version"]
        for client in clients:  # both caches hold the game at this version
            assert client.get(f"/api/games/{state['id']}").json()["version"] == version
        barrier = threading.Barrier(2)
        answers: list[Any] = [None, None]
        url = f"/api/games/{state['id']}/actions"
        body = {"version": version, "type": "stock"}
        threads = [
            threading.Thread(
                target=_send, args=(clients[which], url, body, barrier, answers, which)
            )
            for which in (0, 1)
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        codes = sorted(answer.status_code for answer in answers)
        assert codes == [200, 409], [answer.text for answer in answers]
        state = next(a.json() for a in answers if a.status_code == 200)
        assert state["version"] == version + 1
    services: Services = apps[0].state.services
    assert services.store.actions(state["id"]) == ["d"] * 12
    for client in clients:
        client.close()


def test_concurrent_reads_and_actions_answer_whole_versions(make_app: AppFactory) -> None:
    """Threads reading and acting on one game through one app: every state answered is
    exactly the game at the version it names (never one version's number with another's
    cards)."""
    app = make_app(sqlite_synchronous="NORMAL")
    with TestClient(app) as client:
        state = start(client, mode="code", code="KL1-D3N-AAAAAAG")
        cookie = client.cookies["solitaire_player"]
    answered: list[dict[str, Any]] = []
    url = f"/api/games/{state['id']}"

    def player(seed: int) -> None:
        rng = random.Random(seed)
        with TestClient(app) as own:
            own.cookies.set("solitaire_player", cookie)
            seen = state
            for _ in range(40):
                if rng.random() < 0.5:
                    response = own.get(url)
                else:
                    kind = "undo" if seen["can_undo"] and rng.random() < 0.3 else "stock"
                    response = own.post(
                        url + "/actions", json={"version": seen["version"], "type": kind}
                    )
                body = response.json()
                seen = body.get("state", body) if response.status_code != 200 else body
                answered.append(seen)

    threads = [threading.Thread(target=player, args=(seed,)) for seed in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    log = app.state.services.store.actions(state["id"])
    game = Game.from_code("KL1-D3N-AAAAAAG")
    by_version = {0: game.observation()}
    for number, entry in enumerate(log, start=1):
        game.replay([entry])
        by_version[number] = game.observation()
    assert len(answered) == 160 and len(log) > 10
    for seen in answered:
        expected = by_version[seen["version"]]
        assert {key: seen[key] for key in expected} == expected
