"""What the connection guard (``server/connections.py``) takes from uvicorn beyond its public
options: the hooks of its httptools protocol that the guard extends, and what the guard reads
on a connection (the set of open connections, the transport, the loop, the logger, the
request's cycle and whether its answer has started or ended). A uvicorn upgrade that moves
any of these fails here, by name, before the guard misbehaves under load. The supervisor and
its workers (``server/command.py``) take from uvicorn ``Config``'s options, ``Server.run``
on a socket they bound themselves, its logging configuration, and its handling of SIGTERM
(the requests under way are finished, then ``run`` returns): each is checked here too."""

from __future__ import annotations

import asyncio
import inspect
import logging.config
import signal
import socket
import subprocess
import sys
from typing import Any

import uvicorn
from uvicorn.config import Config
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.server import ServerState

from solitaire.server.command import log_config
from solitaire.server.connections import ConnectionGuard

#: The protocol's methods the guard's protocol overrides, calling uvicorn's own.
HOOKS = (
    "connection_made",
    "data_received",
    "on_message_begin",
    "on_headers_complete",
    "on_message_complete",
    "on_response_complete",
    "connection_lost",
)


def test_the_hooks_the_guard_extends_are_uvicorns_own() -> None:
    for name in HOOKS:
        assert name in vars(HttpToolsProtocol), f"uvicorn's protocol has no {name} of its own"
    guard = ConnectionGuard(header_timeout=10, body_timeout=10, max_connections=10, retry_after=5)
    assert issubclass(guard.protocol, HttpToolsProtocol)
    overridden = {name for name in HOOKS if name in vars(guard.protocol)}
    assert overridden == set(HOOKS)


async def _serve_one_request() -> dict[str, Any]:
    """A real uvicorn protocol on a socket pair, one request through it: what the guard
    reads, seen while the app answers and after."""
    seen: dict[str, Any] = {}
    protocol: HttpToolsProtocol | None = None

    async def app(scope: Any, receive: Any, send: Any) -> None:
        assert protocol is not None
        seen["cycle_before"] = protocol.cycle.response_started
        headers = [(b"content-length", b"2")]
        await send({"type": "http.response.start", "status": 200, "headers": headers})
        seen["started"] = protocol.cycle.response_started
        await send({"type": "http.response.body", "body": b"ok"})
        seen["complete"] = protocol.cycle.response_complete

    config = Config(app, loop="asyncio", log_level="warning")
    config.load()
    loop = asyncio.get_running_loop()
    state = ServerState()
    protocol = HttpToolsProtocol(config=config, server_state=state, app_state={})
    here, there = socket.socketpair()
    transport, _ = await loop.connect_accepted_socket(lambda: protocol, here)
    seen["listed"] = protocol in protocol.connections and protocol.connections is state.connections
    seen["transport"] = protocol.transport is transport
    seen["loop"] = protocol.loop is loop
    seen["logger"] = callable(protocol.logger.warning)
    seen["no_cycle"] = protocol.cycle is None
    there.setblocking(False)
    await loop.sock_sendall(there, b"GET / HTTP/1.1\r\nHost: test\r\n\r\n")
    answer = b""
    while not answer.endswith(b"ok"):
        answer += await loop.sock_recv(there, 1024)
    seen["answer"] = answer.split(b"\r\n", 1)[0]
    transport.close()
    there.close()
    await asyncio.sleep(0)
    return seen


def test_a_connection_has_what_the_guard_reads() -> None:
    seen = asyncio.run(_serve_one_request())
    assert seen == {
        "listed": True,
        "transport": True,
        "loop": True,
        "logger": True,
        "no_cycle": True,
        "cycle_before": False,
        "started": True,
        "complete": True,
        "answer": b"HTTP/1.1 200 OK",
    }


def test_the_supervisor_and_workers_run_uvicorn_on_a_socket_they_bound() -> None:
    # Each worker (and a single process) binds its own socket, with SO_REUSEPORT, and hands
    # it to uvicorn; uvicorn takes the guard's protocol class and the options by these names.
    assert "sockets" in inspect.signature(uvicorn.Server.run).parameters
    options = set(inspect.signature(Config.__init__).parameters)
    used = {
        "http",
        "loop",
        "proxy_headers",
        "forwarded_allow_ips",
        "log_level",
        "log_config",
        "access_log",
        "timeout_keep_alive",
    }
    assert used <= options, used - options
    guard = ConnectionGuard(header_timeout=10, body_timeout=10, max_connections=10, retry_after=5)
    config = Config(lambda *_: None, http=guard.protocol, loop="asyncio")
    config.load()
    assert config.http_protocol_class is guard.protocol


def test_the_log_config_the_server_extends_is_uvicorns() -> None:
    # command.log_config adds the app's logger to uvicorn's own dictConfig, on its handler.
    config = log_config()
    assert config["handlers"]["default"]["formatter"] == "default"
    assert {"uvicorn", "uvicorn.error", "uvicorn.access"} <= set(config["loggers"])
    logging.config.dictConfig(config)
    assert logging.getLogger("solitaire").handlers


#: A worker as the supervisor runs one (command._run_worker): its own socket, bound and
#: listening, handed to uvicorn through command._uvicorn_server; the app answers slowly.
WORKER = """
import asyncio, socket, sys
from solitaire.server.command import _guard, _listen, _uvicorn_server
from solitaire.server.settings import Settings

async def app(scope, receive, send):
    if scope["type"] == "lifespan":
        while (await receive())["type"] != "lifespan.shutdown":
            await send({"type": "lifespan.startup.complete"})
        await send({"type": "lifespan.shutdown.complete"})
        return
    print("in the app", flush=True)
    await asyncio.sleep(1.0)
    await send({"type": "http.response.start", "status": 200,
                "headers": [(b"content-length", b"4")]})
    await send({"type": "http.response.body", "body": b"done"})

settings = Settings(database_url="", port=0)
guard = _guard(settings)
sock = _listen("127.0.0.1", 0, guard, shared=True)
print(sock.getsockname()[1], flush=True)
_uvicorn_server(app, settings, guard).run(sockets=[sock])
"""


def test_a_worker_stopped_by_sigterm_finishes_the_request_it_has() -> None:
    # The supervisor stops its workers with SIGTERM and counts on uvicorn's Server.run to
    # catch it and finish the requests under way, then end.
    worker = subprocess.Popen(
        [sys.executable, "-c", WORKER], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL
    )
    try:
        assert worker.stdout is not None
        port = int(worker.stdout.readline())
        client = socket.create_connection(("127.0.0.1", port), timeout=10)
        client.sendall(b"GET / HTTP/1.1\r\nHost: test\r\n\r\n")
        assert worker.stdout.readline() == b"in the app\n"  # it answers 1 s later
        worker.send_signal(signal.SIGTERM)
        answer = b""
        while not answer.endswith(b"done"):
            chunk = client.recv(1024)
            if not chunk:
                break
            answer += chunk
        client.close()
        assert answer.startswith(b"HTTP/1.1 200 OK") and answer.endswith(b"done")
        # Then run returns and the process ends: uvicorn raises the signal again once it
        # has finished, so its status says SIGTERM (0 from an older uvicorn).
        assert worker.wait(timeout=10) in (0, -signal.SIGTERM)
    finally:
        if worker.poll() is None:
            worker.kill()
            worker.wait()
