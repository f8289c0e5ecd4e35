"""HTTP benchmark of the server itself: latency, actions per second and the server's CPU time
per action, from a lean client, on SQLite and PostgreSQL, with one or more worker processes.

    .venv/bin/python -m bench.http_bench                       # every configuration, 10 s each
    .venv/bin/python -m bench.http_bench --database sqlite --workers 1 --mode open \\
        --players 1000 --rate 500 --seconds 10
    .venv/bin/python -m bench.http_bench --mode closed --games 100
    .venv/bin/python -m bench.http_bench --url http://127.0.0.1:8000/ --server-pid 1234

Each configuration starts a real ``solitaire serve`` (``--port 0``, ``--workers N``) with its
default settings on a fresh database: a temporary SQLite file, or a throwaway PostgreSQL
cluster whose commits reach the disk (``fsync`` on, unlike the tests'). Then:

- **open loop**: ``--players`` players, each its own cookie, game and kept-alive connection,
  act at random moments (a Poisson process) at ``--rate`` actions a second in all, whatever
  the server's answers take. An action due while the player's previous one is unanswered
  waits for that answer (a player acts on what they see), and its latency counts from the
  moment it was due, so a server falling behind shows in the figures (no coordinated
  omission).
- **closed loop**: ``--games`` players each send their next action as soon as the previous
  one is answered: the server's capacity.

The actions are what a board sends: drops the state's ``dests`` allow, stock taps when the
state's ``stock_tap`` says one is possible, now and then an undo. Each line prints the
median and p99 latency, actions per second, errors (anything but 200, and connections that
failed), the CPU time per action of the server's processes (read from ``/proc``: the
supervisor and its workers; the PostgreSQL server's processes apart, its backends opened
or closed during the run included) and of this client, and
the machine's load average before and after the run (on a shared machine the CPU time per
action is the figure that depends least on it).

The client is raw HTTP/1.1 over asyncio (one protocol object per connection, no HTTP
library), so it costs a small part of what the server does; its own CPU per action is printed.
Its garbage collector is off while it measures (after the players' set-up, which it
freezes): holding a thousand players' states, its own collections paused it for tens of
milliseconds every few seconds, and every answer in flight looked that much slower.
Players are spread over loopback addresses (127.0.0.2, 127.0.0.3 …, ``PLAYERS_PER_ADDRESS``
each) as real players come from many addresses: the server's limits per client (game starts
and new players a minute) stay on, as by default.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import re
import secrets
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

VARIANT = "KL1-D1N"
PLAYERS_PER_ADDRESS = 25
"""Players sharing one client address: well under the default 60 game starts and new
players a minute per client."""
REQUEST_TIMEOUT = 30.0
SERVER_START_SECONDS = 60.0
CLIENT_TICKS = os.sysconf("SC_CLK_TCK")


# -- the server's processes ----------------------------------------------------------------


def process_tree(root: int) -> list[int]:
    """``root`` and every process below it (Linux /proc)."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        parents[int(entry.name)] = int(fields[1])
    found = [root]
    for pid in found:
        found.extend(child for child, parent in parents.items() if parent == pid)
    return found


def cpu_seconds(root: int | None) -> float:
    """User + system CPU time ``root`` and every process below it have used, ended ones
    included: each process's own time and that of its children it has waited for (cutime,
    cstime). Taken at two moments, the difference counts processes that started or ended in
    between, as PostgreSQL's backends do when the server's pool opens a connection under load.
    0 without a root, or for one gone or unreadable."""
    if root is None:
        return 0.0
    total = 0
    for pid in process_tree(root):
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += sum(int(field) for field in fields[11:15])
    return total / CLIENT_TICKS


@dataclass
class Server:
    """A running server: its address, and the processes whose CPU time counts."""

    address: str
    pid: int | None
    process: subprocess.Popen[str] | None = None
    #: The PostgreSQL server's first process (its backends start as clients connect).
    database_pid: int | None = None

    def stop(self) -> None:
        if self.process is None:
            return
        self.process.send_signal(signal.SIGINT)
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()


