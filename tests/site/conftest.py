"""Fixtures: the real app on a real SQLite file in a temporary directory, driven in process;
every client is a new player (its own cookie)."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest

# Starlette's TestClient warns that it will move to httpx2; the pinned httpx works.
warnings.filterwarnings("ignore", message=".*httpx2.*")

from fastapi import FastAPI  # noqa: E402
from fastapi.testclient import TestClient  # noqa: E402

from solitaire.server.app import create_app  # noqa: E402
from solitaire.server.settings import Settings  # noqa: E402


def site_settings(data_dir: Path) -> Settings:
    """A SQLite file in ``data_dir`` and the package's own web files and catalogs, whatever
    SOLITAIRE_* variables the shell has set."""
    return Settings(
        data_dir=data_dir,
        database_url=f"sqlite:///{data_dir / 'solitaire.db'}",
        web_dir=Settings.model_fields["web_dir"].default,
        locales_dir=Settings.model_fields["locales_dir"].default,
        cookie_secure=False,
    )


@pytest.fixture(scope="session")
def app(tmp_path_factory: pytest.TempPathFactory) -> FastAPI:
    return create_app(site_settings(tmp_path_factory.mktemp("site") / "data"))


@pytest.fixture
def client(app: FastAPI) -> Iterator[TestClient]:
    with TestClient(app) as test_client:
        yield test_client
