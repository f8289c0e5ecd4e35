"""A fourth language needs only its catalog and its page texts: German, added to copies of the
package's locales and pages, is offered by an unchanged server — its pages, its messages, its
name in every language menu — and the completeness checks then demand every message of it."""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Iterator
from html import unescape
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from playwright.sync_api import Browser, expect

from solitaire.pages import LANGUAGES, PAGES, PageTextError, discover_languages, read_index
from solitaire.server.app import create_app
from solitaire.server.settings import Settings

from ..e2e.harness import open_board, running_server
from ..e2e.layouts import klondike
from ..locales.catalogs import differences_from_english, read_messages
from ..server.conftest import sqlite_settings

PACKAGE_LOCALES = Path(Settings.model_fields["locales_dir"].default)
PACKAGE_PAGES = Path(Settings.model_fields["pages_dir"].default)

GERMAN = {
    "language.name": "Deutsch",
    "ui.title": "Patience",
    "ui.new_game": "Neues Spiel",
    "reason.king_only": "Nur ein König darf in eine leere Spalte.",
    "site.help": "Regeln und Hilfe",
    "site.language": "Sprache",
    "site.not_found_title": "Seite nicht gefunden",
    "site.not_found_text": "Unter {path} gibt es keine Seite. Das sind die Seiten:",
}
GERMAN_TITLES = {
    "rules-klondike": "Klondike-Regeln",
    "rules-simple-simon": "Simple-Simon-Regeln",
    "rules-easy-harp": "Easy-Harp-Regeln",
    "faq": "Häufige Fragen",
    "sources": "Woher die Spiele kommen",
    "examples": "Beispiele",
}


def _po(lang: str, messages: dict[str, str]) -> str:
    header = (
        'msgid ""\nmsgstr ""\n'
        '"Project-Id-Version: solitaire 0.1\\n"\n'
        f'"Language: {lang}\\n"\n'
        '"Content-Type: text/plain; charset=UTF-8\\n"\n'
    )
    entries = "".join(f'\nmsgid "{key}"\nmsgstr "{text}"\n' for key, text in messages.items())
    return header + entries


def add_german(root: Path) -> tuple[Path, Path]:
    """Copies of the package's catalogs and page texts under ``root``, plus German: a catalog
    with a few messages and the pages (English text, German titles), as a translator would
    start. Answers the two folders."""
    locales, pages = root / "locales", root / "pages"
    shutil.copytree(PACKAGE_LOCALES, locales)
    for lang in LANGUAGES:
        shutil.copytree(PACKAGE_PAGES / lang, pages / lang)
    catalog = locales / "de" / "LC_MESSAGES"
    catalog.mkdir(parents=True)
    (catalog / "messages.po").write_text(_po("de", GERMAN), encoding="utf-8")
    shutil.copytree(PACKAGE_PAGES / "en", pages / "de")
    index = read_index(pages / "de")
    index["order"] = 4
    index["titles"] = GERMAN_TITLES
    (pages / "de" / "index.json").write_text(json.dumps(index), encoding="utf-8")
    return locales, pages