def start_server(data_dir: Path, database_url: str, workers: int) -> Server:
    """``solitaire serve`` on a free loopback port with its default settings, as
    ``make run`` starts it (plus ``--workers`` when more than one)."""
    command = [str(Path(sys.executable).parent / "solitaire"), "serve", "--port", "0"]
    if workers != 1:
        command += ["--workers", str(workers)]
    env = {key: value for key, value in os.environ.items() if not key.startswith("SOLITAIRE_")}
    env["SOLITAIRE_DATA_DIR"] = str(data_dir)
    env["SOLITAIRE_DATABASE_URL"] = database_url
    process = subprocess.Popen(
        command,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        start_new_session=True,
    )
    assert process.stdout is not None
    line = process.stdout.readline()
    match = re.search(r"open (http://\S+/)", line)
    if match is None:
        process.kill()
        raise RuntimeError(f"the server did not start: {line!r}")
    # The access log goes to stdout: keep reading it, or the pipe fills and the server stops.
    threading.Thread(target=process.stdout.read, daemon=True).start()
    server = Server(match[1], process.pid, process)
    deadline = time.monotonic() + SERVER_START_SECONDS
    while not asyncio.run(_answers(server.address)):
        if time.monotonic() > deadline or process.poll() is not None:
            server.stop()
            raise RuntimeError("the server did not answer")
        time.sleep(0.1)
    if workers > 1:
        # Every worker answers once each has started (they bind the port one by one).
        while len(process_tree(process.pid)) < workers + 1 and time.monotonic() < deadline:
            time.sleep(0.1)
        time.sleep(1.0)
    return server


async def _answers(address: str) -> bool:
    host, port = _host_port(address)
    try:
        connection = await Connection.open(host, port, None)
    except OSError:
        return False
    try:
        status, _ = await connection.request("GET", "/openapi.json", None, {})
        return status == 200
    except OSError:
        return False
    finally:
        connection.close()


@contextmanager
def database(kind: str) -> Iterator[tuple[str, int | None]]:
    """A fresh database: (URL, the database server's first pid); SQLite's URL is empty (the
    server's default file in its data dir)."""
    if kind == "sqlite":
        yield "", None
        return
    from tests.support.postgres import TemporaryPostgres

    with TemporaryPostgres(database="bench", durable=True) as postgres:
        yield postgres.url, postgres.processes()[0]


# -- a lean HTTP/1.1 client ------------------------------------------------------------------


class ClientProtocol(asyncio.Protocol):
    """One kept-alive HTTP/1.1 connection: a request at a time, answers read by their
    Content-Length (the server sends no chunked answers to an API request)."""

    def __init__(self) -> None:
        self.transport: asyncio.Transport | None = None
        self.buffer = bytearray()
        self.waiter: asyncio.Future[tuple[int, bytes]] | None = None
        self.closed = False

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport

    def data_received(self, data: bytes) -> None:
        self.buffer += data
        self._try_answer()

    def eof_received(self) -> bool:
        self.closed = True
        self._fail(ConnectionError("the server closed the connection"))
        return False

    def connection_lost(self, exc: Exception | None) -> None:
        self.closed = True
        self._fail(ConnectionError(f"connection lost: {exc}"))

    def _fail(self, error: Exception) -> None:
        if self.waiter is not None and not self.waiter.done():
            self.waiter.set_exception(error)

    def _try_answer(self) -> None:
        end = self.buffer.find(b"\r\n\r\n")
        if end < 0 or self.waiter is None:
            return
        head = bytes(self.buffer[:end]).decode("latin-1")
        lines = head.split("\r\n")
        status = int(lines[0].split(" ", 2)[1])
        length = 0
        close = False
        for line in lines[1:]:
            name, _, value = line.partition(":")
            name = name.lower()
            if name == "content-length":
                length = int(value)
            elif name == "connection" and value.strip().lower() == "close":
                close = True
        if len(self.buffer) < end + 4 + length:
            return
        body = bytes(self.buffer[end + 4 : end + 4 + length])
        del self.buffer[: end + 4 + length]
        if close:
            self.closed = True
        waiter, self.waiter = self.waiter, None
        if not waiter.done():
            waiter.set_result((status, body))


