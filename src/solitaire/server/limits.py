"""Rate limits per client: games started, and players created (a player is created by their
first write, :mod:`solitaire.server.players`). Beyond a limit the answer is 429 with
``Retry-After``; the limits are generous (``Settings``), so a real player never meets them,
while one client can no longer start hundreds of games a second or fill the database with
players.

A client is its address as the server sees it (an IPv6 address by its /64, which one
machine usually holds whole). The counts live in memory, per process: checking one costs a
dictionary look-up and no database work.

>>> limit = RateLimit(per_minute=2, clock=lambda: 0.0)
>>> [limit.take("192.0.2.1") for _ in range(3)]
[0.0, 0.0, 30.0]
>>> limit.take("192.0.2.2")
0.0
"""

from __future__ import annotations

import contextvars
import ipaddress
import math
import threading
import time
from collections import OrderedDict
from collections.abc import Callable

from starlette.types import Scope

MAX_CLIENTS = 65_536
"""Clients whose counts are kept; the least recently seen is forgotten first (it starts
again with a full allowance, which only ever errs towards letting a player in)."""

#: The client of the request being served, for the limit on new players that the store
#: applies inside its transaction (set by ``middleware.RateLimitMiddleware``).
current_client: contextvars.ContextVar[str | None] = contextvars.ContextVar(
    "current_client", default=None
)


class TooManyRequests(Exception):
    """A client over a limit: answer 429 and ask it to come back in ``retry_after`` s."""

    def __init__(self, what: str, retry_after: float) -> None:
        super().__init__(f"too many {what}: retry after {retry_after:.1f} s")
        self.what = what
        self.retry_after = max(1, math.ceil(retry_after))


class RateLimit:
    """A token bucket per client: up to ``per_minute`` at once (or ``burst``, when larger),
    then one more every ``60 / per_minute`` seconds (or, with ``per_hour``, up to as many
    at once, one more every ``3600 / per_hour`` seconds). 0 means no limit.

    >>> limit = RateLimit(per_hour=2, clock=lambda: 0.0)
    >>> [limit.take("192.0.2.1") for _ in range(3)]
    [0.0, 0.0, 1800.0]
    >>> burst = RateLimit(per_minute=1, burst=3, clock=lambda: 0.0)
    >>> [burst.take("192.0.2.1") for _ in range(4)]
    [0.0, 0.0, 0.0, 60.0]
    """

    def __init__(
        self,
        per_minute: int = 0,
        *,
        per_hour: int = 0,
        burst: int = 0,
        max_clients: int = MAX_CLIENTS,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        count, period = (per_hour, 3600.0) if per_hour else (per_minute, 60.0)
        # The bucket holds `burst` when given (more at once than it refills in the period).
        self.capacity = float(max(burst, count)) if count else 0.0
        self.rate = count / period
        self.max_clients = max_clients
        self.clock = clock
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()
        self._lock = threading.Lock()

    @property
    def enabled(self) -> bool:
        return self.capacity > 0

    def take(self, client: str) -> float:
        """Take one from the client's allowance: 0.0 when granted, else the seconds until
        one is there again (nothing taken)."""
        if not self.enabled:
            return 0.0
        now = self.clock()
        with self._lock:
            tokens, stamp = self._buckets.pop(client, (self.capacity, now))
            tokens = min(self.capacity, tokens + (now - stamp) * self.rate)
            if tokens >= 1.0:
                self._buckets[client] = (tokens - 1.0, now)
                wait = 0.0
            else:
                self._buckets[client] = (tokens, now)
                wait = (1.0 - tokens) / self.rate
            while len(self._buckets) > self.max_clients:
                self._buckets.popitem(last=False)
        return wait


def client_key(scope: Scope) -> str:
    """Who a request comes from, for the limits: its address (IPv6 by its /64).

    >>> client_key({"client": ("203.0.113.9", 50000)})
    '203.0.113.9'
    >>> client_key({"client": ("2001:db8:1:2:3:4:5:6", 50000)})
    '2001:db8:1:2::/64'
    >>> client_key({"client": ("::ffff:203.0.113.9", 1)}), client_key({})
    ('203.0.113.9', 'unknown')
    """
    client = scope.get("client")
    host = str(client[0]) if client else "unknown"
    if ":" not in host:
        return host
    try:
        address = ipaddress.IPv6Address(host.split("%")[0])
    except ValueError:
        return host
    if address.ipv4_mapped is not None:
        return str(address.ipv4_mapped)
    return str(ipaddress.IPv6Network(f"{address}/64", strict=False))


class Limits:
    """The app's limits, all of them, in one object (``Services.limits``): game starts per
    player (checked before the app reads the body), new players per address (checked by the
    store when a write creates one) and transfer links per address (checked by their route).
    Each counts per process (docs/server.md says what that means with several).

    >>> limits = Limits(game_starts_per_minute=60, new_players_per_minute=60,
    ...                 transfer_links_per_hour=0)
    >>> limits.transfer_links.enabled
    False
    """

    def __init__(
        self,
        *,
        game_starts_per_minute: int,
        new_players_per_minute: int,
        new_players_burst: int = 0,
        transfer_links_per_hour: int = 0,
    ) -> None:
        self.game_starts = RateLimit(game_starts_per_minute)
        self.new_players = RateLimit(new_players_per_minute, burst=new_players_burst)
        self.transfer_links = RateLimit(per_hour=transfer_links_per_hour)

    def admit_new_player(self) -> None:
        """The store's hook for a write that creates a player: TooManyRequests past the
        limit of the request's client (which rolls that write back)."""
        client = current_client.get()
        if client is None:
            return  # not a request (a script, a test on the store): nothing to limit
        wait = self.new_players.take(client)
        if wait > 0:
            raise TooManyRequests("new players", wait)
