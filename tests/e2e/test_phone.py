"""A board a phone player would pick (issue 27, UI-22): large print never makes the cards
smaller, in any game, and its corner text grows and still fits on the card."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect

from .harness import SIZES, api, open_board, start_layout
from .layouts import klondike

GAMES = {
    "klondike": "/play/KL1-D3N-AAAAAAG",
    "easy-harp": "/play/EH1-N-AAAAAAF",
    "simple-simon": "/play/SS1-S4-AAAAABD",
}


#: The sizes the large print test measures: a phone, a desktop and the narrowest phone, where
#: Simple Simon's and Easy Harp's cards are 29 px wide.
PRINT_SIZES: dict[str, ViewportSize] = {**SIZES, "narrow-phone": {"width": 320, "height": 700}}


def card_looks(page: Page) -> dict[str, float]:
    """The face-up cards' width and the smallest corner index on the table, and how far any
    corner's rank runs into its suit, or its index ("10♥") out of its card's box (0 when every
    corner fits)."""
    looks: dict[str, float] = page.evaluate(
        """() => {
             const cards = [...document.querySelectorAll('.board .card.face')];
             let overflow = 0;
             for (const card of cards) {
               const box = card.getBoundingClientRect();
               const rank = card.querySelector('.corner .rank').getBoundingClientRect();
               const suit = card.querySelector('.corner .suit').getBoundingClientRect();
               overflow = Math.max(overflow, rank.right - suit.left, suit.right - box.right,
                                   box.left - rank.left, box.top - Math.min(rank.top, suit.top),
                                   Math.max(rank.bottom, suit.bottom) - box.bottom);
             }
             const sizes = cards.map(c =>
               parseFloat(getComputedStyle(c.querySelector('.corner')).fontSize));
             return {width: cards[0].getBoundingClientRect().width,
                     index: Math.min(...sizes), overflow};
           }"""
    )
    return looks


@pytest.mark.parametrize("size", PRINT_SIZES)
@pytest.mark.parametrize("game", GAMES)
def test_ui_22_large_print_never_makes_cards_smaller(
    browser: Browser, server: str, game: str, size: str
) -> None:
    """Large print keeps the cards' width and grows their corner index, whose "10♥" lies wholly
    on its card, at 320 px too (Simple Simon's and Easy Harp's 29 px cards: 13 px, not 15)."""
    context = browser.new_context(viewport=PRINT_SIZES[size], base_url=server)
    page = context.new_page()
    open_board(page, server, GAMES[game])
    api(page, "PUT", "/api/settings", {"large_print": False})
    open_board(page, server)
    plain = card_looks(page)
    api(page, "PUT", "/api/settings", {"large_print": True})
    open_board(page, server)
    large = card_looks(page)
    assert large["width"] >= plain["width"], (plain, large)
    assert large["index"] > plain["index"], (plain, large)
    # "10♥" whole in the corner: the rank, then the suit, within the card.
    assert plain["overflow"] <= 0.5 and large["overflow"] <= 0.5, (plain, large)
    context.close()


def test_the_empty_stock_shows_its_ring_only_when_a_tap_brings_cards_back(
    page: Page, server: str
) -> None:
    for variant, comes_back in (("KL1-D1N", True), ("KL1-D1V", False)):
        state = start_layout(page, server, klondike("s:", "w: 5C", variant=variant))
        assert (state["stock_tap"] is not None) == comes_back, state["stock_tap"]
        stock = page.locator('[data-pile="s"]')
        ring = stock.evaluate("e => getComputedStyle(e, '::after').content")
        assert (ring != "none") == comes_back, (variant, ring)
        assert stock.get_attribute("data-count") is None


def test_the_stock_says_how_many_cards_it_holds(page: Page, server: str) -> None:
    open_board(page, server, GAMES["klondike"])
    stock = page.locator('[data-pile="s"]')
    assert stock.get_attribute("data-count") == "24"
    assert "24" in stock.evaluate("e => getComputedStyle(e, '::after').content")
    page.locator('[data-pile="s"]').click()
    expect(stock).to_have_attribute("data-count", "21")


#: The stock's count (its ::after) and the top card's box, in the page's pixels: the count's
#: used size and place as the page laid it out (a pseudo-element has no client rect).
STOCK_COUNT_BOXES = """() => {
  const stock = document.querySelector('[data-pile="s"]');
  const count = getComputedStyle(stock, '::after');
  const px = (name) => parseFloat(count[name]);
  const padded = count.boxSizing === 'content-box';
  const width = px('width') + (padded ? px('paddingLeft') + px('paddingRight') : 0);
  const height = px('height') + (padded ? px('paddingTop') + px('paddingBottom') : 0);
  const pile = stock.getBoundingClientRect();
  // left: 50% and translate: -50% 0 centre it on the pile.
  const left = pile.left + px('left') - width / 2;
  const top = pile.top + px('top');
  const card = stock.lastElementChild.getBoundingClientRect();
  return {count: {left, top, right: left + width, bottom: top + height},
          card: {left: card.left, top: card.top, right: card.right, bottom: card.bottom}};
}"""


@pytest.mark.parametrize("size", PRINT_SIZES)
@pytest.mark.parametrize("game", ["klondike", "easy-harp"])
def test_the_stocks_count_lies_on_its_top_card(
    browser: Browser, server: str, game: str, size: str
) -> None:
    """Easy Harp's 59 cards on a 29 px stock at 320 px too: the count is wholly on the top
    card, which stands a few pixels above the stack's foot."""
    context = browser.new_context(viewport=PRINT_SIZES[size], base_url=server)
    page = context.new_page()
    open_board(page, server, GAMES[game])
    boxes = page.evaluate(STOCK_COUNT_BOXES)
    count, card = boxes["count"], boxes["card"]
    assert count["right"] - count["left"] > 8, boxes
    assert card["left"] <= count["left"] and count["right"] <= card["right"], boxes
    assert card["top"] <= count["top"] and count["bottom"] <= card["bottom"], boxes
    context.close()


