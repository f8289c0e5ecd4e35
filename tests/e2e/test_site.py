"""The pages in Chromium, against the real server: every page in every language, the language
selectors (on the board and on a page), and each example replay played to its end."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from solitaire.pages import LANGUAGES, PAGES, language_names, page_titles
from solitaire.pages.examples import example_replay

from .conftest import DESKTOP
from .harness import api, open_board

SHORT_REPLAY_STEPS = 10
"""A replay this short is watched with Play (about 0.65 s a step); a longer one is stepped."""
REPLAY_END_TIMEOUT_MS = 20_000


def _open(page: Page, path: str) -> None:
    page.goto(path)
    page.wait_for_selector("body[data-ready]")


def _messages(page: Page, lang: str) -> dict[str, str]:
    messages: dict[str, str] = api(page, "GET", f"/api/messages?lang={lang}")["messages"]
    return messages


@pytest.fixture
def dutch_context(browser: Browser, server: str) -> Iterator[BrowserContext]:
    """A browser whose first language is Belgian Dutch."""
    context = browser.new_context(viewport=DESKTOP, base_url=server, locale="nl-BE")
    yield context
    context.close()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_page_opens_in_every_language(page: Page, lang: str) -> None:
    for slug in PAGES:
        _open(page, f"/{lang}/{slug}")
        assert page.evaluate("document.documentElement.lang") == lang
        expect(page.locator("main h1")).to_be_visible()
        expect(page.locator(".site-nav a")).to_have_count(len(PAGES))
        expect(page.locator(".site-nav a[aria-current=page]")).to_have_text(page_titles(lang)[slug])
        expect(page.locator(".site-languages a")).to_have_count(len(LANGUAGES))
        assert page.title().startswith(page_titles(lang)[slug])
    _open(page, f"/{lang}/")
    expect(page.locator("main .page-list a")).to_have_count(len(PAGES))


def test_a_page_link_leads_to_the_page_and_section_in_the_same_language(page: Page) -> None:
    _open(page, "/ro/rules-klondike")
    page.locator('main a[href="faq#game-codes"]').click()
    page.wait_for_url("**/ro/faq#game-codes")
    expect(page.locator("#game-codes")).to_be_in_viewport()
    page.locator(".site-name").click()
    page.wait_for_url(lambda url: url.endswith("/"))
    page.wait_for_selector("body[data-ready]")
    expect(page.locator("#board .card").first).to_be_visible()


def test_the_board_starts_in_the_browsers_language_and_switches_with_its_selector(
    dutch_context: BrowserContext,
) -> None:
    page = dutch_context.new_page()
    open_board(page, "")
    select = page.locator("#toolbar-language")
    expect(select).to_have_value("nl")
    dutch = _messages(page, "nl")
    expect(page.locator("#new-game-button span")).to_have_text(dutch["ui.new_game"])
    names = select.locator("option").all_text_contents()
    assert names == list(language_names().values())
    link = page.locator("#pages-link")
    expect(link).to_have_attribute("href", "/nl/")

    select.select_option("ro")
    romanian = _messages(page, "ro")
    expect(page.locator("#new-game-button span")).to_have_text(romanian["ui.new_game"])
    expect(link).to_have_attribute("href", "/ro/")
    assert page.evaluate("document.documentElement.lang") == "ro"
    assert api(page, "GET", "/api/settings")["language"] == "ro"

    open_board(page, "")  # the choice stays, whatever the browser prefers
    expect(page.locator("#toolbar-language")).to_have_value("ro")
    link.click()
    page.wait_for_url("**/ro/")
    assert page.evaluate("document.documentElement.lang") == "ro"


def test_the_settings_dialogs_language_moves_the_toolbar_selector_too(page: Page) -> None:
    open_board(page, "")
    expect(page.locator("#toolbar-language")).to_have_value("en")
    page.locator("#settings-button").click()
    page.locator("#language-select").select_option("nl")
    expect(page.locator("#toolbar-language")).to_have_value("nl")
    expect(page.locator("#pages-link")).to_have_attribute("href", "/nl/")


def test_a_language_chosen_on_a_page_is_the_players_language(page: Page) -> None:
    _open(page, "/en/faq")
    page.locator('.site-languages a[data-lang="nl"]').click()
    page.wait_for_url("**/nl/faq")
    page.wait_for_selector("body[data-ready]")
    assert page.evaluate("document.documentElement.lang") == "nl"
    expect(page.locator("main h1")).to_be_visible()
    open_board(page, "")
    expect(page.locator("#toolbar-language")).to_have_value("nl")
    expect(page.locator("#new-game-button span")).to_have_text(_messages(page, "nl")["ui.new_game"])


def _step_to_end(page: Page, name: str) -> None:
    widget = page.locator(f'[data-replay="{name}"]')
    step = widget.locator('[data-replay-action="step"]')
    total = len(example_replay(name).steps) - 1
    for index in range(1, total + 1):
        step.click()
        expect(widget).to_have_attribute("data-step", str(index))
    expect(step).to_be_disabled()


def test_the_simple_simon_replay_reaches_the_win_and_the_stated_score(page: Page) -> None:
    replay = example_replay("simple-simon")
    end = replay.steps[-1].view
    _open(page, "/en/examples")
    expect(page.locator("[data-solution-moves]")).to_have_text(str(end["moves"]))
    expect(page.locator("[data-solution-score]")).to_have_text(str(end["score"]))
    widget = page.locator('[data-replay="simple-simon"]')
    expect(widget.locator("[data-replay-counter]")).to_have_text(
        f"Step 0 of {len(replay.steps) - 1}"
    )
    expect(widget.locator(".card")).to_have_count(52)
    _step_to_end(page, "simple-simon")
    expect(widget.locator("[data-replay-score]")).to_have_text("841")
    expect(widget.locator("[data-replay-moves]")).to_have_text(str(end["moves"]))
    caption = widget.locator("[data-replay-caption]")
    expect(caption).to_have_attribute("data-kind", "won")
    expect(caption).to_have_text(f"Won: {end['moves']} moves, 841 points.")
    expect(widget.locator(".card")).to_have_count(0)  # every run has left the table
    widget.locator('[data-replay-action="back"]').click()
    expect(widget).to_have_attribute("data-step", str(len(replay.steps) - 2))
    expect(widget.locator(".card")).not_to_have_count(0)


def _column_move_in_words(messages: dict[str, str], move: str) -> str:
    """``t2-t1`` or ``t3:2-t6`` as the catalog's words say it."""
    source, target = move.split("-")
    pile, _, count = source.partition(":")
    if count:
        words = messages["ui.move.from_column_many"].format(count=count, n=pile[1:])
    else:
        words = messages["ui.move.from_column"].format(n=pile[1:])
    return messages["ui.move.to_column"].format(source=words, n=target[1:])


