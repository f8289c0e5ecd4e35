"""``/api/settings``: rules §6 defaults, partial updates, refusals of bad values."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

DEFAULTS = {
    "double_click": True,
    "auto_placement": False,
    "placement_help": True,
    "interactive_rules": True,
    "language": "en",
    "simple_simon_suits": 1,
    "hints": False,
    "winnable_only": False,
    "auto_finish": False,
    "pick_and_place": False,
    "one_tap_moves": False,
    "keyboard_shortcuts": True,
    "theme": "system",
    "card_back": "blue",
    "large_print": False,
    "four_colour": False,
    "left_handed": False,
    "show_clock": True,
    "sounds": False,
    "animations": "normal",
    "no_move_notice": False,
    "winnable_light": False,
}


def test_a_new_player_gets_the_defaults(client: TestClient) -> None:
    response = client.get("/api/settings")
    assert response.status_code == 200
    assert response.json() == DEFAULTS


def test_a_partial_update_keeps_the_rest_and_lasts(
    client: TestClient, other_client: TestClient
) -> None:
    response = client.put("/api/settings", json={"auto_placement": True, "double_click": False})
    assert response.status_code == 200
    expected = {**DEFAULTS, "auto_placement": True, "double_click": False}
    assert response.json() == expected
    assert client.put("/api/settings", json={"simple_simon_suits": 2}).json() == {
        **expected,
        "simple_simon_suits": 2,
    }
    assert client.get("/api/settings").json()["auto_placement"] is True
    assert other_client.get("/api/settings").json() == DEFAULTS


def test_ui_15_one_tap_moves_is_off_until_the_player_turns_it_on(client: TestClient) -> None:
    assert client.get("/api/settings").json()["one_tap_moves"] is False
    assert client.put("/api/settings", json={"one_tap_moves": True}).json()["one_tap_moves"]
    assert client.get("/api/settings").json()["one_tap_moves"] is True
    refused = client.put("/api/settings", json={"one_tap_moves": "yes"})
    assert refused.status_code == 400
    assert client.get("/api/settings").json()["one_tap_moves"] is True


def test_a_language_tag_is_stored_as_its_catalog(client: TestClient) -> None:
    assert client.put("/api/settings", json={"language": "en-GB"}).json()["language"] == "en"


@pytest.mark.parametrize(
    "body",
    [
        {"double_click": "yes"},
        {"double_click": "true"},
        {"auto_placement": 1},
        {"simple_simon_suits": 3},
        {"simple_simon_suits": True},
        {"simple_simon_suits": "2"},
        {"language": "xx"},
        {"language": "e"},
        {"language": 5},
        {"colour": "green"},
        [],
        "double_click",
    ],
)
def test_bad_settings_get_400_and_change_nothing(client: TestClient, body: Any) -> None:
    response = client.put("/api/settings", json=body)
    assert response.status_code == 400, response.text
    answer = response.json()
    assert answer["error"] == "bad_request"
    assert answer["message"]
    assert client.get("/api/settings").json() == DEFAULTS


def test_an_unknown_language_names_the_available_ones(client: TestClient) -> None:
    message = client.put("/api/settings", json={"language": "xx"}).json()["message"]
    assert '"xx"' in message and "en" in message
