"""Draws the app's icons (web/icons/*.png) from their SVG sources with Debian's Chromium:
the manifest's 192 and 512 px icons, the maskable one, the Apple touch icon and a 32 px
favicon. Run again after changing icon.svg or maskable.svg; the PNGs are committed.

    .venv/bin/python scripts/draw_icons.py
"""

from __future__ import annotations

import shutil
from pathlib import Path

from playwright.sync_api import sync_playwright

ICONS = Path(__file__).resolve().parents[1] / "src" / "solitaire" / "web" / "icons"
#: PNG name → (its SVG source, its size in pixels).
DRAWN = {
    "icon-192.png": ("icon.svg", 192),
    "icon-512.png": ("icon.svg", 512),
    "maskable-512.png": ("maskable.svg", 512),
    "apple-touch-icon.png": ("maskable.svg", 180),
    "favicon-32.png": ("icon.svg", 32),
}
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]


def main() -> None:
    executable = shutil.which("chromium")
    if executable is None:
        raise SystemExit("draw_icons: Chromium is not installed (apt-get install chromium)")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, args=FLAGS)
        for name, (source, size) in DRAWN.items():
            page = browser.new_page(viewport={"width": size, "height": size})
            svg = (ICONS / source).read_text(encoding="utf-8")
            page.set_content(
                "<style>html,body{margin:0;background:transparent}svg{display:block;"
                f"width:{size}px;height:{size}px}}</style>{svg}"
            )
            page.screenshot(path=str(ICONS / name), omit_background=True)
            page.close()
            print(ICONS / name)
        browser.close()


if __name__ == "__main__":
    main()
