"""Every error message a player can meet comes from the catalog, in the player's language:
a refused game code (its reason too, not the engine's English sentence), and every answer of
server/errors.py — 404, 405, 413, a request that does not validate, a 500 — in English,
Romanian and Dutch; the language is the saved one, else the browser's, else English."""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from babel.numbers import format_decimal
from fastapi import FastAPI
from fastapi.testclient import TestClient

from solitaire.codes import GameCodeError, parse_code
from solitaire.server.language import PlayerTexts
from solitaire.server.middleware import too_large_message

from ..locales.catalogs import read_messages
from .conftest import AppFactory

LANGUAGES = ("en", "ro", "nl")
TRANSLATIONS = ("ro", "nl")

# One code for each way a code can be wrong (solitaire.codes.CODE_ERROR_KEYS).
BAD_CODES = {
    "code_shape": "hello",
    "game_part": "K1-D1N-AAAAAAG",
    "unknown_game": "XX1-D1N-AAAAAAG",
    "code_version": "KL2-D1N-AAAAAAG",
    "options": "KL1-D9N-AAAAAAG",
    "deal_length": "KL1-D1N-AAAAAA",
    "deal_letter": "KL1-D1N-AAAAA1G",
    "deal_range": "KL1-D1N-ZZZZZZZ",
}
WORD = re.compile(r"[A-Za-zÀ-ÿăâîșțĂÂÎȘȚ]{3,}")


def words(text: str) -> set[str]:
    return {word.lower() for word in WORD.findall(text)}


def vocabulary(lang: str) -> set[str]:
    """Every word of a language's catalog (placeholders aside): a word in none of its
    messages is not its own."""
    texts = (re.sub(r"\{\w+\}", " ", text) for text in read_messages(lang).values())
    return set().union(*(words(text) for text in texts))


def english_leaks(message: str, english: str, lang: str, typed: str = "") -> set[str]:
    """The words of an English sentence that a message in ``lang`` repeats although that
    language's catalog never uses them (what was typed, such as a code, does not count)."""
    return (words(message) & words(english)) - vocabulary(lang) - words(typed)


def expected_reason(lang: str, error: GameCodeError) -> str:
    """The catalog's ``error.code.<key>``, filled as a reader of ``lang`` writes numbers."""
    values = {
        name: format_decimal(value, locale=lang) if isinstance(value, int) else value
        for name, value in error.values.items()
    }
    return read_messages(lang)[f"error.code.{error.key}"].format(**values)


@pytest.fixture
def speaker(app: FastAPI, request: pytest.FixtureRequest) -> Iterator[TestClient]:
    """A new player who chose the language of the test's ``lang`` parameter."""
    lang = request.node.callspec.params["lang"]
    with TestClient(app) as client:
        saved = client.put("/api/settings", json={"language": lang})
        assert saved.status_code == 200 and saved.json()["language"] == lang
        yield client


# -- a refused game code ------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("key", sorted(BAD_CODES))
def test_a_bad_code_is_explained_in_the_players_language(
    speaker: TestClient, lang: str, key: str
) -> None:
    code = BAD_CODES[key]
    with pytest.raises(GameCodeError) as refused:
        parse_code(code)
    assert refused.value.key == key
    response = speaker.post("/api/games", json={"mode": "code", "code": code})
    assert response.status_code == 400
    body = response.json()
    reason = expected_reason(lang, refused.value)
    assert body["message"] == read_messages(lang)["error.bad_code"].format(reason=reason)
    # A whole sentence, so that the board can quote it inside another (ui.bad_link).
    assert body["message"].endswith(".")
    # For developers, the engine's own sentence stays in the detail.
    assert body["detail"] == [
        {"loc": ["body", "code"], "msg": str(refused.value), "type": "game_code"}
    ]
    if lang != "en":
        assert str(refused.value) not in body["message"]
        assert english_leaks(body["message"], str(refused.value), lang, code) == set()


