"""The parts every browser test and the screenshot script share: the real server started as
a subprocess on a free port with a throwaway database, Chromium (Debian's, never a download),
and small helpers to read and drive the board.

>>> chromium_args()[:2]
['--headless', '--no-sandbox']
"""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from playwright.sync_api import (
    Browser,
    BrowserContext,
    CDPSession,
    FloatRect,
    Locator,
    Page,
    Playwright,
    ViewportSize,
    sync_playwright,
)

from solitaire.layout import parse_layout
from solitaire.play import Game

from ..support.server import ADDRESS_LINE, TESTS_TODAY
from .context_pool import ContextPool, service_workers_allowed
from .layouts import simple_simon_one_move_from_winning

ROOT = Path(__file__).resolve().parents[2]
#: The two screens every board is looked at on: a phone held upright and a desktop.
SIZES: dict[str, ViewportSize] = {
    "phone": {"width": 390, "height": 844},
    "desktop": {"width": 1440, "height": 900},
}
SOLITAIRE = ROOT / ".venv" / "bin" / "solitaire"
#: As the system tests' servers: on a busy machine a start waits its turn for the CPU.
SERVER_START_SECONDS = 60.0
#: The date the browser tests' server takes for today (SOLITAIRE_TODAY): "today's" deal is
#: known in advance, whatever day the tests run on.
TODAY = TESTS_TODAY


def chromium_args() -> list[str]:
    return [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--no-first-run",
        # One renderer process for all the pages of a browser context, and none made anew
        # for each page: with the contexts used again (context_pool.py) a test's pages then
        # run in a process already started (a renderer's start is most of a small test's
        # computing). The board runs on one site, so site isolation has nothing to isolate.
        "--renderer-process-limit=1",
        "--disable-site-isolation-trials",
    ]


#: Debian's builds of Chromium the tests can drive, the lighter first: the headless shell
#: (package chromium-headless-shell, what Playwright itself runs for headless tests) is the
#: same Blink and V8 without the desktop browser around them, and runs the browser tests in
#: about a quarter less computing (docs/testing.md); the full browser where it is missing.
CHROMIUM_EXECUTABLES = ("chromium-headless-shell", "chromium")


def chromium_executable() -> str:
    """The path of the Chromium the tests launch (``CHROMIUM_EXECUTABLES``, the first found).

    >>> chromium_executable().rsplit("/", 1)[-1] in CHROMIUM_EXECUTABLES
    True
    """
    for name in CHROMIUM_EXECUTABLES:
        executable = shutil.which(name)
        if executable is not None:
            return executable
    raise RuntimeError("Chromium is not installed (apt-get install chromium-headless-shell)")


def launch_chromium(playwright: Playwright) -> Browser:
    """Debian's Chromium (the tests never run ``playwright install``)."""
    return playwright.chromium.launch(executable_path=chromium_executable(), args=chromium_args())


@contextlib.contextmanager
def chromium_browser() -> Iterator[Browser]:
    """A running Debian Chromium for one group of tests, closed afterwards."""
    with sync_playwright() as playwright:
        chromium = launch_chromium(playwright)
        pool = ContextPool(with_test_defaults(chromium))
        yield chromium
        pool.close()
        chromium.close()


def with_test_defaults(browser: Browser) -> Browser:
    """``browser`` whose new contexts prefer reduced motion unless told otherwise
    (``reduced_motion="no-preference"``): a deal then lands at once instead of flying for
    about a second (UI-18), which most tests only wait out. The tests of motion itself (the
    deal, the flights of quick taps, the celebration) ask for it. And their pages cannot
    register the service worker unless the test is marked ``service_worker``
    (context_pool.py says why)."""
    open_context = browser.new_context

    def new_context(**options: Any) -> BrowserContext:
        options.setdefault("reduced_motion", "reduce")
        if not service_workers_allowed():
            options.setdefault("service_workers", "block")
        return open_context(**options)

    setattr(browser, "new_context", new_context)  # noqa: B010 (an instance's method)
    return browser


