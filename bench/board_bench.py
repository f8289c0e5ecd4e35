"""Board benchmark: the first load and a return visit on a phone's network, in Chromium.

    .venv/bin/python -m bench.board_bench [--runs 3] [--latency 150] [--down 1600] [--up 750]

Starts a real server process with a temporary SQLite database and Debian's Chromium at a
phone's size (390×844, touch), its network slowed by Chromium's own emulation (the
DevTools protocol's ``Network.emulateNetworkConditions``: 150 ms added to every round trip,
1.6 Mbit/s down, 750 kbit/s up by default). Each run is a new player in a new browser
profile (empty cache, no cookie), who opens ``/``; then the same player opens ``/`` again
(a return visit, the browser's cache kept). For each it prints:

- bytes on the wire (every answer's encoded size with its headers, as Chromium counts it),
- the number of requests, and of those the browser answered from its own cache,
- the time from the start of the navigation to the first card drawn (a card element in the
  document and one frame painted after it), measured inside the page.

Then, once (rules UI-21), a new player on the same network until the board says it can play
offline (``<html data-offline-ready="true">``): the engine's files' bytes on the wire
(``/offline/…``, downloaded in the background after the board has drawn) and the time from
the start of the navigation to that mark.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright
from tests.e2e.harness import chromium_args, emulate_network, phone_network

from .http_bench import start_server

# Runs in the page before its own scripts: notes when the first card enters the document,
# then waits one frame, so the figure is the first card on screen.
FIRST_CARD_PROBE = """
(() => {
  const seen = () => {
    if (window.__firstCard !== undefined) return;
    if (!document.querySelector('[data-pile] .card')) return;
    window.__firstCard = null;
    requestAnimationFrame(() => { window.__firstCard = performance.now(); });
  };
  new MutationObserver(seen).observe(document, { childList: true, subtree: true });
})();
"""


@dataclass
class Visit:
    """What one page load cost."""

    bytes: int = 0
    requests: int = 0
    from_cache: int = 0
    first_card_ms: float = 0.0
    urls: list[str] = field(default_factory=list)


def first_card_ms(page: Page, timeout_seconds: float = 60.0) -> float:
    """When the probe saw the first card. Polled with ``evaluate`` (the DevTools protocol's,
    which the page's Content-Security-Policy leaves alone): ``wait_for_function`` compiles its
    text inside the page, which the policy forbids (no ``'unsafe-eval'``)."""
    deadline = time.monotonic() + timeout_seconds
    while time.monotonic() < deadline:
        seen = page.evaluate("window.__firstCard")
        if isinstance(seen, int | float):
            return float(seen)
        page.wait_for_timeout(20)
    raise TimeoutError("no card showed within a minute")


def visit(context: BrowserContext, address: str, args: argparse.Namespace) -> Visit:
    """Open the board in a new tab of ``context`` and measure the load until a card shows."""
    page = context.new_page()
    session = emulate_network(page, phone_network(args.latency, args.down, args.up))
    result = Visit()
    cached: set[str] = set()

    def finished(event: dict[str, Any]) -> None:
        result.bytes += int(event.get("encodedDataLength", 0))

    def sent(event: dict[str, Any]) -> None:
        result.requests += 1
        result.urls.append(event["request"]["url"])

    def received(event: dict[str, Any]) -> None:
        answer = event["response"]
        if answer.get("fromDiskCache") or answer.get("fromMemoryCache"):
            cached.add(event["requestId"])

    session.on("Network.loadingFinished", finished)
    session.on("Network.requestWillBeSent", sent)
    session.on("Network.responseReceived", received)
    page.goto(address, wait_until="commit")
    result.first_card_ms = first_card_ms(page)
    # Whatever the board still asks for once its first card shows counts too.
    page.wait_for_load_state("networkidle")
    result.from_cache = len(cached)
    session.detach()
    page.close()
    return result


def run(browser: Browser, address: str, args: argparse.Namespace) -> tuple[Visit, Visit]:
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True
    )
    context.add_init_script(FIRST_CARD_PROBE)
    try:
        first = visit(context, address, args)
        again = visit(context, address, args)
    finally:
        context.close()
    return first, again


@dataclass
class OfflineReady:
    """What making the board playable offline cost: the engine's files, and how long."""

    bytes: int = 0
    files: int = 0
    ready_ms: float = 0.0


def offline_ready(browser: Browser, address: str, args: argparse.Namespace) -> OfflineReady:
    """A new player opens the board and waits for ``data-offline-ready`` (UI-21)."""
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True
    )
    page = context.new_page()
    session = emulate_network(page, phone_network(args.latency, args.down, args.up))
    result = OfflineReady()
    offline_ids: set[str] = set()

    def sent(event: dict[str, Any]) -> None:
        if "/offline/" in event["request"]["url"]:
            offline_ids.add(event["requestId"])
            result.files += 1

    def finished(event: dict[str, Any]) -> None:
        if event["requestId"] in offline_ids:
            result.bytes += int(event.get("encodedDataLength", 0))

    session.on("Network.requestWillBeSent", sent)
    session.on("Network.loadingFinished", finished)
    try:
        page.goto(address, wait_until="commit")
        page.wait_for_selector(
            "html[data-offline-ready='true']", state="attached", timeout=args.offline_timeout * 1000
        )
        result.ready_ms = float(page.evaluate("performance.now()"))
        session.detach()
    finally:
        context.close()
    return result