@pytest.fixture(scope="module")
def german(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    return add_german(tmp_path_factory.mktemp("fourth-language"))


@pytest.fixture(scope="module")
def client(
    german: tuple[Path, Path], tmp_path_factory: pytest.TempPathFactory
) -> Iterator[TestClient]:
    locales, pages = german
    settings = sqlite_settings(tmp_path_factory.mktemp("data")).model_copy(
        update={"locales_dir": locales, "pages_dir": pages}
    )
    with TestClient(create_app(settings)) as test_client:
        yield test_client


MENU = {"en": "English", "ro": "Română", "nl": "Nederlands", "de": "Deutsch"}


def test_the_messages_api_offers_german_by_its_own_name(client: TestClient) -> None:
    body = client.get("/api/messages", params={"lang": "de-AT"}).json()
    assert body["lang"] == "de"
    assert body["available"] == ["de", "en", "nl", "ro"]
    assert body["names"] == MENU and list(body["names"]) == list(MENU)
    assert body["messages"]["ui.new_game"] == "Neues Spiel"
    # What the translator has not written yet is English.
    assert body["messages"]["ui.undo"] == "Undo"


def test_the_site_api_offers_german(client: TestClient) -> None:
    body = client.get("/api/site", params={"lang": "de"}).json()
    assert body["lang"] == "de"
    assert body["languages"] == MENU and list(body["languages"]) == list(MENU)
    assert body["titles"] == GERMAN_TITLES


@pytest.mark.parametrize("page", PAGES)
def test_every_german_page_is_served(client: TestClient, page: str) -> None:
    answer = client.get(f"/de/{page}")
    assert answer.status_code == 200
    html = unescape(answer.text)
    assert '<html lang="de">' in html
    assert f"<title>{GERMAN_TITLES[page]} · Patience</title>" in html
    assert 'aria-label="Sprache"' in html
    for slug, title in GERMAN_TITLES.items():
        assert f'<a href="/de/{slug}"' in html and title in html


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_other_language_links_to_the_german_page(client: TestClient, lang: str) -> None:
    html = client.get(f"/{lang}/faq").text
    links = re.findall(
        r'<a href="/(\w+)/faq" hreflang="\1" lang="\1" data-lang="\1"[^>]*>([^<]*)', html
    )
    assert dict(links) == MENU


def test_the_german_404_page(client: TestClient) -> None:
    answer = client.get("/de/nichts")
    assert answer.status_code == 404
    assert "<h1>Seite nicht gefunden</h1>" in answer.text
    assert "Unter /de/nichts gibt es keine Seite." in answer.text


def test_a_german_player_is_answered_in_german(client: TestClient) -> None:
    # A German browser, which says so with every request.
    german = {"Accept-Language": "de-CH, en;q=0.5"}
    settings = client.get("/api/settings", headers=german)
    assert settings.json()["language"] == "de"
    layout = {"mode": "layout", "layout": _empty_column()}
    state = client.post("/api/games", json=layout, headers=german).json()
    refused = client.post(
        f"/api/games/{state['id']}/actions",
        json={"version": 0, "type": "drop", "pile": "t3", "index": 1, "target": "t1"},
        headers=german,
    )
    assert refused.status_code == 422
    assert refused.json()["message"] == GERMAN["reason.king_only"]


def _empty_column() -> str:
    # A Klondike position with an empty first column and a seven of hearts to try on it.
    return klondike("t1:", "t2: [QC] 8S", "t3: [JD] 7H")


def test_the_completeness_checks_demand_every_message_of_german(
    german: tuple[Path, Path],
) -> None:
    locales, pages = german
    english = set(read_messages("en", locales))
    differences = differences_from_english(locales)
    assert set(differences) == {"de"}
    assert differences["de"]["missing"] == sorted(english - set(GERMAN))
    assert differences["de"]["extra"] == []
    # The page texts are checked as they are found: German has every page's title.
    assert discover_languages(pages) == ("en", "ro", "nl", "de")


def test_german_page_texts_without_a_title_are_refused(tmp_path: Path) -> None:
    locales, pages = add_german(tmp_path)
    index = json.loads((pages / "de" / "index.json").read_text(encoding="utf-8"))
    del index["titles"]["faq"]
    (pages / "de" / "index.json").write_text(json.dumps(index), encoding="utf-8")
    settings = sqlite_settings(tmp_path / "data").model_copy(
        update={"locales_dir": locales, "pages_dir": pages}
    )
    app = create_app(settings)
    with pytest.raises(PageTextError, match=re.escape("de/index.json lacks faq")), TestClient(app):
        pass


def test_a_catalog_without_pages_speaks_on_the_board_and_links_to_english_pages(
    tmp_path: Path,
) -> None:
    locales, pages = add_german(tmp_path)
    shutil.rmtree(pages / "de")
    settings = sqlite_settings(tmp_path / "data").model_copy(
        update={"locales_dir": locales, "pages_dir": pages}
    )
    with TestClient(create_app(settings)) as client:
        assert client.get("/api/messages", params={"lang": "de"}).json()["lang"] == "de"
        site = client.get("/api/site", params={"lang": "de"}).json()
        assert site["lang"] == "en" and site["languages"]["de"] == "Deutsch"
        assert client.get("/de/faq").status_code == 404
        assert "Deutsch" not in client.get("/en/faq").text


def test_the_real_server_and_board_offer_german(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, browser: Browser
) -> None:
    # The whole way: `solitaire serve` pointed at the folders by its settings, Chromium.
    locales, pages = add_german(tmp_path)
    monkeypatch.setenv("SOLITAIRE_LOCALES_DIR", str(locales))
    monkeypatch.setenv("SOLITAIRE_PAGES_DIR", str(pages))
    with running_server(tmp_path / "data") as base:
        context = browser.new_context(base_url=base, locale="de-DE")
        page = context.new_page()
        open_board(page, base)
        # A German browser gets German; both selectors name it in German, in menu order.
        expect(page.locator("html")).to_have_attribute("lang", "de")
        expect(page.locator("#new-game-button span")).to_have_text("Neues Spiel")
        names = page.locator("#toolbar-language option").all_text_contents()
        assert names == list(MENU.values())
        page.click("#settings-button")
        assert page.locator("#language-select option").all_text_contents() == names
        expect(page.locator("#language-select")).to_have_value("de")
        page.keyboard.press("Escape")
        # The link to the pages opens them in German, with German around them.
        page.click("#pages-link")
        page.wait_for_url("**/de/")
        page.wait_for_selector("body[data-ready]")
        expect(page.locator("main h1")).to_have_text("Regeln und Hilfe")
        page.goto("/de/examples")
        page.wait_for_selector("body[data-ready]")
        expect(page.locator(".site-nav a[aria-current=page]")).to_have_text("Beispiele")
        # Replay words German has not translated yet are English.
        counter = page.locator('[data-replay="klondike"] [data-replay-counter]')
        expect(counter).to_have_text(re.compile(r"^Step 0 of \d+$"))
        context.close()
