"""UI-14: moves feel instant on a phone's network, and nothing the player does is lost.

Every test runs twice: on the loopback as it is, and slowed by Chromium's network emulation
to a phone's (150 ms added round trip, 1.6 Mbit/s down, 750 kbit/s up), on a phone's screen
with touch."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Response, ViewportSize, expect

from .context_pool import keep_out_of_the_pool
from .harness import (
    card_in,
    catalog,
    current_state,
    drag,
    drop_point,
    emulate_network,
    finger_drag,
    grab_point,
    open_board,
    pile_cards,
    start_layout,
    wait_for_moves,
)
from .layouts import klondike

PHONE: ViewportSize = {"width": 390, "height": 844}

# Eighteen cards that go up one after another: each column ends with its suit's ace.
EIGHTEEN = klondike(
    "t1: 5S 4S 3S 2S AS",
    "t2: 5H 4H 3H 2H AH",
    "t3: 4D 3D 2D AD",
    "t4: 4C 3C 2C AC",
    "t5: KS",
)
TAP_ORDER = [
    f"{rank}{suit}" for rank in "A2345" for suit in "SHDC" if not (rank == "5" and suit in "DC")
]


@pytest.fixture(params=["loopback", "phone-network"])
def network(request: pytest.FixtureRequest) -> str:
    name: str = request.param
    return name


@pytest.fixture
def phone(browser: Browser, server: str, network: str) -> Iterator[Page]:
    """A phone's page (touch, 390×844) on the network the test is run with; it counts the
    answers to actions by status."""
    context: BrowserContext = browser.new_context(
        viewport=PHONE,
        has_touch=True,
        is_mobile=True,
        base_url=server,
        reduced_motion="no-preference",  # quick taps while cards fly
    )
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    statuses: list[int | str] = []

    def count(response: Response) -> None:
        if "/actions" in response.url:
            statuses.append(response.status)
        elif response.url.endswith("/check"):
            statuses.append(f"check {response.json()['legal']}")

    page.on("response", count)
    page.answers = statuses  # type: ignore[attr-defined]
    # A refusal is an expected answer: the console shows no failed request for it.
    console: list[str] = []
    page.on(
        "console", lambda message: console.append(message.text) if message.type == "error" else None
    )
    page.console_errors = console  # type: ignore[attr-defined]
    session = emulate_network(page) if network == "phone-network" else None
    yield page
    if session is not None:
        session.detach()
    context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


def answers(page: Page) -> list[int | str]:
    found: list[int | str] = page.answers  # type: ignore[attr-defined]
    return found


def served(page: Page) -> dict[str, list[str | None]]:
    return {pile["id"]: pile["cards"] for pile in current_state(page)["piles"]}


def shown(page: Page) -> dict[str, list[str | None]]:
    ids: list[str] = page.eval_on_selector_all("[data-pile]", "ps => ps.map(p => p.dataset.pile)")
    return {pile: pile_cards(page, pile) for pile in ids}


def tap(page: Page, point: tuple[float, float]) -> None:
    page.touchscreen.tap(*point)


def double_tap(page: Page, point: tuple[float, float], gap_ms: int = 130) -> None:
    """Two taps ``gap_ms`` apart in the page's time, however long the machine takes to send
    them: the page's clock stands still between them (Playwright's fake timers, which stay
    with the context: it is not used again)."""
    keep_out_of_the_pool(page.context)
    page.clock.install()
    page.clock.pause_at(page.evaluate("Date.now()") / 1000 + 1)  # (seconds)
    tap(page, point)
    page.clock.run_for(gap_ms)
    tap(page, point)
    page.clock.resume()


def test_eighteen_quick_taps_all_count(phone: Page, server: str) -> None:
    start_layout(phone, server, EIGHTEEN)
    for code in TAP_ORDER:
        tap(phone, grab_point(phone.locator(f'[data-pile^="t"] [data-card="{code}"]')))
        phone.wait_for_timeout(150)
    wait_for_moves(phone, 18)
    piles = served(phone)
    assert piles["f1"] == ["AS", "2S", "3S", "4S", "5S"]
    assert piles["f2"] == ["AH", "2H", "3H", "4H", "5H"]
    assert piles["f3"] == ["AD", "2D", "3D", "4D"]
    assert piles["f4"] == ["AC", "2C", "3C", "4C"]
    assert shown(phone) == piles
    # Each tap went out once, on the version it applied to: no 409, no refusal.
    assert answers(phone) == [200] * 18
    expect(phone.locator("[data-score]")).to_have_text("180")


def test_a_double_tap_is_one_action(phone: Page, server: str) -> None:
    # 2♦ goes up on its ace; the 3♦ it uncovers could go up too, but is not what was tapped.
    start_layout(phone, server, klondike("f3: AD", "t1: [9C] 3D 2D", "t2: 7H", "t3: 8S", "t4: 8C"))
    double_tap(phone, grab_point(card_in(phone, "t1", "2D")))
    wait_for_moves(phone, 1)
    phone.wait_for_timeout(600)
    assert served(phone)["f3"] == ["AD", "2D"]
    assert served(phone)["t1"] == [None, "3D"]
    # A double tap on a card no foundation takes is one double click (UI-3): the longest
    # column that takes it.
    double_tap(phone, grab_point(card_in(phone, "t2", "7H")))
    wait_for_moves(phone, 2)
    phone.wait_for_timeout(600)
    assert served(phone)["t3"] == ["8S", "7H"]
    assert answers(phone) == [200, 200]
    assert current_state(phone)["moves"] == 2


# Runs in the page: the time from the finger's release to the card drawn on its target.
WATCH_DROP = """([pile, code]) => {
  window.__released = null;
  window.__drawn = null;
  document.addEventListener("pointerup", () => { window.__released = performance.now(); },
                            { capture: true, once: true });
  const seen = () => document.querySelector(`[data-pile="${pile}"] [data-card="${code}"]`);
  new MutationObserver((_, observer) => {
    if (window.__released !== null && seen()) {
      window.__drawn = performance.now();
      observer.disconnect();
    }
  }).observe(document.getElementById("board"), { childList: true, subtree: true });
}"""


def test_a_legal_drop_is_drawn_within_100_ms(phone: Page, server: str, network: str) -> None:
    start_layout(phone, server, klondike("t1: 8S", "t2: [JD] 7H", "t3: AS"))
    phone.evaluate(WATCH_DROP, ["t1", "7H"])
    finger_drag(phone, grab_point(card_in(phone, "t2", "7H")), drop_point(phone, "t1"))
    phone.wait_for_function("() => window.__drawn !== null")  # a function: no eval under the CSP
    elapsed = phone.evaluate("window.__drawn - window.__released")
    assert elapsed < 100, f"drawn {elapsed:.0f} ms after the release ({network})"
    # The face-down card it uncovered shows its back until the answer brings its face.
    wait_for_moves(phone, 1)
    expect(card_in(phone, "t2", "JD")).to_be_visible()
    assert served(phone) == shown(phone)


def test_a_refused_drop_goes_back_with_its_reminder(phone: Page, server: str) -> None:
    start_layout(phone, server, klondike("t1:", "t2: [QC] 8S", "t3: [JD] 7H"))
    finger_drag(phone, grab_point(card_in(phone, "t3", "7H")), drop_point(phone, "t1"))
    expect(phone.locator("#toast")).to_have_text(catalog(phone)["reason.king_only"])
    expect(card_in(phone, "t3", "7H")).to_be_visible()
    assert pile_cards(phone, "t1") == []
    assert phone.locator("[data-moves]").text_content() == "0"
    # The board's dests ruled the drop out: it asked the rules why instead of acting.
    assert answers(phone) == ["check False"]
    assert phone.console_errors == []  # type: ignore[attr-defined]


def test_a_drop_the_board_cannot_draw_yet_is_judged_by_the_server(phone: Page, server: str) -> None:
    # Both 7s may go on the 8♠, but only the first can. The second is dropped before the
    # first is answered: the board can't tell yet (its target is a guess), so the card goes
    # back and waits; once the first is answered, the confirmed dests rule it out, and the
    # server says why.
    start_layout(phone, server, klondike("t1: 8S", "t2: 7H", "t3: 7D"))
    finger_drag(phone, grab_point(card_in(phone, "t2", "7H")), drop_point(phone, "t1"))
    finger_drag(phone, grab_point(card_in(phone, "t3", "7D")), drop_point(phone, "t1"))
    expect(phone.locator("#toast")).to_have_text(catalog(phone)["reason.build_down"])
    expect(card_in(phone, "t3", "7D")).to_be_visible()
    expect(card_in(phone, "t1", "7H")).to_be_visible()
    assert answers(phone) == [200, "check False"]
    assert served(phone) == shown(phone)


def test_a_stock_tap_during_a_glide_counts(phone: Page, server: str) -> None:
    open_board(phone, server, "/play/KL1-D1N-AAAAAAG")
    stock = phone.locator('[data-pile="s"]').bounding_box()
    assert stock is not None
    point = (stock["x"] + stock["width"] / 2, stock["y"] + stock["height"] / 3)
    tap(phone, point)
    # The turned card is still gliding out of the stock, over it.
    phone.wait_for_timeout(60)
    assert phone.evaluate("document.getAnimations().length") > 0
    tap(phone, point)
    wait_for_moves(phone, 2)
    assert len(served(phone)["w"]) == 2
    expect(phone.locator('[data-pile="w"] .card[data-card]')).to_have_count(2)
    assert answers(phone) == [200, 200]


def test_two_tabs_end_as_the_server_holds_the_game(phone: Page, server: str, network: str) -> None:
    start_layout(phone, server, klondike("t1: 8S", "t2: 7H", "t3: AS"))
    other = phone.context.new_page()
    open_board(other, server)
    drag(other, card_in(other, "t2", "7H"), "t1")
    wait_for_moves(other, 1)
    # This tab still shows the game before that move: its tap is made on a version gone.
    tap(phone, grab_point(card_in(phone, "t3", "AS")))
    expect(phone.locator("#toast")).to_have_text(catalog(phone)["ui.stale"])
    wait_for_moves(phone, 1)
    assert shown(phone) == served(phone) == shown(other)
    assert served(phone)["t1"] == ["8S", "7H"]
    assert answers(phone) == [409]
    other.close()


def test_taps_while_answers_are_on_their_way_keep_their_cards(phone: Page, server: str) -> None:
    # A drag, a stock tap and taps in a row, none waiting for the one before: each applies to
    # the card it was made on, in order.
    start_layout(phone, server, klondike("t1: 8S", "t2: [JD] 7H", "t3: AS", "t4: 2S", "w: AH"))
    finger_drag(phone, grab_point(card_in(phone, "t2", "7H")), drop_point(phone, "t1"))
    tap(phone, grab_point(card_in(phone, "t3", "AS")))
    tap(phone, grab_point(card_in(phone, "w", "AH")))
    tap(phone, grab_point(card_in(phone, "t4", "2S")))
    wait_for_moves(phone, 4)
    piles: dict[str, Any] = served(phone)
    assert piles["t1"] == ["8S", "7H"]
    assert piles["f1"] == ["AS", "2S"] and piles["f2"] == ["AH"]
    assert piles["t2"] == ["JD"]
    assert shown(phone) == piles
    assert answers(phone) == [200] * 4
