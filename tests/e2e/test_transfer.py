"""RC-2 in Chromium: Settings makes a transfer link (its address, a Copy button, the QR code,
when it expires), opening it in a second browser context moves the player there — their
game and their history — once only; a cancelled link is refused. The Settings part breaks
no rule of the page's Content-Security-Policy and passes axe-core in every language and at
both sizes; the statistics dialog downloads the history as CSV. Screenshots of the Settings
part at 390×844 and 1440×900 go to screenshots/ for a person to look at."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Page, expect

from .axe import axe_violations
from .harness import ROOT, SIZES, api, open_board

SHOTS = ROOT / "screenshots"

#: Every violation of the Content-Security-Policy the page reports (an init script runs
#: before the page's own and is not subject to its policy), as tests/system's CSP test does.
LISTEN = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.__violations.push(`${event.violatedDirective} ${event.blockedURI}`);
});
"""


def new_player(browser: Browser, server: str, size: str = "desktop", **options: Any) -> Page:
    context = browser.new_context(viewport=SIZES[size], base_url=server, **options)
    context.add_init_script(LISTEN)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors  # type: ignore[attr-defined]
    return page


@pytest.fixture
def contexts() -> Iterator[list[BrowserContext]]:
    opened: list[BrowserContext] = []
    yield opened
    for context in opened:
        context.close()


def player_page(
    browser: Browser, server: str, contexts: list[BrowserContext], **options: Any
) -> Page:
    page = new_player(browser, server, **options)
    contexts.append(page.context)
    return page


def play_a_little(page: Page, server: str) -> dict[str, Any]:
    """Two finished games (a stock turn each, then another game) and one in play."""
    open_board(page, server)
    for code in ("KL1-D3N-AAAAAAG", "EH1-N-AAAAAAF"):
        state = api(page, "POST", "/api/games", {"mode": "code", "code": code})
        api(page, "POST", f"/api/games/{state['id']}/actions", {"version": 0, "type": "stock"})
    current: dict[str, Any] = api(
        page, "POST", "/api/games", {"mode": "code", "code": "KL1-D1V-AAAAAAQ"}
    )
    open_board(page, server)
    return current


def make_link(page: Page) -> str:
    page.locator("#settings-button").click()
    expect(page.locator("#settings-dialog")).to_be_visible()
    page.locator("#transfer-make").click()
    expect(page.locator("#transfer-link")).to_be_visible()
    url: str = page.locator("#transfer-url").input_value()
    return url


def violations(page: Page) -> list[str]:
    found: list[str] = page.evaluate("window.__violations")
    return found


def history_ids(page: Page) -> list[str]:
    return [game["id"] for game in api(page, "GET", "/api/history")["games"]]


def test_a_link_moves_the_player_to_a_second_browser_once(
    browser: Browser, server: str, contexts: list[BrowserContext]
) -> None:
    phone = player_page(browser, server, contexts)
    current = play_a_little(phone, server)
    mine = history_ids(phone)
    assert len(mine) == 2
    url = make_link(phone)
    assert url.startswith(f"{server}/transfer/") and len(url) == len(server) + 10 + 43
    # The QR code the server drew, named for a screen reader; the expiry in words.
    qr = phone.locator("#transfer-qr svg")
    expect(qr).to_be_visible()
    assert qr.get_attribute("role") == "img"
    expect(qr.locator("title")).to_have_text(
        "QR code of the link, to scan with the other device's camera"
    )
    expect(phone.locator("#transfer-expires")).to_contain_text(
        "It works once and expires in 24 hours"
    )
    expect(phone.locator("#transfer-explain")).to_contain_text(
        "Anyone who opens this link becomes you on that device"
    )
    # The laptop has a game of its own, then opens the link and is the phone's player.
    laptop = player_page(browser, server, contexts)
    open_board(laptop, server)
    assert laptop.locator("[data-code]").text_content() != current["code"]
    laptop.goto(url)
    laptop.wait_for_selector("body[data-ready]")
    assert laptop.url == f"{server}/"
    expect(laptop.locator("[data-code]")).to_have_text(current["code"])
    assert history_ids(laptop) == mine
    laptop.locator("#stats-button").click()
    laptop.locator("#stats-tab-history").click()
    rows = laptop.locator("#history-list .history-row")
    expect(rows).to_have_count(2)
    assert [rows.nth(i).get_attribute("data-game-id") for i in range(2)] == mine
    laptop.keyboard.press("Escape")
    # Once only: a third browser is refused, keeps its own player, and reads why.
    third = player_page(browser, server, contexts)
    open_board(third, server)
    own = api(third, "GET", "/api/games/current")["id"]
    refused = third.goto(url)
    assert refused is not None and refused.status == 410
    expect(third.locator("h1")).to_have_text("This link no longer works")
    assert axe_violations(third) == []
    open_board(third, server)
    assert api(third, "GET", "/api/games/current")["id"] == own
    for page in (phone, laptop, third):
        assert violations(page) == []
        assert page.errors == []  # type: ignore[attr-defined]


