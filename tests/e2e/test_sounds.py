"""UI-17, sounds: with Sounds off (the default) no sound plays — no AudioContext is even
made; the board's toggle turns them on, and then a move makes one."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from .harness import open_board

# Counts the AudioContexts the page makes, and the tones started on them.
COUNT_AUDIO = """
window.__audio = { contexts: 0, tones: 0 };
const Real = window.AudioContext;
window.AudioContext = class extends Real {
  constructor(...args) { super(...args); window.__audio.contexts += 1; }
  createOscillator() {
    const tone = super.createOscillator();
    const start = tone.start.bind(tone);
    tone.start = (...args) => { window.__audio.tones += 1; return start(...args); };
    return tone;
  }
};
"""


def tap_stock(page: Page) -> None:
    moves = page.locator("[data-moves]").inner_text()
    page.locator('[data-pile="s"]').first.click()
    expect(page.locator("[data-moves]")).not_to_have_text(moves)


def test_ui17_no_sound_with_sounds_off(page: Page, server: str) -> None:
    page.add_init_script(COUNT_AUDIO)
    open_board(page, server)
    expect(page.locator("[data-sounds]")).to_have_attribute("aria-pressed", "false")
    for _ in range(3):
        tap_stock(page)
    page.locator("#new-game-button").click()
    page.locator("[data-deal='new']").click()
    page.wait_for_timeout(500)
    assert page.evaluate("window.__audio") == {"contexts": 0, "tones": 0}


def test_ui17_the_toggle_turns_sounds_on(page: Page, server: str) -> None:
    page.add_init_script(COUNT_AUDIO)
    open_board(page, server)
    page.locator("[data-sounds]").click()
    expect(page.locator("[data-sounds]")).to_have_attribute("aria-pressed", "true")
    tap_stock(page)
    page.wait_for_function("window.__audio.tones > 0")
    assert page.evaluate("window.__audio.contexts") == 1