@pytest.mark.parametrize(
    ("name", "lang", "reason"),
    [("klondike", "ro", "king_only"), ("easy-harp", "nl", "one_card_at_a_time")],
)
def test_a_refusal_replay_shows_the_reminder_in_the_pages_language(
    page: Page, name: str, lang: str, reason: str
) -> None:
    replay = example_replay(name)
    refused = next(i for i, step in enumerate(replay.steps) if step.refusal is not None)
    _open(page, f"/{lang}/examples")
    widget = page.locator(f'[data-replay="{name}"]')
    widget.scroll_into_view_if_needed()
    if len(replay.steps) <= SHORT_REPLAY_STEPS:
        widget.locator('[data-replay-action="play"]').click()
        expect(widget).to_have_attribute("data-playing", "true")
        expect(widget).to_have_attribute("data-at-end", "", timeout=REPLAY_END_TIMEOUT_MS)
        expect(widget).not_to_have_attribute("data-playing", "true")
    else:
        _step_to_end(page, name)  # the same steps, without waiting for the player's pace
    last = replay.steps[-1].view
    expect(widget.locator("[data-replay-moves]")).to_have_text(str(last["moves"]))
    expect(widget.locator("[data-replay-score]")).to_have_text(last["score_text"])
    # Back to the refused step: the reminder in the page's language, the table unchanged.
    back = widget.locator('[data-replay-action="back"]')
    for _ in range(len(replay.steps) - 1 - refused):
        back.click()
    expect(widget).to_have_attribute("data-step", str(refused))
    caption = widget.locator("[data-replay-caption]")
    expect(caption).to_have_attribute("data-kind", "refused")
    messages = _messages(page, lang)
    expect(caption).to_contain_text(messages[f"reason.{reason}"])
    # The move in words ("Column 2 onto column 1"), not in move text ("t2-t1").
    move = str(replay.steps[refused].move)
    expect(caption).to_contain_text(_column_move_in_words(messages, move))
    expect(caption).not_to_contain_text(move)
    shown = widget.locator(".card[data-card]").evaluate_all("cards => cards.length")
    expected = sum(
        1 for pile in replay.steps[refused].view["piles"] for card in pile["cards"] if card
    )
    assert shown == expected
    expect(widget.locator(".card.back")).to_have_count(
        sum(1 for p in replay.steps[refused].view["piles"] for card in p["cards"] if card is None)
    )


@pytest.mark.parametrize("lang", ["ro", "nl"])
def test_the_pages_fit_a_phone_without_sideways_scrolling(
    browser: Browser, server: str, lang: str
) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, base_url=server)
    try:
        page = context.new_page()
        for slug in ("rules-klondike", "rules-easy-harp", "examples"):
            _open(page, f"/{lang}/{slug}")
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width <= 390, (slug, width)
        # Every replay's table is as wide as the screen, and its cards fit in it.
        for widget in page.locator("[data-replay]").all():
            box = widget.bounding_box()
            assert box is not None and box["width"] == 390
            rightmost = widget.locator(".card").evaluate_all(
                "cards => Math.max(...cards.map(card => card.getBoundingClientRect().right))"
            )
            assert rightmost <= 390
    finally:
        context.close()