def test_the_draw_3_fan_on_a_phone_shows_every_index(browser: Browser, server: str) -> None:
    context = browser.new_context(viewport=SIZES["phone"], base_url=server)
    page = context.new_page()
    # The cards placed nowhere else lie face up on the waste, under the three tens drawn.
    start_layout(page, server, klondike("s: [2C] [3C] [4C] [TH] [TD] [TS]", variant="KL1-D3N"))
    page.locator('[data-pile="s"]').click()
    expect(page.locator('[data-pile="w"] .card.face').last).to_have_attribute("data-card", "TH")
    page.wait_for_function("() => !document.querySelector('.card.moving')")
    # Each fanned card's "10" shows whole beside the card on it.
    hidden = page.evaluate(
        """() => {
             const cards = [...document.querySelectorAll('[data-pile="w"] .card.face')].slice(-3);
             return cards.slice(0, -1).map((card, i) =>
               card.querySelector('.corner .rank').getBoundingClientRect().right
               - cards[i + 1].getBoundingClientRect().left);
           }"""
    )
    assert all(overlap <= 0 for overlap in hidden), hidden
    context.close()


def test_the_desktop_table_stays_put_when_the_toolbar_changes(
    browser: Browser, server: str
) -> None:
    context = browser.new_context(viewport=SIZES["desktop"], base_url=server)
    page = context.new_page()
    open_board(page, server, "/play/KL1-D3V-AAAAAAG")
    api(page, "PUT", "/api/settings", {"hints": False, "language": "en"})
    open_board(page, server)
    top = page.locator("#board").bounding_box()
    # Hint, Finish and the longest labels (Dutch) all at once: still one row.
    api(page, "PUT", "/api/settings", {"hints": True, "language": "nl"})
    open_board(page, server)
    page.evaluate("() => { document.getElementById('finish-button').hidden = false; }")
    page.evaluate("() => window.dispatchEvent(new Event('resize'))")
    page.wait_for_timeout(100)
    assert page.locator("#board").bounding_box() == top
    api(page, "PUT", "/api/settings", {"hints": False, "language": "en"})
    context.close()


