"""The FAQ's recipes and worked figures agree with the engine, in every language: anyone who
follows the FAQ gets the app's deals."""

from __future__ import annotations

import datetime as dt
import html
import re
from typing import Any

import pytest

from solitaire.codes import GameId, deal_letters
from solitaire.deals import DECK_IDS, deal_of_the_day, deck_for, shuffled_deck
from solitaire.pages import LANGUAGES, raw_page


def code_listings(lang: str) -> list[str]:
    """The Python listings of a language's FAQ, as a reader would copy them."""
    faq = raw_page(lang, "faq")
    return [
        html.unescape(block) for block in re.findall(r"<pre><code>(.*?)</code></pre>", faq, re.S)
    ]


def run_listings(lang: str) -> dict[str, Any]:
    namespace: dict[str, Any] = {"print": lambda *args: None}
    for listing in code_listings(lang):
        exec(compile(listing, f"{lang}/faq.html", "exec"), namespace)
    return namespace


PACK_SUITS = {
    (GameId.KLONDIKE, 4): "SHDC",
    (GameId.EASY_HARP, 4): "SHDCSHDC",
    (GameId.SIMPLE_SIMON, 1): "SSSS",
    (GameId.SIMPLE_SIMON, 2): "SHSH",
    (GameId.SIMPLE_SIMON, 4): "SHDC",
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_faq_shuffle_listing_reproduces_the_deals(lang: str) -> None:
    faq = run_listings(lang)
    for (game, suits), pack_number in DECK_IDS.items():
        deck = deck_for(game, suits)
        assert faq["pack"](PACK_SUITS[(game, suits)]) == [card.code for card in deck[1]]
        for deal in (1, 6, 29, 123_456, 999_999):
            expected = [card.code for card in shuffled_deck(deck, deal)]
            assert (
                faq["shuffled"](faq["pack"](PACK_SUITS[(game, suits)]), pack_number, deal)
                == expected
            )


@pytest.mark.parametrize("lang", LANGUAGES)
def test_faq_deal_of_the_day_listing_matches(lang: str) -> None:
    faq = run_listings(lang)
    for game in GameId:
        for date in (dt.date(2026, 11, 29), dt.date(2027, 2, 28), dt.date(2030, 1, 1)):
            assert faq["deal_of_the_day"](game.value, date.isoformat()) == deal_of_the_day(
                game, date
            )


def spaced(number: int) -> str:
    """A number as the pages write it, with a thin grouping space: 32 260."""
    return f"{number:,}".replace(",", " ")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_faq_worked_figures_are_the_engines(lang: str) -> None:
    faq = raw_page(lang, "faq")
    daily = deal_of_the_day(GameId.KLONDIKE, dt.date(2026, 11, 29))
    assert spaced(daily) in faq
    assert f"KL1-D1N-{deal_letters(daily)}" in faq
    assert deal_letters(daily) == "AAABVSU" and "AAABVSU" in faq
    assert deal_letters(999_999) in faq and deal_letters(1) in faq
    assert spaced((DECK_IDS[(GameId.KLONDIKE, 4)] << 32) + 6) in faq
    # The first cards of Klondike deal 6, as the FAQ lists them with suit symbols.
    first = shuffled_deck(deck_for(GameId.KLONDIKE, 4), 6)[:10]
    symbols = " ".join(
        f"{'10' if card.code[0] == 'T' else card.code[0]}{card.suit.symbol}" for card in first
    )
    assert symbols in faq
