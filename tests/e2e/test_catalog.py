"""Every word the player sees comes from a catalog: the message ids the board's and the pages'
scripts use are in the catalog the server sends, and — in every language, in Chromium — every
text, label and title shown on the board, in its dialogs and on the pages is a catalog message
(its placeholders filled), a page title, a language's name, a page's own text, or data (a
score, a game code, a card's corner)."""

from __future__ import annotations

import contextlib
import json
import re
import urllib.request
from collections.abc import Iterator
from html import unescape
from html.parser import HTMLParser
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect

from solitaire.pages import LANGUAGES as PAGE_LANGUAGES
from solitaire.pages import PAGES, load_page, page_titles
from solitaire.pages.examples import example_replay

from ..locales.catalogs import languages, read_messages
from .conftest import DESKTOP
from .harness import ROOT, api, open_board, reopen_under_routes
from .layouts import simple_simon_one_move_from_winning

WEB = ROOT / "src" / "solitaire" / "web"
PHONE: ViewportSize = {"width": 390, "height": 844}
# Ids the board builds from a card, a game or a setting: `ui.rank.${rank}`, ….
GAME_SWITCHES: tuple[str, ...] = ("double_click", "auto_placement", "placement_help")
GAME_SWITCHES += (
    "interactive_rules",
    "auto_finish",
    "pick_and_place",
    "keyboard_shortcuts",
    "hints",
    "show_clock",
    "sounds",
    "no_move_notice",
)
SWITCHES = [
    *(f"ui.setting.{name}{help}" for name in GAME_SWITCHES for help in ("", "_help")),
    *(
        f"ui.looks.{name}{help}"
        for name in ("large_print", "four_colour", "left_handed")
        for help in ("", "_help")
    ),
]
BUILT_IDS = (
    [f"ui.rank.{rank}" for rank in "A23456789TJQK"]
    + [f"ui.suit.{suit}" for suit in "SHDC"]
    + [f"ui.game.{game}" for game in ("KL", "SS", "EH")]
    + [f"ui.index.{rank}" for rank in "AJQK"]
    + [f"ui.code_check.{problem}" for problem in ("shape", "game", "options", "deal", "deal_range")]
    + SWITCHES
)
MESSAGE_ID = re.compile(r"""["'`=]((?:ui|site|language)\.[A-Za-z0-9_.]*[A-Za-z0-9_])["'`]""")


def ids_in_board_files() -> set[str]:
    """Message ids written in the board's and the pages' HTML and scripts."""
    found: set[str] = set()
    for path in [*WEB.rglob("*.js"), *WEB.rglob("*.html")]:
        if "build" in path.relative_to(WEB).parts:
            continue  # the bundles: the same sources, minified
        found.update(MESSAGE_ID.findall(Path(path).read_text("utf-8")))
    return found


def test_every_board_message_is_in_the_catalog(server: str) -> None:
    with urllib.request.urlopen(f"{server}/api/messages?lang=en") as answer:
        messages = json.load(answer)["messages"]
    used = ids_in_board_files() | set(BUILT_IDS)
    assert len(used) > 80
    assert {"site.help", "site.replay_step"} <= used  # the pages' scripts are read too
    assert sorted(used - set(messages)) == []
    assert all(messages[message_id].strip() for message_id in used)
    # The reminders the board shows come from the same catalog (reason.<key>).
    assert "reason.king_only" in messages


# -- what the player sees, in every language ---------------------------------------------------

# Every text node and labelling attribute the browser renders (a closed dialog, a hidden
# toast or a hidden row is not rendered); the options of a shown <select> count as shown.
SHOWN = """() => {
  const shown = [];
  const rendered = (element) => element.checkVisibility({ visibilityProperty: true });
  const where = (element) => {
    const replay = element.closest('[data-replay]');
    const main = element.closest('main.site-page');
    return replay ? 'replay' : main ? 'page' : 'frame';
  };
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent.replace(/\\s+/g, ' ').trim();
    const parent = node.parentElement;
    if (!text || !parent || parent.closest('script, style, template')) continue;
    const select = parent.closest('select');
    if (!rendered(select ?? parent)) continue;
    shown.push([where(parent), text, parent.tagName.toLowerCase()]);
  }
  const names = ['aria-label', 'title', 'placeholder', 'alt'];
  for (const element of document.body.querySelectorAll(names.map((n) => `[${n}]`).join())) {
    if (!rendered(element)) continue;
    for (const name of names) {
      const value = (element.getAttribute(name) ?? '').replace(/\\s+/g, ' ').trim();
      if (value) shown.push([where(element), value, '@' + name]);
    }
  }
  shown.push(['frame', document.title, 'title']);
  return shown;
}"""