#: The game's name and the toolbar's words as shown: whether the name is whole (not cut with
#: an ellipsis, nothing of it covered), which buttons show their words, and the toolbar's rows.
TOOLBAR_WORDS = """() => {
  const name = document.getElementById('game-name');
  const box = name.getBoundingClientRect();
  const others = '.toolbar-status > :not([hidden]), .toolbar-actions, .toolbar-site';
  const neighbours = [...document.querySelectorAll(others)]
    .filter((e) => !e.contains(name)).map((e) => e.getBoundingClientRect())
    .filter((r) => r.width > 0 && r.left < box.right && box.left < r.right
                   && r.top < box.bottom && box.top < r.bottom);
  const shown = (element) =>
    element.checkVisibility() && element.getBoundingClientRect().width > 1;
  const labels = '.toolbar-actions button:not([hidden]) > span, .toolbar-link-text';
  const words = [...document.querySelectorAll(labels)]
    .filter(shown).map((element) => element.textContent);
  const bar = document.querySelector('.toolbar');
  const tops = [...bar.children].filter(shown).map((child) => child.offsetTop);
  return {name: name.textContent, whole: name.scrollWidth <= name.clientWidth && box.width > 0,
          covered: neighbours.length, words,
          rows: Math.max(...tops) - Math.min(...tops) > 4 ? 2 : 1, steps: bar.className};
}"""


@pytest.mark.parametrize("width", [1024, 1440])
def test_the_desktop_toolbar_shows_the_games_name_before_its_buttons_words(
    browser: Browser, server: str, width: int
) -> None:
    """On a desktop the toolbar is one row, and when the row is short the buttons' words go
    first: the game's name is never cut or covered, in any game and language, Hint and Finish
    shown or not; where there is room (1440 px, English, no Hint) New game keeps its word."""
    context = browser.new_context(viewport={"width": width, "height": 768}, base_url=server)
    page = context.new_page()
    open_board(page, server, GAMES["klondike"])
    tables = set()
    for lang in ("en", "ro", "nl"):
        for extras in (False, True):
            api(page, "PUT", "/api/settings", {"language": lang, "hints": extras})
            for game, path in GAMES.items():
                open_board(page, server, path)
                page.evaluate(
                    "(shown) => { document.getElementById('finish-button').hidden = !shown;"
                    " window.dispatchEvent(new Event('resize')); }",
                    extras,
                )
                # The toolbar fits itself on the resize event, before dispatchEvent returns.
                toolbar = page.evaluate(TOOLBAR_WORDS)
                seen = (lang, extras, game, toolbar)
                assert toolbar["whole"] and toolbar["covered"] == 0, seen
                assert toolbar["rows"] == 1, seen
                if width == 1440 and lang == "en" and not extras:
                    assert any("New game" in word for word in toolbar["words"]), seen
                box = page.locator("#board").bounding_box()
                assert box is not None
                tables.add(box["y"])
    # One row whatever it holds: the table never moves.
    assert len(tables) == 1, tables
    api(page, "PUT", "/api/settings", {"language": "en", "hints": False})
    context.close()


@pytest.mark.parametrize(
    ("width", "height", "at_the_bottom"), [(390, 844, True), (844, 390, False), (1440, 900, False)]
)
def test_ui_22_a_phone_held_upright_has_its_controls_at_the_bottom_labelled(
    browser: Browser, server: str, width: int, height: int, at_the_bottom: bool
) -> None:
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    open_board(page, server, GAMES["klondike"])
    buttons = page.locator(".toolbar-actions button:visible, #pages-link")
    boxes = [box for box in (b.bounding_box() for b in buttons.all()) if box]
    assert len(boxes) >= 6
    board = page.locator("#board").bounding_box()
    assert board is not None
    if at_the_bottom:
        # Within the thumb's reach: the bar's buttons in the screen's lowest eighth, under the
        # table, each 44 px high at least and showing a word.
        assert all(box["y"] >= height * 7 / 8 and box["height"] >= 44 for box in boxes), boxes
        assert all(box["y"] >= board["y"] + board["height"] - 1 for box in boxes)
        words = page.locator(".toolbar .bar-label:visible").all_inner_texts()
        assert len(words) == len(boxes) and all(word.strip() for word in words), words
        # The table takes the height the toolbar left: from the top of the screen.
        assert board["y"] <= 1
    else:
        assert all(box["y"] + box["height"] <= board["y"] + 1 for box in boxes), boxes
        assert page.locator(".toolbar .bar-label:visible").count() == 0
    context.close()


