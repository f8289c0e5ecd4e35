"""The table fits the screen without scrolling, phone to desktop, long columns included."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page

from .harness import open_board, start_layout
from .layouts import easy_harp

LONG_SIMPLE_SIMON = (
    "game: SS1-S4\n"
    "t1: KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AS KH QH JH TH 9H 8H 7H 6H 5H 4H 3H\n"
    "t2: 2H AH KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D AD KC\n"
    "t3: QC 4C\nt4: JC 3C\nt5: TC 2C\nt6: 9C AC\nt7: 8C\nt8: 7C\nt9: 6C\nt10: 5C\n"
)

SIZES = [(390, 844), (360, 640), (768, 1024), (1440, 900), (1024, 600), (844, 390)]


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_every_card_is_on_screen(browser: Browser, server: str, width: int, height: int) -> None:
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    for setup in ("/play/EH1-N-AAAAAAG", LONG_SIMPLE_SIMON):
        if setup.startswith("/"):
            open_board(page, server, setup)
        else:
            start_layout(page, server, setup)
        outside = page.evaluate(
            """() => [...document.querySelectorAll('.card')].filter(card => {
                 const r = card.getBoundingClientRect();
                 return r.left < 0 || r.top < 0 || r.right > innerWidth + 0.5
                   || r.bottom > innerHeight + 0.5;
               }).length"""
        )
        assert outside == 0
        scroll = page.evaluate("[document.documentElement.scrollHeight, innerHeight]")
        assert scroll[0] <= scroll[1]
        # Each fanned face-up card shows its whole corner index (rank and suit).
        gaps = page.evaluate(
            """() => [...document.querySelectorAll('.pile.column')].flatMap(pile => {
                 const cards = [...pile.querySelectorAll('.card[data-card]')];
                 return cards.slice(1).map((card, i) => {
                   const corner = cards[i].querySelector('.corner').getBoundingClientRect();
                   return card.getBoundingClientRect().top - corner.bottom + 0.5;
                 });
               })"""
        )
        if setup is LONG_SIMPLE_SIMON:
            assert len(gaps) == 23 + 15 + 4
            # A 24-card column on a phone held sideways may cover the foot of the suit sign.
            assert min(gaps) >= (0 if height >= 600 else -5)
    context.close()


def test_the_table_follows_a_resize(page: Page, server: str) -> None:
    open_board(page, server, "/play/KL1-D1N-AAAAAAG")
    wide = page.evaluate("getComputedStyle(board).getPropertyValue('--card-w')")
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_function(
        "wide => getComputedStyle(board).getPropertyValue('--card-w') !== wide", arg=wide
    )
    right_edges = page.eval_on_selector_all(
        ".card", "cards => cards.map(c => c.getBoundingClientRect().right)"
    )
    assert len(right_edges) == 52 and max(right_edges) <= 390


# Each whole drawing of the board (its piles all drawn anew), with the board's size then.
RECORD_DRAWINGS = """
window.boardDrawings = [];
new MutationObserver((records) => {
  for (const record of records) {
    const board = record.target;
    if (board.id === "board" && record.addedNodes.length > 1) {
      window.boardDrawings.push(board.dataset.size);
    }
  }
}).observe(document, { subtree: true, childList: true });
"""

# Three frames: the board's ResizeObserver answers the first layout in the next, and lays the
# board out again in the frame after when its size changed (view.js).
THREE_FRAMES = "() => new Promise(done => requestAnimationFrame(() =>"
THREE_FRAMES += " requestAnimationFrame(() => requestAnimationFrame(done))))"


@pytest.mark.parametrize(("width", "height"), [(390, 844), (1440, 900)])
def test_the_board_is_laid_out_once_as_it_opens(
    browser: Browser, server: str, width: int, height: int
) -> None:
    # The toolbar fits the game's words before the board is laid out: the board does not
    # jump a frame later, and no pile drawn as the page opened is drawn anew under a finger
    # already on a card.
    context = browser.new_context(viewport={"width": width, "height": height})
    context.add_init_script(RECORD_DRAWINGS)
    page = context.new_page()
    start_layout(page, server, easy_harp("t1: 9S 8H", "t2: TH", "t3: 9C", "t4: AD KC QD"))
    page.evaluate(THREE_FRAMES)
    size = page.evaluate("`${board.clientWidth}x${board.clientHeight}`")
    assert page.evaluate("window.boardDrawings") == [size]
    context.close()