# Data rather than words: scores and counts (+$208, -$52, 0/4, 59), game codes, and what a
# card's corner shows (its rank and suit sign, drawn, not spelt).
DATA = re.compile(
    r"[-+−]?\$?[\d.,:/ ]+"
    r"|[A-Z]{2}1-[A-Z0-9]+(?:-[A-Z]{7})?"
    r"|(?:10|[2-9AJQK])|[♠♥♦♣]"
)


NUMBER = r"[-+−]?\$?[\d.,]+"
PLACEHOLDERS = {
    "n": NUMBER,
    "count": NUMBER,
    "moves": NUMBER,
    "score": NUMBER,
    "step": NUMBER,
    "total": NUMBER,
    "code": r"\S+",
}
"""What a placeholder may be filled with; any other takes any text (a server's message)."""


def _template(message: str, names: dict[str, str], default: str = ".+?") -> re.Pattern[str]:
    """A catalog message as a pattern: each {placeholder} stands for what it may hold."""
    parts = re.split(r"\{(\w+)\}", re.sub(r"\s+", " ", message.strip()))
    pattern = "".join(
        re.escape(part) if index % 2 == 0 else f"(?:{names.get(part, default)})"
        for index, part in enumerate(parts)
    )
    return re.compile(pattern, re.DOTALL)