def test_ui_22_upright_phone_cards_are_taller_and_fans_open_further(
    browser: Browser, server: str
) -> None:
    sizes = {}
    upright: ViewportSize = {"width": 390, "height": 844}
    sideways: ViewportSize = {"width": 844, "height": 390}
    for viewport in (upright, sideways):
        context = browser.new_context(viewport=viewport)
        page = context.new_page()
        open_board(page, server, GAMES["simple-simon"])
        sizes[viewport["height"]] = page.evaluate(
            """() => {
                 const cards = [...document.querySelectorAll('[data-pile="t1"] .card')];
                 const box = cards[0].getBoundingClientRect();
                 return [box.width, box.height,
                         cards[1].getBoundingClientRect().top - box.top];
               }"""
        )
        context.close()
    width, height, step = sizes[844]
    assert height / width >= 1.45
    # A face-up fan opens by more than half a card where the screen allows (Simple Simon's
    # short cards: three quarters, so that thirteen cards reach down the screen).
    assert step >= height * 0.7


BAR_SLOTS = """() => [...document.querySelectorAll('.toolbar-actions button')]
  .filter((button) => button.checkVisibility())
  .map((button) => {
    const box = button.getBoundingClientRect();
    const word = button.querySelector('.bar-label');
    const shown = word && word.checkVisibility();
    return {id: button.id, width: box.width, height: box.height,
            word: shown ? word.textContent : null,
            whole: !shown || word.scrollWidth <= word.clientWidth,
            name: button.textContent.replace(/\\s+/g, ' ').trim()};
  })"""


@pytest.mark.parametrize("width", [320, 360, 390])
def test_ui_22_every_slot_of_the_bar_is_a_fingers_size_down_to_320_px(
    browser: Browser, server: str, width: int
) -> None:
    """Seven slots at most, each 44 × 44 px at least, its word whole or, where one word would
    be cut (320 px, Romanian or Dutch), the icons alone: never half a word."""
    context = browser.new_context(viewport={"width": width, "height": 640}, base_url=server)
    page = context.new_page()
    open_board(page, server, GAMES["klondike"])
    for lang in ("en", "ro", "nl"):
        api(page, "PUT", "/api/settings", {"language": lang, "hints": True})
        open_board(page, server)
        for finish in (False, True):
            # Finish offered (every card face up) takes the Hint's slot.
            page.evaluate(
                "(shown) => { document.getElementById('finish-button').hidden = !shown;"
                " window.dispatchEvent(new Event('resize')); }",
                finish,
            )
            page.wait_for_timeout(50)
            slots = page.evaluate(BAR_SLOTS)
            assert len(slots) == 7, (lang, finish, slots)
            assert ("finish-button" in [s["id"] for s in slots]) == finish
            assert all(s["width"] >= 44 and s["height"] >= 44 for s in slots), (lang, slots)
            assert all(s["whole"] and s["name"] for s in slots), (lang, slots)
            words = [s["word"] for s in slots]
            assert all(words) or not any(words), (lang, words)
            if lang == "en" or width >= 360:
                assert all(words), (lang, width, words)
    api(page, "PUT", "/api/settings", {"language": "en", "hints": False})
    context.close()


def test_ui_22_an_upright_phones_table_stays_put_whatever_the_bar_shows(
    browser: Browser, server: str
) -> None:
    """The bar's height is the same for every game, language, Hint and Finish: the table
    above it never moves."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, base_url=server)
    page = context.new_page()
    open_board(page, server, GAMES["klondike"])
    boxes = {}
    for lang in ("en", "ro", "nl"):
        for hints in (False, True):
            api(page, "PUT", "/api/settings", {"language": lang, "hints": hints})
            for game, path in GAMES.items():
                open_board(page, server, path)
                for finish in (False, True):
                    page.evaluate(
                        "(shown) => { document.getElementById('finish-button').hidden = !shown;"
                        " window.dispatchEvent(new Event('resize')); }",
                        finish,
                    )
                    page.wait_for_timeout(50)
                    boxes[(lang, hints, game, finish)] = page.locator("#board").bounding_box()
    assert len({tuple(box.values()) for box in boxes.values() if box}) == 1, boxes
    api(page, "PUT", "/api/settings", {"language": "en", "hints": False})
    context.close()


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game", GAMES)
def test_the_game_code_keeps_clear_of_its_copy_button(
    browser: Browser, server: str, game: str, size: str
) -> None:
    context = browser.new_context(viewport=SIZES[size], base_url=server)
    page = context.new_page()
    open_board(page, server, GAMES[game])
    code = page.locator("[data-code]").bounding_box()
    copy = page.locator("#copy-button").bounding_box()
    assert code and copy
    assert copy["x"] - (code["x"] + code["width"]) >= 6, (code, copy)
    context.close()
