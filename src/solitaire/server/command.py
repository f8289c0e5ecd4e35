"""``solitaire serve``: run the web app (registered by :mod:`solitaire.cli`)."""

from __future__ import annotations

import argparse
import contextlib
import copy
import ctypes
import gc
import os
import select
import signal
import socket
import sys
import time
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .connections import ConnectionGuard
    from .settings import Settings

RESTART_PAUSE_SECONDS = 1.0
"""A worker that ended is started again after this pause (a worker that cannot start at all
is not restarted in a tight loop)."""
WORKER_START_SECONDS = 120.0


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
    serve.add_argument(
        "--workers",
        type=int,
        help="server processes sharing the port (default 1; SOLITAIRE_WORKERS)",
    )
    serve.set_defaults(handler=_command_serve)


def browser_address(host: str, port: int) -> str:
    """The address to open: ``browser_address("0.0.0.0", 8000) == "http://127.0.0.1:8000/"``."""
    if host in ("0.0.0.0", "::", ""):
        host = "127.0.0.1"
    if ":" in host:
        host = f"[{host}]"
    return f"http://{host}:{port}/"


def _listen(
    host: str, port: int, guard: ConnectionGuard, *, shared: bool = False, listen: bool = True
) -> socket.socket:
    """A socket bound to the address (port 0: any free port), or OSError. ``shared``: the
    port is shared with the other workers (SO_REUSEPORT: the kernel spreads the new
    connections over the processes listening on it); ``listen`` False only holds the port."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    # A TCP socket (proto IPPROTO_TCP: asyncio turns Nagle's algorithm off only on
    # connections whose socket says so, and with it on every answer waits ~40 ms for an
    # ACK) that keeps to the guard's limit of open files.
    sock = guard.listening_socket(family)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        if shared:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
        sock.bind((host, port))
        if listen:
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


def _guard(settings: Settings) -> ConnectionGuard:
    from .connections import ConnectionGuard

    return ConnectionGuard(
        header_timeout=settings.header_timeout_seconds,
        body_timeout=settings.body_timeout_seconds,
        max_connections=settings.max_connections,
        retry_after=settings.retry_after_seconds,
        keep_alive=settings.keep_alive_seconds,
    )


GC_THRESHOLDS = (700, 0, 250_000)
"""The cyclic garbage collector's thresholds while serving (Python's are 700, 10, 10): the
middle generation is collected at every other young collection, the oldest almost never."""


def _settle_memory() -> None:
    """Keep the garbage collector's pauses short while serving.

    Everything built at start-up (the app, its modules, schemas and catalogs) is moved out
    of the collector's sight (``gc.freeze``): it lives as long as the process. Each action
    leaves a few long-lived objects behind (the game's new position, in its undo history),
    and a collection's pause grows with the young objects it looks through. With Python's
    thresholds the middle generation gathered ten young collections' survivors before its
    own collection, and a full collection went through every cached game every few
    seconds under load: pauses that showed in the slowest answers. Here the middle
    generation is collected at every other young collection, so each pause looks through
    two young collections' worth; the oldest only after a quarter of a million of the
    middle one's (under load, once in several hours). Objects are still freed as soon as
    nothing refers to them; the collector is only for reference cycles.
    """
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


def _uvicorn_server(app: Any, settings: Settings, guard: ConnectionGuard) -> Any:
    import uvicorn

    _settle_memory()
    config = uvicorn.Config(
        app,
        http=guard.protocol,
        # asyncio's own loop: uvloop measured no faster here, and it accepts connections in
        # libuv, past the guard's pause near the open-file limit (connections.py).
        loop="asyncio",
        # The client's address is the peer's unless a proxy is named: an X-Forwarded-For
        # trusted from anyone would let a client pick the address its limits count.
        proxy_headers=bool(settings.forwarded_allow_ips),
        forwarded_allow_ips=settings.forwarded_allow_ips or None,
        log_level="info",
        log_config=log_config(),
        access_log=settings.access_log,
        timeout_keep_alive=settings.keep_alive_seconds,
    )
    return uvicorn.Server(config)


def _command_serve(args: argparse.Namespace) -> int:
    # Imported here so that the other commands don't load the web stack.
    from .settings import Settings

    overrides = {
        key: value
        for key, value in (("host", args.host), ("port", args.port), ("workers", args.workers))
        if value is not None
    }
    settings = Settings(**overrides)
    if settings.workers > 1:
        return _serve_workers(settings)
    guard = _guard(settings)
    # Bind first: a port in use is said at once, and the address printed is one that
    # really listens (port 0 included).
    try:
        sock = _listen(settings.host, settings.port, guard)
    except OSError as error:
        return _cannot_listen(settings, error)
    from .app import create_app

    app = create_app(settings)
    port = sock.getsockname()[1]
    print(f"Solitaire is running: open {browser_address(settings.host, port)}", flush=True)
    _uvicorn_server(app, settings, guard).run(sockets=[sock])
    return 0


def _cannot_listen(settings: Settings, error: OSError) -> int:
    print(
        f"solitaire: cannot listen on {settings.host}:{settings.port}: {error.strerror}",
        file=sys.stderr,
    )
    return 1


# -- several worker processes ------------------------------------------------------------------


def _serve_workers(settings: Settings) -> int:
    """The supervisor of ``settings.workers`` server processes on one port.

    It holds the port (bound, not listening), migrates the database once, then forks the
    workers: each listens on the port itself (SO_REUSEPORT), builds its own app (its own
    database connections, cache and limits) and runs uvicorn with the same connection guard
    as a single process. The address is printed once every worker listens. A worker that
    ends is started again; SIGINT or SIGTERM stops them all, and a worker whose supervisor
    is gone (killed) stops too.
    """
    from ..store import connect, upgrade_schema

    guard = _guard(settings)
    try:
        holder = _listen(settings.host, settings.port, guard, shared=True, listen=False)
    except OSError as error:
        return _cannot_listen(settings, error)
    port = holder.getsockname()[1]
    if settings.is_sqlite:
        settings.data_dir.mkdir(parents=True, exist_ok=True)
    engine = connect(settings.database_url, timeout_seconds=settings.database_timeout_seconds)
    upgrade_schema(engine)
    engine.dispose()  # no connection crosses the fork
    supervisor = os.getpid()
    ready_read, ready_write = os.pipe()
    workers: dict[int, int] = {}  # pid -> slot

    def start(slot: int) -> None:
        pid = os.fork()
        if pid == 0:  # the worker
            code = 1
            try:
                os.close(ready_read)
                holder.close()
                code = _run_worker(settings, port, supervisor, ready_write)
            finally:
                os._exit(code)
        workers[pid] = slot

    stopping = False

    def stop(signum: int, _frame: Any) -> None:
        nonlocal stopping
        stopping = True
        for pid in list(workers):
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGTERM)

    signal.signal(signal.SIGINT, stop)
    signal.signal(signal.SIGTERM, stop)
    for slot in range(settings.workers):
        start(slot)
    if not _await_workers(ready_read, settings.workers, workers):
        stop(signal.SIGTERM, None)
    else:
        print(f"Solitaire is running: open {browser_address(settings.host, port)}", flush=True)
        print(f"{settings.workers} worker processes", file=sys.stderr, flush=True)
    code = 0
    while workers:
        try:
            pid, status = os.wait()
        except ChildProcessError:
            break
        slot = workers.pop(pid)
        if stopping:
            continue
        print(
            f"solitaire: worker {slot + 1} (pid {pid}) ended ({_how(status)}): starting another",
            file=sys.stderr,
            flush=True,
        )
        time.sleep(RESTART_PAUSE_SECONDS)
        if not stopping:
            start(slot)
    os.close(ready_read)
    holder.close()
    return code


def _how(status: int) -> str:
    if os.WIFSIGNALED(status):
        return f"signal {os.WTERMSIG(status)}"
    return f"exit status {os.waitstatus_to_exitcode(status)}"


def _await_workers(ready: int, count: int, workers: dict[int, int]) -> bool:
    """Wait until ``count`` workers have said they listen (a byte each on ``ready``);
    False if one ended first or they took too long."""
    deadline = time.monotonic() + WORKER_START_SECONDS
    told = 0
    while told < count:
        left = deadline - time.monotonic()
        if left <= 0:
            return False
        readable, _, _ = select.select([ready], [], [], min(left, 0.2))
        if readable:
            told += len(os.read(ready, count - told))
            continue
        for pid in list(workers):
            if os.waitpid(pid, os.WNOHANG) != (0, 0):
                workers.pop(pid)
                return False
    return True


def _die_with(supervisor: int) -> None:
    """Ask the kernel for SIGTERM when the supervisor dies (Linux), so that no worker
    outlives a supervisor killed with SIGKILL."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        pr_set_pdeathsig = 1
        libc.prctl(pr_set_pdeathsig, signal.SIGTERM)
    except (OSError, AttributeError):
        pass
    if os.getppid() != supervisor:
        os.kill(os.getpid(), signal.SIGTERM)


def _run_worker(settings: Settings, port: int, supervisor: int, ready: int) -> int:
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    _die_with(supervisor)
    from .app import create_app

    guard = _guard(settings)
    sock = _listen(settings.host, port, guard, shared=True)
    app = create_app(settings)
    os.write(ready, b"1")
    os.close(ready)
    _uvicorn_server(app, settings, guard).run(sockets=[sock])
    return 0
