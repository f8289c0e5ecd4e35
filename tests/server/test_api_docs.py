"""``/docs`` (server/api_docs.py): the reference drawn from the schema, every operation and
every schema on it, nothing loaded from another site; off with the setting."""

from __future__ import annotations

import re

from fastapi import FastAPI
from fastapi.testclient import TestClient

from .conftest import AppFactory


def test_the_reference_shows_every_operation_and_schema(client: TestClient, app: FastAPI) -> None:
    answer = client.get("/docs")
    assert answer.status_code == 200
    html = answer.text
    schema = app.openapi()
    for path, item in schema["paths"].items():
        for method, operation in item.items():
            assert f'<code class="method">{method.upper()}</code> <code>{path}</code>' in html
            for status in operation["responses"]:
                assert f'<td class="status">{status}</td>' in html
    for name in schema["components"]["schemas"]:
        assert f'id="schema-{name}"' in html
    # Every address on the page is the app's own: no CDN, and no script at all.
    addresses = re.findall(r'(?:src|href)="([^"]*)"', html)
    assert addresses and all(not address.startswith(("http", "//")) for address in addresses)
    assert "<script" not in html
    css = client.get("/docs/docs.css")
    assert css.status_code == 200 and css.headers["content-type"].startswith("text/css")
    assert client.get("/redoc").status_code == 404


def test_the_reference_can_be_turned_off(make_app: AppFactory) -> None:
    with TestClient(make_app(api_docs=False)) as client:
        assert client.get("/docs").status_code == 404
        assert client.get("/openapi.json").status_code == 200