class Connection:
    """A client connection from a chosen loopback address."""

    def __init__(self, host: str, port: int, local: str | None) -> None:
        self.host, self.port, self.local = host, port, local
        self.protocol: ClientProtocol | None = None
        #: Requests sent again after the server closed an idle connection under them.
        self.retries = 0

    @classmethod
    async def open(cls, host: str, port: int, local: str | None) -> Connection:
        connection = cls(host, port, local)
        await connection._connect()
        return connection

    async def _connect(self) -> None:
        loop = asyncio.get_running_loop()
        local_addr = (self.local, 0) if self.local else None
        _, protocol = await loop.create_connection(
            ClientProtocol, self.host, self.port, local_addr=local_addr
        )
        self.protocol = protocol

    async def request(
        self, method: str, path: str, body: Any, headers: dict[str, str]
    ) -> tuple[int, bytes]:
        """Send one request and wait for its answer. A connection the server has closed while
        it was idle is opened again first; one it closes just as the request goes (the
        keep-alive race) gets the request again on a new connection, as browsers do when
        not a byte of the answer came back."""
        data = b"" if body is None else json.dumps(body).encode()
        lines = [f"{method} {path} HTTP/1.1", f"host: {self.host}:{self.port}"]
        lines += [f"{name}: {value}" for name, value in headers.items()]
        if body is not None:
            lines += ["content-type: application/json", f"content-length: {len(data)}"]
        message = ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + data
        reused = self.protocol is not None and not self.protocol.closed
        if not reused:
            await self._connect()
        try:
            return await self._exchange(message)
        except ConnectionError:
            assert self.protocol is not None
            if not reused or self.protocol.buffer:
                raise
        self.retries += 1
        await self._connect()
        return await self._exchange(message)

    async def _exchange(self, message: bytes) -> tuple[int, bytes]:
        protocol = self.protocol
        assert protocol is not None and protocol.transport is not None
        waiter: asyncio.Future[tuple[int, bytes]] = asyncio.get_running_loop().create_future()
        protocol.waiter = waiter
        protocol.transport.write(message)
        return await asyncio.wait_for(waiter, REQUEST_TIMEOUT)

    def close(self) -> None:
        if self.protocol is not None and self.protocol.transport is not None:
            self.protocol.transport.close()


def _host_port(address: str) -> tuple[str, int]:
    parsed = urllib.parse.urlsplit(address)
    return parsed.hostname or "127.0.0.1", parsed.port or 80


# -- players -----------------------------------------------------------------------------------


def next_action(rng: random.Random, state: dict[str, Any]) -> dict[str, Any]:
    """What a player does next on a state: mostly drops the dests allow and stock taps."""
    roll = rng.random()
    version = state["version"]
    if state["can_undo"] and roll < 0.1:
        return {"version": version, "type": "undo"}
    if state["dests"] and (roll < 0.6 or state["stock_tap"] is None):
        dest = rng.choice(state["dests"])
        target = rng.choice(dest["targets"])
        return {
            "version": version,
            "type": "drop",
            "pile": dest["pile"],
            "index": dest["index"],
            "target": target,
        }
    if state["stock_tap"] is not None:
        return {"version": version, "type": "stock"}
    if state["can_undo"]:
        return {"version": version, "type": "undo"}
    return {"version": version, "type": "new"}  # stuck: a new game


@dataclass
class Tally:
    """What the measured actions saw."""

    latencies: list[float] = field(default_factory=list)
    statuses: Counter[str] = field(default_factory=Counter)

    @property
    def errors(self) -> int:
        return sum(count for status, count in self.statuses.items() if status != "200")


