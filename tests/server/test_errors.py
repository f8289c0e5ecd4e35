"""Errors as the API answers them (server/errors.py): a 400's detail stays small whatever the
body holds."""

from __future__ import annotations

import json

from fastapi.testclient import TestClient


def test_thousands_of_unknown_fields_get_a_small_answer(client: TestClient) -> None:
    body = json.dumps(
        {"mode": "new", "variant": "KL1-D1N", **{f"{number:x}": 1 for number in range(7000)}},
        separators=(",", ":"),
    )
    assert 55_000 < len(body) < 65_536  # under the body cap: the app reads it
    answer = client.post("/api/games", content=body, headers={"content-type": "application/json"})
    assert answer.status_code == 400
    error = answer.json()
    assert error["message"] == 'The field "0" does not belong in this request.'
    assert len(error["detail"]) == 20
    assert len(answer.content) < 4096


def test_a_long_field_name_is_cut_short(client: TestClient) -> None:
    name = "x" * 20_000
    answer = client.put("/api/settings", json={name: True})
    assert answer.status_code == 400
    detail = answer.json()["detail"]
    assert detail[0]["loc"][0] == "body"
    assert len(detail[0]["loc"][1]) <= 120
    assert len(answer.content) < 2048
