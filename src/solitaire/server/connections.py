"""The server's connections as ``solitaire serve`` takes them: uvicorn's HTTP/1.1 protocol
(on httptools, the parser of Node.js: h11's pure Python cost more per request than the
action itself) with read deadlines and a cap on open connections, so that clients that stall cannot
keep the others out.

- A request's line and headers must arrive within ``header_timeout`` seconds of the
  connection opening (or, on a kept-alive connection, of the request's first byte), and its
  body within ``body_timeout`` seconds of the headers; however slowly the bytes trickle in,
  the clock does not start again. Past it the client gets 408 and the connection is closed.
  A kept-alive connection idle between an answer and its next request is closed after
  ``keep_alive`` seconds (uvicorn's keep-alive timeout), without an answer.
- At most ``max_connections`` are open at once (and never more than the process may open
  files, less a reserve for the database, the solver and the files it serves). A
  connection beyond it takes the place of the one that has waited longest for its client
  (a request's headers or body: a stalled client, or an idle kept-alive one, which a
  browser simply reopens); only when every open connection has a request in the app does
  it get 503 with Retry-After.

uvicorn itself gives a connection no deadline before its first request and none while a
request's headers or body trickle in, and ``limit_concurrency`` answers 503 to the newcomer
rather than dropping a stalled client.
"""

from __future__ import annotations

import asyncio
import json
import resource
import socket
from collections import OrderedDict
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

FILES_RESERVE = 256
"""Open files kept for other things than client connections: the database's connections
and files, the solver's worker pipes, the board's files being sent, the log."""

ACCEPT_RESERVE = 192
"""Open files never taken by accepted sockets, even for a moment: the SQLite pool alone may
hold 51 connections of two files each once the worker threads are all busy. Between the
cap and this limit (64 sockets) a newcomer is still accepted while the connection it
evicts closes."""

REFUSED_LINGER = 0.5
"""Seconds a refused connection stays open to read its request before it is closed."""

TIMEOUT_ANSWER = (
    b"HTTP/1.1 408 Request Timeout\r\n"
    b"content-type: text/plain; charset=utf-8\r\n"
    b"content-length: 16\r\n"
    b"connection: close\r\n\r\n"
    b"Request Timeout\n"
)


def busy_answer(retry_after: int) -> bytes:
    """The 503 of a connection beyond the cap (written before any request is read, so in
    the API's shape but in English: no Accept-Language has arrived yet)."""
    body = json.dumps(
        {"error": "busy", "message": "The server is too busy to answer. Try again in a moment."}
    ).encode()
    head = (
        "HTTP/1.1 503 Service Unavailable\r\n"
        "content-type: application/json\r\n"
        f"content-length: {len(body)}\r\n"
        f"retry-after: {retry_after}\r\n"
        "connection: close\r\n\r\n"
    )
    return head.encode() + body


def files_limit() -> int | None:
    """How many files the process may open (its soft RLIMIT_NOFILE), None for no limit."""
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    return None if soft == resource.RLIM_INFINITY else int(soft)


def connection_cap(wanted: int, files: int | None) -> int:
    """The cap on open connections: ``wanted``, but never more than ``files`` less
    :data:`FILES_RESERVE`.

    >>> connection_cap(1000, 1024), connection_cap(1000, 65536), connection_cap(1000, None)
    (768, 1000, 1000)
    """
    return wanted if files is None else max(1, min(wanted, files - FILES_RESERVE))


class ConnectionGuard:
    """The deadlines and the cap of one server: :attr:`protocol` is uvicorn's h11 protocol
    with them, :meth:`listening_socket` the socket it accepts on, which stops taking new
    connections while the process is close to its limit of open files (rather than let
    ``accept`` fail with "too many open files"); they take up again as soon as connections
    close, which the cap makes happen at once.
    """

    def __init__(
        self,
        *,
        header_timeout: float,
        body_timeout: float,
        max_connections: int,
        retry_after: int,
        files: int | None = None,
        keep_alive: float | None = None,
    ) -> None:
        files = files if files is not None else files_limit()
        self.cap = connection_cap(max_connections, files)
        #: Sockets accepted and not closed yet; accepting pauses at ``accept_limit``.
        self.accepted = 0
        self.accept_limit = max(self.cap + 1, files - ACCEPT_RESERVE) if files is not None else None
        #: The connections waiting for their client, the one waiting longest first.
        self.waiting: OrderedDict[Any, None] = OrderedDict()
        #: How long a kept-alive connection may stay idle between an answer and the first
        #: byte of its next request (uvicorn closes it then); None: ``header_timeout``.
        self.keep_alive = keep_alive if keep_alive is not None else header_timeout
        self.protocol = _guarded_protocol(self, header_timeout, body_timeout, retry_after)

    def may_accept(self) -> bool:
        return self.accept_limit is None or self.accepted < self.accept_limit

    def listening_socket(self, family: int) -> socket.socket:
        """A TCP socket of ``family`` whose ``accept`` keeps to the guard's limit."""
        sock = GuardedSocket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
        sock.guard = self
        return sock


