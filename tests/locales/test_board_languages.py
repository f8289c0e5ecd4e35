"""The catalogs on the real board (the server as a process, Debian's Chromium): a player who
picks any language reads every label, card name and rule reminder in that language, on a phone
no label is cut off, and the language, chosen in the Settings dialog or the toolbar by its
own name, stays across reloads."""

from __future__ import annotations

import json
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect

from solitaire.pages import LANGUAGES as PAGE_LANGUAGES

from ..e2e.harness import api, card_in, drag, open_board, running_server
from ..e2e.layouts import klondike
from .catalogs import ENGLISH, languages, read_messages

LANGUAGES = languages()
TRANSLATED = [lang for lang in LANGUAGES if lang != ENGLISH]
PHONE: ViewportSize = {"width": 360, "height": 640}
DESKTOP: ViewportSize = {"width": 1280, "height": 800}

# Every element the page translates, with the text it shows: data-i18n fills the text,
# data-i18n-<attribute> an attribute (web/static/i18n.js).
SHOWN_TEXTS = """() => {
  const shown = [];
  // <title> is rewritten as "game · title" once a game shows; the test reads it on its own.
  for (const element of document.querySelectorAll('[data-i18n]:not(title)')) {
    shown.push([element.dataset.i18n, element.textContent]);
  }
  for (const [key, attribute] of [['i18nAriaLabel', 'aria-label'], ['i18nTitle', 'title'],
                                  ['i18nPlaceholder', 'placeholder']]) {
    for (const element of document.querySelectorAll(`[data-${key.replace(/[A-Z]/g,
         c => '-' + c.toLowerCase())}]`)) {
      shown.push([element.dataset[key], element.getAttribute(attribute)]);
    }
  }
  return shown;
}"""

# Labels wider than their box (text cut off), and anything past the right edge of the screen.
CUT_OFF = """() => {
  const cut = [];
  for (const element of document.querySelectorAll('[data-i18n], .toolbar button, dialog[open] *')) {
    const box = element.getBoundingClientRect();
    // Not shown (a closed dialog, a hidden row), or hidden on purpose for screen readers.
    if (box.width === 0 || element.closest('.visually-hidden')) continue;
    const clips = getComputedStyle(element).overflow !== 'visible';
    if (clips && element.scrollWidth > element.clientWidth + 1)
      cut.push(['clipped', element.dataset.i18n ?? element.textContent.trim()]);
    if (box.right > innerWidth + 0.5 || box.left < -0.5)
      cut.push(['off screen', element.dataset.i18n ?? element.textContent.trim()]);
  }
  if (document.documentElement.scrollWidth > innerWidth) cut.push(['page scrolls sideways', '']);
  return cut;
}"""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with running_server(tmp_path_factory.mktemp("solitaire-locales")) as base:
        yield base


def board_in(
    browser: Browser,
    server: str,
    lang: str,
    viewport: ViewportSize,
    path: str,
    **settings: bool,
) -> Page:
    """A fresh player who chose ``lang`` (and any other ``settings``), looking at the board
    at ``path``."""
    context = browser.new_context(viewport=viewport, base_url=server)
    page = context.new_page()
    open_board(page, server, path)
    saved = api(page, "PUT", "/api/settings", {"language": lang, **settings})
    assert saved["language"] == lang and saved | settings == saved, saved
    open_board(page, server)
    return page


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_label_on_the_board_is_in_the_chosen_language(
    browser: Browser, server: str, lang: str
) -> None:
    messages = read_messages(lang)
    page = board_in(browser, server, lang, DESKTOP, "/play/SS1-S4-AAAAAAG")
    try:
        assert page.evaluate("document.documentElement.lang") == lang
        shown = page.evaluate(SHOWN_TEXTS)
        assert len(shown) > 40
        assert [(key, text) for key, text in shown if text != messages[key]] == []
        assert page.title() == f"{messages['ui.game.SS']} · {messages['ui.title']}"
        assert page.locator("[data-runs-removed]").text_content() == "0/4"
        # Every card's accessible name is made of this language's words.
        names = page.eval_on_selector_all(
            ".card[data-card]", "cards => cards.map(card => card.getAttribute('aria-label'))"
        )
        ranks = [messages[f"ui.rank.{rank}"] for rank in "A23456789TJQK"]
        suits = [messages[f"ui.suit.{suit}"] for suit in "SHDC"]
        every_name = {
            messages["ui.card"].format(rank=rank, suit=suit) for rank in ranks for suit in suits
        }
        assert len(names) == 52 and set(names) == every_name
        piles = page.eval_on_selector_all(
            ".pile", "piles => piles.map(pile => pile.getAttribute('aria-label'))"
        )
        assert piles[:2] == [messages["ui.pile.column"].format(n=n) for n in (1, 2)]
    finally:
        page.context.close()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_refused_move_is_explained_in_the_chosen_language(
    browser: Browser, server: str, lang: str
) -> None:
    messages = read_messages(lang)
    page = board_in(browser, server, lang, DESKTOP, "/")
    try:
        layout = klondike("t1:", "t2: [QC] 8S", "t3: [JD] 7H")
        state = api(page, "POST", "/api/games", {"mode": "layout", "layout": layout})
        assert "piles" in state, state
        open_board(page, server)
        drag(page, card_in(page, "t3", "7H"), "t1")
        expect(page.locator("#toast")).to_have_text(messages["reason.king_only"])
        expect(card_in(page, "t3", "7H")).to_be_visible()
    finally:
        page.context.close()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_label_is_cut_off_on_a_phone(browser: Browser, server: str, lang: str) -> None:
    # With hints on, the toolbar holds its fourth button too.
    page = board_in(browser, server, lang, PHONE, "/play/KL1-D3V-AAAAAAG", hints=True)
    try:
        expect(page.locator("#hint-button")).to_be_visible()
        assert page.evaluate(CUT_OFF) == []
        for button, dialog in (
            ("#new-game-button", "#new-game-dialog"),
            ("#settings-button", "#settings-dialog"),
        ):
            page.click(button)
            expect(page.locator(dialog)).to_be_visible()
            if dialog == "#new-game-dialog":
                for game in ("KL", "SS", "EH"):
                    page.check(f'#new-game-form input[name="game"][value="{game}"]')
                    assert page.evaluate(CUT_OFF) == [], game
            else:
                assert page.evaluate(CUT_OFF) == []
            page.keyboard.press("Escape")
            expect(page.locator(dialog)).to_be_hidden()
    finally:
        page.context.close()


