"""The Statistics dialog, its reset and the History, through the real board; and the toolbar
that fits a phone in every language."""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from solitaire.codes import GameCode, GameId, parse_code, parse_variant
from solitaire.levels.challenges import challenge_for
from solitaire.levels.data import graded_deals

from ..fixtures import KLONDIKE_ONE_MOVE_TO_WIN
from ..test_wins import lines
from .harness import TODAY, api, card_in, current_state, open_board, start_layout

ALMOST_WON = KLONDIKE_ONE_MOVE_TO_WIN


def play_through_api(page: Page, code: str, moves: list[Any]) -> dict[str, Any]:
    """Start ``code`` as this browser's player and send ``moves`` (move text)."""
    state: dict[str, Any] = api(page, "POST", "/api/games", {"mode": "code", "code": code})
    for move in moves:
        state = api(
            page,
            "POST",
            f"/api/games/{state['id']}/actions",
            {"version": state["version"], "type": "move", "move": str(move)},
        )
    return state


def figure(page: Page, name: str) -> str:
    return page.locator(f'#stats-figures [data-stat="{name}"]').inner_text()


def open_stats(page: Page) -> None:
    page.locator("#stats-button").click()
    expect(page.locator("#stats-dialog")).to_have_attribute("data-loaded", "true")


def win_the_almost_won_game_by_a_click(page: Page, server: str) -> None:
    """A Klondike loss played through the API, then a win by the last click on the board."""
    code, moves = lines("KL1-D1N")[0]
    open_board(page, server)
    play_through_api(page, code, moves[:3])  # abandoned by the next game: a loss
    start_layout(page, server, ALMOST_WON)
    card_in(page, "t1", "KH").click()
    expect(page.locator("#won-dialog")).to_be_visible()
    page.locator("#won-dialog button[value='close']").click()


def test_the_dialog_shows_the_figures_and_the_chart_of_the_current_variant(
    page: Page, server: str
) -> None:
    win_the_almost_won_game_by_a_click(page, server)
    open_stats(page)
    dialog = page.locator("#stats-dialog")
    expect(dialog).to_be_visible()
    expect(page.locator("#stats-variant")).to_be_focused()
    expect(page.locator("#stats-variant")).to_have_value("KL-D1N")
    expect(page.locator("#stats-variant option:checked")).to_have_text("Klondike: draw 1, Normal")
    served = api(page, "GET", "/api/stats")["variants"][0]
    assert (served["played"], served["won"]) == (2, 1)
    assert figure(page, "played") == "2"
    assert figure(page, "won") == "1"
    assert figure(page, "win_rate") == "50%"
    assert figure(page, "best_score") == served["best_score"]["text"]
    assert figure(page, "fewest_moves") == "1"
    assert figure(page, "fastest_win") == "0:{:02d}".format(served["fastest_win"]["value"])
    assert figure(page, "current_streak") == "1"
    assert figure(page, "best_streak") == "1"
    chart = page.locator("#stats-chart svg[role='img']")
    expect(chart).to_be_visible()
    expect(chart.locator("rect.loss")).to_have_count(1)
    expect(chart.locator("rect.win")).to_have_count(1)
    expect(chart.locator("title").first).to_have_text("Klondike: draw 1, Normal: recent results")
    # A variant never played says so, and shows no figures.
    page.locator("#stats-variant").select_option("EH-N")
    expect(page.locator("#stats-none")).to_contain_text("Easy Harp: no game played yet.")
    expect(page.locator("#stats-played")).to_be_hidden()
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()


def play_moves(page: Page, state: dict[str, Any], moves: str) -> dict[str, Any]:
    for move in moves.split():
        state = api(
            page,
            "POST",
            f"/api/games/{state['id']}/actions",
            {"version": state["version"], "type": "move", "move": move},
        )
    return state


def stats_key(code: str) -> str:
    """The statistics' key of a code's variant: ``SS1-S2-…`` → ``SS-S2``."""
    game, options = str(parse_code(code).variant).split("-")
    return f"{game[:2]}-{options}"