class GuardedSocket(socket.socket):
    """A listening socket that says "nothing to accept" while its guard is at its limit of
    open files (asyncio's accept loop then waits for the next turn of the event loop)."""

    guard: ConnectionGuard | None = None

    def accept(self) -> tuple[socket.socket, Any]:
        if self.guard is not None and not self.guard.may_accept():
            raise BlockingIOError("at the limit of open files")
        connection, address = super().accept()
        if self.guard is not None:
            self.guard.accepted += 1
        return connection, address


def _guarded_protocol(
    guard: ConnectionGuard, header_timeout: float, body_timeout: float, retry_after: int
) -> type[asyncio.Protocol]:
    waiting = guard.waiting
    refusal = busy_answer(retry_after)
    # uvicorn's own keep-alive timer closes an idle connection; the guard's deadline is a
    # moment later, should that timer not run.
    idle_timeout = guard.keep_alive + 1.0

    class GuardedProtocol(HttpToolsProtocol):
        _deadline: asyncio.TimerHandle | None = None
        #: "headers", "body" (awaited from the client), "idle" (between an answer and the
        #: next request's first byte), "refused", or None while the app has the request.
        _phase: str | None = None

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            if len(self.connections) > guard.cap and not self._evict_one():
                self._refuse()
                return
            self._enter("headers", header_timeout)

        def data_received(self, data: bytes) -> None:
            if self._phase == "refused":
                return  # the request of a refused connection is read and dropped
            if self._phase == "idle" and data:
                # The next request has begun: its headers have header_timeout from now.
                self._enter("headers", header_timeout)
            super().data_received(data)

        def on_message_begin(self) -> None:
            super().on_message_begin()
            self._enter("headers", header_timeout)

        def on_headers_complete(self) -> None:
            super().on_headers_complete()
            self._enter("body", body_timeout)

        def on_message_complete(self) -> None:
            super().on_message_complete()
            if self._phase == "body":
                self._leave()  # the app has the whole request

        def on_response_complete(self) -> None:
            super().on_response_complete()
            if self.transport.is_closing():
                self._leave()
            elif self._phase is None:
                self._enter("idle", idle_timeout)

        def connection_lost(self, exc: Exception | None) -> None:
            self._leave()
            guard.accepted -= 1
            super().connection_lost(exc)

        # -- the phases of a connection ------------------------------------------------

        def _enter(self, phase: str, timeout: float) -> None:
            if self._phase == phase:
                return  # the clock runs from the phase's start, not from the last byte
            self._leave()
            self._phase = phase
            self._deadline = self.loop.call_later(timeout, self._too_slow)
            waiting[self] = None

        def _leave(self) -> None:
            if self._deadline is not None:
                self._deadline.cancel()
                self._deadline = None
            waiting.pop(self, None)
            self._phase = None

        def _too_slow(self) -> None:
            """Past the phase's deadline (or evicted): 408 to a request that is late (not to
            an idle kept-alive connection, nor while an answer is on its way), then close."""
            idle = self._phase == "idle"
            self._deadline = None
            self._leave()
            if self.transport.is_closing():
                return
            cycle = self.cycle
            answering = cycle is not None and cycle.response_started and not cycle.response_complete
            if not idle and not answering:
                self.transport.write(TIMEOUT_ANSWER)
            self.transport.close()

        def _refuse(self) -> None:
            """503 at once; the connection is closed a moment later, once the client's
            request has arrived (closing on unread data would reset the connection, and
            the client might never read the answer)."""
            self.logger.warning("%d connections open: answering 503", len(self.connections))
            self.transport.write(refusal)
            if self.transport.can_write_eof():
                self.transport.write_eof()
            self._phase = "refused"
            self._deadline = self.loop.call_later(REFUSED_LINGER, self.transport.close)

        def _evict_one(self) -> bool:
            """Close the connection that has waited longest for its client (a request's
            headers or body: a real client sends them in a moment), to make room; False
            if every open connection is busy with a request in the app."""
            while waiting:
                oldest, _ = waiting.popitem(last=False)
                if oldest is not self and not oldest.transport.is_closing():
                    oldest._too_slow()
                    return True
            return False

    return GuardedProtocol


__all__ = ["FILES_RESERVE", "ConnectionGuard", "busy_answer", "connection_cap"]
