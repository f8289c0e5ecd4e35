"""Pictures of the pages for a person to look at: the rules and examples pages in Romanian and
Dutch at phone size (390×844) and on a desktop (1440×900), a replay part-way, the 404 page;
plus the board's toolbar with the link and the language selector, and the board with its
Settings dialog open (the language list) in Romanian and Dutch at both sizes. Starts its own
server; writes PNGs to screenshots/.

    .venv/bin/python -m tests.pages.screenshots [--out screenshots]
"""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

from playwright.sync_api import Page, ViewportSize, sync_playwright

from tests.e2e.harness import ROOT, launch_chromium, open_board, running_server

PHONE: ViewportSize = {"width": 390, "height": 844}
DESKTOP: ViewportSize = {"width": 1440, "height": 900}
PAGES = ("rules-klondike", "rules-simple-simon", "rules-easy-harp", "examples")


def _open(page: Page, base: str, path: str) -> None:
    page.goto(base + path)
    page.wait_for_selector("body[data-ready]")


def _step(page: Page, replay: str, times: int) -> None:
    for _ in range(times):
        page.locator(f'[data-replay="{replay}"] [data-replay-action="step"]').click()
    # The picture shows where the cards went, not a glide or a fading run on its way.
    page.wait_for_function("() => document.getAnimations().length === 0")


def take(out: Path) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    with (
        tempfile.TemporaryDirectory() as data,
        running_server(Path(data)) as base,
        sync_playwright() as playwright,
    ):
        browser = launch_chromium(playwright)
        for lang in ("ro", "nl"):
            context = browser.new_context(viewport=PHONE, base_url=base, device_scale_factor=2)
            page = context.new_page()
            for name in PAGES:
                _open(page, base, f"/{lang}/{name}")
                path = out / f"site-{lang}-{name}-phone.png"
                page.screenshot(path=str(path))
                written.append(path)
                figure = page.locator("figure[data-diagram]")
                if figure.count():
                    figure.first.scroll_into_view_if_needed()
                    path = out / f"site-{lang}-{name}-diagram-phone.png"
                    page.screenshot(path=str(path))
                    written.append(path)
            _open(page, base, f"/{lang}/examples")
            for replay, steps in (("klondike", 5), ("easy-harp", 25), ("simple-simon", 59)):
                _step(page, replay, steps)
                widget = page.locator(f'[data-replay="{replay}"]')
                widget.scroll_into_view_if_needed()
                path = out / f"site-{lang}-replay-{replay}-phone.png"
                widget.screenshot(path=str(path))
                written.append(path)
            context.close()
        for lang in ("ro", "nl"):
            context = browser.new_context(viewport=DESKTOP, base_url=base)
            page = context.new_page()
            for name in PAGES:
                _open(page, base, f"/{lang}/{name}")
                path = out / f"site-{lang}-{name}-desktop.png"
                page.screenshot(path=str(path))
                written.append(path)
            _open(page, base, f"/{lang}/examples")
            _step(page, "klondike", 5)
            page.locator('[data-replay="klondike"]').scroll_into_view_if_needed()
            path = out / f"site-{lang}-examples-replay-desktop.png"
            page.screenshot(path=str(path))
            written.append(path)
            _open(page, base, f"/{lang}/no-such-page")
            path = out / f"site-{lang}-404-desktop.png"
            page.screenshot(path=str(path))
            written.append(path)
            context.close()
        context = browser.new_context(viewport=DESKTOP, base_url=base)
        page = context.new_page()
        open_board(page, base)
        path = out / "site-board-toolbar-desktop.png"
        page.screenshot(path=str(path))
        written.append(path)
        context.close()
        context = browser.new_context(viewport=PHONE, base_url=base, locale="ro-RO")
        page = context.new_page()
        open_board(page, base)
        path = out / "site-board-toolbar-ro-phone.png"
        page.screenshot(path=str(path))
        written.append(path)
        context.close()
        for lang in ("ro", "nl"):
            for size, viewport in (("phone", PHONE), ("desktop", DESKTOP)):
                context = browser.new_context(viewport=viewport, base_url=base, locale=lang)
                page = context.new_page()
                open_board(page, base)
                page.click("#settings-button")
                page.wait_for_selector("#settings-dialog[open]")
                path = out / f"board-{lang}-settings-{size}.png"
                page.screenshot(path=str(path))
                written.append(path)
                context.close()
        browser.close()
    return written


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "screenshots")
    for path in take(parser.parse_args().out):
        print(path)


if __name__ == "__main__":
    main()
