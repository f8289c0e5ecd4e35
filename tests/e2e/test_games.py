"""Starting games (code, link, deal of the day, new deal, same deal), reloading, other tabs."""

from __future__ import annotations

from playwright.sync_api import BrowserContext, Page, expect

from solitaire.codes import GameCode, GameId, parse_variant
from solitaire.deals import deal_of_the_day
from solitaire.play import Game

from .harness import (
    TODAY,
    card_in,
    catalog,
    drag,
    open_board,
    pile_cards,
    start_layout,
    wait_for_moves,
)
from .layouts import klondike


def shown_piles(page: Page, game: Game) -> dict[str, list[str | None]]:
    return {pile_id: pile_cards(page, pile_id) for pile_id, _ in game.position.items()}


def served_piles(game: Game) -> dict[str, list[str | None]]:
    return {pile["id"]: pile["cards"] for pile in game.observation()["piles"]}


def test_a_link_starts_its_deal_and_a_reload_finds_the_same_game(page: Page, server: str) -> None:
    code = "EH1-N-AAAAAAF"
    open_board(page, server, f"/play/{code.lower()}")
    engine = Game.from_code(code)
    expect(page.locator("[data-code]")).to_have_text(code)
    assert shown_piles(page, engine) == served_piles(engine)
    page.locator('[data-pile="s"]').click()
    wait_for_moves(page, 1)
    engine.play("d")
    page.reload()
    page.wait_for_selector("body[data-ready]")
    expect(page.locator("[data-code]")).to_have_text(code)
    expect(page.locator("[data-moves]")).to_have_text("1")
    assert shown_piles(page, engine) == served_piles(engine)


def test_first_visit_starts_klondike_draw_one(page: Page, server: str) -> None:
    open_board(page, server)
    expect(page.locator("[data-code]")).to_contain_text("KL1-D1N-")
    assert len(pile_cards(page, "s")) == 24
    assert page.locator('[data-pile^="t"]').count() == 7


def test_a_bad_link_says_so_and_offers_new_game(page: Page, server: str) -> None:
    open_board(page, server, "/play/KL1-D9N-AAAAAAG")
    dialog = page.locator("#new-game-dialog")
    expect(dialog).to_be_visible()
    error = page.locator("#new-game-error")
    expect(error).to_be_visible()
    expect(error).to_contain_text("KL1-D9N-AAAAAAG")
    # A game is still on the table behind the dialog.
    assert page.locator("[data-pile]").count() > 0


def test_enter_a_code_and_a_bad_code(page: Page, server: str) -> None:
    open_board(page, server)
    page.keyboard.press("n")
    dialog = page.locator("#new-game-dialog")
    expect(dialog).to_be_visible()
    page.locator("#code-input").fill("SS1-S3-AAAAAAB")
    page.locator('[data-deal="code"]').click()
    expect(page.locator("#new-game-error")).to_be_visible()
    expect(dialog).to_be_visible()
    page.locator("#code-input").fill("  ss1-s2-aaaaaab ")
    page.locator("#code-input").press("Enter")
    expect(dialog).to_be_hidden()
    expect(page.locator("[data-code]")).to_have_text("SS1-S2-AAAAAAB")
    engine = Game.from_code("SS1-S2-AAAAAAB")
    assert shown_piles(page, engine) == served_piles(engine)


