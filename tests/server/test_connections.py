"""The connection guard (server/connections.py) under a real uvicorn on loopback, with a
small app: read deadlines (408, then closed), eviction of the connection waiting longest,
and 503 with Retry-After once every connection has a request in the app."""

from __future__ import annotations

import asyncio
import contextlib
import socket
import threading
import time
from collections.abc import Iterator
from typing import Any

import uvicorn

from solitaire.server.connections import ConnectionGuard
from solitaire.store.database import SQLITE_POOL_OVERFLOW, SQLITE_POOL_SIZE

REQUEST = b"GET / HTTP/1.1\r\nHost: test\r\n\r\n"


class App:
    """Answers "ok" at once, or, for /hold, once :attr:`release` is set."""

    def __init__(self) -> None:
        self.release = threading.Event()

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "lifespan":
            message = await receive()
            await send({"type": "lifespan.startup.complete"})
            message = await receive()
            assert message["type"] == "lifespan.shutdown"
            await send({"type": "lifespan.shutdown.complete"})
            return
        while True:
            message = await receive()
            if not message.get("more_body"):
                break
        if scope["path"] == "/hold":
            while not self.release.is_set():
                await asyncio.sleep(0.01)
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b"ok"})


@contextlib.contextmanager
def serving(guard: ConnectionGuard, app: App, **options: Any) -> Iterator[int]:
    """uvicorn with the guard in a thread, on a free loopback port (``options`` for its
    Config); yields the port."""
    sock = guard.listening_socket(socket.AF_INET)
    sock.bind(("127.0.0.1", 0))
    sock.listen(128)
    config = uvicorn.Config(app, http=guard.protocol, log_level="warning", lifespan="on", **options)
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.01)
    try:
        yield sock.getsockname()[1]
    finally:
        app.release.set()
        server.should_exit = True
        thread.join(timeout=10)


def connect(port: int, data: bytes = b"") -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", port), timeout=5)
    if data:
        sock.sendall(data)
    return sock


def read_all(sock: socket.socket) -> bytes:
    """Everything the server sends until it closes the connection."""
    chunks = []
    while chunk := sock.recv(65536):
        chunks.append(chunk)
    return b"".join(chunks)


def read_answer(sock: socket.socket) -> bytes:
    """One whole answer of the test app (chunked: up to its last, empty chunk)."""
    data = b""
    while not data.endswith(b"0\r\n\r\n"):
        chunk = sock.recv(65536)
        if not chunk:
            break
        data += chunk
    return data


def guard(**options: Any) -> ConnectionGuard:
    settings: dict[str, Any] = {
        "header_timeout": 10.0,
        "body_timeout": 10.0,
        "max_connections": 100,
        "retry_after": 7,
        "files": None,
    }
    settings.update(options)
    return ConnectionGuard(**settings)


def test_headers_that_never_end_get_408_in_time_however_they_trickle() -> None:
    with serving(guard(header_timeout=0.6), App()) as port:
        silent = connect(port)
        trickling = connect(port, b"GET / HTTP/1.1\r\n")
        started = time.monotonic()
        for _ in range(4):  # a byte now and then does not start the clock again
            time.sleep(0.2)
            with contextlib.suppress(OSError):
                trickling.sendall(b"X")
        assert read_all(silent).startswith(b"HTTP/1.1 408 ")
        assert read_all(trickling).startswith(b"HTTP/1.1 408 ")
        assert time.monotonic() - started < 2.0
        # A client that sends its request in time is answered as usual.
        served = connect(port, REQUEST)
        assert served.recv(65536).startswith(b"HTTP/1.1 200 ")


def test_a_kept_alive_connection_idles_its_keep_alive_and_then_has_the_header_deadline() -> None:
    with serving(guard(header_timeout=0.5, keep_alive=1), App(), timeout_keep_alive=1) as port:
        client = connect(port, REQUEST)
        assert read_answer(client).startswith(b"HTTP/1.1 200 ")
        time.sleep(0.7)  # idle past the header deadline, within the keep-alive
        client.sendall(REQUEST)
        assert read_answer(client).startswith(b"HTTP/1.1 200 ")
        # A request begun on it has the header deadline from its first byte.
        client.sendall(b"GET / HTTP/1.1\r\n")
        started = time.monotonic()
        assert read_all(client).startswith(b"HTTP/1.1 408 ")
        assert time.monotonic() - started < 0.9
        # And an idle one is closed after the keep-alive, without an answer.
        idle = connect(port, REQUEST)
        assert read_answer(idle).startswith(b"HTTP/1.1 200 ")
        started = time.monotonic()
        assert read_all(idle) == b""
        assert 0.8 < time.monotonic() - started < 3.0


def test_a_body_that_never_ends_gets_408() -> None:
    with serving(guard(body_timeout=0.5), App()) as port:
        stalled = connect(port, b"PUT / HTTP/1.1\r\nHost: t\r\nContent-Length: 10\r\n\r\n12")
        started = time.monotonic()
        assert read_all(stalled).startswith(b"HTTP/1.1 408 ")
        assert 0.4 < time.monotonic() - started < 2.0


def test_a_new_connection_takes_the_place_of_the_one_waiting_longest() -> None:
    with serving(guard(max_connections=3), App()) as port:
        stalled = [connect(port, b"GET / HTTP/1.1\r\n") for _ in range(3)]
        time.sleep(0.2)
        newcomer = connect(port, REQUEST)
        assert newcomer.recv(65536).startswith(b"HTTP/1.1 200 ")
        # The first stalled connection made the room; the others are still open.
        assert read_all(stalled[0]).startswith(b"HTTP/1.1 408 ")
        stalled[1].settimeout(0.2)
        with contextlib.suppress(TimeoutError):
            assert stalled[1].recv(10) != b""


def test_beyond_the_cap_with_every_connection_busy_a_503_with_retry_after() -> None:
    app = App()
    with serving(guard(max_connections=2), app) as port:
        busy = [connect(port, b"GET /hold HTTP/1.1\r\nHost: t\r\n\r\n") for _ in range(2)]
        time.sleep(0.3)
        refused = read_all(connect(port, REQUEST))
        assert refused.startswith(b"HTTP/1.1 503 ")
        assert b"retry-after: 7" in refused.lower()
        assert b'"error": "busy"' in refused
        app.release.set()
        for sock in busy:
            assert sock.recv(65536).startswith(b"HTTP/1.1 200 ")


def test_accepting_pauses_near_the_limit_of_open_files() -> None:
    limited = guard(max_connections=1000, files=1024)
    assert limited.cap == 768
    assert limited.accept_limit is not None and limited.accept_limit > limited.cap
    limited.accepted = limited.accept_limit
    assert not limited.may_accept()
    limited.accepted -= 1
    assert limited.may_accept()


def test_accepted_sockets_leave_room_for_every_database_file() -> None:
    # A busy SQLite server holds its whole pool (and the writer's connection), two files
    # each (the database and its WAL), besides its own few (log, epoll, the shared memory).
    limited = guard(max_connections=1000, files=1024)
    database_files = 2 * (SQLITE_POOL_SIZE + SQLITE_POOL_OVERFLOW + 1)
    assert limited.accept_limit is not None
    assert limited.accept_limit + database_files + 32 <= 1024
