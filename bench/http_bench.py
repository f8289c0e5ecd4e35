"""HTTP benchmark: action latency for one player, and actions per second for many games.

    .venv/bin/python -m bench.http_bench [--seconds 8] [--games 50] [--synchronous NORMAL]

Starts a real server process (``solitaire serve --port 0``) with a temporary SQLite database
(each commit synced to disk, as by default), then:

1. **one client**: a Klondike game played action by action (a drop the dests allow, a stock
   tap, now and then an undo), each waiting for the answer: median and p99 latency;
2. **many games**: ``--games`` players (each its own cookie and game) acting concurrently
   from asyncio tasks for ``--seconds``: actions per second, and the latency they saw.

Client and server share the machine, so the client's own work is in the figures.
"""

from __future__ import annotations

import argparse
import asyncio
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
from collections import Counter
from pathlib import Path
from typing import Any

import httpx

VARIANT = "KL1-D1N"


def start_server(data_dir: Path, synchronous: str) -> tuple[subprocess.Popen[str], str]:
    """A ``solitaire serve`` process on a free loopback port, and its address."""
    command = [str(Path(sys.executable).parent / "solitaire"), "serve", "--port", "0"]
    env = {
        **os.environ,
        "SOLITAIRE_DATA_DIR": str(data_dir),
        "SOLITAIRE_DATABASE_URL": "",  # SQLite in data_dir, whatever the shell has set
        "SOLITAIRE_SQLITE_SYNCHRONOUS": synchronous,
    }
    process = subprocess.Popen(
        command, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True
    )
    assert process.stdout is not None
    line = process.stdout.readline()
    match = re.search(r"open (http://\S+/)", line)
    if match is None:
        process.kill()
        raise RuntimeError(f"the server did not start: {line!r}")
    address = match[1]
    # The server logs every request to its stdout: keep reading it, or the pipe fills up
    # and the server stops.
    threading.Thread(target=process.stdout.read, daemon=True).start()
    deadline = time.monotonic() + 30
    while True:
        try:
            httpx.get(address + "api/settings", timeout=2)
            return process, address
        except httpx.TransportError:
            if time.monotonic() > deadline:
                process.kill()
                raise
            time.sleep(0.05)


def stop_server(process: subprocess.Popen[str]) -> None:
    """Stop a server :func:`start_server` started, as Ctrl+C would (killed if it hangs)."""
    process.send_signal(signal.SIGINT)
    try:
        process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        process.kill()


def cpu_seconds(pid: int) -> float:
    """User + system CPU time a process has used (Linux /proc; 0 elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def next_action(rng: random.Random, state: dict[str, Any]) -> dict[str, Any]:
    """A plausible player action on a state: mostly legal drops and stock taps."""
    roll = rng.random()
    if state["can_undo"] and roll < 0.1:
        return {"version": state["version"], "type": "undo"}
    if state["dests"] and roll < 0.6:
        dest = rng.choice(state["dests"])
        return {
            "version": state["version"],
            "type": "drop",
            "pile": dest["pile"],
            "index": dest["index"],
            "target": dest["targets"][0],
        }
    return {"version": state["version"], "type": "stock"}


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def one_client(address: str, seconds: float) -> dict[str, Any]:
    rng = random.Random(1)
    latencies: list[float] = []
    statuses: Counter[int] = Counter()
    with httpx.Client(base_url=address, timeout=10) as client:
        state = client.post("/api/games", json={"mode": "new", "variant": VARIANT}).json()
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            action = next_action(rng, state)
            began = time.perf_counter()
            response = client.post(f"/api/games/{state['id']}/actions", json=action)
            latencies.append(time.perf_counter() - began)
            statuses[response.status_code] += 1
            body = response.json()
            state = body if response.status_code == 200 else body.get("state", state)
            if state["won"]:
                state = client.post("/api/games", json={"mode": "new", "variant": VARIANT}).json()
    return {"latencies": latencies, "statuses": statuses}


async def _player(
    client: httpx.AsyncClient,
    deadline: float,
    latencies: list[float],
    statuses: Counter[int],
) -> None:
    # Each player is its own browser: its own id in the cookie, sent by hand because the
    # players share one connection pool (an httpx client each would cost more than the
    # server does).
    headers = {"cookie": f"solitaire_player={secrets.token_urlsafe(16)}"}
    rng = random.Random()
    response = await client.post(
        "/api/games", json={"mode": "new", "variant": VARIANT}, headers=headers
    )
    state = response.json()
    while time.monotonic() < deadline:
        action = next_action(rng, state)
        began = time.perf_counter()
        response = await client.post(
            f"/api/games/{state['id']}/actions", json=action, headers=headers
        )
        latencies.append(time.perf_counter() - began)
        statuses[response.status_code] += 1
        body = response.json()
        state = body if response.status_code == 200 else body.get("state", state)
        if state["won"]:
            response = await client.post(
                "/api/games", json={"mode": "new", "variant": VARIANT}, headers=headers
            )
            state = response.json()


async def many_games(address: str, games: int, seconds: float) -> dict[str, Any]:
    latencies: list[float] = []
    statuses: Counter[int] = Counter()
    limits = httpx.Limits(max_connections=games, max_keepalive_connections=games)
    async with httpx.AsyncClient(base_url=address, timeout=60, limits=limits) as client:
        # The jar would mix the players' cookies: the server sets none for them anyway.
        client.cookies.clear()
        began = time.monotonic()
        deadline = began + seconds
        await asyncio.gather(
            *(_player(client, deadline, latencies, statuses) for _ in range(games))
        )
        elapsed = time.monotonic() - began
    return {"latencies": latencies, "statuses": statuses, "elapsed": elapsed}


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=8.0, help="length of each part")
    parser.add_argument("--games", type=int, default=50, help="concurrent games in part 2")
    parser.add_argument(
        "--synchronous",
        choices=["FULL", "NORMAL"],
        default="FULL",
        help="SQLite's sync on commit (FULL, the default, waits for the disk at each action)",
    )
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="solitaire-bench-") as data_dir:
        process, address = start_server(Path(data_dir), args.synchronous)
        try:
            cpu_before = cpu_seconds(process.pid)
            single = one_client(address, args.seconds)
            cpu_single = cpu_seconds(process.pid) - cpu_before
            latencies = single["latencies"]
            print(
                f"http bench: server {address} (uvicorn, 1 process, SQLite, "
                f"synchronous={args.synchronous})"
            )
            median = _ms(statistics.median(latencies))
            print(
                f"  one client:  {len(latencies)} actions, median {median}"
                f", p99 {_ms(percentile(latencies, 0.99))}  (answers {dict(single['statuses'])})"
                f", server CPU {_ms(cpu_single / len(latencies))} per action"
            )
            cpu_before = cpu_seconds(process.pid)
            many = asyncio.run(many_games(address, args.games, args.seconds))
            cpu_many = cpu_seconds(process.pid) - cpu_before
            latencies = many["latencies"]
            rate = len(latencies) / many["elapsed"]
            print(
                f"  {args.games} games:    {len(latencies)} actions in {many['elapsed']:.1f} s = "
                f"{rate:.0f} actions/s, median {_ms(statistics.median(latencies))}, "
                f"p99 {_ms(percentile(latencies, 0.99))}  (answers {dict(many['statuses'])})"
                f", server CPU {_ms(cpu_many / len(latencies))} per action"
            )
            load = os.getloadavg()[0]
            print(f"  (machine: {os.cpu_count()} CPUs, load average {load:.1f} at the end)")
        finally:
            stop_server(process)
    return 0


if __name__ == "__main__":
    sys.exit(main())
