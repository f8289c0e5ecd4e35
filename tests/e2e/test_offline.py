"""The installable app (issue 19): the web manifest and its icons, the service worker, the
board and the pages opening offline with a message, picking up when the network returns, and
a new release replacing the kept files at once."""

from __future__ import annotations

import shutil
import struct
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from solitaire.server.settings import Settings

from .harness import catalog, free_port, open_board, running_server

# The service worker and its caches are what these tests are about: each context is new.
pytestmark = [pytest.mark.cold_browser, pytest.mark.service_worker]

WEB = Settings.model_fields["web_dir"].default


#: The caches of the app's releases (the engine's files have a cache of their own: UI-21).
RELEASES = "async () => (await caches.keys()).filter((name) => name.startsWith('solitaire-'))"


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_the_manifest_and_its_icons(page: Page, server: str) -> None:
    open_board(page, server)
    href = page.get_attribute('link[rel="manifest"]', "href")
    assert href == "/manifest.webmanifest"
    answer = page.request.get(f"{server}{href}")
    assert answer.headers["content-type"].startswith("application/manifest+json")
    manifest = answer.json()
    assert manifest["display"] == "standalone" and manifest["start_url"] == "/"
    assert manifest["name"] and manifest["short_name"] and manifest["theme_color"]
    assert manifest["background_color"]
    purposes = set()
    for icon in manifest["icons"]:
        image = page.request.get(f"{server}{icon['src']}")
        assert image.status == 200, icon
        if icon["type"] == "image/png":
            width, height = png_size(image.body())
            assert icon["sizes"] == f"{width}x{height}"
        purposes.add(icon.get("purpose", "any"))
    assert {"192x192", "512x512"} <= {icon["sizes"] for icon in manifest["icons"]}
    assert "maskable" in purposes
    favicon = page.request.get(f"{server}/favicon.ico")
    assert png_size(favicon.body()) == (32, 32)


def ready(page: Page) -> None:
    """Waits until the service worker controls the page and has kept the pages too."""
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=20_000)
    page.wait_for_function(
        """async () => {
          const names = (await caches.keys()).filter((name) => name.startsWith('solitaire-'));
          if (names.length !== 1) return false;
          const cache = await caches.open(names[0]);
          return Boolean(await cache.match('/en/faq')) && Boolean(await cache.match('/'));
        }""",
        timeout=20_000,
        polling=250,
    )


def test_the_board_and_a_page_open_offline_and_pick_up_when_back(
    browser: Browser, server: str
) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, base_url=server)
    # Before the engine's files are on the device (UI-21), the board has no game to play
    # offline: they never come here.
    context.route("**/offline/**", lambda route: route.abort())
    page = context.new_page()
    open_board(page, server, "/play/KL1-D1N-AAAAAAG")
    words = catalog(page)["ui.offline"]
    ready(page)
    page.goto(f"{server}/en/faq")
    page.wait_for_selector("body[data-ready]")
    context.set_offline(True)
    page.goto(f"{server}/")
    banner = page.locator("#offline")
    expect(banner).to_be_visible()
    expect(banner).to_have_text(words)
    expect(page.locator(".card")).to_have_count(0)  # no game it could not play
    page.goto(f"{server}/en/faq")
    expect(page.locator("main h1")).to_be_visible()
    page.goto(f"{server}/")
    expect(banner).to_be_visible()
    context.set_offline(False)
    expect(banner).to_be_hidden()
    expect(page.locator('[data-pile="s"]')).to_be_visible()
    expect(page.locator("[data-code]")).to_have_text("KL1-D1N-AAAAAAG")
    context.close()


def test_a_new_release_replaces_the_kept_files_at_once(browser: Browser, tmp_path: Path) -> None:
    web = tmp_path / "web"
    shutil.copytree(WEB, web)
    port = free_port()
    env = {"SOLITAIRE_WEB_DIR": str(web)}
    context = browser.new_context(base_url=f"http://127.0.0.1:{port}")
    page = context.new_page()
    with running_server(tmp_path / "data", port=port, env=env) as base:
        open_board(page, base)
        ready(page)
        first = page.evaluate(RELEASES)
    # The next release: the board's page changed.
    index = web / "index.html"
    index.write_text(
        index.read_text(encoding="utf-8").replace("</body>", "<!-- release 2 -->\n</body>"),
        encoding="utf-8",
    )
    with running_server(tmp_path / "data", port=port, env=env) as base:
        page.goto(base)
        page.wait_for_selector("body[data-ready]")
        page.wait_for_function(
            f"async (old) => {{ const names = await ({RELEASES})(); "
            "return names.length === 1 && names[0] !== old; }",
            arg=first[0],
            timeout=20_000,
            polling=250,
        )
        kept = page.evaluate(
            f"async () => {{ const cache = await caches.open((await ({RELEASES})())[0]); "
            "return (await (await cache.match('/')).text()).includes('release 2'); }"
        )
        assert kept
    context.close()
    assert len(first) == 1 and first[0].startswith("solitaire-")


def test_the_board_says_so_when_the_network_goes_during_a_game(page: Page, server: str) -> None:
    open_board(page, server, "/play/KL1-D1N-AAAAAAG")
    words = catalog(page)["ui.offline"]
    page.context.set_offline(True)
    expect(page.locator("#offline")).to_have_text(words)
    page.context.set_offline(False)
    expect(page.locator("#offline")).to_be_hidden()
    # The device online but the server out of reach: the action fails, the board says so,
    # and asks again until it answers; the stock tap went nowhere.
    page.route("**/api/games/*/actions", lambda route: route.abort())
    page.locator('[data-pile="s"]').click()
    expect(page.locator("#offline")).to_be_visible()
    page.unroute("**/api/games/*/actions")
    expect(page.locator("#offline")).to_be_hidden(timeout=15_000)
    expect(page.locator('[data-pile="w"] .card')).to_have_count(0)
    expect(page.locator("[data-code]")).to_have_text("KL1-D1N-AAAAAAG")
