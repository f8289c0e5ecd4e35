"""Rules UI-21: the files the board downloads to play offline (``/offline/…``), listed by
``files.json``, each sent compressed as it was at build time and kept for a year."""

from __future__ import annotations

import io
import zipfile

import pytest
from fastapi.testclient import TestClient

from solitaire.server.routes.offline import listing
from solitaire.server.settings import Settings

FILES = listing(Settings.model_fields["web_dir"].default)
needs_build = pytest.mark.skipif(FILES is None, reason="no offline build (make setup)")


@needs_build
def test_files_json_lists_the_worker_the_engine_and_pyodide(client: TestClient) -> None:
    answer = client.get("/offline/files.json")
    assert answer.status_code == 200 and answer.headers["cache-control"] == "no-cache"
    files = answer.json()
    assert files["worker"] in files["files"] and files["engine"] in files["files"]
    assert f"{files['runtime']}pyodide.asm.wasm" in files["files"]
    assert 0 < files["wire_bytes"] < files["bytes"]


@needs_build
def test_each_file_goes_compressed_and_is_kept(client: TestClient) -> None:
    files = client.get("/offline/files.json").json()
    wasm = f"{files['runtime']}pyodide.asm.wasm"
    gzipped = client.get(wasm, headers={"Accept-Encoding": "gzip"})
    assert gzipped.status_code == 200
    assert gzipped.headers["content-encoding"] == "gzip"
    assert gzipped.headers["content-type"] == "application/wasm"
    assert "immutable" in gzipped.headers["cache-control"]
    plain = client.get(wasm, headers={"Accept-Encoding": "identity"})
    assert "content-encoding" not in plain.headers
    assert plain.content[:4] == b"\0asm"
    # httpx unpacks gzip itself: the bytes are the same file.
    assert gzipped.content == plain.content
    assert int(gzipped.headers["content-length"]) < len(plain.content) / 2
    brotli = client.get(files["worker"], headers={"Accept-Encoding": "br"}, follow_redirects=False)
    assert brotli.headers["content-encoding"] == "br"
    assert brotli.headers["content-type"].startswith("text/javascript")


def test_only_listed_files_are_served(client: TestClient) -> None:
    for path in ("/offline/../app.py", "/offline/pyodide-0/pyodide.asm.wasm", "/offline/x.gz"):
        assert client.get(path).status_code == 404


@needs_build
def test_the_engine_zip_holds_the_engine_only(client: TestClient) -> None:
    files = client.get("/offline/files.json").json()
    engine = zipfile.ZipFile(io.BytesIO(client.get(files["engine"]).content))
    names = set(engine.namelist())
    assert "solitaire/local_play.py" in names and "solitaire/play.py" in names
    assert not any(name.startswith(("solitaire/server", "solitaire/store")) for name in names)