def test_the_server_reads_the_catalogs_of_this_tree(server: str) -> None:
    # An installed copy of the catalogs elsewhere would make the other tests meaningless.
    for lang in TRANSLATED:
        with urllib.request.urlopen(f"{server}/api/messages?lang={lang}") as answer:
            body = json.load(answer)
        assert body["lang"] == lang
        assert body["messages"] == read_messages(lang)


def _names_in_menu_order() -> list[str]:
    # The pages' order (en, ro, nl), each language named by its own catalog.
    return [read_messages(lang)["language.name"] for lang in PAGE_LANGUAGES]


def _expect_language(page: Page, lang: str) -> None:
    messages = read_messages(lang)
    expect(page.locator("html")).to_have_attribute("lang", lang)
    expect(page.locator("#new-game-button span")).to_have_text(messages["ui.new_game"])
    expect(page.locator("#toolbar-language")).to_have_value(lang)
    expect(page.locator("#pages-link")).to_have_attribute("href", f"/{lang}/")
    expect(page.locator("[data-pages-link-text]")).to_have_text(messages["site.help"])


def test_the_settings_dialog_names_each_language_in_itself_and_the_choice_stays(
    browser: Browser, server: str
) -> None:
    context = browser.new_context(viewport=DESKTOP, base_url=server, locale="en-GB")
    try:
        page = context.new_page()
        open_board(page, server)
        _expect_language(page, "en")
        names = _names_in_menu_order()
        assert page.locator("#toolbar-language option").all_text_contents() == names
        for lang in TRANSLATED:
            page.click("#settings-button")
            options = page.locator("#language-select option")
            assert options.all_text_contents() == names
            assert options.evaluate_all("options => options.map(o => o.lang)") == list(
                PAGE_LANGUAGES
            )
            page.locator("#language-select").select_option(lang)
            expect(page.locator("#settings-title")).to_have_text(read_messages(lang)["ui.settings"])
            page.keyboard.press("Escape")
            _expect_language(page, lang)
            page.reload()
            page.wait_for_selector("body[data-ready]")
            _expect_language(page, lang)
        # The toolbar's selector too, back to English, remembered.
        page.locator("#toolbar-language").select_option("en")
        _expect_language(page, "en")
        page.reload()
        page.wait_for_selector("body[data-ready]")
        _expect_language(page, "en")
    finally:
        context.close()


@pytest.mark.parametrize("lang", TRANSLATED)
def test_a_server_out_of_reach_is_reported_in_the_players_language(
    browser: Browser, tmp_path: Path, lang: str
) -> None:
    messages = read_messages(lang)
    context = browser.new_context(viewport=DESKTOP, locale=lang)
    try:
        page = context.new_page()
        with running_server(tmp_path / "data") as base:
            open_board(page, base)
            _expect_language(page, lang)
            page.click("#settings-button")
            switch = page.locator('#settings-dialog input[name="double_click"]')
            expect(switch).to_be_checked()
        # The server has stopped: the change is not saved, and the player is told so.
        switch.click()
        expect(page.locator("#toast")).to_have_text(messages["ui.error_network"])
        expect(switch).to_be_checked()
        expect(switch).to_be_enabled()
        page.keyboard.press("Escape")
        page.locator("#toolbar-language").select_option(ENGLISH)
        expect(page.locator("#toast")).to_have_text(messages["ui.error_network"])
        expect(page.locator("#toolbar-language")).to_have_value(lang)
        expect(page.locator("#new-game-button span")).to_have_text(messages["ui.new_game"])
    finally:
        context.close()
