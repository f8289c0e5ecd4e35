"""System tests: real ``solitaire serve`` processes on loopback ports, real SQLite files and a
real PostgreSQL server. Select them with ``-m system`` (or leave them out with
``-m "not system"``); they run in the normal suite too."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from ..support.postgres import TemporaryPostgres
from ..support.server import ServerProcess

ServerFactory = Callable[..., ServerProcess]


def pytest_configure(config: pytest.Config) -> None:
    # Registered here, as the marker belongs to this folder (the suite runs --strict-markers).
    config.addinivalue_line(
        "markers", "system: starts real server processes (and PostgreSQL); -m system selects"
    )


@pytest.fixture(scope="session")
def postgres() -> Iterator[TemporaryPostgres]:
    """One throwaway PostgreSQL server for the whole session; each test makes its database."""
    with TemporaryPostgres(database="system_tests") as server:
        yield server


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
    the whole name so that two parameters of one test never share one)."""
    name = request.node.name.lower()
    digest = hashlib.sha1(name.encode()).hexdigest()[:8]
    return "t_" + re.sub(r"[^a-z0-9]+", "_", name)[:45] + "_" + digest


@pytest.fixture(params=[1, 2], ids=["1-process", "2-workers"])
def workers(request: pytest.FixtureRequest) -> int:
    """A server of one process, or one of two worker processes sharing the port (and the
    database), as ``solitaire serve --workers 2`` runs."""
    count: int = request.param
    return count


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> dict[str, str]:
    """The server settings of a fresh database: a SQLite file in a temp dir, or a new
    database in the session's PostgreSQL."""
    environment = {"SOLITAIRE_DATA_DIR": str(tmp_path / "data")}
    if request.param == "postgresql":
        postgres: TemporaryPostgres = request.getfixturevalue("postgres")
        environment["SOLITAIRE_DATABASE_URL"] = postgres.create_database(database_name(request))
    return environment
