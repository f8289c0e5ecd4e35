"""The board and the pages under the app's Content-Security-Policy, in Chromium against a real
``solitaire serve``: played, with its dialogs and the statistics chart open; a rules page
with its diagram, the FAQ, the 404 page; the examples page with a replay stepped through and
played; the API reference. Chromium reports no violation of the policy (and does report one
when something breaks it, so the check can fail)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from ..e2e.harness import api, open_board, running_server

pytestmark = pytest.mark.system

#: Collects every violation the page reports, from the first script on (playwright's init
#: scripts run before the page's and are not subject to its policy).
LISTEN = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  const where = `${event.sourceFile}:${event.lineNumber}`;
  window.__violations.push(`${event.violatedDirective} ${event.blockedURI} ${where}`);
});
"""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with running_server(tmp_path_factory.mktemp("csp")) as base:
        yield base


@pytest.fixture
def page(browser: Browser, server: str) -> Iterator[Page]:
    context = browser.new_context(base_url=server, viewport={"width": 1280, "height": 800})
    context.add_init_script(LISTEN)
    page = context.new_page()
    reported: list[str] = []
    page.on(
        "console",
        lambda message: (
            reported.append(message.text) if "Content Security Policy" in message.text else None
        ),
    )
    page.reported = reported  # type: ignore[attr-defined]
    yield page
    context.close()


def violations(page: Page) -> list[Any]:
    seen: list[Any] = page.evaluate("window.__violations")
    reported: list[str] = page.reported  # type: ignore[attr-defined]
    return seen + reported


def test_the_board_played_with_its_dialogs_breaks_no_rule(page: Page, server: str) -> None:
    open_board(page, server)
    # A game finished with a move (left for another), so that the statistics draw their chart.
    state = api(page, "POST", "/api/games", {"mode": "code", "code": "KL1-D1N-AAAAAAG"})
    api(page, "POST", f"/api/games/{state['id']}/actions", {"version": 0, "type": "stock"})
    api(page, "POST", "/api/games", {"mode": "code", "code": "SS1-S1-AAAAABD"})
    open_board(page, server)
    page.locator('[data-pile="t10"] [data-card]').last.dblclick()
    page.locator("#stats-button").click()
    page.locator("#stats-variant").select_option("KL-D1N")
    expect(page.locator("#stats-chart svg")).to_be_visible()
    page.keyboard.press("Escape")
    page.locator("#settings-button").click()
    expect(page.locator("#settings-dialog")).to_be_visible()
    # The transfer link (RC-2) puts the server's QR code into the page.
    page.locator("#transfer-make").click()
    expect(page.locator("#transfer-qr svg")).to_be_visible()
    page.locator("#transfer-cancel").click()
    expect(page.locator("#transfer-link")).to_be_hidden()
    page.keyboard.press("Escape")
    page.locator("#new-game-button").click()
    expect(page.locator("#new-game-dialog")).to_be_visible()
    page.keyboard.press("Escape")
    assert violations(page) == []


@pytest.mark.parametrize("path", ["/en/rules-klondike", "/nl/faq", "/ro/", "/en/no-such-page"])
def test_the_pages_break_no_rule(page: Page, server: str, path: str) -> None:
    page.goto(server + path)
    page.wait_for_selector("body[data-ready]")
    assert violations(page) == []


def test_an_example_replay_breaks_no_rule(page: Page, server: str) -> None:
    page.goto(server + "/en/examples")
    page.wait_for_selector("body[data-ready]")
    replay = page.locator('[data-replay="klondike"]')
    for _ in range(5):
        replay.locator('[data-replay-action="step"]').click()
    replay.locator('[data-replay-action="play"]').click()
    page.wait_for_timeout(1500)
    replay.locator('[data-replay-action="play"]').click()
    counter = replay.locator("[data-replay-counter]")
    expect(counter).not_to_have_text("Step 0 of")
    assert violations(page) == []


def test_the_api_reference_breaks_no_rule(page: Page, server: str) -> None:
    page.goto(server + "/docs")
    page.locator("#schema-GameState").wait_for()
    assert violations(page) == []


def test_an_inline_style_or_script_is_refused_and_seen(page: Page, server: str) -> None:
    # The check itself: markup that breaks the policy is refused, and reported.
    page.goto(server + "/en/faq")
    page.wait_for_selector("body[data-ready]")
    page.evaluate(
        """() => {
        document.body.insertAdjacentHTML("beforeend", '<p style="color: red">x</p>');
        const script = document.createElement("script");
        script.textContent = "window.__ran = true";
        document.body.append(script);
    }"""
    )
    page.wait_for_timeout(200)
    assert page.evaluate("window.__ran === undefined")
    seen = " ".join(str(entry) for entry in violations(page))
    assert "style-src" in seen and "script-src" in seen


def test_the_policy_is_the_one_the_server_sends(page: Page, server: str) -> None:
    answer = page.request.get(server + "/")
    assert "frame-ancestors 'none'" in answer.headers["content-security-policy"]
