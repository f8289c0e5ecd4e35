"""The pages as the server sends them: every page in every language in the site layout, the
index, the 404 page, the examples' data, and that the pages' routes leave the API alone."""

from __future__ import annotations

import json
import re
from html import escape, unescape
from pathlib import Path
from typing import Any
from urllib.parse import urljoin, urlsplit

import pytest
from fastapi.testclient import TestClient

from solitaire.pages import LANGUAGES, PAGES, language_names, page_titles
from solitaire.play import Game
from solitaire.server.catalog import Catalogs
from solitaire.server.settings import Settings
from solitaire.solver.examples import examples_position, examples_solution

from ..locales.catalogs import read_messages

CATALOGS = Catalogs(Settings.model_fields["locales_dir"].default)
HREF = re.compile(r'href="([^"]*)"')


def _hrefs(html: str) -> list[str]:
    return [unescape(href) for href in HREF.findall(html)]


def _main(html: str) -> str:
    """The page's own content, inside <main>."""
    match = re.search(r"<main[^>]*>(.*)</main>", html, re.S)
    assert match, html[:500]
    return match.group(1)


def _replay_data(html: str) -> dict[str, Any]:
    match = re.search(r'<script type="application/json" id="replay-data">(.*?)</script>', html)
    assert match, "the examples page carries no replay data"
    data: dict[str, Any] = json.loads(match.group(1))
    return data


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("page", PAGES)
def test_every_page_in_every_language_has_the_layout(
    client: TestClient, lang: str, page: str
) -> None:
    answer = client.get(f"/{lang}/{page}")
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("text/html")
    html = answer.text
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
    assert "<h1>" in _main(html)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_relative_links_of_every_page_lead_to_a_page_and_its_section(
    client: TestClient, lang: str
) -> None:
    for page in PAGES:
        base = f"http://testserver/{lang}/{page}"
        for href in _hrefs(_main(client.get(f"/{lang}/{page}").text)):
            if href.startswith(("http:", "https:", "mailto:")):
                continue
            target = urlsplit(urljoin(base, href))
            assert target.path.startswith(f"/{lang}/"), (page, href)
            answer = client.get(target.path)
            assert answer.status_code == 200, (page, href)
            if target.fragment:
                assert f'id="{target.fragment}"' in answer.text, (page, href)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_index_lists_every_page(client: TestClient, lang: str) -> None:
    answer = client.get(f"/{lang}/")
    assert answer.status_code == 200
    assert f'<html lang="{lang}">' in answer.text
    main = _main(answer.text)
    for slug, title in page_titles(lang).items():
        assert f'<a href="{slug}">{title}</a>' in unescape(main)
    redirect = client.get(f"/{lang}", follow_redirects=False)
    assert redirect.status_code == 308
    assert redirect.headers["location"] == f"/{lang}/"


@pytest.mark.parametrize(
    "path",
    [
        "/fr/faq",
        "/en/no-such-page",
        "/de/",
        "/xx",
        "/nl-BE/faq",
        "/EN/faq",
        "/en/FAQ",
        # Any other address a browser may open: an old link, a typo, a link without a code.
        "/rules",
        "/play/",
        "/en/faq/more",
        "/apis",
        "/statics/x",
    ],
)
def test_an_unknown_language_or_page_gets_a_404_page(client: TestClient, path: str) -> None:
    answer = client.get(path)
    assert answer.status_code == 404
    assert answer.headers["content-type"].startswith("text/html")
    assert "Traceback" not in answer.text
    assert "<h1>Page not found</h1>" in answer.text
    assert f"There is no page at {path}." in answer.text
    for slug in PAGES:
        assert f'href="/en/{slug}"' in answer.text


def test_a_missing_page_of_a_known_language_says_so_in_that_language(client: TestClient) -> None:
    answer = client.get("/nl/spelregels")
    assert answer.status_code == 404
    assert '<html lang="nl">' in answer.text
    assert "Pagina niet gevonden" in answer.text


def test_the_404_page_of_an_unknown_language_is_in_the_players_language(
    client: TestClient,
) -> None:
    assert client.put("/api/settings", json={"language": "ro"}).status_code == 200
    answer = client.get("/fr/faq")
    assert answer.status_code == 404
    assert '<html lang="ro">' in answer.text


def test_the_pages_routes_leave_the_api_and_the_board_files_alone(client: TestClient) -> None:
    assert client.get("/api/games").status_code == 405  # POST only: not a page
    for path in ("/api/no-such-thing", "/static/no-such-file.js", "/api/", "/api", "/static"):
        missing = client.get(path)
        assert missing.status_code == 404
        assert missing.json()["error"] == "not_found"
    # Only a browser's GET of another address gets the 404 page; other methods the API's.
    posted = client.post("/rules", json={})
    assert (posted.status_code, posted.json()["error"]) == (404, "not_found")
    assert client.get("/openapi.json").status_code == 200
    assert client.get("/docs").status_code == 200
    board_script = client.get("/static/main.js")
    assert board_script.status_code == 200
    assert "javascript" in board_script.headers["content-type"]