def phone_network(
    latency_ms: float = 150, down_kbit: float = 1600, up_kbit: float = 750
) -> dict[str, Any]:
    """A phone's network for Chromium's emulation (150 ms added round trip, 1.6 Mbit/s down,
    750 kbit/s up unless told)."""
    return {
        "offline": False,
        "latency": latency_ms,
        "downloadThroughput": down_kbit * 1000 / 8,
        "uploadThroughput": up_kbit * 1000 / 8,
    }


def emulate_network(page: Page, conditions: dict[str, Any] | None = None) -> CDPSession:
    """Slow the page's network down as Chromium's DevTools do (``phone_network()`` unless
    told); answers the DevTools session, which keeps the emulation while it lives."""
    session = page.context.new_cdp_session(page)
    session.send("Network.enable")
    session.send("Network.emulateNetworkConditions", conditions or phone_network())
    return session


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextlib.contextmanager
def running_server(
    data_dir: Path, *, port: int | None = None, env: dict[str, str] | None = None
) -> Iterator[str]:
    """``solitaire serve`` on a free port (or ``port``) with its database in ``data_dir``
    (and any other ``SOLITAIRE_*`` settings in ``env``); yields its base address once it
    answers, and stops it afterwards (its output is kept in data_dir).

    Without ``port`` the server binds port 0 and the address it prints is read back, so that
    servers started at once by parallel test workers never race for one port.
    """
    env = dict(
        os.environ,
        SOLITAIRE_DATA_DIR=str(data_dir),
        SOLITAIRE_TODAY=TODAY.isoformat(),
        **(env or {}),
    )
    data_dir.mkdir(parents=True, exist_ok=True)
    log_path = data_dir / "server.log"
    executable = str(SOLITAIRE) if SOLITAIRE.exists() else shutil.which("solitaire")
    if executable is None:
        raise RuntimeError("the `solitaire` command is not installed (make setup)")
    with log_path.open("wb") as log:
        process = subprocess.Popen(
            [executable, "serve", "--host", "127.0.0.1", "--port", str(port or 0)],
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        try:
            base = _wait_until_answering(
                f"http://127.0.0.1:{port}" if port else None, process, log_path
            )
            yield base
        finally:
            process.terminate()
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


def _wait_until_answering(
    base: str | None, process: subprocess.Popen[bytes], log_path: Path
) -> str:
    """Wait until the server answers and return its base address (read from the address it
    prints when ``base`` is None)."""
    deadline = time.monotonic() + SERVER_START_SECONDS
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(
                f"the server stopped (status {process.returncode}):\n{log_path.read_text()}"
            )
        if base is None:
            found = ADDRESS_LINE.search(log_path.read_text(errors="replace"))
            if found is None:
                time.sleep(0.05)
                continue
            base = found.group(1).rstrip("/")
        try:
            with urllib.request.urlopen(f"{base}/api/settings", timeout=2) as answer:
                if answer.status == 200:
                    return base
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            time.sleep(0.1)
    raise RuntimeError(f"the server did not answer in {SERVER_START_SECONDS} s")


# -- reading and driving the board ---------------------------------------------------------


def open_board(page: Page, base: str, path: str = "/") -> None:
    """Load the board and wait until it has drawn its game and its deal has landed."""
    page.goto(f"{base}{path}")
    page.wait_for_selector("body[data-ready]")
    wait_for_the_deal(page)


def reopen_under_routes(page: Page) -> None:
    """Load the board again after ``page.route``, so that the routes hold from the start.

    Chromium hands a page already open its routed network asynchronously, and a request the
    page makes at once may still go out unrouted: the likely cause of a CI failure in which a
    stock tap meant to meet a proxy's error reached the server. Every request of a page loaded
    after the route is set goes through it."""
    open_board(page, "/".join(page.url.split("/", 3)[:3]))


def wait_for_the_deal(page: Page) -> None:
    """Until a new deal's cards have flown to their places (UI-18: under a second)."""
    page.wait_for_selector("#board:not([data-dealing])", state="attached")


def api(page: Page, method: str, path: str, body: dict[str, Any] | None = None) -> Any:
    """Call the server as this browser's player (the same cookie); answers the JSON body."""
    base = page.url.split("/", 3)[:3]
    address = "/".join(base) + path
    response = page.request.fetch(address, method=method, data=body)
    return response.json()


def start_layout(page: Page, base: str, layout: str) -> dict[str, Any]:
    """Start a game from layout text for this browser's player (a new one if the browser has
    no cookie yet) and show it."""
    response = page.request.post(f"{base}/api/games", data={"mode": "layout", "layout": layout})
    state: dict[str, Any] = response.json()
    assert "piles" in state, state
    open_board(page, base)
    return state


def start_simple_simon_one_move_from_winning(page: Page, base: str) -> Game:
    """Show the Simple Simon position one move (t2-t1) from a win; the engine's game once
    that move is played, to compare the board's won dialog and score with."""
    layout = simple_simon_one_move_from_winning()
    engine = Game(parse_layout(layout))
    engine.play("t2-t1")
    assert engine.won
    start_layout(page, base, layout)
    return engine


def current_state(page: Page) -> dict[str, Any]:
    state: dict[str, Any] = api(page, "GET", "/api/games/current")
    return state


def pile_cards(page: Page, pile: str) -> list[str | None]:
    """The cards the board shows in a pile, bottom first (None: face down)."""
    cards: list[str | None] = page.eval_on_selector_all(
        f'[data-pile="{pile}"] .card',
        "cards => cards.map(card => card.dataset.card ?? null)",
    )
    return cards


def card_in(page: Page, pile: str, code: str) -> Locator:
    return page.locator(f'[data-pile="{pile}"] [data-card="{code}"]')


def on_screen(locator: Locator, what: str) -> FloatRect:
    """Where ``locator``'s element is drawn, once it shows.

    The board may still be laying out (a phone's first frame): the element is waited for.
    A redraw may replace it between finding it and measuring it (an answer redraws its pile;
    the board laid out again at a new size, as when the toolbar's height changes, replaces
    every pile): it is looked for again."""
    for _ in range(3):
        locator.wait_for(state="visible")
        box = locator.bounding_box()
        if box is not None:
            return box
    raise AssertionError(f"{what} is not on screen")


def grab_point(locator: Locator) -> tuple[float, float]:
    """A point on the card's visible top strip (cards above it cover the rest)."""
    # A new deal's cards are measured where they land.
    wait_for_the_deal(locator.page)
    box = on_screen(locator, "the card")
    return box["x"] + box["width"] / 2, box["y"] + min(8.0, box["height"] / 2)


def drop_point(page: Page, pile: str) -> tuple[float, float]:
    """A point inside a pile where a dragged card may be released."""
    box = on_screen(page.locator(f'[data-pile="{pile}"]'), f"pile {pile}")
    card_width = box["width"]
    return box["x"] + card_width / 2, box["y"] + min(box["height"] / 2, card_width * 0.7)


def drag(page: Page, card: Locator, pile: str, *, release: bool = True) -> None:
    """Press on a card, move it in steps over a pile and release it there (mouse)."""
    start_x, start_y = grab_point(card)
    end_x, end_y = drop_point(page, pile)
    page.mouse.move(start_x, start_y)
    page.mouse.down()
    page.mouse.move(start_x + 6, start_y + 6, steps=2)
    page.mouse.move(end_x, end_y, steps=8)
    if release:
        page.mouse.up()


def finger_drag(page: Page, start: tuple[float, float], end: tuple[float, float]) -> None:
    """Touch events through the browser's own input pipeline (as a real finger sends them)."""
    session = page.context.new_cdp_session(page)

    def send(kind: str, x: float, y: float) -> None:
        points = [] if kind == "touchEnd" else [{"x": x, "y": y}]
        session.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    send("touchStart", *start)
    for step in range(1, 11):
        send(
            "touchMove",
            start[0] + (end[0] - start[0]) * step / 10,
            start[1] + (end[1] - start[1]) * step / 10,
        )
    send("touchEnd", *end)
    session.detach()


def wait_for_moves(page: Page, moves: int) -> None:
    page.wait_for_function(
        "moves => document.querySelector('[data-moves]').textContent === String(moves)", arg=moves
    )


def catalog(page: Page) -> dict[str, str]:
    messages: dict[str, str] = api(page, "GET", "/api/messages?lang=en")["messages"]
    return messages