def test_lv_1_dc_1_the_figures_per_level_and_of_the_challenges(page: Page, server: str) -> None:
    """Won: a Simple Simon deal of no level, an Easy one, and today's Simple Simon challenge.
    The "Games counted" choice reads GET /api/stats per level or of the challenges."""
    open_board(page, server)
    plain_code, plain_moves = lines("SS1-S1")[0]
    assert play_through_api(page, plain_code, plain_moves)["won"]
    easy = api(page, "POST", "/api/games", {"mode": "new", "variant": "SS1-S1", "level": "easy"})
    solution = next(
        graded.solution
        for graded in graded_deals(parse_variant("SS1-S1"), "easy")
        if str(graded.code) == easy["code"]
    )
    assert play_moves(page, easy, solution)["won"]
    challenge = challenge_for(GameId.SIMPLE_SIMON, TODAY)
    started = api(
        page, "POST", "/api/games", {"mode": "challenge", "date": TODAY.isoformat(), "game": "SS"}
    )
    assert play_moves(page, started, challenge.graded.solution)["challenge"]["met"]
    challenge_key = stats_key(started["code"])

    open_board(page, server)
    # The board opens on the won challenge.
    page.locator("#won-dialog button[value='close']").click()
    open_stats(page)
    games = page.locator("#stats-games")
    expect(games).to_have_value("all")
    options = games.locator("option")
    expect(options).to_have_text(
        [
            "All games",
            "Easy deals",
            "Medium deals",
            "Hard deals",
            "Expert deals",
            "Daily challenges",
        ]
    )
    expect(page.locator("#stats-variant")).to_have_value(challenge_key)

    def choose(value: str) -> None:
        games.select_option(value)
        expect(page.locator("#stats-dialog")).to_have_attribute("data-loaded", "true")

    choose("challenge")
    assert (figure(page, "played"), figure(page, "won")) == ("1", "1")
    # Another variant, with the challenges chosen: it says which games it has none of.
    page.locator("#stats-variant").select_option("KL-D1N")
    expect(page.locator("#stats-none")).to_have_text(
        "Klondike: draw 1, Normal (Daily challenges): no game played yet. A game counts once "
        "it is won, or left for another game after at least one move."
    )
    page.locator("#stats-variant").select_option("SS-S1")
    choose("easy")
    easy_games = 1 + (challenge_key == "SS-S1" and challenge.level == "easy")
    assert figure(page, "played") == str(easy_games)
    choose("all")
    assert figure(page, "played") == str(2 + (challenge_key == "SS-S1"))
    # The figures are the server's for that choice.
    served = api(page, "GET", "/api/stats?level=easy")["variants"]
    assert [entry["played"] for entry in served if entry["variant"] == "SS-S1"] == [easy_games]
    # The choice stays while the dialog is closed and opened again.
    choose("hard")
    page.keyboard.press("Escape")
    open_stats(page)
    expect(games).to_have_value("hard")


def test_the_games_counted_are_in_the_board_s_language(page: Page, server: str) -> None:
    open_board(page, server)
    for lang, first, last in [
        ("ro", "Toate partidele", "Provocări zilnice"),
        ("nl", "Alle spellen", "Dagelijkse uitdagingen"),
    ]:
        api(page, "PUT", "/api/settings", {"language": lang})
        open_board(page, server)
        open_stats(page)
        options = page.locator("#stats-games option")
        expect(options.first).to_have_text(first)
        expect(options.last).to_have_text(last)
        page.keyboard.press("Escape")


