"""Rate limits per client: games started, players created (a player is created by their
first write, :mod:`solitaire.server.players`) and transfer links asked for. Beyond a limit
the answer is 429 with ``Retry-After``; the limits are generous (``Settings``), so a real
player never meets them, while one client can no longer start hundreds of games a second or
fill the database with players.

All of them live in one :class:`Limits` object (``Services.limits``), and each is applied
one way: a FastAPI dependency of the route it limits (:data:`GameStartGuard`,
:data:`TransferLinkGuard`, :data:`NewPlayerGuard`), from that route's own request. A client
is its address as the server sees it (an IPv6 address by its /64, which one machine usually
holds whole). The counts live in memory, per process: checking one costs a dictionary
look-up and no database work.

>>> limit = RateLimit(per_minute=2, clock=lambda: 0.0)
>>> [limit.take("192.0.2.1") for _ in range(3)]
[0.0, 0.0, 30.0]
>>> limit.take("192.0.2.2")
0.0
"""

from __future__ import annotations

import ipaddress
import math
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Annotated

from fastapi import Depends, Request
from starlette.types import Scope

from .players import cookie_player_id

MAX_CLIENTS = 65_536
"""Clients whose counts are kept; the least recently seen is forgotten first (it starts
again with a full allowance, which only ever errs towards letting a player in)."""

#: What a write that may create a player is given, to call inside its transaction when it
#: does create one: it raises :class:`TooManyRequests` past the client's limit, which rolls
#: that write back (``GameStore``'s ``admit_new_player`` arguments).
AdmitNewPlayer = Callable[[], None]


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
    """The app's limits, all of them, in one object (``Services.limits``), each applied by a
    dependency of the route it limits: game starts per player (``POST /api/games``), new
    players per address (every route whose write may create the player: it hands the store
    an :data:`AdmitNewPlayer` for its client) and transfer links per address (``POST
    /api/player/transfer``). Each counts per process (docs/server.md says what that means
    with several processes and several servers). ``clock`` is the buckets' (tests move it).

    >>> now = [0.0]
    >>> limits = Limits(game_starts_per_minute=1, new_players_per_minute=1,
    ...                 transfer_links_per_hour=0, clock=lambda: now[0])
    >>> limits.start_game("player-1"), limits.transfer_links.enabled
    (None, False)
    >>> limits.start_game("player-1")
    Traceback (most recent call last):
    ...
    solitaire.server.limits.TooManyRequests: too many game starts: retry after 60.0 s
    >>> now[0] = 60.0
    >>> limits.start_game("player-1")
    """

    def __init__(
        self,
        *,
        game_starts_per_minute: int,
        new_players_per_minute: int,
        new_players_burst: int = 0,
        transfer_links_per_hour: int = 0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.game_starts = RateLimit(game_starts_per_minute, clock=clock)
        self.new_players = RateLimit(new_players_per_minute, burst=new_players_burst, clock=clock)
        self.transfer_links = RateLimit(per_hour=transfer_links_per_hour, clock=clock)

    def start_game(self, player_id: str) -> None:
        """One game start by this player, or TooManyRequests."""
        _take(self.game_starts, player_id, "game starts")

    def make_transfer_link(self, client: str) -> None:
        """One transfer link asked for by this client, or TooManyRequests."""
        _take(self.transfer_links, client, "transfer links")

    def new_player_admission(self, client: str) -> AdmitNewPlayer:
        """What a write for a request of this client calls when it creates a player."""

        def admit() -> None:
            _take(self.new_players, client, "new players")

        return admit


def _take(limit: RateLimit, client: str, what: str) -> None:
    wait = limit.take(client)
    if wait > 0:
        raise TooManyRequests(what, wait)


def _limits(request: Request) -> Limits:
    limits: Limits = request.app.state.services.limits
    return limits


# The guards are coroutines: FastAPI runs a plain ``def`` dependency in a worker thread.
async def guard_game_starts(request: Request) -> None:
    """``POST /api/games``: a start counts against its player's allowance (the cookie's id,
    so that many players behind one address each start their own games). A start without a
    cookie creates a player, which :func:`admit_new_players` counts by address instead, so
    changing cookies gains nothing."""
    player_id = cookie_player_id(request.scope)
    if player_id is not None:
        _limits(request).start_game(player_id)


async def guard_transfer_links(request: Request) -> None:
    """``POST /api/player/transfer``: a link counts against its client's allowance."""
    _limits(request).make_transfer_link(client_key(request.scope))


async def admit_new_players(request: Request) -> AdmitNewPlayer:
    """A route whose write may create the player: what that write calls when it does."""
    return _limits(request).new_player_admission(client_key(request.scope))


#: A route's dependency: its game starts are limited (before it reads anything).
GameStartGuard = Depends(guard_game_starts)
#: A route's dependency: its transfer links are limited.
TransferLinkGuard = Depends(guard_transfer_links)
#: A route parameter: the new-player admission its write hands the store.
NewPlayerGuard = Annotated[AdmitNewPlayer, Depends(admit_new_players)]
