"""Cards worth looking at (issue 27): number cards with the usual pip pattern, kings, queens
and jacks with a figure, drawn from SVG symbols put in the page once; the board's first load
stays small on the wire."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page

from .harness import SIZES, api, open_board, start_layout
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


COURTS = klondike("t1: JS", "t2: QH", "t3: KD", "t4: JD", "t5: QC", "t6: KC", "t7: QS")

#: Where each court card's figures and suits are on screen: every shape of the figure (its
#: box in the symbol, widened by half its stroke, through each of the picture's two copies,
#: the second turned about the middle) cut to the frame, against the suits printed in the
#: picture's corners and the card's corner index.
COURT_OVERLAPS = """() => {
  const rect = (r) => ({left: r.left, top: r.top, right: r.right, bottom: r.bottom});
  const meets = (a, b) =>
    a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  const found = [];
  let shapes = 0;
  for (const card of document.querySelectorAll('.board .card.court')) {
    const picture = card.querySelector('.court-picture');
    const frame = rect(card.querySelector('.court-frame').getBoundingClientRect());
    const screen = picture.getScreenCTM();
    const suits = [...picture.querySelectorAll('use[href^="#suit-"]')]
      .map((use) => rect(use.getBoundingClientRect()));
    const corner = [...card.querySelectorAll('.corner:not(.far) > span')]
      .map((span) => rect(span.getBoundingClientRect()));
    for (const use of picture.querySelectorAll('use[href^="#court-"]')) {
      const turn = use.transform.baseVal.consolidate();
      const matrix = turn ? screen.multiply(turn.matrix) : screen;
      for (const shape of document.querySelector(use.getAttribute('href')).children) {
        const box = shape.getBBox();
        const stroke = shape.getAttribute('stroke-width') ?? '1';
        const half = shape.getAttribute('stroke') ? parseFloat(stroke) / 2 : 0;
        const [x0, y0] = [box.x - half, box.y - half];
        const [x1, y1] = [box.x + box.width + half, box.y + box.height + half];
        const points = [[x0, y0], [x1, y0], [x0, y1], [x1, y1]]
          .map(([x, y]) => new DOMPoint(x, y).matrixTransform(matrix));
        const xs = points.map((p) => p.x), ys = points.map((p) => p.y);
        const drawn = {left: Math.max(frame.left, Math.min(...xs)),
                       right: Math.min(frame.right, Math.max(...xs)),
                       top: Math.max(frame.top, Math.min(...ys)),
                       bottom: Math.min(frame.bottom, Math.max(...ys))};
        if (drawn.left >= drawn.right || drawn.top >= drawn.bottom) continue;
        shapes += 1;
        for (const [what, boxes] of [['picture suit', suits], ['corner index', corner]]) {
          if (boxes.some((b) => meets(drawn, b))) {
            found.push([card.dataset.card, shape.outerHTML.slice(0, 60), what]);
          }
        }
      }
    }
  }
  return {shapes, found};
}"""


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize("size", SIZES)
def test_court_figures_keep_clear_of_the_suits_in_the_corners(
    browser: Browser, server: str, size: str, theme: str
) -> None:
    """The queen's rose, the jack's halberd and feather, the king's sword: no part of a figure
    lies on the suit printed in its picture's corner, nor on the card's corner index, on a
    phone or a desktop, in light or dark, with large print or not."""
    context = browser.new_context(viewport=SIZES[size], base_url=server)
    page = context.new_page()
    open_board(page, server)
    for large in (False, True):
        api(page, "PUT", "/api/settings", {"theme": theme, "large_print": large})
        start_layout(page, server, COURTS)
        assert page.locator(".board .card.court").count() == 7
        overlaps = page.evaluate(COURT_OVERLAPS)
        # Every card's every shape was measured: 7 cards, two copies, a dozen shapes each.
        assert overlaps["shapes"] >= 7 * 2 * 10, overlaps
        assert overlaps["found"] == [], (large, overlaps["found"])
    api(page, "PUT", "/api/settings", {"theme": "system", "large_print": False})
    context.close()


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
