"""``solitaire serve``: run the web app (registered by :mod:`solitaire.cli`)."""

from __future__ import annotations

import argparse
import copy
import socket
import sys
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .connections import ConnectionGuard


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``serve`` to the ``solitaire`` command."""
    serve = commands.add_parser(
        "serve",
        help="run the web app",
        description="Run the web app. Settings come from SOLITAIRE_* environment variables "
        "(see docs/server.md); --host and --port override them.",
    )
    serve.add_argument("--host", help="address to listen on (default 127.0.0.1)")
    serve.add_argument("--port", type=int, help="port to listen on (default 8000)")
    serve.set_defaults(handler=_command_serve)


def browser_address(host: str, port: int) -> str:
    """The address to open: ``browser_address("0.0.0.0", 8000) == "http://127.0.0.1:8000/"``."""
    if host in ("0.0.0.0", "::", ""):
        host = "127.0.0.1"
    if ":" in host:
        host = f"[{host}]"
    return f"http://{host}:{port}/"


def _listen(host: str, port: int, guard: ConnectionGuard) -> socket.socket:
    """A socket bound to the address (port 0: any free port), or OSError."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    # A TCP socket (proto IPPROTO_TCP: asyncio turns Nagle's algorithm off only on
    # connections whose socket says so, and with it on every answer waits ~40 ms for an
    # ACK) that keeps to the guard's limit of open files.
    sock = guard.listening_socket(family)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        # Listening now lets the first browsers queue while the app finishes starting.
        sock.listen(2048)
    except OSError:
        sock.close()
        raise
    return sock


def log_config() -> dict[str, Any]:
    """uvicorn's logging, with the app's own logger (``solitaire``) written the same way as
    uvicorn's errors: one line each, with its level."""
    from uvicorn.config import LOGGING_CONFIG

    config = copy.deepcopy(LOGGING_CONFIG)
    config["loggers"]["solitaire"] = {"handlers": ["default"], "level": "INFO", "propagate": False}
    return config


def _command_serve(args: argparse.Namespace) -> int:
    # Imported here so that the other commands don't load the web stack.
    import uvicorn

    from .app import create_app
    from .connections import ConnectionGuard
    from .settings import Settings

    overrides = {
        key: value for key, value in (("host", args.host), ("port", args.port)) if value is not None
    }
    settings = Settings(**overrides)
    guard = ConnectionGuard(
        header_timeout=settings.header_timeout_seconds,
        body_timeout=settings.body_timeout_seconds,
        max_connections=settings.max_connections,
        retry_after=settings.retry_after_seconds,
    )
    # Bind first: a port in use is said at once, and the address printed is one that
    # really listens (port 0 included).
    try:
        sock = _listen(settings.host, settings.port, guard)
    except OSError as error:
        print(
            f"solitaire: cannot listen on {settings.host}:{settings.port}: {error.strerror}",
            file=sys.stderr,
        )
        return 1
    app = create_app(settings)
    port = sock.getsockname()[1]
    print(f"Solitaire is running: open {browser_address(settings.host, port)}", flush=True)
    config = uvicorn.Config(
        app,
        http=guard.protocol,
        # The client's address is the peer's unless a proxy is named: an X-Forwarded-For
        # trusted from anyone would let a client pick the address its limits count.
        proxy_headers=bool(settings.forwarded_allow_ips),
        forwarded_allow_ips=settings.forwarded_allow_ips or None,
        log_level="info",
        log_config=log_config(),
    )
    server = uvicorn.Server(config)
    server.run(sockets=[sock])
    return 0
