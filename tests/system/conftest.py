"""System tests: real ``solitaire serve`` processes on loopback ports, real SQLite files and a
real PostgreSQL server. Select them with ``-m system`` (or leave them out with
``-m "not system"``); they run in the normal suite too."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from ..support.postgres import TemporaryPostgres
from ..support.postgres import database_name as make_database_name
from ..support.server import ServerProcess
from ..support.sqlite import copy_migrated_sqlite

ServerFactory = Callable[..., ServerProcess]


def pytest_configure(config: pytest.Config) -> None:
    # Registered here, as the marker belongs to this folder (the suite runs --strict-markers).
    config.addinivalue_line(
        "markers", "system: starts real server processes (and PostgreSQL); -m system selects"
    )


@pytest.fixture
def postgres(postgres_cluster: TemporaryPostgres) -> TemporaryPostgres:
    """The session's PostgreSQL cluster (``tests/conftest.py``); each test makes its
    database."""
    return postgres_cluster


@pytest.fixture
def servers(tmp_path: Path) -> Iterator[ServerFactory]:
    """Make server processes (not started) in the test's temp dir, where their output
    stays; every one left running is killed at the end."""
    made: list[ServerProcess] = []

    def make(environment: dict[str, str], **options: Any) -> ServerProcess:
        server = ServerProcess(tmp_path / f"server-{len(made) + 1}", environment, **options)
        made.append(server)
        return server

    yield make
    for server in made:
        server.kill()


def database_name(request: pytest.FixtureRequest) -> str:
    """A PostgreSQL database name made from the test's name (cut to fit, with a digest of
    its whole id so that no two tests of the session share one)."""
    return make_database_name(request.node.name, request.node.nodeid)


@pytest.fixture(params=[1, 2], ids=["1-process", "2-workers"])
def workers(request: pytest.FixtureRequest) -> int:
    """A server of one process, or one of two worker processes sharing the port (and the
    database), as ``solitaire serve --workers 2`` runs."""
    count: int = request.param
    return count


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> dict[str, str]:
    """The server settings of a fresh database at the newest migration: a copy of the
    session's migrated SQLite file in a temp dir, or a copy of the migrated template in the
    session's PostgreSQL."""
    environment = {"SOLITAIRE_DATA_DIR": str(tmp_path / "data")}
    if request.param == "postgresql":
        postgres: TemporaryPostgres = request.getfixturevalue("postgres")
        environment["SOLITAIRE_DATABASE_URL"] = postgres.copy_database(database_name(request))
    else:
        template: Path = request.getfixturevalue("migrated_sqlite_template")
        copy_migrated_sqlite(template, tmp_path / "data")
    return environment
