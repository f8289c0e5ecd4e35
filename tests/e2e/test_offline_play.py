"""Rules UI-21: whole games offline. Once ``<html data-offline-ready="true">`` says the
engine's files are on the device, the board opens without the network, plays the game in
progress to its win by dragging, deals another, and back online the server replays what
was played: its history holds the games with the scores its own rules give."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect

from solitaire.play import Game

from .harness import (
    api,
    card_in,
    catalog,
    drag,
    open_board,
    start_simple_simon_one_move_from_winning,
)

# The service worker and its caches are what these tests are about: each context is new.
pytestmark = [pytest.mark.cold_browser, pytest.mark.service_worker]

PHONE: ViewportSize = {"width": 390, "height": 844}
#: Downloading and caching 13 MB from the test server on a busy machine.
READY_MS = 180_000


@pytest.fixture
def phone(browser: Browser, server: str) -> Iterator[Page]:
    """A phone's page (390×844, a new player); an error thrown in it fails the test."""
    context = browser.new_context(viewport=PHONE, base_url=server)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    context.close()
    assert not errors, errors


def wait_until_offline_ready(page: Page) -> None:
    page.wait_for_selector("html[data-offline-ready='true']", state="attached", timeout=READY_MS)


def reload_offline(page: Page) -> None:
    """The network gone, the board opened again: the engine starts in its worker (Pyodide:
    seconds on a phone, more on a busy machine)."""
    page.context.set_offline(True)
    page.reload()
    page.wait_for_selector("body[data-ready]", timeout=READY_MS)


def back_online_until_uploaded(page: Page) -> None:
    """The network back, until the board has sent every offline game to the server."""
    page.context.set_offline(False)
    page.wait_for_function(
        "() => !JSON.parse(localStorage.getItem('solitaire-offline') ?? '{}').games?.length",
        timeout=30_000,
    )


def catalog_offline_playing(page: Page) -> str:
    words: str = page.evaluate("() => JSON.parse(document.getElementById('boot').textContent)")[
        "messages"
    ]["messages"]["ui.offline_playing"]
    return words


def kept_games(page: Page) -> list[dict[str, object]]:
    kept = page.evaluate("localStorage.getItem('solitaire-offline')")
    games: list[dict[str, object]] = json.loads(kept)["games"] if kept else []
    return games


@pytest.mark.slow
def test_a_game_finished_offline_and_another_dealt_are_judged_when_back(
    phone: Page, server: str
) -> None:
    page = phone
    engine = start_simple_simon_one_move_from_winning(page, server)
    words = catalog(page)
    wait_until_offline_ready(page)
    # Settings (on a phone, behind the bar's More).
    page.evaluate("document.getElementById('settings-button').click()")
    expect(page.locator("#offline-ready")).to_have_text(words["ui.offline_ready"])
    page.keyboard.press("Escape")

    reload_offline(page)
    expect(page.locator("#offline")).to_have_text(words["ui.offline_playing"])
    # The last ace goes onto its run by dragging, as online: the run goes home.
    drag(page, card_in(page, "t2", "AS"), "t1")
    expect(page.locator("#won-dialog")).to_be_visible(timeout=20_000)
    expect(page.locator("[data-score]")).to_have_text(engine.score_text)
    # Another deal, dealt by the engine on the device.
    page.locator("#won-next-deal").click()
    expect(page.locator("#won-dialog")).to_be_hidden()
    code = page.locator("[data-code]").inner_text()
    second = Game.from_code(code)
    dest = next(dest for dest in second.dests() if dest.targets)
    # By its place: a one-suit Simple Simon deck holds each card four times.
    drag(page, page.locator(f'[data-pile="{dest.pile}"] .card').nth(dest.index), dest.targets[0])
    expect(page.locator("[data-moves]")).to_have_text("1")
    second.drop(dest.pile, dest.index, dest.targets[0])
    assert len(kept_games(page)) == 2

    back_online_until_uploaded(page)
    history = api(page, "GET", "/api/history")
    won = [game for game in history["games"] if game["result"] == "won"]
    assert [(game["score"], game["moves"]) for game in won] == [(engine.score, engine.moves)]
    current = api(page, "GET", "/api/games/current")
    assert (current["code"], current["moves"], current["score"]) == (code, 1, second.score)
    # The board plays the server's game again, and says nothing more of being offline.
    expect(page.locator("#offline")).to_be_hidden()
    expect(page.locator("[data-code]")).to_have_text(code)
    expect(page.locator("[data-moves]")).to_have_text("1")


