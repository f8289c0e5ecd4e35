"""Fixtures: a real app on a real SQLite file in a temporary directory, driven in process."""

from __future__ import annotations

import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

# Starlette's TestClient warns that it will move to httpx2; the pinned httpx works.
warnings.filterwarnings("ignore", message=".*httpx2.*")

from fastapi import FastAPI  # noqa: E402
from fastapi.testclient import TestClient  # noqa: E402

from solitaire.server.app import create_app  # noqa: E402
from solitaire.server.settings import Settings  # noqa: E402

from ..support.server import TESTS_TODAY  # noqa: E402
from ..support.sqlite import copy_migrated_sqlite  # noqa: E402

AppFactory = Callable[..., FastAPI]


def sqlite_settings(data_dir: Path, **overrides: Any) -> Settings:
    """Settings for a SQLite file in ``data_dir``, whatever SOLITAIRE_* variables the shell
    running the tests has set."""
    options: dict[str, Any] = {
        "data_dir": data_dir,
        "database_url": f"sqlite:///{data_dir / 'solitaire.db'}",
        "sqlite_synchronous": "FULL",
        "web_dir": Settings.model_fields["web_dir"].default,
        "locales_dir": Settings.model_fields["locales_dir"].default,
        "cookie_secure": False,
        # No test's deal depends on the day it runs.
        "today": TESTS_TODAY,
        # The limits per client have tests of their own; here every test is one client.
        "game_starts_per_minute": 0,
        "new_players_per_minute": 0,
        "transfer_links_per_hour": 0,
    }
    options.update(overrides)
    return Settings(**options)


@pytest.fixture
def make_app(tmp_path: Path, migrated_sqlite_template: Path) -> AppFactory:
    """Build an app on ``tmp_path/data`` (the same file each call, like a restart), which
    starts as a copy of the session's migrated database; ``limits_clock``, the clock of its
    rate limits (by default the real one)."""
    copy_migrated_sqlite(migrated_sqlite_template, tmp_path / "data")

    def build(*, limits_clock: Callable[[], float] | None = None, **overrides: Any) -> FastAPI:
        settings = sqlite_settings(tmp_path / "data", **overrides)
        if limits_clock is None:
            return create_app(settings)
        return create_app(settings, limits_clock=limits_clock)

    return build


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory, migrated_sqlite_template: Path) -> FastAPI:
    """One app per test module; each test is a new player (its own client and cookie), so
    tests share the database without seeing each other's games or settings."""
    data_dir = tmp_path_factory.mktemp("shared") / "data"
    copy_migrated_sqlite(migrated_sqlite_template, data_dir)
    return create_app(sqlite_settings(data_dir))


@pytest.fixture
def client(app: FastAPI) -> Iterator[TestClient]:
    with TestClient(app) as test_client:
        yield test_client


@pytest.fixture
def other_client(app: FastAPI) -> Iterator[TestClient]:
    """A second browser (its own cookie jar) on the same app."""
    with TestClient(app) as test_client:
        yield test_client


def start(client: TestClient, **body: Any) -> dict[str, Any]:
    """Start a game and return its state, checking the 201."""
    response = client.post("/api/games", json=body)
    assert response.status_code == 201, response.text
    state: dict[str, Any] = response.json()
    return state


def act(client: TestClient, state: dict[str, Any], **action: Any) -> Any:
    """Send an action made on the state's version; returns the response."""
    return client.post(
        f"/api/games/{state['id']}/actions", json={"version": state["version"], **action}
    )
