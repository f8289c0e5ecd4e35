"""Cards worth looking at (issue 27): number cards with the usual pip pattern, kings, queens
and jacks with a figure, drawn from SVG symbols put in the page once; the board's first load
stays small on the wire."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from .harness import open_board, start_layout
from .layouts import klondike

ALL_RANKS = klondike(
    "t1: AS 2H 3C 4D",
    "t2: 5S 6H 7C",
    "t3: 8D 9S",
    "t4: TH JC",
    "t5: QD",
    "t6: KS",
)
PIPS = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "T": 10}
#: The board's first load, page and bundles as sent (gzipped), in bytes.
FIRST_LOAD_LIMIT = 60 * 1024


def test_number_cards_show_the_usual_pips(page: Page, server: str) -> None:
    start_layout(page, server, ALL_RANKS)
    for rank, count in PIPS.items():
        code = next(
            c for c in ("S", "H", "C", "D") if page.locator(f'[data-card="{rank}{c}"]').count()
        )
        card = page.locator(f'[data-card="{rank}{code}"]')
        assert card.locator(".pips .pip").count() == count, rank
        # Each pip is drawn: a symbol with a size, inside its card.
        box = card.locator(".pips .pip").first.bounding_box()
        whole = card.bounding_box()
        assert box is not None and whole is not None
        assert (
            box["width"] > 4
            and box["x"] >= whole["x"]
            and box["x"] + box["width"] <= whole["x"] + whole["width"]
        )
    # The pips of the lower half are printed upside down, as on a real card.
    assert page.locator('[data-card="4D"] .pip.turned').count() == 2


def test_court_cards_show_a_figure(page: Page, server: str) -> None:
    start_layout(page, server, ALL_RANKS)
    for code, rank in (("JC", "J"), ("QD", "Q"), ("KS", "K")):
        figures = page.locator(f'[data-card="{code}"] .court-picture use[href="#court-{rank}"]')
        assert figures.count() == 2, code
        box = figures.first.bounding_box()
        assert box is not None and box["width"] > 20 and box["height"] > 10, code
    # The symbols are in the page once, however many cards use them.
    assert page.locator("#card-symbols").count() == 1
    assert page.locator("symbol#court-K").count() == 1


@pytest.mark.cold_browser  # a context used before holds the board's files in memory
def test_the_first_load_stays_small_on_the_wire(page: Page, server: str) -> None:
    open_board(page, server)
    sent = page.evaluate(
        """() => [
             ...performance.getEntriesByType('navigation'),
             ...performance.getEntriesByType('resource'),
           ].map(e => [new URL(e.name), e.transferSize])
            .filter(([url]) => url.origin === location.origin && !url.pathname.startsWith('/api/'))
            .map(([url, size]) => [url.pathname, size])"""
    )
    total = sum(size for _, size in sent)
    assert any(path.endswith(".js") for path, _ in sent), sent
    assert 0 < total <= FIRST_LOAD_LIMIT, sent
