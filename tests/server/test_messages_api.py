"""``/api/messages``: the catalogs read with Babel; a new language needs only a catalog."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from fastapi.testclient import TestClient

import solitaire

from .conftest import AppFactory

LOCALES = Path(solitaire.__file__).parent / "locales"


def test_english_messages_are_the_catalog(client: TestClient) -> None:
    response = client.get("/api/messages?lang=en")
    assert response.status_code == 200
    body = response.json()
    assert body["lang"] == "en"
    assert "en" in body["available"]
    with (LOCALES / "en" / "LC_MESSAGES" / "messages.po").open("rb") as file:
        catalog = read_po(file)
    expected = {m.id: m.string for m in catalog if m.id and m.string}
    assert body["messages"] == expected
    assert body["messages"]["reason.king_only"] == "Only a king can go into an empty column."
    assert body["messages"]["error.not_found"]


@pytest.mark.parametrize("lang", ["xx", "", "../../etc", "en_US_POSIX", "-"])
def test_an_unknown_language_falls_back_to_english(client: TestClient, lang: str) -> None:
    response = client.get("/api/messages", params={"lang": lang})
    assert response.status_code == 200
    assert response.json()["lang"] == "en"


def test_a_too_long_language_is_a_bad_request(client: TestClient) -> None:
    response = client.get("/api/messages", params={"lang": "x" * 40})
    assert response.status_code == 400
    assert response.json()["error"] == "bad_request"


def _locales_with_a_new_language(tmp_path: Path) -> Path:
    locales = tmp_path / "locales"
    shutil.copytree(LOCALES / "en", locales / "en")
    catalog = locales / "zz" / "LC_MESSAGES"
    catalog.mkdir(parents=True)
    (catalog / "messages.po").write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
        'msgid "reason.king_only"\nmsgstr "Zz: kings only."\n\n'
        '#, fuzzy\nmsgid "reason.no_card"\nmsgstr "Zz: unsure."\n\n'
        'msgid "reason.build_down"\nmsgstr ""\n',
        encoding="utf-8",
    )
    return locales


def test_a_new_catalog_is_a_new_language(make_app: AppFactory, tmp_path: Path) -> None:
    with TestClient(make_app(locales_dir=_locales_with_a_new_language(tmp_path))) as client:
        body = client.get("/api/messages?lang=zz-ZZ").json()
        assert body["lang"] == "zz"
        assert body["available"] == ["en", "zz"]
        assert body["messages"]["reason.king_only"] == "Zz: kings only."
        # Untranslated and fuzzy entries fall back to English.
        assert body["messages"]["reason.no_card"] == "There is no card there."
        assert body["messages"]["reason.build_down"].startswith("A card goes on")
        # The player's language chooses the messages, the reminders of refusals included.
        assert client.put("/api/settings", json={"language": "zz"}).status_code == 200
        assert client.get("/api/messages").json()["lang"] == "zz"
        state = client.post("/api/games", json={"mode": "code", "code": "KL1-D1N-AAAAAAG"}).json()
        refused = client.post(
            f"/api/games/{state['id']}/actions",
            json={"version": 0, "type": "move", "move": "t5-t2"},
        )
        assert refused.status_code == 422
        reminder = "A card goes on a card of the other colour, one rank higher."
        assert refused.json()["message"] == reminder
