"""UI-18, the deal and the pace: a new deal is dealt from the stock onto the table (the
columns' cards fly from the stock to their places, one after another, in under a second);
the setting "Animations" is normal, fast (the same flights in half the time) or off; off, and
prefers-reduced-motion, and nothing flies at all."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from .harness import api, open_board, pile_cards

pytestmark = pytest.mark.motion

CODE = "KL1-D1N-AAAAAAG"

#: Watches the board: the first time it is dealing, what flies, from where, for how long.
WATCH_THE_DEAL = """() => {
  window.dealSeen = null;
  const board = document.getElementById('board');
  new MutationObserver(() => {
    if (!('dealing' in board.dataset) || window.dealSeen) return;
    const stock = board.querySelector('[data-pile="s"]').getBoundingClientRect();
    const flights = board.getAnimations({ subtree: true }).map((flight) => {
      const at = flight.effect.target.getBoundingClientRect();
      const timing = flight.effect.getComputedTiming();
      return {
        pile: flight.effect.target.parentElement.dataset.pile,
        dx: at.left - stock.left,
        dy: at.top - stock.top,
        duration: timing.duration,
        delay: timing.delay,
      };
    });
    window.dealSeen = { flights };
  }).observe(board, { attributes: true, attributeFilter: ['data-dealing'] });
}"""


def deal_from_the_dialog(page: Page) -> None:
    """Deals CODE through the New game dialog, on the page as it is (no reload)."""
    page.locator("#new-game-button").click()
    page.locator("#code-input").fill(CODE)
    page.locator("[data-deal='code']").click()
    expect(page.locator("[data-code]")).to_have_text(CODE)


def deal_seen(page: Page, animations: str) -> Any:
    """The deal's flights with Animations at ``animations`` (None: nothing flew)."""
    api(page, "PUT", "/api/settings", {"animations": animations})
    page.reload()
    page.wait_for_selector("body[data-ready]")
    page.wait_for_selector("#board:not([data-dealing])", state="attached")
    page.evaluate(WATCH_THE_DEAL)
    deal_from_the_dialog(page)
    # The deal may start a frame after the code is shown: wait for it (a busy machine takes
    # longer), a few seconds at most, after which nothing flew. (Polled: the page's CSP
    # forbids wait_for_function.)
    for _ in range(30):
        seen = page.evaluate("window.dealSeen")
        if seen is not None:
            return seen
        page.wait_for_timeout(100)
    return None


def test_ui18_a_new_deal_flies_from_the_stock_to_the_columns(page: Page, server: str) -> None:
    open_board(page, server)
    seen = deal_seen(page, "normal")
    assert seen is not None, "the deal did not fly"
    flights = seen["flights"]
    # Klondike's 28 column cards, each from the stock (where it is drawn until it leaves).
    assert len(flights) == 28
    assert {flight["pile"] for flight in flights} == {f"t{n}" for n in range(1, 8)}
    assert all(abs(flight["dx"]) < 2 and abs(flight["dy"]) < 2 for flight in flights), flights
    # One after another, and short.
    delays = sorted(flight["delay"] for flight in flights)
    assert delays[0] == 0 and delays[-1] > 0
    assert max(flight["delay"] + flight["duration"] for flight in flights) <= 900
    # The cards land in their places, and the board says so.
    page.wait_for_selector("#board:not([data-dealing])", state="attached", timeout=10_000)
    flying = "document.getElementById('board').getAnimations({subtree: true}).length"
    assert page.evaluate(flying) == 0
    assert len(pile_cards(page, "t7")) == 7


def test_ui18_fast_deals_in_half_the_time(page: Page, server: str) -> None:
    open_board(page, server)
    normal = deal_seen(page, "normal")["flights"]
    fast = deal_seen(page, "fast")["flights"]

    def end(flights: list[dict[str, float]]) -> float:
        return max(flight["delay"] + flight["duration"] for flight in flights)

    assert abs(end(fast) - end(normal) / 2) <= 2


def test_ui18_animations_off_deals_with_no_flight(page: Page, server: str) -> None:
    open_board(page, server)
    assert deal_seen(page, "off") is None
    assert page.evaluate("document.getAnimations().length") == 0
    assert len(pile_cards(page, "t7")) == 7


def test_ui18_reduced_motion_deals_with_no_flight(browser: Browser, server: str) -> None:
    context = browser.new_context(base_url=server, reduced_motion="reduce")
    page = context.new_page()
    open_board(page, server)
    assert deal_seen(page, "normal") is None
    assert page.evaluate("document.getAnimations().length") == 0
    context.close()