def test_a_cancelled_link_is_refused(
    browser: Browser, server: str, contexts: list[BrowserContext]
) -> None:
    phone = player_page(browser, server, contexts)
    play_a_little(phone, server)
    first = make_link(phone)
    # A new link replaces the first.
    expect(phone.locator("#transfer-make")).to_have_text("Make a new link")
    phone.locator("#transfer-make").click()
    expect(phone.locator("#transfer-url")).not_to_have_value(first)
    second = phone.locator("#transfer-url").input_value()
    phone.locator("#transfer-cancel").click()
    expect(phone.locator("#transfer-status")).to_have_text(
        "The link is cancelled: it opens nothing any more."
    )
    expect(phone.locator("#transfer-link")).to_be_hidden()
    expect(phone.locator("#transfer-cancel")).to_be_hidden()
    # The focus did not drop with the Cancel button: it is on the button that makes a link.
    assert phone.evaluate("document.activeElement.id") == "transfer-make"
    laptop = player_page(browser, server, contexts)
    open_board(laptop, server)
    own = api(laptop, "GET", "/api/games/current")["id"]
    for url in (first, second):
        refused = laptop.goto(url)
        assert refused is not None and refused.status == 410
    open_board(laptop, server)
    assert api(laptop, "GET", "/api/games/current")["id"] == own
    assert violations(phone) == [] and violations(laptop) == []


def test_a_link_made_earlier_is_said_and_can_be_cancelled_after_a_reload(
    browser: Browser, server: str, contexts: list[BrowserContext]
) -> None:
    phone = player_page(browser, server, contexts)
    console: list[str] = []

    def heard(message: ConsoleMessage) -> None:
        if message.type == "error":
            console.append(message.text)

    phone.on("console", heard)
    open_board(phone, server)
    # No link yet: Settings asks all the same, and "none" is an answer, not an error (a 404
    # would be one in the console at every opening).
    with phone.expect_response("**/api/player/transfer") as asked:
        phone.locator("#settings-button").click()
    assert (asked.value.status, asked.value.json()) == (200, {"expires_at": None})
    expect(phone.locator("#transfer-make")).to_have_text("Make a link")
    expect(phone.locator("#transfer-pending")).to_be_hidden()
    expect(phone.locator("#transfer-cancel")).to_be_hidden()
    phone.keyboard.press("Escape")
    assert console == []
    url = make_link(phone)
    open_board(phone, server)  # the page forgets the link; the server keeps its hash
    phone.locator("#settings-button").click()
    pending = phone.locator("#transfer-pending")
    expect(pending).to_contain_text("A link you made earlier still works: it expires in 24 hours")
    expect(phone.locator("#transfer-link")).to_be_hidden()
    expect(phone.locator("#transfer-make")).to_have_text("Make a new link")
    assert axe_violations(phone, "#settings-dialog") == []
    phone.locator("#transfer-cancel").click()
    expect(pending).to_be_hidden()
    expect(phone.locator("#transfer-cancel")).to_be_hidden()
    expect(phone.locator("#transfer-make")).to_have_text("Make a link")
    laptop = player_page(browser, server, contexts)
    refused = laptop.goto(url)
    assert refused is not None and refused.status == 410
    assert violations(phone) == []