def test_deal_of_the_day_and_same_deal(page: Page, server: str) -> None:
    open_board(page, server)
    page.locator("#new-game-button").click()
    page.locator("#new-game-dialog input[name=game][value=SS]").check()
    page.locator("#new-game-dialog input[name=suits][value='2']").check()
    # Klondike's options are not asked for Simple Simon.
    expect(page.locator("#new-game-dialog input[name=draw][value='3']")).to_be_hidden()
    page.locator('[data-deal="daily"]').click()
    expect(page.locator("#new-game-dialog")).to_be_hidden()
    # The server's today is pinned (harness.TODAY), so the deal is known on any day.
    expected = GameCode(parse_variant("SS1-S2"), deal_of_the_day(GameId.SIMPLE_SIMON, TODAY))
    expect(page.locator("[data-code]")).to_have_text(str(expected))
    start = {pile: pile_cards(page, pile) for pile in ("t1", "t2", "t3", "t10")}
    # A move the deal allows (the engine's first), made by dragging.
    game = Game.from_code(expected)
    move = game.legal_moves()[0]
    card = served_piles(game)[move.source][-move.count]
    assert card is not None
    drag(page, card_in(page, move.source, card), move.target)
    wait_for_moves(page, 1)
    page.locator("#new-game-button").click()
    # SS-1: the dialog offers the suit count chosen last.
    expect(page.locator("#new-game-dialog input[name=suits][value='2']")).to_be_checked()
    page.locator('[data-deal="same"]').click()
    # UI-11: a game in progress is left only when the player says so.
    page.locator("#leave-dialog").get_by_role("button", name=catalog(page)["ui.leave.go"]).click()
    # Same deal replays it from the start.
    expect(page.locator("[data-moves]")).to_have_text("0")
    expect(page.locator("[data-code]")).to_have_text(str(expected))
    assert {pile: pile_cards(page, pile) for pile in start} == start


def test_new_deal_of_klondike_draw_three_vegas(page: Page, server: str) -> None:
    open_board(page, server)
    page.keyboard.press("n")
    page.locator("#new-game-dialog input[name=game][value=KL]").check()
    page.locator("#new-game-dialog input[name=draw][value='3']").check()
    page.locator("#new-game-dialog input[name=scoring][value=V]").check()
    page.locator('[data-deal="new"]').click()
    expect(page.locator("[data-code]")).to_contain_text("KL1-D3V-")
    expect(page.locator("[data-score]")).to_have_text("-$52")
    page.locator('[data-pile="s"]').click()
    wait_for_moves(page, 1)
    assert len(pile_cards(page, "w")) == 3


def test_escape_closes_the_dialog(page: Page, server: str) -> None:
    open_board(page, server)
    page.keyboard.press("n")
    expect(page.locator("#new-game-dialog")).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.locator("#new-game-dialog")).to_be_hidden()


def test_a_move_in_another_tab_is_adopted_silently(
    page: Page, context: BrowserContext, server: str
) -> None:
    start_layout(page, server, klondike("t1: 8S", "t2: 7H", "t3: AS"))
    other = context.new_page()
    open_board(other, server)
    drag(other, card_in(other, "t2", "7H"), "t1")
    wait_for_moves(other, 1)
    # This tab still shows the old version; its action is stale (409) and adopts the game.
    card_in(page, "t3", "AS").click()
    wait_for_moves(page, 1)
    assert pile_cards(page, "t1") == ["8S", "7H"]
    assert pile_cards(page, "t3") == ["AS"]
    expect(page.locator("#toast")).to_be_hidden()
    other.close()


def test_copy_button_copies_the_link(page: Page, context: BrowserContext, server: str) -> None:
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server)
    open_board(page, server, "/play/KL1-D1V-AAAAAAG")
    page.locator("#copy-button").click()
    expect(page.locator("#toast")).to_contain_text(f"{server}/play/KL1-D1V-AAAAAAG")
    assert page.evaluate("navigator.clipboard.readText()") == f"{server}/play/KL1-D1V-AAAAAAG"


def test_dialogs_take_the_focus_and_give_it_back(page: Page, server: str) -> None:
    open_board(page, server)
    settings_button = page.locator("#settings-button")
    settings_button.focus()
    page.keyboard.press("Enter")
    dialog = page.locator("#settings-dialog")
    expect(dialog).to_be_visible()
    assert page.evaluate("document.activeElement.closest('dialog')?.id") == "settings-dialog"
    # Every control in the dialog has a name a screen reader can read.
    for name in ("double_click", "auto_placement", "placement_help", "interactive_rules"):
        box = dialog.locator(f'input[name="{name}"]')
        assert page.evaluate("box => box.labels.length", box.element_handle()) == 1
        assert box.evaluate("box => box.labels[0].textContent.trim().length") > 5
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(settings_button).to_be_focused()
