"""The pages as HTML (``solitaire.pages.render``): every page in every language in the site
layout, the index, the 404 page, the examples page's figures and replay data, every word
around a page from the catalogs."""

from __future__ import annotations

import json
import re
from html import escape, unescape
from pathlib import Path
from typing import Any

import pytest

from solitaire.catalogs import Catalogs
from solitaire.pages import (
    LANGUAGES,
    PACKAGE_TEXTS,
    PAGES,
    UnknownPageError,
    language_names,
    page_titles,
)
from solitaire.pages.examples_deal import examples_position, examples_solution
from solitaire.pages.render import LayoutMissingError, SitePages
from solitaire.play import Game
from solitaire.server.assets import Assets
from solitaire.server.settings import Settings

WEB = Path(Settings.model_fields["web_dir"].default)
CATALOGS = Catalogs(Settings.model_fields["locales_dir"].default)
SITE = SitePages(PACKAGE_TEXTS, CATALOGS, WEB / "site" / "layout.html", Assets(WEB).url)
HREF = re.compile(r'href="([^"]*)"')


def _hrefs(html: str) -> list[str]:
    return [unescape(href) for href in HREF.findall(html)]


def main_of(html: str) -> str:
    """The page's own content, inside <main>."""
    match = re.search(r"<main[^>]*>(.*)</main>", html, re.S)
    assert match, html[:500]
    return match.group(1)


def replay_data_of(html: str) -> dict[str, Any]:
    match = re.search(r'<script type="application/json" id="replay-data">(.*?)</script>', html)
    assert match, "the examples page carries no replay data"
    data: dict[str, Any] = json.loads(match.group(1))
    return data


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("page", PAGES)
def test_every_page_in_every_language_has_the_layout(lang: str, page: str) -> None:
    html = SITE.page(lang, page)
    assert f'<html lang="{lang}">' in html
    title = page_titles(lang)[page]
    app_name = CATALOGS.text(lang, "ui.title")
    assert f"<title>{title} · {app_name}</title>" in unescape(html)
    hrefs = _hrefs(html)
    # Back to the board, every page of the language, the same page in every language.
    assert "/" in hrefs
    for slug, page_title in page_titles(lang).items():
        assert f'<a href="/{lang}/{slug}"' in html
        assert page_title in unescape(html)
    for code, name in language_names().items():
        assert f'<a href="/{code}/{page}" hreflang="{code}"' in html
        assert name in html
    assert 'aria-current="page"' in html
    assert "<h1>" in main_of(html)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_index_lists_every_page(lang: str) -> None:
    html = SITE.index(lang)
    assert f'<html lang="{lang}">' in html
    main = main_of(html)
    for slug, title in page_titles(lang).items():
        assert f'<a href="{slug}">{title}</a>' in unescape(main)


@pytest.mark.parametrize(("lang", "page"), [("fr", "faq"), ("en", "no-such-page"), ("EN", "faq")])
def test_a_page_the_app_does_not_carry_is_refused(lang: str, page: str) -> None:
    with pytest.raises(UnknownPageError):
        SITE.page(lang, page)


def test_the_404_page_lists_the_pages_in_its_language() -> None:
    html = SITE.not_found("nl", "/nl/spelregels")
    assert '<html lang="nl">' in html
    assert "Pagina niet gevonden" in html
    for slug in PAGES:
        assert f'href="/nl/{slug}"' in html


def test_without_a_layout_no_page_is_drawn(tmp_path: Path) -> None:
    bare = SitePages(PACKAGE_TEXTS, CATALOGS, tmp_path / "layout.html", Assets(WEB).url)
    with pytest.raises(LayoutMissingError):
        bare.page("en", "faq")


def _solution_end() -> Game:
    game = Game(examples_position())
    for move in examples_solution():
        game.play(move)
    return game


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_examples_page_states_the_solvers_solution(lang: str) -> None:
    end = _solution_end()
    assert end.won
    html = SITE.page(lang, "examples")
    assert f"<span data-solution-moves>{end.moves}</span>" in html
    assert f"<span data-solution-score>{end.score}</span>" in html
    assert end.score == 500 - end.moves + 400


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_examples_page_carries_each_replay(lang: str) -> None:
    html = SITE.page(lang, "examples")
    data = replay_data_of(html)
    assert set(data["replays"]) == {"simple-simon", "klondike", "easy-harp"}
    for name in data["replays"]:
        assert f'<div data-replay="{name}"' in html
    simple_simon = data["replays"]["simple-simon"]["steps"]
    assert [step["move"] for step in simple_simon[1:]] == [str(m) for m in examples_solution()]
    assert simple_simon[-1]["view"]["won"] is True
    reminders = {
        name: [step["reminder"] for step in replay["steps"] if step["reminder"]]
        for name, replay in data["replays"].items()
    }
    assert reminders == {
        "simple-simon": [],
        "klondike": [CATALOGS.text(lang, "reason.king_only")],
        "easy-harp": [CATALOGS.text(lang, "reason.one_card_at_a_time")],
    }
    # The replays' words come with the page's catalog (/api/messages), not in the data.
    assert set(data) == {"replays"}
    no_script = CATALOGS.text(lang, "site.no_script")
    assert html.count(f'<p class="replay-no-script">{escape(no_script)}</p>') == 3


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("page", ["index", "faq", "not-found"])
def test_every_word_of_the_layout_is_the_catalogs(lang: str, page: str) -> None:
    path = f"/{lang}/no-such-page"
    if page == "index":
        html = SITE.index(lang)
    elif page == "not-found":
        html = SITE.not_found(lang, path)
    else:
        html = SITE.page(lang, page)
    words = {key: escape(CATALOGS.text(lang, f"site.{key}")) for key in ("language", "pages")}
    assert f'aria-label="{words["language"]}"' in html
    assert f'aria-label="{words["pages"]}"' in html
    back = escape(CATALOGS.text(lang, "site.back_to_game"))
    assert f'title="{back}">{escape(CATALOGS.text(lang, "ui.title"))}</a>' in html
    title = re.search(r"<title>(.*)</title>", html)
    assert title
    main = main_of(html)
    if page == "index":
        assert title.group(1) == escape(
            f"{CATALOGS.text(lang, 'site.help')} · {CATALOGS.text(lang, 'ui.title')}"
        )
        assert f"<p>{escape(CATALOGS.text(lang, 'site.index_intro'))}</p>" in main
    elif page == "not-found":
        heading = escape(CATALOGS.text(lang, "site.not_found_title"))
        assert title.group(1).startswith(heading + " · ")
        assert f"<h1>{heading}</h1>" in main
        text = CATALOGS.text(lang, "site.not_found_text", path=path)
        assert f"<p>{escape(text)}</p>" in main
        assert f'<a href="/">{back}</a>' in main


def test_the_layouts_words_are_no_longer_a_file_of_their_own() -> None:
    # One place for every word: the catalogs (web/site/texts.json was a second one).
    site = WEB / "site"
    assert (site / "layout.html").is_file()
    assert sorted(path.name for path in site.glob("*.json")) == []
