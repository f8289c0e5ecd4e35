"""Fixtures the whole suite shares, made once per test session (once per pytest-xdist
worker where a process cannot share them): the PostgreSQL cluster, a migrated SQLite
database to copy, and Chromium.

The session's directory for what the workers share is made by the controlling process (the
only process when the suite runs without ``-n``) and named to the workers in the
environment; that process also stops the shared PostgreSQL at the end.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser

from .support.postgres import (
    TemporaryPostgres,
    database_name,
    postgres_bin,
    shared_cluster,
    stop_shared_cluster,
)
from .support.sqlite import migrated_sqlite

TESTS = Path(__file__).parent
SLOW_FOLDERS = {"e2e", "system"}
"""Folders whose every test starts Chromium or real server processes."""
SLOW_FIXTURES = {"browser", "page", "postgres_cluster", "server"}
"""Fixtures that make a test slow by nature: Chromium, the PostgreSQL cluster, a real server
process (``server``, in the browser tests' folders)."""

SESSION_DIR = "TESTS_SOLITAIRE_SESSION_DIR"
"""The environment variable naming the session's shared directory (not ``SOLITAIRE_…``,
which the server would read as a setting)."""


def _is_worker(config: pytest.Config) -> bool:
    return hasattr(config, "workerinput")


def pytest_configure(config: pytest.Config) -> None:
    if not _is_worker(config):
        os.environ[SESSION_DIR] = tempfile.mkdtemp(prefix="solitaire-tests-")


def pytest_unconfigure(config: pytest.Config) -> None:
    if not _is_worker(config) and SESSION_DIR in os.environ:
        directory = Path(os.environ.pop(SESSION_DIR))
        stop_shared_cluster(directory)
        shutil.rmtree(directory, ignore_errors=True)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark ``slow`` every test that needs Chromium, server processes or PostgreSQL (also
    through a ``postgresql`` parameter), besides those marked by hand for their length:
    ``make check`` leaves them out, ``make test`` runs them all.

    Then order the run longest first, so that the workers finish together: the tests marked
    slow by hand and the system tests (the long ones: searches checked against the rules,
    servers killed and raced), then the other slow ones (Chromium, PostgreSQL), then the
    quick ones, which fill the gaps at the end. A stable sort: within each group the
    collection's order, so a module's tests stay together. With ``--maxschedchunk 2``
    (the Makefile) pytest-xdist hands the tests out in this order, two at a time, so the
    long ones spread over the workers instead of queuing on the first."""
    group: dict[str, int] = {}
    for item in items:
        folder = item.path.relative_to(TESTS).parts[0] if item.path.is_relative_to(TESTS) else ""
        spec = getattr(item, "callspec", None)
        parameters = list(spec.params.values()) if spec is not None else []
        if item.get_closest_marker("slow") is not None or folder == "system":
            group[item.nodeid] = 0
        elif (
            folder in SLOW_FOLDERS
            or SLOW_FIXTURES & set(getattr(item, "fixturenames", ()))
            or "postgresql" in parameters
        ):
            group[item.nodeid] = 1
        else:
            group[item.nodeid] = 2
        if group[item.nodeid] < 2:
            item.add_marker(pytest.mark.slow)
    items.sort(key=lambda item: group[item.nodeid])


@pytest.fixture(scope="session")
def postgres_cluster() -> TemporaryPostgres:
    """The session's one PostgreSQL cluster (every worker uses the same), started the first
    time a test asks for it; it holds the migrated template database."""
    if postgres_bin() is None:
        pytest.skip("PostgreSQL is not installed (make test installs it)")
    return shared_cluster(Path(os.environ[SESSION_DIR]))


@pytest.fixture
def postgres_database_name(request: pytest.FixtureRequest) -> str:
    """A database name of the test's own in the shared cluster."""
    return database_name(request.node.name, request.node.nodeid)


@pytest.fixture(scope="session")
def migrated_sqlite_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A SQLite database at the newest migration, made once per worker: tests that need a
    fresh schema get a copy (``tests.support.sqlite.copy_migrated_sqlite``)."""
    return migrated_sqlite(tmp_path_factory.mktemp("sqlite-template") / "solitaire.db")


@pytest.fixture(autouse=True)
def _browser_markers(request: pytest.FixtureRequest) -> None:
    """Tell the browser contexts' pool whether this test wants contexts no test has used
    (``cold_browser``) and whether its pages may register the service worker
    (``service_worker``): tests/e2e/context_pool.py."""
    from .e2e.context_pool import this_test_is_marked

    this_test_is_marked(frozenset(marker.name for marker in request.node.iter_markers()))


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """Chromium for a module's browser tests (tests/e2e shares one per package instead: its
    conftest); each test opens its own context. Never kept for the whole session:
    Playwright's synchronous API holds an asyncio loop running in the worker's thread while
    it is open, and the tests that run their own loop afterwards (``asyncio.run``) would find
    it there."""
    from .e2e.harness import chromium_browser

    with chromium_browser() as chromium:
        yield chromium