def test_the_s_key_opens_it_and_a_reset_asks_first(page: Page, server: str) -> None:
    code, moves = lines("SS1-S1")[0]
    open_board(page, server)
    play_through_api(page, code, moves)  # a win
    api(page, "POST", "/api/games", {"mode": "new", "variant": "SS1-S1"})
    open_board(page, server)
    before = api(page, "GET", "/api/stats")
    page.locator("body").press("s")
    expect(page.locator("#stats-dialog")).to_have_attribute("data-loaded", "true")
    expect(page.locator("#stats-variant")).to_have_value("SS-S1")
    assert figure(page, "played") == "1" and figure(page, "best_score") == "844"
    assert figure(page, "fewest_moves") == str(len(moves))

    # The first step only asks; cancelling changes nothing.
    page.locator("#stats-reset-button").click()
    confirm = page.locator("#stats-reset-confirm")
    expect(confirm).to_be_visible()
    expect(page.locator("#stats-reset-cancel")).to_be_focused()
    expect(page.locator("#stats-reset-variant")).to_have_text("Reset Simple Simon: 1 suit")
    page.locator("#stats-reset-cancel").click()
    expect(confirm).to_be_hidden()
    expect(page.locator("#stats-reset-button")).to_be_focused()
    assert api(page, "GET", "/api/stats") == before
    assert figure(page, "played") == "1"

    # Escape takes back the question first, and leaves the dialog open.
    page.locator("#stats-reset-button").click()
    page.keyboard.press("Escape")
    expect(confirm).to_be_hidden()
    expect(page.locator("#stats-dialog")).to_be_visible()
    assert api(page, "GET", "/api/stats") == before

    # Confirmed: the variant's statistics start again; the history keeps the game.
    page.locator("#stats-reset-button").click()
    page.locator("#stats-reset-variant").click()
    expect(page.locator("#stats-none")).to_be_visible()
    expect(page.locator("#stats-reset-done")).to_have_text("The statistics start again from now.")
    expect(page.locator("#stats-since")).to_contain_text("Counted since")
    after = api(page, "GET", "/api/stats")
    assert after["variants"] == [] and list(after["resets"]) == ["SS-S1"]
    assert api(page, "GET", "/api/history")["total"] == 1


def test_the_history_lists_the_games_and_plays_one_again(page: Page, server: str) -> None:
    open_board(page, server)
    api(page, "PUT", "/api/settings", {"language": "nl"})
    vegas, _ = lines("KL1-D1V")[0]
    lost = play_through_api(page, vegas, [])
    state = api(page, "POST", f"/api/games/{lost['id']}/actions", {"version": 0, "type": "stock"})
    assert state["moves"] == 1  # one stock turn: a loss once the next game starts
    code, moves = lines("SS1-S1")[1]
    play_through_api(page, code, moves)  # a win, after the Vegas loss
    api(page, "POST", "/api/games", {"mode": "new", "variant": "EH1-N"})
    open_board(page, server)
    open_stats(page)
    page.get_by_role("tab", name="Geschiedenis").click()
    rows = page.locator("#history-list .history-row")
    expect(rows).to_have_count(2)
    newest, oldest = rows.nth(0), rows.nth(1)
    expect(newest).to_contain_text("Simple Simon: 1 kleur")
    expect(newest).to_contain_text("Gewonnen")
    expect(newest.locator("code")).to_have_text(code)
    expect(oldest).to_contain_text("Klondike: 1 kaart trekken, Vegas")
    expect(oldest).to_contain_text("Verloren")
    expect(oldest).to_contain_text("-$52")
    # The date is written the Dutch way (Intl with the board's language).
    finished = api(page, "GET", "/api/history")["games"][1]["finished_at"]
    dutch_date = page.evaluate(
        "iso => new Intl.DateTimeFormat('nl', {dateStyle: 'medium', timeStyle: 'short'})"
        ".format(new Date(iso))",
        finished,
    )
    expect(oldest.locator("time")).to_have_text(dutch_date)
    expect(page.locator("#history-count")).to_have_text("2 van 2 spellen")

    oldest.get_by_role("button", name=f"Opnieuw spelen: {vegas}").click()
    expect(page.locator("#stats-dialog")).to_be_hidden()
    expect(page.locator("[data-code]")).to_have_text(vegas)
    expect(page.locator("[data-moves]")).to_have_text("0")
    again = current_state(page)
    assert (again["code"], again["version"]) == (vegas, 0)
    assert again["id"] != lost["id"]


def test_the_history_shows_twenty_games_then_more(page: Page, server: str) -> None:
    open_board(page, server)
    for deal in range(1, 23):
        code = str(GameCode(parse_variant("EH1-N"), deal))
        state = api(page, "POST", "/api/games", {"mode": "code", "code": code})
        if deal < 22:  # the last one stays in progress
            api(page, "POST", f"/api/games/{state['id']}/actions", {"version": 0, "type": "stock"})
    open_board(page, server)
    open_stats(page)
    page.locator("#stats-tab-history").click()
    rows = page.locator("#history-list .history-row")
    expect(rows).to_have_count(20)
    expect(page.locator("#history-count")).to_have_text("20 of 21 games")
    expect(rows.first.locator("code")).to_have_text("EH1-N-AAAAAAV")  # deal 21, newest
    page.locator("#history-more").click()
    expect(rows).to_have_count(21)
    expect(rows.last.locator("code")).to_have_text("EH1-N-AAAAAAB")  # deal 1
    expect(page.locator("#history-more")).to_be_hidden()
    expect(page.locator("#history-count")).to_have_text("21 of 21 games")


