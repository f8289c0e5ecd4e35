"""Two server processes on one database (PostgreSQL, and also one SQLite file, as two
workers on one data dir would share it): a game started through one goes on through the
other (same cookie), and two actions made on the same version and sent at the same moment to
the two processes never both apply."""

from __future__ import annotations

import json
import random
import threading
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import httpx
import pytest

from solitaire.play import Game

from ..support.postgres import TemporaryPostgres
from ..support.server import ServerProcess
from .client import Action, Mirror, Player, apply_action, at_once, board_view, strip_action
from .conftest import ServerFactory, database_name

pytestmark = pytest.mark.system

RACES = 30
RACES_TWO_WORKERS = 15  # (one server; the races land on either worker, or both on one)
HANDOVER_ACTIONS = 12


def two_servers(
    servers: ServerFactory, environment: dict[str, str]
) -> tuple[ServerProcess, ServerProcess]:
    # One after the other: the first creates the schema (see the migration test below).
    first = servers(environment).start()
    second = servers(environment).start()
    return first, second


def rival_actions(mirror: Mirror, choice: random.Random) -> tuple[Action, Action]:
    """Two legal actions on the current version, different ones when the game allows, so
    that the final state shows which one applied."""
    first = mirror.action(choice)
    seen = {json.dumps(first, sort_keys=True)}  # each candidate is played out once
    after_first = mirror.after(first).observation()
    for _ in range(20):
        second = mirror.action(choice)
        key = json.dumps(second, sort_keys=True)
        if key not in seen:
            seen.add(key)
            if mirror.after(second).observation() != after_first:
                return first, second
    return first, second


def race(
    player: Player,
    servers: tuple[ServerProcess, ServerProcess],
    game_id: str,
    actions: tuple[Action, Action],
) -> list[httpx.Response]:
    """Send actions[i] to servers[i], both at the same moment."""

    def call(slot: int) -> Callable[[], httpx.Response]:
        return lambda: player.act(servers[slot], game_id, actions[slot])

    return at_once([call(slot) for slot in range(len(servers))])


def test_a_game_goes_on_through_the_other_server_and_races_apply_once(
    servers: ServerFactory, database: dict[str, str], workers: int
) -> None:
    seed = random.randrange(1_000_000)
    print(f"seed {seed}")  # shown when the test fails: Random(seed) chose the actions
    choice = random.Random(seed)
    if workers == 1:
        first, second = two_servers(servers, database)
    else:
        # One server of two workers: each request of a race on its own connection, which
        # the kernel gives to either worker.
        first = second = servers(database, workers=workers).start()
    player = Player()

    mirror = Mirror.of(player.start(first, mode="code", code="SS1-S4-AAAAABD"))
    assert player.state(second, mirror.game_id) == mirror.last_state
    for turn in range(HANDOVER_ACTIONS):
        server = (second, first)[turn % 2]
        action = mirror.action(choice)
        response = player.act(server, mirror.game_id, action)
        assert response.status_code == 200, (seed, strip_action(action), response.text)
        mirror.acknowledge(action, response.json())
    current = player.request(first, "GET", "/api/games/current")
    assert current.status_code == 200 and current.json() == mirror.last_state

    wins: Counter[int] = Counter()
    races = RACES if workers == 1 else RACES_TWO_WORKERS
    for round_number in range(races):
        actions = rival_actions(mirror, choice)
        answers = race(player, (first, second), mirror.game_id, actions)
        statuses = sorted(answer.status_code for answer in answers)
        assert statuses == [200, 409], (
            f"seed {seed}, race {round_number}: {[strip_action(a) for a in actions]} got "
            f"{[answer.text for answer in answers]}"
        )
        winner = 0 if answers[0].status_code == 200 else 1
        wins[winner] += 1
        mirror.acknowledge(actions[winner], answers[winner].json())
        refused = answers[1 - winner].json()
        assert refused["error"] == "stale"
        # The loser answers the game as the winner left it, `last` included.
        assert refused["state"] == mirror.last_state

    # Both processes answer the same game: the one replaying only the applied actions.
    replayed = Game.from_code(mirror.code)
    for action in mirror.applied:
        apply_action(replayed, action)
    for server in (first, second):
        state = player.state(server, mirror.game_id)
        assert state == mirror.last_state
        assert state["version"] == HANDOVER_ACTIONS + races
        assert board_view(state) == replayed.observation()
    player.close()
    print(f"seed {seed}: of {races} races, the first request won {wins[0]}, the second {wins[1]}")


def test_two_servers_started_at_once_on_an_empty_database_both_come_up(
    servers: ServerFactory,
    postgres: TemporaryPostgres,
    request: pytest.FixtureRequest,
    tmp_path: Path,
) -> None:
    """As a deployment starting two replicas together does. Two fresh databases, two
    processes each, all started at the same moment (the race does not show every time)."""
    made = []
    for attempt in range(2):
        url = postgres.create_database(f"{database_name(request)[:50]}_{attempt}")
        environment = {"SOLITAIRE_DATABASE_URL": url, "SOLITAIRE_DATA_DIR": str(tmp_path)}
        made += [servers(environment), servers(environment)]
    failures: list[str] = []

    def start(server: ServerProcess) -> None:
        try:
            server.start()
        except RuntimeError as error:
            failures.append(str(error).splitlines()[-1])

    threads = [threading.Thread(target=start, args=(server,)) for server in made]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []
    player = Player()
    for server in made:
        state = player.start(server, mode="code", code="EH1-N-AAAAAAF")
        assert state["version"] == 0
    player.close()