def test_the_leak_check_catches_the_engines_sentence() -> None:
    # The message as it was before the errors had keys: the engine's reason, in English.
    error = GameCodeError("the deal part 'AAAAAA' has 6 letters; it must have 7")
    leaked = read_messages("ro")["error.bad_code"].format(reason=error)
    assert english_leaks(leaked, str(error), "ro", "AAAAAA") >= {"deal", "part", "must", "have"}
    assert english_leaks(leaked, str(error), "nl", "AAAAAA") >= {"deal", "part", "must", "have"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_bad_statistics_reset_is_explained_in_the_players_language(
    speaker: TestClient, lang: str
) -> None:
    response = speaker.post("/api/stats/reset", json={"variant": "KL1-D9N"})
    assert response.status_code == 400
    messages = read_messages(lang)
    reason = messages["error.code.options"].format(
        options="D9N", game="Klondike", choices="D1N, D1V, D3N, D3V"
    )
    assert response.json()["message"] == messages["error.bad_variant"].format(reason=reason)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_bad_variant_is_explained_in_the_players_language(speaker: TestClient, lang: str) -> None:
    response = speaker.post("/api/games", json={"mode": "new", "variant": "SS1-S3"})
    assert response.status_code == 400
    messages = read_messages(lang)
    reason = messages["error.code.options"].format(
        options="S3", game="Simple Simon", choices="S1, S2, S4"
    )
    assert response.json()["message"] == messages["error.bad_variant"].format(reason=reason)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_deal_number_in_a_message_is_written_the_languages_way(
    speaker: TestClient, lang: str
) -> None:
    message = speaker.post("/api/games", json={"mode": "code", "code": "KL1-D1N-AACEXHO"}).json()[
        "message"
    ]
    thousands = {"en": "1,000,000", "ro": "1.000.000", "nl": "1.000.000"}[lang]
    assert thousands in message
    assert {"en": "999,999", "ro": "999.999", "nl": "999.999"}[lang] in message


@pytest.mark.parametrize("lang", LANGUAGES)
def test_layout_and_move_reasons_end_as_sentences(speaker: TestClient, lang: str) -> None:
    # Their reasons stay the engine's (typed by developers, not in the dialog), but the
    # frame is the player's language and the message ends with a full stop.
    layout = speaker.post("/api/games", json={"mode": "layout", "layout": "t1: KD"}).json()
    frame = read_messages(lang)["error.bad_layout"].split("{reason}")[0]
    assert layout["message"].startswith(frame) and layout["message"].endswith(".")
    state = speaker.post("/api/games", json={"mode": "code", "code": "KL1-D1N-AAAAAAG"}).json()
    move = speaker.post(
        f"/api/games/{state['id']}/actions", json={"version": 0, "type": "move", "move": "t1"}
    ).json()
    frame = read_messages(lang)["error.bad_move"].split("{reason}")[0]
    assert move["message"].startswith(frame) and move["message"].endswith(".")


def test_every_error_message_ends_a_sentence_in_every_language() -> None:
    # ui.bad_link quotes a server message between two sentences of its own.
    for lang in LANGUAGES:
        for key, text in read_messages(lang).items():
            if key.startswith("error.") and not text.endswith("{reason}"):
                assert text.endswith((".", "!", "?", ")")), (lang, key, text)
            if key.startswith("error.code."):
                assert text[0].islower() or text[0] in '"„‘', (lang, key, text)
        assert re.search(r"\. \{message\} ", read_messages(lang)["ui.bad_link"]), lang


# -- errors.py: every answer in every language --------------------------------------------------


def _message(response: Any, status: int, error: str) -> str:
    assert response.status_code == status, response.text
    body = response.json()
    assert body["error"] == error
    message: str = body["message"]
    return message


@pytest.mark.parametrize("lang", LANGUAGES)
def test_not_found_and_method_not_allowed(speaker: TestClient, lang: str) -> None:
    messages = read_messages(lang)
    missing = speaker.get("/api/nothing")
    assert _message(missing, 404, "not_found") == messages["error.nothing_here"]
    wrong = speaker.delete("/api/games/current")
    assert _message(wrong, 405, "bad_request") == messages["error.method_not_allowed"]
    assert wrong.headers["allow"]  # the 405's own header is kept


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(
    ("content", "key", "field"),
    [
        (b"{", "error.request.json", None),
        (b'{"mode": "code", "code": "KL1-D1N-AAAAAAG"', "error.request.json", None),
        (b"[]", "error.request.body", None),
        (b'"code"', "error.request.body", None),
        (b"{}", "error.request.missing", "mode"),
        (b'{"mode": "fresh"}', "error.request.choice", "mode"),
        (b'{"mode": "new", "colour": "red"}', "error.request.extra", "colour"),
        (b'{"mode": "code", "code": 17}', "error.request.value", "code"),
    ],
)
def test_a_request_that_does_not_validate(
    speaker: TestClient, lang: str, content: bytes, key: str, field: str | None
) -> None:
    response = speaker.post(
        "/api/games", content=content, headers={"content-type": "application/json"}
    )
    message = _message(response, 400, "bad_request")
    assert message == read_messages(lang)[key].format(field=field)
    assert response.json()["detail"]  # Pydantic's own words, for developers


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(
    ("action", "key", "field"),
    [
        ({"type": "stock"}, "error.request.missing", "stock.version"),
        ({"version": 0, "type": "jump"}, "error.request.choice", "type"),
        ({"version": 0}, "error.request.missing", "type"),
        (
            {"version": 0, "type": "tap", "pile": "T1", "index": 0},
            "error.request.value",
            "tap.pile",
        ),
    ],
)
def test_an_action_that_does_not_validate(
    speaker: TestClient, lang: str, action: dict[str, Any], key: str, field: str
) -> None:
    state = speaker.post("/api/games", json={"mode": "code", "code": "KL1-D1N-AAAAAAG"}).json()
    response = speaker.post(f"/api/games/{state['id']}/actions", json=action)
    assert _message(response, 400, "bad_request") == read_messages(lang)[key].format(field=field)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_server_failure(make_app: AppFactory, tmp_path: Path, lang: str) -> None:
    app = make_app()
    with TestClient(app, raise_server_exceptions=False) as client:
        client.put("/api/settings", json={"language": lang})
        # A real fault: the games table vanishes under the running server.
        with sqlite3.connect(tmp_path / "data" / "solitaire.db") as database:
            database.execute("DROP TABLE actions")
            database.execute("DROP TABLE games")
        response = client.get("/api/games/current")
    assert _message(response, 500, "internal") == read_messages(lang)["error.internal"]
    assert "games" not in response.text  # nothing of the fault reaches the player


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_body_cap_message_in_every_language(app: FastAPI, lang: str) -> None:
    # The message the cap answers with, for a request of a player who chose the language.
    with TestClient(app) as client:
        client.put("/api/settings", json={"language": lang})
        cookie = client.cookies["solitaire_player"]
    scope = {
        "type": "http",
        "app": app,
        "headers": [(b"cookie", f"solitaire_player={cookie}".encode())],
    }
    limit = format_decimal(65536, locale=lang)
    expected = read_messages(lang)["error.too_large"].format(limit=limit)
    assert too_large_message(scope, 65536) == expected


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_a_huge_body_is_refused_in_the_players_language(speaker: TestClient, lang: str) -> None:
    huge = b'{"mode": "layout", "layout": "' + b"x" * 100_000 + b'"}'
    response = speaker.post(
        "/api/games", content=huge, headers={"content-type": "application/json"}
    )
    limit = format_decimal(65536, locale=lang)
    expected = read_messages(lang)["error.too_large"].format(limit=limit)
    assert _message(response, 413, "bad_request") == expected


# -- which language -------------------------------------------------------------------------------


def test_without_a_saved_language_the_browsers_counts(client: TestClient) -> None:
    dutch = {"accept-language": "fr-FR, nl-BE;q=0.8"}
    assert client.get("/api/nothing", headers=dutch).json()["message"] == "Hier is niets te vinden."
    refused = client.post("/api/games", json={"mode": "code", "code": "hello"}, headers=dutch)
    assert refused.json()["message"].startswith("Dat is geen spelcode: ")
    # A player who started a game has a row but no saved language: still the browser's.
    client.post("/api/games", json={"mode": "code", "code": "KL1-D1N-AAAAAAG"})
    assert (
        client.delete("/api/games/current", headers={"accept-language": "ro"}).json()["message"]
        == read_messages("ro")["error.method_not_allowed"]
    )
    # Neither: English.
    assert client.get("/api/nothing", headers={"accept-language": "fr"}).json()["message"] == (
        "There is nothing here."
    )


def test_a_saved_language_wins_over_the_browsers(client: TestClient) -> None:
    client.put("/api/settings", json={"language": "ro"})
    answer = client.get("/api/nothing", headers={"accept-language": "nl"})
    assert answer.json()["message"] == "Aici nu este nimic."


def test_player_texts_read_the_language_once(app: FastAPI) -> None:
    services = app.state.services
    texts = PlayerTexts(services, None, "ro-RO")
    assert texts.language() == "ro"
    assert texts.text("error.nothing_here") == "Aici nu este nimic."
    assert PlayerTexts(services, None, None).text("error.nothing_here") == "There is nothing here."
    # An error made without a key is still said in the player's language.
    reason = texts.code_error(GameCodeError("anything"))
    assert reason == read_messages("ro")["error.code.unreadable"]
