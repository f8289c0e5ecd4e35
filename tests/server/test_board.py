"""The board's page (``/``, ``/play/{code}``) with its boot data, the built bundles under
``/assets/``, the source files under ``/static/``, and compressed answers."""

from __future__ import annotations

import gzip
import json
import re
import sqlite3
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from solitaire.codes import (
    ALL_VARIANTS,
    CODE_VERSION,
    DEAL_LETTERS,
    MAX_DEAL,
    MIN_DEAL,
    OPTIONS,
    parse_variant,
)
from solitaire.pages.render import script_json
from solitaire.server.assets import Assets, source_hash
from solitaire.server.schemas import PlayerSettings
from solitaire.server.settings import Settings

from .conftest import AppFactory, start

WEB = Settings.model_fields["web_dir"].default


def _web_dir(tmp_path: Path) -> Path:
    web = tmp_path / "web"
    (web / "static").mkdir(parents=True)
    (web / "index.html").write_text("<!doctype html><title>Board</title>", encoding="utf-8")
    (web / "static" / "board.js").write_text("export const board = 1;\n", encoding="utf-8")
    return web


def boot_of(page: str) -> dict[str, Any]:
    match = re.search(r'<script type="application/json" id="boot">(.*?)</script>', page, re.S)
    assert match, "the page carries no boot data"
    data: dict[str, Any] = json.loads(match[1])
    return data


def players(data_dir: Path) -> int:
    with sqlite3.connect(data_dir / "solitaire.db") as db:
        count: int = db.execute("select count(*) from players").fetchone()[0]
    return count


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
        # Revalidated at every load: a new release never runs a stale source module.
        assert script.headers["cache-control"] == "no-cache"
        assert client.get("/static/nothing.js").status_code == 404
        assert client.get("/static/../index.html").status_code == 404


def test_without_a_board_a_page_says_so(make_app: AppFactory, tmp_path: Path) -> None:
    with TestClient(make_app(web_dir=tmp_path / "no-web")) as client:
        response = client.get("/")
        assert response.status_code == 200
        assert "not there yet" in response.text
        assert client.get("/static/app.js").status_code == 404


def test_a_new_visitor_gets_words_and_settings_and_no_row(
    make_app: AppFactory, tmp_path: Path
) -> None:
    with TestClient(make_app()) as client:
        page = client.get("/", headers={"Accept-Language": "nl-BE, en;q=0.5"}).text
        assert players(tmp_path / "data") == 0
    boot = boot_of(page)
    assert boot["game"] is None
    assert boot["settings"]["language"] == boot["messages"]["lang"] == boot["pages"] == "nl"
    assert boot["settings"]["double_click"] is True
    assert boot["messages"]["messages"]["ui.undo"] == "Ongedaan maken"
    assert boot["messages"]["names"]["ro"] == "Română"
    # The first paint has its words and its language already.
    assert re.search(r'<html lang="nl"[ >]', page)
    assert '<span data-i18n="ui.undo">Ongedaan maken</span>' in page
    assert 'title="Ongedaan maken" data-i18n-title="ui.undo"' in page
    assert '<span data-i18n="ui.loading">De kaarten worden gedeeld…</span>' in page


def test_a_player_s_page_carries_their_current_game(client: TestClient) -> None:
    state = start(client, mode="code", code="KL1-D3V-AAAAAAG")
    client.post(f"/api/games/{state['id']}/actions", json={"version": 0, "type": "stock"})
    client.put("/api/settings", json={"language": "ro", "auto_placement": True})
    response = client.get("/play/SS1-S2-AAAAABD")
    assert response.headers["cache-control"] == "private, no-cache"
    boot = boot_of(response.text)
    assert boot["game"] == client.get("/api/games/current").json()
    assert boot["game"]["version"] == 1
    assert boot["settings"] == client.get("/api/settings").json()
    assert boot["messages"] == client.get("/api/messages").json()
    assert boot["pages"] == client.get("/api/site").json()["lang"] == "ro"


def test_boot_data_cannot_end_its_script_element() -> None:
    text = script_json({"layout": "</script><script>alert(1)</script>"})
    assert "</" not in text
    assert json.loads(text) == {"layout": "</script><script>alert(1)</script>"}


