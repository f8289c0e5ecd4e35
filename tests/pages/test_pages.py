"""The app's pages: every language has every page, with the same sections, well-formed HTML,
diagrams filled in, and nothing copied from the source pages."""

from __future__ import annotations

import hashlib
import html
import json
import re
import shutil
import unicodedata
from html.parser import HTMLParser
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from solitaire import pages
from solitaire.pages import (
    LANGUAGES,
    PAGES,
    PageTextError,
    UnknownPageError,
    discover_languages,
    load_page,
    page_titles,
    raw_page,
)
from solitaire.pages.diagrams import table_summary

PAGES_DIR = Path(pages.__file__).parent
VOID_ELEMENTS = {"br", "hr", "img", "wbr"}
RULES_DIAGRAMS = {
    "rules-klondike": "klondike",
    "rules-simple-simon": "simple-simon",
    "rules-easy-harp": "easy-harp",
}


class TagChecker(HTMLParser):
    """Collects the tags of a fragment and the problems with their nesting."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.open: list[str] = []
        self.problems: list[str] = []
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))
        if tag not in VOID_ELEMENTS:
            self.open.append(tag)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        # Self-closing tags occur only inside inline SVG.
        self.tags.append((tag, dict(attrs)))

    def handle_endtag(self, tag: str) -> None:
        if not self.open:
            self.problems.append(f"</{tag}> closes nothing")
        elif self.open[-1] != tag:
            self.problems.append(f"</{tag}> closes <{self.open[-1]}>")
            if tag in self.open:
                while self.open.pop() != tag:
                    pass
        else:
            self.open.pop()

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def check_tags(fragment: str) -> TagChecker:
    checker = TagChecker()
    checker.feed(fragment)
    checker.close()
    return checker


def ids_in(fragment: str) -> list[str]:
    return [str(attrs["id"]) for _, attrs in check_tags(fragment).tags if attrs.get("id")]


ALL_PAGES = [(lang, page) for lang in LANGUAGES for page in PAGES]


def test_the_three_languages_in_menu_order() -> None:
    # English, Romanian and Dutch come in that order; a fourth language may come anywhere.
    first_three = {"en": "English", "ro": "Română", "nl": "Nederlands"}
    assert [lang for lang in LANGUAGES if lang in first_three] == list(first_three)
    names = pages.language_names()
    assert list(names) == list(LANGUAGES)
    assert {lang: names[lang] for lang in first_three} == first_three


@pytest.mark.parametrize(("lang", "page"), ALL_PAGES)
def test_every_language_has_every_page(lang: str, page: str) -> None:
    assert (PAGES_DIR / lang / f"{page}.html").is_file()
    text = raw_page(lang, page)
    assert len(text.split()) > 100, "a page this short is not written yet"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_titles_in_every_language(lang: str) -> None:
    titles = page_titles(lang)
    assert list(titles) == list(PAGES)
    assert all(title.strip() for title in titles.values())
    for page, title in titles.items():
        # The page's own heading is its title.
        assert f"<h1>{html.escape(title, quote=False)}</h1>" in raw_page(lang, page)


def test_titles_are_translated() -> None:
    english = page_titles("en")
    for lang in LANGUAGES[1:]:
        assert page_titles(lang)["faq"] != english["faq"]
        assert page_titles(lang)["examples"] != english["examples"]


@pytest.mark.parametrize("page", PAGES)
def test_the_same_ids_in_every_language(page: str) -> None:
    english = ids_in(raw_page("en", page))
    assert english, f"{page} has no section ids"
    assert len(english) == len(set(english)), f"{page} repeats an id"
    for lang in LANGUAGES[1:]:
        assert ids_in(raw_page(lang, page)) == english, f"{lang}/{page} ids differ from English"


@pytest.mark.parametrize("page", PAGES)
def test_sections_carry_ids(page: str) -> None:
    for lang in LANGUAGES:
        sections = [
            attrs for tag, attrs in check_tags(raw_page(lang, page)).tags if tag == "section"
        ]
        assert sections, f"{lang}/{page} has no sections"
        assert all(attrs.get("id") for attrs in sections)


@pytest.mark.parametrize(("lang", "page"), ALL_PAGES)
def test_fragments_are_well_formed(lang: str, page: str) -> None:
    for fragment in (raw_page(lang, page), load_page(lang, page)):
        checker = check_tags(fragment)
        assert checker.problems == []
        assert checker.open == [], f"unclosed tags: {checker.open}"
        tags = [tag for tag, _ in checker.tags]
        assert not {"html", "head", "body", "script", "style"} & set(tags)
        assert tags.count("h1") == 1 and tags[0] == "h1"
        assert all("style" not in attrs for _, attrs in checker.tags), "no inline styles"


def test_the_checker_catches_unbalanced_tags() -> None:
    assert check_tags("<section><p>one</section>").problems
    assert check_tags("<ul><li>one</li>").open == ["ul"]


@pytest.mark.parametrize(("page", "diagram"), RULES_DIAGRAMS.items())
def test_rules_pages_mark_their_diagram(page: str, diagram: str) -> None:
    for lang in LANGUAGES:
        text = raw_page(lang, page)
        assert re.findall(r'<figure data-diagram="([^"]*)"></figure>', text) == [diagram]
        filled = load_page(lang, page)
        assert filled.count("<svg") == 1
        assert f'data-game="{diagram}"' in filled
        assert "<figcaption>" in filled


@pytest.mark.parametrize("page", ["faq", "sources", "examples"])
def test_other_pages_have_no_diagram(page: str) -> None:
    for lang in LANGUAGES:
        assert "data-diagram" not in raw_page(lang, page)
        assert load_page(lang, page) == raw_page(lang, page)


@pytest.mark.parametrize("page", RULES_DIAGRAMS)
def test_rules_pages_cover_every_topic(page: str) -> None:
    ids = set(ids_in(raw_page("en", page)))
    expected = {
        "setup",
        "moves",
        "empty-columns",
        "stock",
        "end",
        "scoring",
        "single-click",
        "double-click",
        "auto-placement",
        "placement-help",
        "interactive-rules",
        "undo",
        "game-codes",
    }
    expected.add("runs" if page == "rules-simple-simon" else "foundations")
    assert expected <= ids
    for lang in LANGUAGES:
        assert "<table>" in raw_page(lang, page), "scoring comes with a table"


def test_examples_page_frame() -> None:
    for lang in LANGUAGES:
        text = raw_page(lang, "examples")
        sections = [attrs["id"] for tag, attrs in check_tags(text).tags if tag == "section"]
        assert sections == ["simple-simon", "klondike", "easy-harp"]
        for game in ("simple-simon", "klondike", "easy-harp"):
            assert f'<div data-replay="{game}"></div>' in text
        # The move count and score come from the stored solution, never from the text.
        assert "<span data-solution-moves></span>" in text
        assert "<span data-solution-score></span>" in text
        assert not re.search(r"\b(59|841)\b", text)
        assert "49" in text, "the page says why the source's 49 moves do not fit"


def test_faq_covers_its_topics() -> None:
    ids = set(ids_in(raw_page("en", "faq")))
    assert {
        "game-codes",
        "deal-numbers",
        "shuffle",
        "dealing-order",
        "deal-of-the-day",
        "scoring",
        "undo",
        "winnable-deals",
        "hints",
    } <= ids


def test_unknown_language_or_page_is_refused() -> None:
    with pytest.raises(UnknownPageError, match="language 'fr'"):
        load_page("fr", "faq")
    with pytest.raises(UnknownPageError, match="no page 'rules-freecell'"):
        load_page("en", "rules-freecell")
    with pytest.raises(UnknownPageError):
        page_titles("de")
    with pytest.raises(UnknownPageError):
        load_page("../en", "faq")
    # Nothing was cached or changed by the refusals.
    assert load_page("en", "faq") == raw_page("en", "faq")


def test_a_new_language_needs_only_a_folder(tmp_path: Path) -> None:
    for lang in LANGUAGES:
        shutil.copytree(PAGES_DIR / lang, tmp_path / lang)
    shutil.copytree(PAGES_DIR / "en", tmp_path / "fr")
    index = json.loads((tmp_path / "fr" / "index.json").read_text(encoding="utf-8"))
    index["name"], index["order"] = "Français", 4
    (tmp_path / "fr" / "index.json").write_text(json.dumps(index), encoding="utf-8")
    (tmp_path / "not-a-language").mkdir()
    assert discover_languages(tmp_path) == ("en", "ro", "nl", "fr")


def test_an_incomplete_index_is_refused(tmp_path: Path) -> None:
    shutil.copytree(PAGES_DIR / "en", tmp_path / "xx")
    index = json.loads((tmp_path / "xx" / "index.json").read_text(encoding="utf-8"))
    del index["titles"]["faq"]
    (tmp_path / "xx" / "index.json").write_text(json.dumps(index), encoding="utf-8")
    with pytest.raises(PageTextError, match="faq"):
        discover_languages(tmp_path)


# -- nothing copied from the source pages --------------------------------------------------

SEED_RUN = 8
"""A page may not repeat this many consecutive words of a source page."""
SEED_FINGERPRINTS = Path(__file__).with_name("seed-fingerprints.txt")
"""The source pages' runs of SEED_RUN words, fingerprinted: the check needs none of their text.
Made once from the four source pages (Romanian and Dutch) with ``fingerprint``."""
SEED_SAMPLE = "o coloană goală acceptă doar un rege câștigi"
"""One run of the Klondike source page, quoted to show that the fingerprints catch it."""


def words(text: str) -> list[str]:
    """Lower-case words of a text or HTML fragment; Romanian s/t with cedilla count as the
    comma-below letters, so that swapping them hides nothing."""
    text = re.sub(r"<[^>]+>", " ", text)
    text = unicodedata.normalize("NFC", html.unescape(text)).lower()
    text = text.translate(str.maketrans("şţ", "șț"))
    return re.findall(r"\w+", text)


def fingerprint(run: tuple[str, ...]) -> str:
    """The first 16 hex digits of the sha256 of a run's words joined by spaces.

    >>> fingerprint(("a", "b"))
    'c8687a08aa5d6ed2'
    """
    return hashlib.sha256(" ".join(run).encode()).hexdigest()[:16]


def runs_of_words(items: list[str]) -> dict[str, tuple[str, ...]]:
    """Each run of SEED_RUN consecutive words, by its fingerprint."""
    runs = (tuple(items[i : i + SEED_RUN]) for i in range(len(items) - SEED_RUN + 1))
    return {fingerprint(run): run for run in runs}


def seed_fingerprints() -> set[str]:
    lines = SEED_FINGERPRINTS.read_text(encoding="utf-8").splitlines()
    return {line for line in lines if line and not line.startswith("#")}


def test_the_copy_check_catches_a_copied_sentence() -> None:
    seeds = seed_fingerprints()
    assert len(seeds) > 3000  # four pages of about a thousand words each
    page = f"<p>Intro. {SEED_SAMPLE.upper()} end.</p>"
    assert runs_of_words(words(page)).keys() & seeds
    assert (
        not runs_of_words(words("<p>An empty column takes only a king, and so on.</p>")).keys()
        & seeds
    )


@pytest.mark.parametrize(("lang", "page"), ALL_PAGES)
def test_no_page_copies_a_seed(lang: str, page: str) -> None:
    seeds = seed_fingerprints()
    text = load_page(lang, page)
    text = re.sub(r"<svg.*?</svg>", " ", text, flags=re.DOTALL)
    page_runs = runs_of_words(words(text))
    shared = sorted(run for key, run in page_runs.items() if key in seeds)
    assert not shared, f"{lang}/{page} repeats {' '.join(shared[0])!r} from a source page"


# -- the reminders the English pages quote are the app's own ----------------------------------

QUOTED_REMINDERS = {
    "rules-klondike": ["king_only"],
    "rules-easy-harp": ["one_card_at_a_time", "king_only"],
    "rules-simple-simon": ["same_suit_group", "nothing_on_ace"],
    "examples": ["king_only", "one_card_at_a_time"],
}


@pytest.mark.parametrize(("page", "reasons"), QUOTED_REMINDERS.items())
def test_english_pages_quote_the_catalogs_reminders(page: str, reasons: list[str]) -> None:
    catalog_path = PAGES_DIR.parent / "locales" / "en" / "LC_MESSAGES" / "messages.po"
    with catalog_path.open("rb") as catalog_file:
        catalog = read_po(catalog_file)
    text = " ".join(words_with_punctuation(raw_page("en", page)))
    for reason in reasons:
        message = catalog.get(f"reason.{reason}")
        assert message is not None and isinstance(message.string, str)
        reminder = message.string.rstrip(".")
        assert f"“{reminder}" in text, f"en/{page} should quote {message.string!r}"


def words_with_punctuation(fragment: str) -> list[str]:
    """The fragment's text with tags removed and line breaks folded, punctuation kept."""
    return html.unescape(re.sub(r"<[^>]+>", " ", fragment)).split()


@pytest.mark.parametrize(("page", "diagram"), RULES_DIAGRAMS.items())
def test_rules_pages_state_the_engines_counts(page: str, diagram: str) -> None:
    counts = table_summary(diagram)
    for lang in LANGUAGES:
        setup = raw_page(lang, page).split('<section id="moves">')[0]
        numbers = set(re.findall(r"\d+", setup))
        for key in ("dealt", "down", "stock"):
            if counts[key]:
                assert str(counts[key]) in numbers, f"{lang}/{page} setup lacks {key}"