class Player:
    """One browser: its cookie, its connection, its game."""

    def __init__(self, connection: Connection, rng: random.Random) -> None:
        self.connection = connection
        self.headers = {"cookie": f"solitaire_player={secrets.token_urlsafe(16)}"}
        self.rng = rng
        self.state: dict[str, Any] = {}

    async def new_game(self) -> None:
        body = {"mode": "new", "variant": VARIANT}
        for _ in range(5):
            status, answer = await self.connection.request("POST", "/api/games", body, self.headers)
            if status == 201:
                self.state = json.loads(answer)
                return
            await asyncio.sleep(1.0)
        raise RuntimeError(f"could not start a game: {status} {answer[:200]!r}")

    async def act(self, tally: Tally, due: float) -> None:
        """One action; its latency counts from ``due`` (the moment it was meant to go)."""
        action = next_action(self.rng, self.state)
        if action["type"] == "new" or self.state["won"]:
            await self.new_game()
            action = next_action(self.rng, self.state)
        path = f"/api/games/{self.state['id']}/actions"
        try:
            status, answer = await self.connection.request("POST", path, action, self.headers)
        except OSError as error:
            tally.statuses[type(error).__name__] += 1
            return
        tally.latencies.append(time.perf_counter() - due)
        tally.statuses[str(status)] += 1
        if status == 200:
            self.state = json.loads(answer)
        elif status in (409, 422):
            self.state = json.loads(answer)["state"]


async def make_players(address: str, count: int, seed: int) -> list[Player]:
    host, port = _host_port(address)
    local = host.startswith("127.")
    players = []
    for number in range(count):
        group = number // PLAYERS_PER_ADDRESS
        source = f"127.0.{group // 250}.{2 + group % 250}" if local else None
        players.append(Player(Connection(host, port, source), random.Random(seed * 7919 + number)))
    # Their games, a few at a time (not measured).
    queue = list(players)

    async def starter() -> None:
        while queue:
            await queue.pop().new_game()

    await asyncio.gather(*(starter() for _ in range(min(16, count))))
    return players


async def open_loop(players: list[Player], rate: float, seconds: float) -> tuple[Tally, float]:
    """Every player acts at random moments, ``rate`` actions a second in all."""
    tally = Tally()
    each = rate / len(players)
    # The clock starts a moment from now: making a thousand players' tasks takes the client
    # a few tens of milliseconds, and actions due meanwhile would wait for the client.
    began = time.perf_counter() + 0.2
    end = began + seconds

    async def play(player: Player) -> None:
        due = began + player.rng.expovariate(each)
        while due < end:
            wait = due - time.perf_counter()
            if wait > 0:
                await asyncio.sleep(wait)
            await player.act(tally, due)
            due += player.rng.expovariate(each)

    await asyncio.gather(*(play(player) for player in players))
    return tally, time.perf_counter() - began


async def closed_loop(players: list[Player], seconds: float) -> tuple[Tally, float]:
    """Every player acts again as soon as its answer is there."""
    tally = Tally()
    began = time.perf_counter()
    end = began + seconds

    async def play(player: Player) -> None:
        while time.perf_counter() < end:
            await player.act(tally, time.perf_counter())

    await asyncio.gather(*(play(player) for player in players))
    return tally, time.perf_counter() - began


# -- a run ---------------------------------------------------------------------------------


@dataclass
class Result:
    label: str
    actions: int
    elapsed: float
    median: float
    p99: float
    errors: int
    statuses: dict[str, int]
    server_cpu: float
    database_cpu: float
    client_cpu: float
    retries: int
    #: The machine's load average (1 minute) before and after the run: on a shared machine
    #: the latencies and rates say as much about it as about the server.
    load: tuple[float, float] = (0.0, 0.0)

    def line(self) -> str:
        per = max(1, self.actions)
        parts = [
            f"{self.label:<34}",
            f"{self.actions:>6} actions {self.actions / self.elapsed:>6.0f}/s",
            f"median {self.median * 1000:6.1f} ms  p99 {self.p99 * 1000:7.1f} ms",
            f"errors {self.errors}",
            f"server CPU {self.server_cpu / per * 1000:.2f} ms/action",
        ]
        if self.database_cpu:
            parts.append(f"+ PostgreSQL {self.database_cpu / per * 1000:.2f}")
        parts.append(f"(client {self.client_cpu / per * 1000:.2f})")
        if self.retries:
            parts.append(f"{self.retries} sent again (keep-alive race)")
        parts.append(f"load {self.load[0]:.1f}-{self.load[1]:.1f}")
        line = "  ".join(parts)
        unexpected = {status: n for status, n in self.statuses.items() if status != "200"}
        return line + (f"  answers {unexpected}" if unexpected else "")


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))] if ordered else 0.0


