"""``solitaire serve``: run the web app (registered by :mod:`solitaire.cli`)."""

from __future__ import annotations

import argparse
import copy
import socket
import sys
from typing import Any


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


def _listen(host: str, port: int) -> socket.socket:
    """A socket bound to the address (port 0: any free port), or OSError."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    # proto must say TCP: asyncio turns Nagle's algorithm off (TCP_NODELAY) only on
    # connections whose socket says so, and with it on every answer waits ~40 ms for an ACK.
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
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
    from .settings import Settings

    overrides = {
        key: value for key, value in (("host", args.host), ("port", args.port)) if value is not None
    }
    settings = Settings(**overrides)
    # Bind first: a port in use is said at once, and the address printed is one that
    # really listens (port 0 included).
    try:
        sock = _listen(settings.host, settings.port)
    except OSError as error:
        print(
            f"solitaire: cannot listen on {settings.host}:{settings.port}: {error.strerror}",
            file=sys.stderr,
        )
        return 1
    app = create_app(settings)
    port = sock.getsockname()[1]
    print(f"Solitaire is running: open {browser_address(settings.host, port)}", flush=True)
    server = uvicorn.Server(uvicorn.Config(app, log_level="info", log_config=log_config()))
    server.run(sockets=[sock])
    return 0