def _summary(name: str, visits: list[Visit]) -> str:
    kb = statistics.median(v.bytes for v in visits) / 1024
    requests = statistics.median(v.requests for v in visits)
    cache = statistics.median(v.from_cache for v in visits)
    times = sorted(v.first_card_ms for v in visits)
    return (
        f"  {name:<13} {kb:6.1f} KB on the wire, {requests:4.0f} requests "
        f"({cache:.0f} from the browser's cache), first card at "
        f"{statistics.median(times):5.0f} ms (runs: {', '.join(f'{t:.0f}' for t in times)})"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="new players, each loading twice")
    parser.add_argument("--latency", type=float, default=150, help="added round trip, ms")
    parser.add_argument("--down", type=float, default=1600, help="download, kbit/s")
    parser.add_argument("--up", type=float, default=750, help="upload, kbit/s")
    parser.add_argument("--urls", action="store_true", help="list what the first visit asks")
    parser.add_argument(
        "--offline-timeout", type=float, default=300, help="seconds to wait for data-offline-ready"
    )
    args = parser.parse_args(argv)
    executable = shutil.which("chromium")
    if executable is None:
        print("board bench: Chromium is not installed (make test installs it)", file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory(prefix="solitaire-bench-") as data_dir:
        server = start_server(Path(data_dir), database_url="", workers=1)
        address = server.address
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(
                    executable_path=executable, args=chromium_args()
                )
                firsts: list[Visit] = []
                agains: list[Visit] = []
                for _ in range(args.runs):
                    first, again = run(browser, address, args)
                    firsts.append(first)
                    agains.append(again)
                ready = offline_ready(browser, address, args)
                browser.close()
        finally:
            server.stop()
    print(
        f"board bench: a phone (390×844) on {args.latency:.0f} ms round trip, "
        f"{args.down:.0f} kbit/s down, {args.up:.0f} kbit/s up (Chromium's emulation)"
    )
    print(_summary("first visit", firsts))
    print(_summary("return visit", agains))
    print(
        f"  {'offline':<13} {ready.bytes / 1024 / 1024:6.1f} MB on the wire in "
        f"{ready.files} files (the engine: UI-21), data-offline-ready at "
        f"{ready.ready_ms / 1000:5.1f} s"
    )
    if args.urls:
        for url in firsts[0].urls:
            print(f"    {url}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