class _TextOf(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.pieces: list[str] = []

    def handle_data(self, data: str) -> None:
        self.pieces.append(data)


def _normal(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def page_text(lang: str, page: str) -> str:
    """A page's own words (its fragment's text and attributes, diagrams included)."""
    fragment = load_page(lang, page)
    parser = _TextOf()
    parser.feed(fragment)
    return _normal(" ".join(parser.pieces)) + " " + _normal(unescape(fragment))


class Vocabulary:
    """What may be shown in one language: its catalog messages, the page titles, every
    language's own name, and data."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self.messages = read_messages(lang)
        # A card's name is made of this language's rank and suit words.
        ranks = [self.messages[f"ui.rank.{rank}"] for rank in "A23456789TJQK"]
        suits = [self.messages[f"ui.suit.{suit}"] for suit in "SHDC"]
        fillings = PLACEHOLDERS | {
            "rank": "|".join(map(re.escape, ranks)),
            "suit": "|".join(map(re.escape, suits)),
        }

        # A {move} is said in words (the examples' captions): one of the ui.move.* sentences,
        # its {source} one of the ui.move.from_* phrases.
        def moves(prefix: str, skip: str = "\0") -> str:
            return "|".join(
                _template(text, fillings).pattern
                for key, text in self.messages.items()
                if key.startswith(prefix) and not key.startswith(skip)
            )

        fillings["source"] = moves("ui.move.from_")
        fillings["move"] = moves("ui.move.", skip="ui.move.from_")
        # A server message's {reason} is one of this language's error.code.* sentences (its
        # own placeholders hold what was typed: one word each), and a {message} the board
        # quotes is one of this language's server messages or a status number: so neither
        # lets an English sentence of the engine or of the browser through.
        code_fillings = fillings | {
            "game": "|".join(re.escape(self.messages[f"ui.game.{g}"]) for g in ("KL", "SS", "EH")),
            # A list as the server writes it ("D1N, D1V") or as the board does (Intl.ListFormat:
            # "D3N or D3V").
            "choices": r"[A-Z0-9]+(?:(?:, |,? \w+ )[A-Z0-9]+)*",
        }
        reasons = [
            _template(text, code_fillings, default=r"\S*").pattern
            for key, text in self.messages.items()
            if key.startswith("error.code.")
        ]
        fillings["reason"] = "|".join(reasons)
        server = [
            _template(text, fillings).pattern
            for key, text in self.messages.items()
            if key.startswith("error.") and not key.startswith("error.code.")
        ]
        server.append(_template(self.messages["ui.error_generic"], fillings).pattern)
        # A link's code the board itself finds mistyped (UI-11), said in its own words.
        server += [
            _template(text, code_fillings, default=r"\S*").pattern
            for key, text in self.messages.items()
            if key.startswith("ui.code_check.")
        ]
        fillings["message"] = "|".join([NUMBER, *server])
        self.patterns = [_template(text, fillings) for text in self.messages.values()]
        names = {read_messages(other)["language.name"] for other in languages()}
        titles = set(page_titles(lang).values()) if lang in PAGE_LANGUAGES else set()
        self.words = names | titles

    def allows(self, text: str, page_words: str = "") -> bool:
        if text in self.words or DATA.fullmatch(text):
            return True
        if any(pattern.fullmatch(text) for pattern in self.patterns):
            return True
        # A page title followed by the app's name (the <title> of a page).
        app_name = self.messages["ui.title"]
        if text.endswith(f" · {app_name}") and self.allows(text.removesuffix(f" · {app_name}")):
            return True
        return bool(page_words) and text in page_words

    def strangers(self, shown: list[list[str]], page_words: str = "") -> list[list[str]]:
        """The shown strings that come from no catalog (nor the page's own text)."""
        return [
            item
            for item in shown
            if not self.allows(item[1], page_words if item[0] == "page" else "")
        ]


ALL_LANGUAGES = languages()


@contextlib.contextmanager
def speaking(browser: Browser, server: str, lang: str, *, reload: bool) -> Iterator[Page]:
    """A new player who chose ``lang``, with hints on (the toolbar's fourth button); the
    board opened again in that language if ``reload``. No JavaScript error may happen."""
    # No service worker: once one controls the page it makes the API requests itself, and
    # page.route (a proxy's answer faked below) no longer sees them.
    context = browser.new_context(viewport=DESKTOP, base_url=server, service_workers="block")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    open_board(page, server)
    saved = api(page, "PUT", "/api/settings", {"language": lang, "hints": True})
    assert saved["language"] == lang, saved
    if reload:
        open_board(page, server)
    yield page
    context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


@pytest.fixture(params=ALL_LANGUAGES)
def player(request: pytest.FixtureRequest, browser: Browser, server: str) -> Iterator[Page]:
    """A new player who chose the language (the board not yet redrawn in it)."""
    with speaking(browser, server, request.param, reload=False) as page:
        yield page


def _language(page: Page) -> str:
    lang: str = page.evaluate("document.documentElement.lang")
    return lang


def _shown(page: Page) -> list[list[str]]:
    shown: list[list[str]] = page.evaluate(SHOWN)
    return shown


def test_the_board_and_its_dialogs_show_only_catalog_words(player: Page, server: str) -> None:
    page = player
    open_board(page, server, "/play/KL1-D3V-AAAAAAG")
    words = Vocabulary(_language(page))
    assert _language(page) in ALL_LANGUAGES
    seen = _shown(page)
    assert words.strangers(seen) == []
    assert len(seen) > 40
    # A phone's toolbar shows other things (icons with their labels as titles).
    page.set_viewport_size(PHONE)
    assert words.strangers(_shown(page)) == [], "phone"
    page.set_viewport_size(DESKTOP)
    # Each dialog the toolbar opens, and the New game dialog's options for every game.
    dialogs = [("#new-game-button", "#new-game-dialog"), ("#settings-button", "#settings-dialog")]
    if page.locator("#stats-button").count():
        dialogs.append(("#stats-button", "#stats-dialog"))
    for button, dialog in dialogs:
        page.click(button)
        expect(page.locator(dialog)).to_be_visible()
        if dialog == "#new-game-dialog":
            for game in ("KL", "SS", "EH"):
                page.check(f'#new-game-form input[name="game"][value="{game}"]')
                assert words.strangers(_shown(page)) == [], game
            # A mistyped code: the board's plain words, in the player's language (UI-11).
            page.fill("#code-input", "KL1-D9N-AAAAAAG")
            page.click('[data-deal="code"]')
            error = page.locator("#new-game-error")
            expect(error).to_be_visible()
            assert words.strangers(_shown(page)) == []
            prefix = words.messages["ui.code_check.options"].split("{game}")[0]
            expect(error).to_contain_text(prefix)
        else:
            # The dialog's own answers (the statistics) may still be on their way.
            page.wait_for_load_state("networkidle")
            assert words.strangers(_shown(page)) == [], dialog
        page.keyboard.press("Escape")
        expect(page.locator(dialog)).to_be_hidden()
    # The won game's dialog.
    state = api(
        page,
        "POST",
        "/api/games",
        {"mode": "layout", "layout": simple_simon_one_move_from_winning()},
    )
    api(
        page,
        "POST",
        f"/api/games/{state['id']}/actions",
        {"version": 0, "type": "move", "move": "t2-t1"},
    )
    open_board(page, server)
    expect(page.locator("#won-dialog")).to_be_visible()
    assert words.strangers(_shown(page)) == []


@pytest.mark.parametrize("lang", PAGE_LANGUAGES)
def test_the_pages_show_only_catalog_words_and_their_own_text(
    browser: Browser, server: str, lang: str
) -> None:
    context = browser.new_context(viewport=DESKTOP, base_url=server)
    try:
        page = context.new_page()
        words = Vocabulary(lang)
        for path, own in [
            *[(f"/{lang}/{slug}", page_text(lang, slug)) for slug in PAGES],
            (f"/{lang}/", ""),
            (f"/{lang}/no-such-page", ""),
        ]:
            page.goto(path)
            page.wait_for_selector("body[data-ready]")
            assert _language(page) == lang
            if path.endswith("/examples"):
                # Every kind of caption: the start, a move, a refusal, a win.
                for name in ("klondike", "easy-harp", "simple-simon"):
                    _check_replay(page, name, words, own)
            assert words.strangers(_shown(page), own) == [], path
    finally:
        context.close()


def _check_replay(page: Page, name: str, words: Vocabulary, own: str) -> None:
    steps = example_replay(name).steps
    refused = [i for i, step in enumerate(steps) if step.refusal is not None]
    shown_at = {0, 1, *refused, len(steps) - 1}
    widget = page.locator(f'[data-replay="{name}"]')
    step = widget.locator('[data-replay-action="step"]')
    index = 0
    for target in sorted(shown_at):
        # The steps between two captions looked at are clicked in the page at once (the
        # replay's clicks by a player are tests/e2e/test_site.py's).
        step.evaluate(
            "(button, count) => { for (let i = 0; i < count; i++) button.click(); }", target - index
        )
        index = target
        expect(widget).to_have_attribute("data-step", str(index))
        assert words.strangers(_shown(page), own) == [], (name, index)
    # Playing: the play button's label turns to Pause.
    widget.locator('[data-replay-action="play"]').click()
    expect(widget).to_have_attribute("data-playing", "true")
    assert words.strangers(_shown(page), own) == [], (name, "playing")
    widget.locator('[data-replay-action="play"]').click()


def test_the_check_catches_a_word_from_nowhere(player: Page, server: str) -> None:
    page = player
    open_board(page, server)
    words = Vocabulary(_language(page))
    page.evaluate(
        """() => {
      document.querySelector('#new-game-button span').textContent = 'Shuffle';
      document.querySelector('#undo-button').setAttribute('aria-label', 'Take back');
    }"""
    )
    strangers = [text for _, text, _ in words.strangers(_shown(page))]
    assert strangers == ["Shuffle", "Take back"]


def test_the_check_catches_a_word_from_nowhere_on_a_page(browser: Browser, server: str) -> None:
    context = browser.new_context(viewport=DESKTOP, base_url=server)
    try:
        page = context.new_page()
        page.goto("/ro/examples")
        page.wait_for_selector("body[data-ready]")
        assert Vocabulary("ro").strangers(_shown(page), page_text("ro", "examples")) == []
        page.evaluate(
            """() => {
          document.querySelector('.site-nav a').textContent = 'Rules';
          document.querySelector('[data-replay-caption]').textContent = 'Move t1-t2.';
          document.querySelector('main h1').textContent = 'Examples';
        }"""
        )
        strangers = Vocabulary("ro").strangers(_shown(page), page_text("ro", "examples"))
        assert [text for _, text, _ in strangers] == ["Rules", "Examples", "Move t1-t2."]
    finally:
        context.close()


# -- error messages, wholly in the player's language ------------------------------------------

TRANSLATIONS = [lang for lang in ALL_LANGUAGES if lang != "en"]
# A deal part one letter short: the engine says "the deal part 'AAAAAA' has 6 letters; it
# must have 7", which must not reach a Romanian or Dutch player.
SHORT_CODE = "KL1-D1N-AAAAAA"


def _english_words(text: str) -> set[str]:
    return {word.lower() for word in re.findall(r"[A-Za-z]{3,}", text)}


def _foreign_words(shown: str, lang: str) -> set[str]:
    """Words of the engine's English sentence about SHORT_CODE that the text repeats though
    the language's catalog never uses them."""
    own = set().union(
        *(_english_words(re.sub(r"\{\w+\}", " ", text)) for text in read_messages(lang).values())
    )
    english = "the deal part 'AAAAAA' has 6 letters; it must have 7"
    return (_english_words(shown) & _english_words(english)) - own - {"aaaaaa"}


def _short_code_message(lang: str) -> str:
    """What the board says of SHORT_CODE before asking the server anything (UI-11)."""
    return read_messages(lang)["ui.code_check.deal"].format(letters=7)


@pytest.fixture(params=TRANSLATIONS)
def foreign_player(request: pytest.FixtureRequest, browser: Browser, server: str) -> Iterator[Page]:
    """A new player who chose Romanian or Dutch, the board open in that language."""
    with speaking(browser, server, request.param, reload=True) as page:
        yield page


def test_a_bad_code_in_the_dialog_is_wholly_in_the_language(foreign_player: Page) -> None:
    page = foreign_player
    lang = _language(page)
    words = Vocabulary(lang)
    page.click("#new-game-button")
    page.fill("#code-input", SHORT_CODE.lower())
    page.click('[data-deal="code"]')
    error = page.locator("#new-game-error")
    expect(error).to_have_text(_short_code_message(lang))
    assert _foreign_words(error.inner_text(), lang) == set()
    assert words.strangers(_shown(page)) == []


def test_a_bad_link_is_wholly_in_the_language(foreign_player: Page, server: str) -> None:
    page = foreign_player
    lang = _language(page)
    open_board(page, server, f"/play/{SHORT_CODE}")
    error = page.locator("#new-game-error")
    expected = read_messages(lang)["ui.bad_link"].format(
        code=SHORT_CODE, message=_short_code_message(lang)
    )
    expect(error).to_have_text(expected)
    # One sentence ends before the server's message and one after it: ". Acesta" / ". Kies".
    assert ". . " not in expected and ".. " not in expected
    assert _foreign_words(error.inner_text(), lang) == set()
    assert Vocabulary(lang).strangers(_shown(page)) == []


def test_the_strict_check_catches_the_engines_english_reason(foreign_player: Page) -> None:
    page = foreign_player
    lang = _language(page)
    english = "the deal part 'AAAAAA' has 6 letters; it must have 7"
    leaked = read_messages(lang)["error.bad_code"].format(reason=english)
    page.click("#new-game-button")
    page.evaluate(
        "(text) => { document.querySelector('#new-game-error').textContent = text; "
        "document.querySelector('#new-game-error').hidden = false; }",
        leaked,
    )
    assert [text for _, text, _ in Vocabulary(lang).strangers(_shown(page))] == [leaked]
    assert _foreign_words(leaked, lang) >= {"deal", "part", "must"}


def test_a_failure_in_the_board_shows_catalog_words_and_logs_the_detail(
    foreign_player: Page,
) -> None:
    page = foreign_player
    lang = _language(page)
    logged: list[str] = []
    page.on("console", lambda message: logged.append(message.text))
    # A real exception in the board's own code: something between the board and the server
    # answers a hint with a body the board does not expect (JSON null), and the board's
    # hint code reads a field of it (a TypeError). Nothing else on the page is touched: an
    # earlier form of this test took the Hint button's id away, and the next redraw of the
    # toolbar then failed too, on a loaded machine, before the page closed.
    page.route(
        "**/api/games/*/hint",
        lambda route: route.fulfill(status=200, content_type="application/json", body="null"),
    )
    reopen_under_routes(page)
    page.locator("#hint-button").click()
    toast = page.locator("#toast")
    expect(toast).to_have_text(read_messages(lang)["ui.error_unexpected"])
    assert Vocabulary(lang).strangers(_shown(page)) == []
    assert any("null" in line for line in logged), logged  # the TypeError, for developers


def test_an_answer_that_is_not_json_gets_catalog_words(foreign_player: Page) -> None:
    page = foreign_player
    lang = _language(page)
    # A proxy in front of the server answers a stock tap with its own HTML error page.
    page.route(
        "**/api/games/*/actions",
        lambda route: route.fulfill(
            status=502, content_type="text/html", body="<h1>Bad Gateway</h1>"
        ),
    )
    reopen_under_routes(page)
    page.keyboard.press("Space")
    toast = page.locator("#toast")
    expect(toast).to_have_text(read_messages(lang)["ui.error_generic"].format(message=502))
    assert _foreign_words(toast.inner_text(), lang) == set()