@pytest.mark.slow
def test_a_tampered_offline_log_is_refused_from_the_bad_action_on(phone: Page, server: str) -> None:
    page = phone
    start_simple_simon_one_move_from_winning(page, server)
    wait_until_offline_ready(page)
    before = api(page, "GET", "/api/history")["total"]
    # A log written by hand: a game "won" by moves the rules refuse.
    forged = {
        "mirror": None,
        "current": "offline-forged",
        "games": [
            {
                "ref": "offline-forged",
                "id": "offline-forged",
                "base": None,
                "start": {"code": "KL1-D1N-AAAAAAG"},
                "actions": [
                    {"version": 0, "type": "stock"},
                    {"version": 1, "type": "drop", "pile": "t1", "index": 0, "target": "f1"},
                    {"version": 2, "type": "finish"},
                ],
            }
        ],
    }
    page.evaluate("kept => localStorage.setItem('solitaire-offline', JSON.stringify(kept))", forged)
    page.reload()
    page.wait_for_selector("body[data-ready]", timeout=READY_MS)
    back_online_until_uploaded(page)
    # Recorded: the stock tap, and nothing from the refused drop on.
    assert api(page, "GET", "/api/history")["total"] == before
    current = api(page, "GET", "/api/games/current")
    assert (current["code"], current["version"], current["won"]) == ("KL1-D1N-AAAAAAG", 1, False)


def another_tab_plays(
    browser: Browser, page: Page, server: str, game_id: str, intents: list[dict[str, str]]
) -> None:
    """The same player, online in another tab, plays ``intents`` on the game from its start."""
    other = browser.new_context(base_url=server, storage_state=page.context.storage_state())
    for version, intent in enumerate(intents):
        answer = other.request.post(
            f"{server}/api/games/{game_id}/actions", data={"version": version, **intent}
        )
        assert answer.ok, answer.text()
    other.close()


@pytest.mark.slow
def test_a_game_moved_on_in_another_tab_is_kept_beside_the_offline_continuation(
    phone: Page, browser: Browser, server: str
) -> None:
    page = phone
    open_board(page, server, "/play/KL1-D1N-AAAAAAG")
    wait_until_offline_ready(page)
    served = api(page, "GET", "/api/games/current")
    # The network goes in the middle of the game (no reload): the table stays playable.
    page.context.set_offline(True)
    expect(page.locator("#offline")).to_have_text(catalog_offline_playing(page))
    page.locator('[data-pile="s"]').click()
    expect(page.locator("[data-moves]")).to_have_text("1", timeout=READY_MS)
    # Meanwhile another tab, online, plays the same game on: a card from the stock, and back.
    another_tab_plays(browser, page, server, served["id"], [{"type": "stock"}, {"type": "undo"}])

    back_online_until_uploaded(page)
    kept = api(page, "GET", f"/api/games/{served['id']}")
    assert (kept["version"], kept["last"]["action"]) == (2, "undo")
    continuation = api(page, "GET", "/api/games/current")
    assert continuation["id"] != served["id"] and continuation["code"] == served["code"]
    assert (continuation["version"], continuation["moves"]) == (1, 1)
    expect(page.locator("[data-moves]")).to_have_text("1")


@pytest.mark.slow
def test_new_game_offline_takes_a_code_and_the_same_deal(phone: Page, server: str) -> None:
    page = phone
    open_board(page, server, "/play/KL1-D1N-AAAAAAG")
    words = catalog(page)
    wait_until_offline_ready(page)
    page.context.set_offline(True)
    expect(page.locator("#offline")).to_have_text(words["ui.offline_playing"])
    page.keyboard.press("n")
    dialog = page.locator("#new-game-dialog")
    expect(dialog).to_be_visible()
    # A mistyped code is refused offline too, in the board's plain words (UI-11: checked
    # before anything else), and the dialog stays.
    page.locator("#code-input").fill("KL1-D1N-AAAAAA")
    page.locator("#code-input").press("Enter")
    expected = words["ui.code_check.deal"].replace("{letters}", "7")
    expect(page.locator("#new-game-error")).to_have_text(expected, timeout=READY_MS)
    expect(dialog).to_be_visible()
    page.locator("#code-input").fill("EH1-N-AAAAACB")
    page.locator("#code-input").press("Enter")
    # The first game call offline waits for the engine to start in its worker.
    expect(dialog).to_be_hidden(timeout=READY_MS)
    expect(page.locator("[data-code]")).to_have_text("EH1-N-AAAAACB")
    engine = Game.from_code("EH1-N-AAAAACB")
    shown = page.eval_on_selector_all(
        '[data-pile="t1"] .card', "cards => cards.map(card => card.dataset.card ?? null)"
    )
    pile = engine.position.pile("t1")
    assert shown == [None] * pile.down + [card.code for card in pile.face_up]
    # The same deal again, from its start.
    page.locator("#new-game-button").click()
    page.locator('[data-deal="same"]').click()
    expect(dialog).to_be_hidden()
    expect(page.locator("[data-code]")).to_have_text("EH1-N-AAAAACB")
    assert len(kept_games(page)) == 2

    back_online_until_uploaded(page)
    current = api(page, "GET", "/api/games/current")
    assert (current["code"], current["version"]) == ("EH1-N-AAAAACB", 0)