async def measure(
    server: Server, label: str, mode: str, players: int, rate: float, seconds: float, seed: int
) -> Result:
    team = await make_players(server.address, players, seed)
    for player in team:
        player.connection.retries = 0
    gc.collect()
    gc.freeze()
    gc.disable()
    try:
        load_before = os.getloadavg()[0]
        server_before = cpu_seconds(server.pid)
        database_before = cpu_seconds(server.database_pid)
        client_before = time.process_time()
        if mode == "open":
            tally, elapsed = await open_loop(team, rate, seconds)
        else:
            tally, elapsed = await closed_loop(team, seconds)
        client_cpu = time.process_time() - client_before
        server_cpu = cpu_seconds(server.pid) - server_before
        database_cpu = cpu_seconds(server.database_pid) - database_before
    finally:
        gc.enable()
        gc.unfreeze()
        for player in team:
            player.connection.close()
    return Result(
        label,
        len(tally.latencies),
        elapsed,
        statistics.median(tally.latencies) if tally.latencies else 0.0,
        percentile(tally.latencies, 0.99),
        tally.errors,
        dict(tally.statuses),
        server_cpu,
        database_cpu,
        client_cpu,
        sum(player.connection.retries for player in team),
        (load_before, os.getloadavg()[0]),
    )


def run_configuration(
    kind: str, workers: int, modes: list[str], args: argparse.Namespace
) -> list[Result]:
    results = []
    with (
        tempfile.TemporaryDirectory(prefix="solitaire-bench-") as root,
        database(kind) as (url, database_pid),
    ):
        server = start_server(Path(root) / "data", url, workers)
        server.database_pid = database_pid
        name = f"{'SQLite' if kind == 'sqlite' else 'PostgreSQL'}, {workers} process"
        name += "es" if workers > 1 else ""
        try:
            for mode in modes:
                if mode == "open":
                    label = f"{name}: open {args.players}p {args.rate:g}/s"
                    count = args.players
                else:
                    label = f"{name}: closed {args.games} games"
                    count = args.games
                result = asyncio.run(
                    measure(server, label, mode, count, args.rate, args.seconds, args.seed)
                )
                print(result.line(), flush=True)
                results.append(result)
        finally:
            server.stop()
    return results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database", choices=["sqlite", "postgresql", "both"], default="both")
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--mode", choices=["open", "closed", "both"], default="both")
    parser.add_argument("--players", type=int, default=1000, help="open loop: players")
    parser.add_argument("--rate", type=float, default=500.0, help="open loop: actions/s in all")
    parser.add_argument("--games", type=int, default=100, help="closed loop: games at once")
    parser.add_argument("--seconds", type=float, default=10.0, help="length of each run")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--url", help="measure this running server instead of starting one")
    parser.add_argument("--server-pid", type=int, help="with --url: the server's pid (CPU)")
    args = parser.parse_args(argv)
    modes = ["open", "closed"] if args.mode == "both" else [args.mode]
    print(
        f"http bench: {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f}; "
        f"{args.seconds:g} s per run, Klondike draw 1 ({VARIANT})",
        flush=True,
    )
    if args.url:
        server = Server(args.url if args.url.endswith("/") else args.url + "/", args.server_pid)
        for mode in modes:
            count = args.players if mode == "open" else args.games
            label = f"{args.url}: {mode}"
            result = asyncio.run(measure(server, label, mode, count, args.rate, args.seconds, 1))
            print(result.line())
        return 0
    kinds = ["sqlite", "postgresql"] if args.database == "both" else [args.database]
    for kind in kinds:
        for workers in args.workers:
            run_configuration(kind, workers, modes, args)
    print(f"  (load average {os.getloadavg()[0]:.1f} at the end)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