# -- the toolbar on a phone ------------------------------------------------------------------

TOOLBAR_ITEMS = """() => {
  const items = [...document.querySelectorAll(
    '.toolbar-actions > *, .toolbar-status > *, .toolbar-site > *')];
  return items
    .filter((element) => element.offsetParent !== null)
    .map((element) => {
      const box = element.getBoundingClientRect();
      return {id: element.id || element.className, left: box.left, right: box.right,
              top: box.top, bottom: box.bottom};
    });
}"""


def rows_of(items: list[dict[str, Any]]) -> int:
    """How many lines the toolbar's items sit on (items of one line share their middle)."""
    middles = sorted((item["top"] + item["bottom"]) / 2 for item in items)
    rows = 1
    for above, below in itertools.pairwise(middles):
        if below - above > 12:
            rows += 1
    return rows


def overlapping(items: list[dict[str, Any]]) -> list[tuple[str, str]]:
    pairs = []
    for index, one in enumerate(items):
        for other in items[index + 1 :]:
            apart = (
                one["right"] <= other["left"] + 0.5
                or other["right"] <= one["left"] + 0.5
                or one["bottom"] <= other["top"] + 0.5
                or other["bottom"] <= one["top"] + 0.5
            )
            if not apart:
                pairs.append((one["id"], other["id"]))
    return pairs


@pytest.mark.parametrize("lang", ["en", "ro", "nl"])
def test_the_phone_toolbar_keeps_to_two_rows(browser: Browser, server: str, lang: str) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, base_url=server)
    page = context.new_page()
    try:
        open_board(page, server)
        # The longest toolbar: the Hint button on, a Simple Simon game (its runs counter)
        # with a four-digit score.
        api(page, "PUT", "/api/settings", {"language": lang, "hints": True})
        api(page, "POST", "/api/games", {"mode": "code", "code": "SS1-S4-AAAAABD"})
        for width in (390, 320):
            page.set_viewport_size({"width": width, "height": 844 if width == 390 else 640})
            open_board(page, server)
            expect(page.locator("#hint-button")).to_be_visible()
            items = page.evaluate(TOOLBAR_ITEMS)
            assert len(items) >= 9
            assert overlapping(items) == [], (width, items)
            assert all(item["left"] >= 0 and item["right"] <= width for item in items), items
            if width == 390:
                assert rows_of(items) <= 2, items
        # Icons only, yet every button keeps its name for role queries and its tooltip.
        messages = api(page, "GET", f"/api/messages?lang={lang}")["messages"]
        for key, element_id in [
            ("ui.new_game", "new-game-button"),
            ("ui.undo", "undo-button"),
            ("ui.hint", "hint-button"),
            ("ui.stats", "stats-button"),
            ("ui.settings", "settings-button"),
        ]:
            button = page.get_by_role("button", name=messages[key], exact=True)
            expect(button).to_have_id(element_id)
            expect(button).to_have_attribute("title", messages[key])
            expect(button.locator("span")).to_have_css("position", "absolute")
    finally:
        context.close()


def test_the_desktop_toolbar_shows_the_labels(browser: Browser, server: str) -> None:
    # On a wide screen every button keeps its word; narrower, the words go before the game's
    # name is cut (test_phone: the desktop toolbar shows the game's name before its words).
    context = browser.new_context(viewport={"width": 1920, "height": 1080}, base_url=server)
    page = context.new_page()
    open_board(page, server)
    button = page.get_by_role("button", name="Statistics", exact=True)
    # The text shown: the button also holds the phone bar's short word, out of sight here.
    expect(button).to_have_text("Statistics", use_inner_text=True)
    expect(button.locator("span")).not_to_have_css("position", "absolute")
    context.close()