def shown_seconds(page: Page) -> int:
    """The board's clock (m:ss, h:mm:ss), in seconds."""
    seconds = 0
    for part in page.locator("[data-clock]").inner_text().split(":"):
        seconds = seconds * 60 + int(part)
    return seconds


@pytest.mark.slow
def test_a_win_offline_keeps_its_time_and_counts_in_this_devices_statistics(
    phone: Page, server: str
) -> None:
    page = phone
    engine = start_simple_simon_one_move_from_winning(page, server)
    words = catalog(page)
    wait_until_offline_ready(page)
    reload_offline(page)
    expect(page.locator("#offline")).to_have_text(words["ui.offline_playing"])
    # Two seconds on the clock at least (it counts while the game is on screen), then the win.
    page.wait_for_function(
        "() => { const [m, s] = document.querySelector('[data-clock]').textContent.split(':');"
        " return Number(m) * 60 + Number(s) >= 2; }",
        timeout=30_000,
    )
    drag(page, card_in(page, "t2", "AS"), "t1")
    expect(page.locator("#won-dialog")).to_be_visible(timeout=20_000)
    shown = shown_seconds(page)
    assert shown >= 2
    page.locator("#won-dialog button[value='close']").click()

    # Statistics, offline: this device's games, and a quiet line saying so.
    page.evaluate("document.getElementById('stats-button').click()")
    expect(page.locator("#stats-dialog")).to_have_attribute("data-loaded", "true")
    expect(page.locator("#stats-error")).to_be_hidden()
    expect(page.locator('#stats-figures [data-stat="played"]')).to_have_text("1")
    expect(page.locator('#stats-figures [data-stat="won"]')).to_have_text("1")
    expect(page.locator('#stats-figures [data-stat="fastest_win"]')).not_to_have_text("—")
    expect(page.locator("#stats-device")).to_have_text(words["ui.stats.device"])
    # A reset and the history's file are the server's: not usable offline, and it says why.
    expect(page.locator("#stats-reset-button")).to_be_disabled()
    expect(page.locator("#history-download")).to_have_attribute("aria-disabled", "true")
    expect(page.locator("#history-download")).not_to_have_attribute("href", re.compile(".*"))
    expect(page.locator("#stats-offline-note")).to_have_text(words["ui.stats.offline_controls"])
    # The history is the server's: its tab says so, without an error.
    page.locator("#stats-tab-history").click()
    expect(page.locator("#history-offline")).to_have_text(words["ui.stats.history_offline"])
    expect(page.locator("#stats-error")).to_be_hidden()
    expect(page.locator("#history-empty")).to_be_hidden()
    page.locator("#stats-tab-figures").click()
    page.keyboard.press("Escape")

    back_online_until_uploaded(page)
    [won] = [game for game in api(page, "GET", "/api/history")["games"] if game["result"] == "won"]
    assert (won["score"], won["moves"]) == (engine.score, engine.moves)
    # The time the board showed (its online part and its offline part).
    assert abs(won["seconds"] - shown) <= 1
    # Online again, the statistics are the server's: the device's line is gone.
    page.evaluate("document.getElementById('stats-button').click()")
    expect(page.locator("#stats-dialog")).to_have_attribute("data-loaded", "true")
    expect(page.locator("#stats-device")).to_be_hidden()
    expect(page.locator("#stats-offline-note")).to_be_hidden()
    expect(page.locator("#stats-reset-button")).to_be_enabled()
    expect(page.locator("#history-download")).to_have_attribute("href", "/api/history.csv")
    expect(page.locator("#history-download")).not_to_have_attribute("aria-disabled", "true")
    page.locator("#stats-tab-history").click()
    expect(page.locator("#history-list .history-row")).not_to_have_count(0)
    expect(page.locator("#history-offline")).to_be_hidden()


