"""Which language an answer speaks (server/language.py): the saved language, else the browser's
first language with a catalog, else English; for every kind of answer alike."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from solitaire.catalogs import Catalogs
from solitaire.server.language import preferred_language
from solitaire.server.settings import Settings

CATALOGS = Catalogs(Path(Settings.model_fields["locales_dir"].default))


@pytest.mark.parametrize(
    ("header", "language"),
    [
        ("nl-BE,nl;q=0.9,en;q=0.8", "nl"),
        ("ro-RO", "ro"),
        ("fr-FR, nl;q=0.5, ro;q=0.7", "ro"),
        ("de, en-GB;q=0.3", "en"),
        ("RO", "ro"),
        ("fr, *;q=0.5", None),
        ("nl;q=0, ro;q=oops, en;q=0.2", "en"),
        ("", None),
        (None, None),
    ],
)
def test_the_first_supported_language_by_weight(header: str | None, language: str | None) -> None:
    assert preferred_language(header, CATALOGS) == language


def test_a_player_who_never_chose_follows_the_browser(client: TestClient, app: FastAPI) -> None:
    first = client.get("/api/settings", headers={"Accept-Language": "nl-BE,nl;q=0.9,en;q=0.8"})
    assert first.status_code == 200
    assert first.json()["language"] == "nl"
    # Nothing was saved on the player's behalf: the browser's language keeps counting.
    player_id = client.cookies["solitaire_player"]
    assert app.state.services.store.player_settings(player_id) is None
    assert client.get("/api/messages", headers={"Accept-Language": "nl"}).json()["lang"] == "nl"
    assert client.get("/api/settings", headers={"Accept-Language": "ro"}).json()["language"] == (
        "ro"
    )
    assert client.get("/api/settings").json()["language"] == "en"
    # Another setting saved leaves the language to the browser still.
    assert (
        client.put("/api/settings", json={"hints": True}, headers={"Accept-Language": "ro"}).json()[
            "language"
        ]
        == "ro"
    )
    assert client.get("/api/settings", headers={"Accept-Language": "nl"}).json()["language"] == (
        "nl"
    )


def test_a_language_chosen_beats_the_browsers(client: TestClient) -> None:
    client.get("/api/settings", headers={"Accept-Language": "nl"})
    assert client.put("/api/settings", json={"language": "ro"}).json()["language"] == "ro"
    assert client.get("/api/settings", headers={"Accept-Language": "nl"}).json()["language"] == (
        "ro"
    )


def test_a_browser_without_a_supported_language_gets_english_and_nothing_is_fixed(
    client: TestClient,
) -> None:
    assert client.get("/api/settings", headers={"Accept-Language": "fr-FR,de"}).json()[
        "language"
    ] == ("en")
    # Nothing was saved on that player's behalf: a later supported language still counts.
    assert client.get("/api/settings", headers={"Accept-Language": "ro"}).json()["language"] == (
        "ro"
    )


def test_a_browsers_language_is_the_language_of_every_answer(client: TestClient) -> None:
    # One rule for JSON errors, the 404 page, the messages and the pages' link alike.
    dutch = {"Accept-Language": "nl-BE,nl;q=0.9"}
    error = client.get("/api/games/no-such-game", headers=dutch).json()
    assert error["message"] == CATALOGS.text("nl", "error.not_found")
    page = client.get("/fr/faq", headers=dutch)
    assert page.status_code == 404
    assert '<html lang="nl">' in page.text
    assert client.get("/no/such/address", headers=dutch).text.count('<html lang="nl">') == 1
    assert client.get("/api/messages", headers=dutch).json()["lang"] == "nl"
    assert client.get("/api/site", headers=dutch).json()["lang"] == "nl"
