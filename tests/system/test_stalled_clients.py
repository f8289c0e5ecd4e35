"""1 500 connections that stall (silent, stopped inside their headers, stopped inside their
body) against a server that may open 1 024 files: the other players are served all the same,
within 15 s, and the stalled connections are dropped by their deadlines."""

from __future__ import annotations

import socket
import time
from pathlib import Path

import httpx
import pytest

from ..support.server import ServerProcess
from .conftest import ServerFactory

pytestmark = pytest.mark.system

STALLED = 1500
FILE_LIMIT = 1024
SERVED_WITHIN = 15.0
HEADER_TIMEOUT = 4.0  # shorter than the default 10 s, so the test sees the drops sooner

#: What each third of the stalled connections sends before it stops.
SILENT = b""
PARTIAL_HEADERS = b"GET /api/settings HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: "
PARTIAL_BODY = (
    b"PUT /api/settings HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
    b'Content-Length: 40\r\n\r\n{"hints": '
)


def _open_stalled(server: ServerProcess, count: int) -> list[socket.socket]:
    host, port = server.base_url.removeprefix("http://").rstrip("/").split(":")
    sockets = []
    for number in range(count):
        sock = socket.create_connection((host, int(port)), timeout=10)
        sock.sendall((SILENT, PARTIAL_HEADERS, PARTIAL_BODY)[number % 3])
        sockets.append(sock)
    return sockets


def _closed_by_server(sock: socket.socket) -> bool:
    """Whether the server has closed the connection (EOF, maybe after a 408 or a 503)."""
    sock.settimeout(0.01)
    try:
        while True:
            data = sock.recv(65536)
            if not data:
                return True
    except (TimeoutError, BlockingIOError):
        return False
    except OSError:
        return True  # reset: closed too


def _served(server: ServerProcess) -> float:
    """Seconds until a new player is served: its first request, retried on 503 (what a
    busy server asks), until it gets its answer."""
    started = time.monotonic()
    with httpx.Client(base_url=server.base_url, timeout=SERVED_WITHIN) as client:
        while time.monotonic() - started < SERVED_WITHIN:
            answer = client.post("/api/games", json={"mode": "daily", "variant": "KL1-D1N"})
            if answer.status_code == 201:
                assert client.get("/api/games/current").status_code == 200
                return time.monotonic() - started
            assert answer.status_code == 503, answer.text
            time.sleep(float(answer.headers.get("retry-after", "1")) / 10)
    raise AssertionError(f"a player was not served within {SERVED_WITHIN} s")


def test_stalled_connections_do_not_keep_the_others_out(
    servers: ServerFactory, tmp_path: Path
) -> None:
    # SQLite: the database plays no part in how connections are taken.
    environment = {
        "SOLITAIRE_DATA_DIR": str(tmp_path / "data"),
        "SOLITAIRE_HEADER_TIMEOUT_SECONDS": str(HEADER_TIMEOUT),
        "SOLITAIRE_BODY_TIMEOUT_SECONDS": str(HEADER_TIMEOUT),
        "SOLITAIRE_NEW_PLAYERS_PER_MINUTE": "0",
        "SOLITAIRE_GAME_STARTS_PER_MINUTE": "0",
    }
    server = servers(environment, max_open_files=FILE_LIMIT).start()
    opened = time.monotonic()
    stalled = _open_stalled(server, STALLED)
    try:
        waits = [_served(server) for _ in range(20)]
        assert max(waits) < SERVED_WITHIN, waits
        # The deadlines drop every stalled connection (some went at once, to make room).
        deadline = opened + HEADER_TIMEOUT + 10
        open_ones = list(stalled)
        while open_ones and time.monotonic() < deadline:
            open_ones = [sock for sock in open_ones if not _closed_by_server(sock)]
            time.sleep(0.2)
        assert not open_ones, f"{len(open_ones)} stalled connections still open"
        assert _served(server) < 1.0
    finally:
        for sock in stalled:
            sock.close()
    errors = server.errors()
    assert "Traceback" not in errors, errors
    print(f"new players served in {min(waits):.3f}-{max(waits):.3f} s among {STALLED} stalled")