@pytest.mark.slow
def test_a_link_opened_offline_deals_its_code_after_the_leave_question(
    phone: Page, server: str
) -> None:
    page = phone
    open_board(page, server, "/play/KL1-D1N-AAAAAAG")
    wait_until_offline_ready(page)
    # A game in progress: a card from the stock.
    page.locator('[data-pile="s"]').click()
    expect(page.locator("[data-moves]")).to_have_text("1")
    page.context.set_offline(True)
    # A link to another deal, opened without the network (the kept board serves it).
    page.goto(f"{server}/play/EH1-N-AAAAACB")
    leave = page.locator("#leave-dialog")
    expect(leave).to_be_visible(timeout=READY_MS)
    # Behind the question, the game in progress as the device holds it.
    expect(page.locator("[data-code]")).to_have_text("KL1-D1N-AAAAAAG")
    leave.locator("button[value='leave']").click()
    expect(page.locator("[data-code]")).to_have_text("EH1-N-AAAAACB", timeout=READY_MS)
    expect(page.locator("body")).to_have_attribute("data-playing-offline", "")
    engine = Game.from_code("EH1-N-AAAAACB")
    for pile in ("t1", "t4"):
        shown = page.eval_on_selector_all(
            f'[data-pile="{pile}"] .card', "cards => cards.map(card => card.dataset.card ?? null)"
        )
        kept = engine.position.pile(pile)
        assert shown == [None] * kept.down + [card.code for card in kept.face_up]
    expect(page.locator("[data-moves]")).to_have_text("0")
    # The address is the board's again: a reload resumes the game instead of dealing anew.
    assert page.url == f"{server}/"

    back_online_until_uploaded(page)
    current = api(page, "GET", "/api/games/current")
    assert (current["code"], current["version"]) == ("EH1-N-AAAAACB", 0)


def playing_offline(page: Page) -> bool:
    answer: bool = page.evaluate("document.body.hasAttribute('data-playing-offline')")
    return answer


@pytest.mark.slow
def test_back_online_with_nothing_played_offline_the_server_plays_again(
    phone: Page, browser: Browser, server: str
) -> None:
    page = phone
    open_board(page, server, "/play/KL1-D1N-AAAAAAG")
    words = catalog(page)
    wait_until_offline_ready(page)
    served = api(page, "GET", "/api/games/current")

    # The network goes during the game and comes back; nothing was played meanwhile.
    page.context.set_offline(True)
    expect(page.locator("#offline")).to_have_text(words["ui.offline_playing"])
    page.context.set_offline(False)
    expect(page.locator("#offline")).to_be_hidden()
    page.wait_for_function("() => !document.body.hasAttribute('data-playing-offline')")
    expect(page.locator("#offline")).to_have_text(words["ui.offline"])

    # The board opened again offline (the engine plays the game the device holds), and
    # the network back before any move; meanwhile another tab played a card from the stock.
    reload_offline(page)
    expect(page.locator("#offline")).to_have_text(words["ui.offline_playing"])
    expect(page.locator("[data-code]")).to_have_text("KL1-D1N-AAAAAAG")
    expect(page.locator("[data-moves]")).to_have_text("0")
    another_tab_plays(browser, page, server, served["id"], [{"type": "stock"}])
    page.context.set_offline(False)
    page.wait_for_function(
        "() => !document.body.hasAttribute('data-playing-offline')", timeout=30_000
    )
    expect(page.locator("#offline")).to_be_hidden()
    expect(page.locator("#offline")).to_have_text(words["ui.offline"])
    # Nothing was saved, so nothing is said to be.
    expect(page.locator("#toast")).not_to_have_text(words["ui.offline_saved"])
    assert kept_games(page) == []
    assert not playing_offline(page)

    # The board shows the game as the other tab left it, and no copy of it was made.
    expect(page.locator("[data-moves]")).to_have_text("1")
    current = api(page, "GET", "/api/games/current")
    assert (current["id"], current["version"]) == (served["id"], 1)
    # The next move is the server's, on the same game.
    page.locator('[data-pile="s"]').click()
    expect(page.locator("[data-moves]")).to_have_text("2")
    current = api(page, "GET", "/api/games/current")
    assert (current["id"], current["version"]) == (served["id"], 2)
    assert kept_games(page) == []
