"""The server's settings, read from the environment (prefix ``SOLITAIRE_``).

>>> settings = Settings(data_dir="/tmp/solitaire-example", database_url="")
>>> settings.database_url
'sqlite:////tmp/solitaire-example/solitaire.db'
>>> Settings(database_url="postgresql+psycopg://localhost/solitaire").is_sqlite
False
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Literal

from pydantic import Field, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    """Where the server listens and keeps its data; each field is ``SOLITAIRE_<NAME>``."""

    model_config = SettingsConfigDict(env_prefix="SOLITAIRE_", extra="ignore")

    host: str = "127.0.0.1"
    port: int = Field(default=8000, ge=0, le=65535)
    #: Server processes sharing the port (``solitaire serve``): 1, or one per core on a
    #: machine that serves only this app. Each has its own cache, limits and connections.
    workers: int = Field(default=1, ge=1, le=64)
    #: A line in the log for every request (uvicorn's access log); errors are logged anyway.
    access_log: bool = False
    data_dir: Path = Path("data")
    #: Empty means SQLite in ``data_dir``; ``postgresql+psycopg://…`` for PostgreSQL.
    database_url: str = ""
    #: Send the player cookie only over HTTPS (turn on behind a TLS proxy).
    cookie_secure: bool = False
    #: Browsers keep a cookie at most 400 days.
    cookie_max_age_days: int = Field(default=400, ge=1, le=400)
    #: A request's line and headers must arrive within this many seconds of the connection
    #: opening (or of the previous answer), its body within as many of its headers;
    #: past it 408, and the connection is closed (``solitaire serve``).
    header_timeout_seconds: float = Field(default=10.0, gt=0, le=300)
    body_timeout_seconds: float = Field(default=10.0, gt=0, le=300)
    #: A kept-alive connection idle this long after an answer is closed. Longer than a
    #: player's pause between two moves, so that a player's next action rarely meets a
    #: connection the server is closing (the request would be lost on the way).
    keep_alive_seconds: int = Field(default=30, ge=1, le=600)
    #: Open connections at most (never more than the process may open files, less a
    #: reserve); beyond it a new one takes the place of one still waiting for a request,
    #: else gets 503 (``solitaire serve``).
    max_connections: int = Field(default=4096, ge=1)
    #: Larger request bodies get 413 (the largest real one, a typed-in layout, is ~1 KB).
    max_body_bytes: int = Field(default=65_536, ge=1024)
    #: Games one player (their cookie) may start per minute, in bursts of as many; beyond it
    #: 429. 0: no limit.
    game_starts_per_minute: int = Field(default=60, ge=0)
    #: Players one client (an IP address; IPv6 by its /64) may create per minute (a player
    #: is created by their first write: a game, a setting, a statistics reset); beyond it
    #: 429. 0: no limit.
    new_players_per_minute: int = Field(default=60, ge=0)
    #: How many new players one client may create at once before that pace applies: room
    #: for a crowd behind one address arriving together (a classroom, a carrier's NAT, a
    #: load test on loopback), while the pace still bounds how fast a flood grows the table.
    new_players_burst: int = Field(default=2000, ge=0)
    #: Transfer links (rules RC-2) one client may ask for per hour, in bursts of as many;
    #: beyond it 429. A player needs one per device they move to. 0: no limit.
    transfer_links_per_hour: int = Field(default=20, ge=0)
    #: The proxies (addresses, comma-separated, as uvicorn's --forwarded-allow-ips) whose
    #: X-Forwarded-For names the client, behind a reverse proxy; empty: the peer is the
    #: client (so nobody can choose the address the limits count them under).
    forwarded_allow_ips: str = ""
    #: The API's reference at /docs (drawn on the server; /openapi.json is always there).
    api_docs: bool = True
    #: Live games kept in memory so that an action needs no replay of the log.
    game_cache_size: int = Field(default=2000, ge=0)
    #: A database that does not answer within this many seconds (connecting, a statement,
    #: a free pooled connection) is taken for out of reach: 503 with Retry-After.
    database_timeout_seconds: float = Field(default=2.0, gt=0, le=60)
    #: What a 503 asks a client to wait before trying again.
    retry_after_seconds: int = Field(default=5, ge=1, le=3600)
    sqlite_busy_timeout_ms: int = Field(default=5000, ge=0)
    #: FULL: every commit reaches the disk before the answer. NORMAL (WAL) skips that sync:
    #: still consistent after a crash of the app, but a power cut may lose the last actions.
    sqlite_synchronous: Literal["FULL", "NORMAL"] = "FULL"
    #: UI-20: the solver's budget for the winnable light's verdict on one position, in
    #: seconds; past it the light says it can't tell (``unknown``).
    light_seconds: float = Field(default=1.0, ge=0, le=10)
    #: The UTC date the server takes for today (the deal of the day); empty: the real date.
    #: Tests and demonstrations pin it so that "today's" deal is known in advance.
    today: dt.date | None = None
    #: Where the board's files are (``index.html`` and ``static/``); default: the package's.
    web_dir: Path = Path(__file__).resolve().parent.parent / "web"
    #: Where the message catalogs are (``<lang>/LC_MESSAGES/messages.po``).
    locales_dir: Path = Path(__file__).resolve().parent.parent / "locales"
    #: Where the pages' texts are (``<lang>/index.json`` and the pages); default: the package's.
    pages_dir: Path = Path(__file__).resolve().parent.parent / "pages"

    @model_validator(mode="after")
    def _default_database(self) -> Settings:
        if not self.database_url:
            self.database_url = f"sqlite:///{self.data_dir / 'solitaire.db'}"
        return self

    def today_utc(self) -> dt.date:
        """Today's date in UTC, or the pinned ``today``.

        >>> Settings(database_url="", today="2026-11-29").today_utc()
        datetime.date(2026, 11, 29)
        """
        return self.today if self.today is not None else dt.datetime.now(dt.UTC).date()

    @property
    def is_sqlite(self) -> bool:
        return self.database_url.startswith("sqlite")