def test_the_built_bundles_are_linked_cached_for_a_year_and_gzipped(client: TestClient) -> None:
    assets = Assets(WEB)
    # make test builds them (scripts/setup.sh): the build must match the sources.
    assert assets.built, "no up-to-date web build: run scripts/setup.sh"
    page = client.get("/").text
    linked = re.findall(r'(?:src|href)="(/assets/[^"]+)"', page)
    assert sorted(linked) == sorted([assets.url("main.js"), assets.url("board.css")])
    for url in linked:
        plain = client.get(url, headers={"Accept-Encoding": "identity"})
        assert plain.status_code == 200
        assert plain.headers["cache-control"] == "public, max-age=31536000, immutable"
        assert "content-encoding" not in plain.headers
        packed = client.get(url, headers={"Accept-Encoding": "gzip, br"})
        assert packed.headers["content-encoding"] == "gzip"
        assert int(packed.headers["content-length"]) < len(plain.content) / 2
        again = client.get(url, headers={"If-None-Match": plain.headers["etag"]})
        assert again.status_code == 304
    assert client.get("/assets/main-NOTTHERE.js").status_code == 404


def test_the_manifest_hashes_the_sources_as_the_server_does() -> None:
    manifest = json.loads((WEB / "build" / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["source"] == source_hash(WEB)
    assert set(manifest["files"]) == {"main.js", "board.css", "site.js", "site.css"}


def test_a_build_older_than_its_sources_is_not_served(tmp_path: Path) -> None:
    web = tmp_path / "web"
    (web / "static").mkdir(parents=True)
    (web / "static" / "main.js").write_text("export const a = 1;\n", encoding="utf-8")
    (web / "build").mkdir()
    (web / "build" / "main-OLD.js").write_text("old", encoding="utf-8")
    manifest = {"source": source_hash(web), "files": {"main.js": "main-OLD.js"}}
    (web / "build" / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    assert Assets(web).url("main.js") == "/assets/main-OLD.js"
    (web / "static" / "main.js").write_text("export const a = 2;\n", encoding="utf-8")
    assert Assets(web).url("main.js") == "/static/main.js"
    assert Assets(web).files == {}


def test_text_answers_are_gzipped_for_a_browser_that_takes_it(client: TestClient) -> None:
    state = start(client, mode="code", code="EH1-N-AAAAAAF")
    response = client.get(f"/api/games/{state['id']}", headers={"Accept-Encoding": "gzip"})
    assert response.headers["content-encoding"] == "gzip"
    assert response.json() == state
    page = client.get("/", headers={"Accept-Encoding": "gzip"})
    assert page.headers["content-encoding"] == "gzip"
    raw = client.get("/", headers={"Accept-Encoding": "identity"})
    assert "content-encoding" not in raw.headers
    assert len(gzip.compress(raw.content)) < len(raw.content) / 2


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
    assert page.headers.get("cache-control") == "private, no-cache"


def test_boot_data_carries_the_settings_defaults_and_the_code_grammar(
    client: TestClient,
) -> None:
    """The board copies none of them by hand: the defaults are PlayerSettings', the grammar
    solitaire.codes' (web/static/codes.js reads it)."""
    client.put("/api/settings", json={"double_click": False})
    boot = boot_of(client.get("/").text)
    assert boot["defaults"] == PlayerSettings().model_dump()
    assert boot["defaults"]["double_click"] is True and boot["settings"]["double_click"] is False
    codes = boot["codes"]
    assert codes["version"] == CODE_VERSION and codes["deal_letters"] == DEAL_LETTERS
    assert (codes["min_deal"], codes["max_deal"]) == (MIN_DEAL, MAX_DEAL)
    assert codes["games"] == {game.value: list(options) for game, options in OPTIONS.items()}
    assert codes["variants"] == [variant.key for variant in ALL_VARIANTS]
    # The variant a first visit is dealt is one the grammar names, and the server deals it.
    assert parse_variant(codes["default"]) == ALL_VARIANTS[0]
    dealt = client.post("/api/games", json={"mode": "new", "variant": codes["default"]})
    assert dealt.status_code == 201 and dealt.json()["code"].startswith(codes["default"] + "-")
