"""The pages' routes (``server/routes/site.py``): which page an address gets and in which
language, the redirects, the 404 page for any other address, the layout's files,
``/api/site``, and that the pages' routes leave the API and the board's files alone. The HTML
itself is tested in tests/pages/test_render.py."""

from __future__ import annotations

import re
from html import unescape
from urllib.parse import urljoin, urlsplit

import pytest
from fastapi.testclient import TestClient

from solitaire.catalogs import Catalogs
from solitaire.pages import LANGUAGES, PAGES, language_names, page_titles
from solitaire.server.settings import Settings

from ..locales.catalogs import read_messages
from ..pages.test_render import main_of

CATALOGS = Catalogs(Settings.model_fields["locales_dir"].default)
HREF = re.compile(r'href="([^"]*)"')


def _hrefs(html: str) -> list[str]:
    return [unescape(href) for href in HREF.findall(html)]


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_relative_links_of_every_page_lead_to_a_page_and_its_section(
    client: TestClient, lang: str
) -> None:
    for page in PAGES:
        base = f"http://testserver/{lang}/{page}"
        for href in _hrefs(main_of(client.get(f"/{lang}/{page}").text)):
            if href.startswith(("http:", "https:", "mailto:")):
                continue
            target = urlsplit(urljoin(base, href))
            assert target.path.startswith(f"/{lang}/"), (page, href)
            answer = client.get(target.path)
            assert answer.status_code == 200, (page, href)
            if target.fragment:
                assert f'id="{target.fragment}"' in answer.text, (page, href)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_languages_index_and_its_redirect(client: TestClient, lang: str) -> None:
    answer = client.get(f"/{lang}/")
    assert answer.status_code == 200
    assert f'<html lang="{lang}">' in answer.text
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


def test_a_page_carries_the_players_looks_as_the_board_does(client: TestClient) -> None:
    # A player who chose dark reads the rules dark too, whatever the system prefers.
    assert '<html lang="en">' in client.get("/en/faq").text
    assert (
        client.put("/api/settings", json={"theme": "dark", "large_print": True}).status_code == 200
    )
    for path in ("/en/faq", "/ro/", "/nl/nowhere"):
        opening = client.get(path).text.split(">", 2)[1]
        assert 'data-theme="dark"' in opening and "data-large-print" in opening, path