def test_copy_puts_the_address_on_the_clipboard(
    browser: Browser, server: str, contexts: list[BrowserContext]
) -> None:
    phone = player_page(browser, server, contexts)
    phone.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server)
    open_board(phone, server)
    url = make_link(phone)
    phone.locator("#transfer-copy").click()
    expect(phone.locator("#transfer-status")).to_have_text("Link copied.")
    assert phone.evaluate("navigator.clipboard.readText()") == url


def test_without_a_clipboard_the_address_is_selected(
    browser: Browser, server: str, contexts: list[BrowserContext]
) -> None:
    phone = player_page(browser, server, contexts)
    phone.context.add_init_script(
        "Object.defineProperty(navigator, 'clipboard', {value: {writeText: () => "
        "Promise.reject(new Error('no clipboard'))}})"
    )
    open_board(phone, server)
    url = make_link(phone)
    phone.locator("#transfer-copy").click()
    expect(phone.locator("#transfer-status")).to_contain_text("the link is selected")
    selected = phone.evaluate(
        "(() => { const f = document.activeElement;"
        " return f.value.slice(f.selectionStart, f.selectionEnd); })()"
    )
    assert selected == url


@pytest.mark.parametrize("lang", ["en", "ro", "nl"])
@pytest.mark.parametrize("size", list(SIZES))
def test_the_settings_part_passes_axe_and_is_pictured(
    browser: Browser, server: str, contexts: list[BrowserContext], lang: str, size: str
) -> None:
    page = player_page(browser, server, contexts, size=size, locale=lang)
    open_board(page, server)
    api(page, "PUT", "/api/settings", {"language": lang})
    open_board(page, server)
    make_link(page)
    expect(page.locator("#transfer-qr svg")).to_be_visible()
    page.locator("#transfer").scroll_into_view_if_needed()
    assert axe_violations(page, "#settings-dialog") == []
    # Every control of it a finger hits.
    for selector in ("#transfer-make", "#transfer-cancel", "#transfer-copy", "#transfer-url"):
        box = page.locator(selector).bounding_box()
        assert box is not None and min(box["width"], box["height"]) >= 44, selector
    assert violations(page) == []
    SHOTS.mkdir(exist_ok=True)
    page.locator("#settings-dialog").screenshot(path=str(SHOTS / f"transfer-{lang}-{size}.png"))
    if lang == "en":
        page.screenshot(path=str(SHOTS / f"transfer-page-{size}.png"))


def test_the_statistics_dialog_downloads_the_history_as_csv(
    browser: Browser, server: str, contexts: list[BrowserContext]
) -> None:
    page = player_page(browser, server, contexts, accept_downloads=True)
    play_a_little(page, server)
    page.locator("#stats-button").click()
    page.wait_for_selector("#stats-dialog[data-loaded]")
    link = page.locator("#history-download")
    expect(link).to_have_text("Download history (CSV)")
    with page.expect_download() as download_info:
        link.click()
    download = download_info.value
    assert download.suggested_filename == "solitaire-history.csv"
    path = download.path()
    assert path is not None
    rows = list(csv.DictReader(io.StringIO(path.read_text(encoding="utf-8"))))
    games = api(page, "GET", "/api/history")["games"]
    assert len(rows) == len(games) == 2
    for row, game in zip(rows, games, strict=True):
        assert list(row) == list(game)
        # The numbers come back as numbers: the score, the moves and the clock's seconds.
        assert {**row, "score": int(row["score"]), "moves": int(row["moves"]),
                "seconds": int(row["seconds"]),
                "replay": json.loads(row["replay"]), "hints": json.loads(row["hints"]),
                "light": json.loads(row["light"])} == game  # fmt: skip
    assert axe_violations(page, "#stats-dialog") == []
    assert violations(page) == []
