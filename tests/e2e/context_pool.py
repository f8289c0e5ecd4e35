"""Browser contexts used again from test to test, cleaned in between.

A new browser context costs Chromium a new renderer process, most of a board test's
computing (docs/testing.md). So a context a test closes is not closed: it is cleaned and
handed to the next test that asks for one with the same options. Cleaned means what a new
player would find: its pages closed, its cookies and every kind of storage of the sites it
visited cleared (local storage, IndexedDB, Cache Storage, service workers), its routes gone,
online, no permissions. A blank page of its own stays open so that its renderer process lives
on for the next test (Chromium runs with one renderer per context: ``chromium_args``).

What cannot be undone keeps a context out of the pool: an init script, an exposed
function, extra headers, a context made from another's storage state, the page clock
(``keep_out_of_the_pool``, which the clock's one user calls), and a test marked
``cold_browser``, which gets a context never used before (as the first-load size test needs:
a renderer that has loaded the board holds its files in memory).

The pages of a test not marked ``service_worker`` cannot register the service worker
(``harness.with_test_defaults``): installed, it fetches the board's requests itself, and
Playwright's routes, which many tests use to play a server's or a proxy's failure, no longer
see them; it would also download the offline engine in every test that lasts a few seconds.
The offline tests are marked.

>>> sorted(UNDOABLE_BY_NOBODY)[:2]
['add_init_script', 'expose_binding']
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

from playwright.sync_api import Browser, BrowserContext, CDPSession, Error, Frame, Page

#: The context's methods whose effect no cleaning undoes: a test that calls one closes its
#: context for good.
UNDOABLE_BY_NOBODY = frozenset(
    {
        "add_init_script",
        "expose_binding",
        "expose_function",
        "set_extra_http_headers",
        "set_geolocation",
        "route_from_har",
        "set_default_timeout",
        "set_default_navigation_timeout",
    }
)
#: Idle contexts kept at most (each holds a renderer process); the longest idle goes first.
IDLE_LIMIT = 6
#: The marker of a test that needs a context no test has used before.
COLD = "cold_browser"
#: The marker of a test whose pages may register the service worker (the others' may not).
SERVICE_WORKER = "service_worker"


@dataclass
class _Pooled:
    context: BrowserContext
    key: str
    keeper: Page
    session: CDPSession
    origins: set[str] = field(default_factory=set)
    reusable: bool = True


class ContextPool:
    """Hands out browser contexts of ``browser``, new or cleaned (``new_context`` replaces
    the browser's own)."""

    def __init__(self, browser: Browser) -> None:
        self._open: Callable[..., BrowserContext] = browser.new_context
        self._idle: list[_Pooled] = []
        setattr(browser, "new_context", self.new_context)  # noqa: B010 (an instance's method)

    def new_context(self, **options: Any) -> BrowserContext:
        if COLD in _test_markers or "storage_state" in options:
            return self._open(**options)
        key = repr(sorted(options.items()))
        for entry in reversed(self._idle):
            if entry.key == key:
                self._idle.remove(entry)
                return entry.context
        return self._pooled(key, options).context

    def close(self) -> None:
        """Close every idle context (the browser is about to close)."""
        for entry in self._idle:
            _close_quietly(entry.context)
        self._idle.clear()

    def _pooled(self, key: str, options: dict[str, Any]) -> _Pooled:
        context = self._open(**options)
        keeper = context.new_page()
        entry = _Pooled(context, key, keeper, context.new_cdp_session(keeper))
        close = context.close

        def release(**_: Any) -> None:
            if entry.reusable and self._clean(entry):
                self._idle.append(entry)
                while len(self._idle) > IDLE_LIMIT:
                    _close_quietly(self._idle.pop(0).context)
            else:
                close()

        def visited(frame: Frame) -> None:
            parts = urlsplit(frame.url)
            if parts.scheme in ("http", "https"):
                entry.origins.add(f"{parts.scheme}://{parts.netloc}")

        def watch(page: Page) -> None:
            page.on("framenavigated", visited)

        context.on("page", watch)
        for name in UNDOABLE_BY_NOBODY:
            setattr(context, name, _marking(entry, getattr(context, name)))
        setattr(context, "close", release)  # noqa: B010 (an instance's method)
        setattr(context, "_pooled_entry", entry)  # noqa: B010 (found by keep_out_of_the_pool)
        return entry

    @staticmethod
    def _clean(entry: _Pooled) -> bool:
        """Make ``entry``'s context as a new player's; False if it could not be."""
        context = entry.context
        try:
            for page in context.pages:
                if page is not entry.keeper:
                    page.close()
            context.unroute_all(behavior="ignoreErrors")
            context.set_offline(False)
            context.clear_permissions()
            context.clear_cookies()
            for origin in entry.origins:
                entry.session.send(
                    "Storage.clearDataForOrigin", {"origin": origin, "storageTypes": "all"}
                )
            entry.origins.clear()
        except Error:
            return False
        return True


_test_markers: frozenset[str] = frozenset()


def this_test_is_marked(markers: frozenset[str]) -> None:
    """Which of :data:`COLD` and :data:`SERVICE_WORKER` mark the test about to run (the root
    conftest says)."""
    global _test_markers
    _test_markers = markers & {COLD, SERVICE_WORKER}


def service_workers_allowed() -> bool:
    """Whether the test running is marked ``service_worker``."""
    return SERVICE_WORKER in _test_markers


def keep_out_of_the_pool(context: BrowserContext) -> None:
    """Close ``context`` for good when its test is done (for what cleaning cannot undo, such
    as the page clock)."""
    entry = getattr(context, "_pooled_entry", None)
    if entry is not None:
        entry.reusable = False


def _marking(entry: _Pooled, method: Callable[..., Any]) -> Callable[..., Any]:
    def marked(*args: Any, **kwargs: Any) -> Any:
        entry.reusable = False
        return method(*args, **kwargs)

    return marked


def _close_quietly(context: BrowserContext) -> None:
    with contextlib.suppress(Error):
        BrowserContext.close(context)
