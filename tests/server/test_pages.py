"""The pages: ``/`` and ``/play/{code}`` serve the board, ``/static/`` its files."""

from __future__ import annotations

from pathlib import Path

from fastapi.testclient import TestClient

from .conftest import AppFactory


def _web_dir(tmp_path: Path) -> Path:
    web = tmp_path / "web"
    (web / "static").mkdir(parents=True)
    (web / "index.html").write_text("<!doctype html><title>Board</title>", encoding="utf-8")
    (web / "static" / "board.js").write_text("export const board = 1;\n", encoding="utf-8")
    return web


def test_the_board_page_at_home_and_at_a_code(make_app: AppFactory, tmp_path: Path) -> None:
    with TestClient(make_app(web_dir=_web_dir(tmp_path))) as client:
        for path in ("/", "/play/KL1-D1N-AAAAAAG", "/play/not-a-code"):
            response = client.get(path)
            assert response.status_code == 200
            assert response.text == "<!doctype html><title>Board</title>"
            assert response.headers["content-type"].startswith("text/html")
        script = client.get("/static/board.js")
        assert script.status_code == 200
        assert script.text == "export const board = 1;\n"
        assert client.get("/static/nothing.js").status_code == 404
        assert client.get("/static/../index.html").status_code == 404


def test_without_a_board_a_page_says_so(make_app: AppFactory, tmp_path: Path) -> None:
    with TestClient(make_app(web_dir=tmp_path / "no-web")) as client:
        response = client.get("/")
        assert response.status_code == 200
        assert "not there yet" in response.text
        assert client.get("/static/app.js").status_code == 404


def test_the_real_board_is_served_when_present(client: TestClient) -> None:
    import solitaire

    index = Path(solitaire.__file__).parent / "web" / "index.html"
    response = client.get("/")
    assert response.status_code == 200
    if index.is_file():
        assert response.text == index.read_text(encoding="utf-8")


def test_the_openapi_schema_lists_the_api(client: TestClient) -> None:
    paths = client.get("/openapi.json").json()["paths"]
    assert {"/api/games", "/api/games/current", "/api/games/{game_id}"} <= set(paths)
    assert {"/api/games/{game_id}/actions", "/api/settings", "/api/messages"} <= set(paths)


def test_api_answers_are_never_stored_and_nothing_is_sniffed(client: TestClient) -> None:
    for path in ("/api/settings", "/api/games/current", "/api/nothing"):
        response = client.get(path)
        assert response.headers["cache-control"] == "no-store"
        assert response.headers["x-content-type-options"] == "nosniff"
    too_large = client.post("/api/games", content=b"x" * 70_000)
    assert too_large.status_code == 413
    assert too_large.headers["cache-control"] == "no-store"
    page = client.get("/")
    assert page.headers["x-content-type-options"] == "nosniff"
    assert page.headers.get("cache-control") != "no-store"
