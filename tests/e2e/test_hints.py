"""The Hint button and "Winnable deals only" in a real Chromium against a real server."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from solitaire.codes import parse_code
from solitaire.games import rules_for
from solitaire.play import Game
from solitaire.solver import Verdict, solve

from .harness import api, catalog, current_state, open_board
from .test_settings import set_setting


def _start_code(page: Page, server: str, code: str) -> None:
    open_board(page, server)
    state = api(page, "POST", "/api/games", {"mode": "code", "code": code})
    assert state["code"] == code, state
    open_board(page, server)


def test_the_hint_button_is_hidden_until_hints_are_turned_on(page: Page, server: str) -> None:
    _start_code(page, server, "SS1-S1-AAAAABD")
    expect(page.locator("#hint-button")).to_be_hidden()
    set_setting(page, "hints", True)
    expect(page.locator("#hint-button")).to_be_visible()
    page.reload()
    page.wait_for_selector("body[data-ready]")
    expect(page.locator("#hint-button")).to_be_visible()
    set_setting(page, "hints", False)
    expect(page.locator("#hint-button")).to_be_hidden()


def test_a_hint_lights_up_the_cards_to_move_and_their_place_until_dismissed(
    page: Page, server: str
) -> None:
    _start_code(page, server, "SS1-S1-AAAAABD")
    set_setting(page, "hints", True)
    page.locator("#hint-button").click()
    page.wait_for_selector("#board[data-hint]")
    move = page.locator("#board").get_attribute("data-hint")
    # The server's next move of the same solution (answered from the kept solution).
    state = current_state(page)
    hint = api(page, "POST", f"/api/games/{state['id']}/hint", {"version": state["version"]})
    assert hint["move"] == move
    pile = page.locator(f'[data-pile="{hint["pile"]}"] .card')
    expected = pile.count() - hint["index"]
    expect(page.locator(f'[data-pile="{hint["pile"]}"] .card.hint-source')).to_have_count(expected)
    expect(page.locator(f'[data-pile="{hint["target"]}"].hint-target')).to_have_count(1)
    # The highlight stays until the player acts or dismisses it; the game did not move.
    page.wait_for_timeout(2500)
    expect(page.locator(".hint-source")).to_have_count(expected)
    page.keyboard.press("Escape")
    expect(page.locator(".hint-source")).to_have_count(0)
    assert current_state(page)["version"] == state["version"]


def test_a_hint_on_a_lost_deal_says_so(page: Page, server: str) -> None:
    _start_code(page, server, "KL1-D3V-AAAAAAG")
    set_setting(page, "hints", True)
    page.locator("#hint-button").click()
    expect(page.locator("#toast")).to_contain_text("can't be won")
    expect(page.locator(".hint-source")).to_have_count(0)


def test_winnable_deals_only_deals_a_deal_the_solver_wins(page: Page, server: str) -> None:
    _start_code(page, server, "KL1-D1N-AAAAAAG")
    page.locator("#new-game-button").click()
    dialog = page.locator("#new-game-dialog")
    dialog.locator('input[name="game"][value="SS"]').check()
    dialog.locator('input[name="suits"][value="1"]').check()
    box = dialog.locator("#winnable-only")
    expect(box).not_to_be_checked()
    with page.expect_response(lambda r: r.url.endswith("/api/settings")):
        box.check()
    # Waiting is never silent: the dialog says it is looking while the solver searches.
    page.evaluate(
        """() => { const note = document.querySelector('[data-winnable-looking]');
        window.__looked = ''; new MutationObserver(() => { if (!note.hidden)
        window.__looked = note.textContent; }).observe(note, {attributes: true}); }"""
    )
    with page.expect_response(
        lambda r: r.url.endswith("/api/games") and r.request.method == "POST"
    ) as started:
        dialog.locator('[data-deal="new"]').click()
    sent = started.value.request.post_data_json
    assert sent is not None and sent["winnable"] is True
    expect(dialog).to_be_hidden(timeout=10_000)
    assert page.evaluate("window.__looked") == catalog(page)["ui.winnable.looking"]
    code = current_state(page)["code"]
    assert code.startswith("SS1-S1-") and page.locator("#game-code").text_content() == code
    # Proved here too: the solver's solution, played through the real rules, wins.
    parsed = parse_code(code)
    result = solve(rules_for(parsed.variant).deal(parsed.deal), seconds=30)
    assert result.verdict is Verdict.WINNABLE
    game = Game.from_code(parsed)
    for move in result.moves:
        game.play(move)
    assert game.won
    # The choice is remembered.
    assert api(page, "GET", "/api/settings")["winnable_only"] is True
    page.locator("#new-game-button").click()
    expect(page.locator("#winnable-only")).to_be_checked()
