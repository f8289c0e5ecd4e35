"""The middlewares (server/middleware.py): the headers every answer carries, HEAD answered as
GET without a body, and malformed JSON of every kind refused as such."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from solitaire.server.middleware import CONTENT_SECURITY_POLICY

from .conftest import AppFactory

ANSWERS = [
    ("GET", "/"),
    ("GET", "/play/KL1-D1N-AAAAAAG"),
    ("GET", "/en/examples"),
    ("GET", "/no-such-page"),
    ("GET", "/static/main.js"),
    ("GET", "/site/site.css"),
    ("GET", "/api/settings"),
    ("GET", "/api/games/no-such-game"),
    ("POST", "/api/games"),
    ("DELETE", "/api/settings"),
    ("GET", "/openapi.json"),
    ("GET", "/docs"),
]


@pytest.mark.parametrize(("method", "path"), ANSWERS)
def test_every_answer_carries_the_browser_defences(
    client: TestClient, method: str, path: str
) -> None:
    answer = client.request(method, path, content=b"{" if method == "POST" else None)
    headers = answer.headers
    policy = headers["content-security-policy"]
    assert policy == CONTENT_SECURITY_POLICY
    directives = dict(part.strip().split(" ", 1) for part in policy.split(";"))
    # UI-21: the app's own scripts, and WebAssembly for the engine's worker (Pyodide), no more.
    assert directives["script-src"] == "'self' 'wasm-unsafe-eval'"
    assert directives["style-src"] == "'self'"
    assert directives["frame-ancestors"] == "'none'"
    assert "unsafe-inline" not in policy and "'unsafe-eval'" not in policy
    assert headers["x-frame-options"] == "DENY"
    assert headers["referrer-policy"] == "no-referrer"
    assert "camera=()" in headers["permissions-policy"]
    assert headers["x-content-type-options"] == "nosniff"
    # Over plain HTTP (the cookie not Secure) no HSTS: it would lock a browser out.
    assert "strict-transport-security" not in headers
    assert (headers.get("cache-control") == "no-store") == path.startswith("/api/")


def test_hsts_when_the_cookie_is_secure(make_app: AppFactory) -> None:
    with TestClient(make_app(cookie_secure=True), base_url="https://testserver") as client:
        for path in ("/", "/api/settings", "/no-such-page"):
            assert client.get(path).headers["strict-transport-security"] == "max-age=31536000"


@pytest.mark.parametrize(
    "path",
    [
        "/",
        "/play/SS1-S1-AAAAABD",
        "/en/faq",
        "/ro/",
        "/nl/examples",
        "/static/main.js",
        "/site/site.css",
        "/api/settings",
        "/api/messages",
        "/openapi.json",
        "/docs",
        "/no-such-page",
        "/api/games/current",
    ],
)
def test_head_answers_like_get_without_a_body(client: TestClient, path: str) -> None:
    got = client.get(path)
    head = client.head(path)
    assert head.status_code == got.status_code, path
    assert head.content == b""
    assert head.headers.get("content-type") == got.headers.get("content-type")
    assert head.headers.get("content-length") == got.headers.get("content-length")


@pytest.mark.parametrize(
    ("name", "body"),
    [
        ("not UTF-8", b'{"mode": "\xff\xfe"}'),
        ("UTF-16", '{"mode": "new", "variant": "KL1-D1N"}'.encode("utf-16")),
        ("truncated", b'{"mode": "ne'),
        ("trailing comma", b'{"mode": "new",}'),
        ("single quotes", b"{'mode': 'new'}"),
        ("NaN", b'{"mode": "new", "variant": NaN}'),
        ("Infinity", b'{"version": Infinity, "type": "stock"}'),
        ("very deep", b"[" * 20_000 + b"]" * 20_000),
        ("5 000 digits", b'{"version": ' + b"9" * 5000 + b', "type": "stock"}'),
        ("two values", b'{"mode": "new"} {"mode": "new"}'),
        ("a control character", b'{"mode": "ne\x01w"}'),
    ],
)
@pytest.mark.parametrize("path", ["/api/games", "/api/games/some-game/actions"])
def test_malformed_json_of_every_kind_is_said_to_be_so(
    client: TestClient, name: str, body: bytes, path: str
) -> None:
    for lang, start in (("en", "The request body is not valid JSON"), ("nl", "De ")):
        answer = client.post(
            path,
            content=body,
            headers={"content-type": "application/json", "accept-language": lang},
        )
        assert answer.status_code == 400, (name, answer.text)
        error = answer.json()
        assert error["error"] == "bad_request"
        assert error["message"].startswith(start), (name, error)
        assert error["detail"][0]["type"] == "json_invalid"
        assert len(answer.content) < 1000


def test_a_json_body_with_a_byte_order_mark_or_another_type_is_read_as_before(
    client: TestClient,
) -> None:
    body = b'\xef\xbb\xbf{"mode": "code", "code": "KL1-D1N-AAAAAAG"}'
    assert (
        client.post(
            "/api/games", content=body, headers={"content-type": "application/json"}
        ).status_code
        == 201
    )
    # Not declared as JSON: not read as JSON (the body is then simply not what it takes).
    plain = client.post("/api/games", content=b"{", headers={"content-type": "text/plain"})
    assert plain.status_code == 400
    assert plain.json()["message"] == "The request body is not what this address takes."