@pytest.mark.parametrize(
    ("name", "kind"),
    [("site.css", "text/css"), ("site.js", "javascript"), ("replay.js", "javascript")],
)
def test_the_layouts_files_are_served(client: TestClient, name: str, kind: str) -> None:
    answer = client.get(f"/site/{name}")
    assert answer.status_code == 200
    assert kind in answer.headers["content-type"]


@pytest.mark.parametrize("name", ["layout.html", "texts.json", "nothing.js"])
def test_other_files_of_the_site_folder_are_not(client: TestClient, name: str) -> None:
    assert client.get(f"/site/{name}").status_code == 404


def test_the_site_api_names_the_languages_and_maps_a_regional_tag(client: TestClient) -> None:
    body = client.get("/api/site", params={"lang": "nl-BE"}).json()
    assert body["lang"] == "nl"
    # (A language added later joins them: nothing here is a list of all languages.)
    assert {"en": "English", "ro": "Română", "nl": "Nederlands"}.items() <= body[
        "languages"
    ].items()
    assert body["titles"] == page_titles("nl")
    assert client.get("/api/site", params={"lang": "fr"}).json()["lang"] == "en"


def test_each_language_is_named_by_its_own_catalog(client: TestClient) -> None:
    # The menu's names are the catalogs' language.name, in the pages' order, everywhere:
    # the pages' API, the messages' API (the Settings dialog) and the pages' language links.
    names = {lang: read_messages(lang)["language.name"] for lang in CATALOGS.available()}
    menu = {lang: names[lang] for lang in LANGUAGES}
    assert client.get("/api/site").json()["languages"] == menu
    assert list(client.get("/api/messages").json()["names"].items()) == list(menu.items())
    links = re.findall(
        r'<a href="/(\w+)/faq" hreflang="\w+" lang="\w+" data-lang="\w+"[^>]*>([^<]*)</a>',
        client.get("/ro/faq").text,
    )
    assert links == list(menu.items())
    assert language_names() == menu


def _solution_end() -> Game:
    game = Game(examples_position())
    for move in examples_solution():
        game.play(move)
    return game


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_examples_page_states_the_solvers_solution(client: TestClient, lang: str) -> None:
    end = _solution_end()
    assert end.won
    html = client.get(f"/{lang}/examples").text
    assert f"<span data-solution-moves>{end.moves}</span>" in html
    assert f"<span data-solution-score>{end.score}</span>" in html
    assert end.score == 500 - end.moves + 400


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_examples_page_carries_each_replay(client: TestClient, lang: str) -> None:
    html = client.get(f"/{lang}/examples").text
    data = _replay_data(html)
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
@pytest.mark.parametrize("path", ["/", "/faq", "/no-such-page"])
def test_every_word_of_the_layout_is_the_catalogs(client: TestClient, lang: str, path: str) -> None:
    answer = client.get(f"/{lang}{path}")
    html = answer.text
    words = {key: escape(CATALOGS.text(lang, f"site.{key}")) for key in ("language", "pages")}
    assert f'aria-label="{words["language"]}"' in html
    assert f'aria-label="{words["pages"]}"' in html
    back = escape(CATALOGS.text(lang, "site.back_to_game"))
    assert f'title="{back}">{escape(CATALOGS.text(lang, "ui.title"))}</a>' in html
    title = re.search(r"<title>(.*)</title>", html)
    assert title
    main = _main(html)
    if path == "/":
        assert title.group(1) == escape(
            f"{CATALOGS.text(lang, 'site.help')} · {CATALOGS.text(lang, 'ui.title')}"
        )
        assert f"<p>{escape(CATALOGS.text(lang, 'site.index_intro'))}</p>" in main
    elif path == "/no-such-page":
        assert answer.status_code == 404
        heading = escape(CATALOGS.text(lang, "site.not_found_title"))
        assert title.group(1).startswith(heading + " · ")
        assert f"<h1>{heading}</h1>" in main
        text = CATALOGS.text(lang, "site.not_found_text", path=f"/{lang}{path}")
        assert f"<p>{escape(text)}</p>" in main
        assert f'<a href="/">{back}</a>' in main


def test_the_layouts_words_are_no_longer_a_file_of_their_own() -> None:
    # One place for every word: the catalogs (web/site/texts.json was a second one).
    site = Path(Settings.model_fields["web_dir"].default) / "site"
    assert (site / "layout.html").is_file()
    assert sorted(path.name for path in site.glob("*.json")) == []
