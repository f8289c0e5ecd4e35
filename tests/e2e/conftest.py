"""Fixtures: one real server for the whole session (per worker), one Chromium for the
package (``browser``, closed when the worker leaves it), and a fresh browser context (so a
fresh player, by cookie) for every test."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, ViewportSize, expect

from .harness import chromium_browser, running_server

DESKTOP: ViewportSize = {"width": 1280, "height": 800}

# An expectation waits for what it expects, however busy the machine (Playwright's 5 s
# default was met by a win's celebration on a loaded CI machine); one that must come at
# once says so with events, not with a short timeout.
expect.set_options(timeout=15_000)


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with running_server(tmp_path_factory.mktemp("solitaire-data")) as base:
        yield base


@pytest.fixture(scope="package")
def browser() -> Iterator[Browser]:
    """One Chromium for the browser tests of this package (on each worker), closed when the
    worker goes on to other tests (Playwright's open loop would be in their way: the root
    conftest)."""
    with chromium_browser() as chromium:
        yield chromium


@pytest.fixture
def context(
    browser: Browser, server: str, request: pytest.FixtureRequest
) -> Iterator[BrowserContext]:
    motion = request.node.get_closest_marker("motion") is not None
    context = browser.new_context(
        viewport=DESKTOP, base_url=server, reduced_motion="no-preference" if motion else "reduce"
    )
    yield context
    context.close()


@pytest.fixture
def page(context: BrowserContext) -> Iterator[Page]:
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    assert not errors, f"JavaScript errors on the page: {errors}"
