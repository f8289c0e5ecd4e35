"""``solitaire serve`` in a real process: it prints the address, and the address answers."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from solitaire.server.command import browser_address

SOLITAIRE = Path(sys.executable).parent / "solitaire"


def test_browser_address() -> None:
    assert browser_address("127.0.0.1", 8000) == "http://127.0.0.1:8000/"
    assert browser_address("0.0.0.0", 80) == "http://127.0.0.1:80/"
    assert browser_address("::1", 8000) == "http://[::1]:8000/"


@pytest.mark.slow
def test_serve_runs_the_app_and_prints_where(tmp_path: Path) -> None:
    env = {**os.environ, "SOLITAIRE_DATA_DIR": str(tmp_path / "data"), "SOLITAIRE_DATABASE_URL": ""}
    process = subprocess.Popen(
        [str(SOLITAIRE), "serve", "--host", "127.0.0.1", "--port", "0"],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        match = re.fullmatch(r"Solitaire is running: open (http://127\.0\.0\.1:\d+/)\n", line)
        assert match, line
        address = match[1]
        deadline = time.monotonic() + 20
        while True:
            try:
                response = httpx.post(
                    address + "api/games", json={"mode": "code", "code": "SS1-S1-AAAAABD"}
                )
                break
            except httpx.TransportError:
                assert time.monotonic() < deadline, "the server never answered"
                time.sleep(0.1)
        assert response.status_code == 201
        assert response.json()["code"] == "SS1-S1-AAAAABD"
        assert (tmp_path / "data" / "solitaire.db").is_file()
    finally:
        process.send_signal(signal.SIGINT)
        process.wait(timeout=20)


def test_serve_says_when_the_port_is_taken(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = subprocess.run(
            [str(SOLITAIRE), "serve", "--port", str(port)],
            env={**os.environ, "SOLITAIRE_DATA_DIR": str(tmp_path / "data")},
            capture_output=True,
            text=True,
            timeout=60,
        )
    assert result.returncode == 1
    assert f"cannot listen on 127.0.0.1:{port}" in result.stderr


def test_the_listening_socket_says_tcp_so_answers_go_out_at_once() -> None:
    """asyncio turns Nagle's algorithm off only on sockets whose proto is TCP; a socket
    made with proto 0 made every kept-alive answer wait ~40 ms for a delayed ACK."""
    from solitaire.server.command import _listen
    from solitaire.server.connections import ConnectionGuard

    guard = ConnectionGuard(
        header_timeout=10, body_timeout=10, max_connections=10, retry_after=5, files=None
    )
    sock = _listen("127.0.0.1", 0, guard)
    try:
        assert sock.proto == socket.IPPROTO_TCP
        assert sock.getsockname()[1] > 0
    finally:
        sock.close()


def _children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.append(int(entry.name))
    return found


@pytest.mark.slow
def test_serve_with_workers_shares_the_port_and_starts_a_worker_that_died(tmp_path: Path) -> None:
    env = {**os.environ, "SOLITAIRE_DATA_DIR": str(tmp_path / "data"), "SOLITAIRE_DATABASE_URL": ""}
    process = subprocess.Popen(
        [str(SOLITAIRE), "serve", "--host", "127.0.0.1", "--port", "0", "--workers", "2"],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        match = re.fullmatch(r"Solitaire is running: open (http://127\.0\.0\.1:\d+/)\n", line)
        assert match, line
        address = match[1]
        workers = _children(process.pid)
        assert len(workers) == 2
        # Printed once both listen: every new connection is answered, by either worker.
        for _ in range(6):
            with httpx.Client(base_url=address, timeout=20) as client:
                assert client.get("/api/settings").status_code == 200
        os.kill(workers[0], signal.SIGKILL)
        deadline = time.monotonic() + 60
        while len(set(_children(process.pid)) - {workers[0]}) < 2:
            assert time.monotonic() < deadline, "the dead worker was not replaced"
            time.sleep(0.2)
        for _ in range(6):
            with httpx.Client(base_url=address, timeout=20) as client:
                assert client.get("/api/settings").status_code == 200
    finally:
        process.send_signal(signal.SIGINT)
        process.wait(timeout=30)
    assert process.returncode == 0
    assert _children(process.pid) == []


def test_serving_freezes_what_start_up_built_and_keeps_each_collection_small() -> None:
    import gc

    from solitaire.server.command import GC_THRESHOLDS, _settle_memory

    thresholds = gc.get_threshold()
    try:
        _settle_memory()
        assert gc.get_threshold() == GC_THRESHOLDS
        assert gc.get_freeze_count() > 0
        young, middle, old = GC_THRESHOLDS
        # The middle generation at every other young collection; the oldest almost never.
        assert young <= thresholds[0] and middle < thresholds[1] and old > 1000 * thresholds[2]
    finally:
        gc.unfreeze()
        gc.set_threshold(*thresholds)
