"""The message catalogs: every language has exactly the English message ids, each translated,
with the same placeholders, in the team's vocabulary, and each file parses cleanly."""

from __future__ import annotations

import doctest
import re
import shutil
import warnings
from collections import Counter
from pathlib import Path

import pytest
from babel.core import Locale

from solitaire.catalogs import Catalogs
from solitaire.pages import LANGUAGES as PAGE_LANGUAGES

from . import catalogs as catalogs_module
from .catalogs import (
    ENGLISH,
    LOCALES,
    catalog_path,
    differences_from_english,
    languages,
    placeholders,
    read_catalog,
    read_messages,
)

LANGUAGES = languages()
TRANSLATIONS = [lang for lang in LANGUAGES if lang != ENGLISH]

# Messages a translation may leave exactly as in English, and why. Nothing else may be equal:
# an English text in a Romanian or Dutch catalog is a translation that was forgotten.
SAME_IN_EVERY_LANGUAGE = {
    # Game names: the pages in every language keep them ("Regulile jocului Simple Simon").
    "ui.game.KL": "a game's name",
    "ui.game.SS": "a game's name",
    "ui.game.EH": "a game's name",
    # The name of a scoring style (Las Vegas), kept in the pages of every language.
    "ui.scoring_vegas": "a scoring style's name",
    # A game code is the same string in every language.
    "ui.code_placeholder": "a game code",
    # Digits and a placeholder, nothing to translate.
    "ui.runs_count": "a count, {count}/4",
    # The ace is an A on the decks of every language here (aas, as, ace).
    "ui.index.A": "a corner letter",
    # A pile's name, a colon, its cards and a full stop (describing a replay's table).
    "ui.table.pile": "{pile}: {cards}.",
    # A move said in words (ui.move.*) and a full stop.
    "site.replay_move": "{move}, a sentence of its own",
    **{f"ui.rank.{rank}": "a number" for rank in "23456789T"},
}
SAME_IN_ONE_LANGUAGE = {
    # Romanian says "punctaj Normal" (the pages do too): the word is spelt as in English.
    ("ro", "ui.scoring_normal"): "Romanian 'Normal'",
    # Dutch says "de score" (the pages do too): the word is spelt as in English.
    ("nl", "ui.score"): "Dutch 'Score'",
    ("nl", "site.replay_score"): "Dutch 'Score'",
    # The team chose 'Hint' for the Dutch pages and board; "hints" is its Dutch plural.
    ("nl", "ui.hint"): "Dutch 'Hint'",
    ("nl", "ui.setting.hints"): "Dutch 'Hints'",
    ("nl", "ui.hint.said"): "Dutch 'Hint: …'",
    ("nl", "ui.bar.hint"): "Dutch 'Hint' (the phone bar's short label)",
    # The hardest level is "Expert" in Dutch and Romanian too: the same word, not a lapse.
    ("nl", "ui.level.expert"): "Dutch 'Expert'",
    ("ro", "ui.level.expert"): "Romanian 'Expert'",
    # Romanian decks print the international J, Q, K in their corners (docs/languages.md).
    **{("ro", f"ui.index.{rank}"): "a Romanian deck's corner letter" for rank in "JQK"},
}

# The words the team chose for the app's pages; the board must say the same.
VOCABULARY = {
    "ro": {
        "ui.new_game": "Partidă nouă",
        "ui.undo": "Anulează",
        "ui.hint": "Indiciu",
        "ui.winnable.only": "Numai distribuții câștigabile",
        "ui.new_deal": "Distribuție nouă",
        "ui.deal_of_the_day": "Distribuția zilei",
        "ui.same_deal": "Aceeași distribuție",
        "ui.enter_code": "Introdu un cod",
        "ui.setting.double_click": "Dublu clic",
        "ui.setting.auto_placement": "Plasare automată",
        "ui.setting.placement_help": "Ajutor la plasare",
        "ui.setting.interactive_rules": "Reguli interactive",
        "ui.suits_question": "Câte simboluri?",
        "ui.suits_1": "1 (Ușor)",
        "ui.suits_2": "2 (Mediu)",
        "ui.suits_4": "4 (Dificil)",
        "ui.rank.A": "As",
        "ui.rank.J": "Valet",
        "ui.rank.Q": "Damă",
        "ui.rank.K": "Popă",
        "ui.suit.S": "pică",
        "ui.suit.H": "cupă",
        "ui.suit.D": "caro",
        "ui.suit.C": "treflă",
        "ui.pile.stock": "Teanc de tragere",
        "ui.pile.waste": "Teanc de decartare",
        "ui.pile.foundation": "Fundația {n}",
        "ui.pile.column": "Coloana {n}",
    },
    "nl": {
        "ui.new_game": "Nieuw spel",
        "ui.undo": "Ongedaan maken",
        "ui.hint": "Hint",
        "ui.winnable.only": "Alleen winbare delingen",
        "ui.new_deal": "Nieuwe deling",
        "ui.deal_of_the_day": "Deling van de dag",
        "ui.same_deal": "Zelfde deling",
        "ui.enter_code": "Code invoeren",
        "ui.setting.double_click": "Dubbelklikken",
        "ui.setting.auto_placement": "Automatisch plaatsen",
        "ui.setting.placement_help": "Plaatshulp",
        "ui.setting.interactive_rules": "Interactieve regels",
        "ui.suits_1": "1 (Makkelijk)",
        "ui.suits_2": "2 (Gemiddeld)",
        "ui.suits_4": "4 (Moeilijk)",
        "ui.rank.A": "aas",
        "ui.rank.J": "boer",
        "ui.rank.Q": "vrouw",
        "ui.rank.K": "heer",
        "ui.suit.S": "Schoppen",
        "ui.suit.H": "Harten",
        "ui.suit.D": "Ruiten",
        "ui.suit.C": "Klaveren",
        "ui.pile.stock": "Trekstapel",
        "ui.pile.waste": "Aflegstapel",
        "ui.pile.foundation": "Basisstapel {n}",
        "ui.pile.column": "Kolom {n}",
    },
}

# The player is "tu" in Romanian and "je" in Dutch: the polite forms must not slip in.
POLITE_FORMS = {
    # dumneavoastră, vă/vi, and the polite imperative or 2nd plural (alegeți, încercați, veți).
    "ro": re.compile(r"\b(dumneavoastră|dvs|vă|vi|\w+(?:ați|eți|iți|âți))\b", re.IGNORECASE),
    "nl": re.compile(r"\b(u|uw)\b", re.IGNORECASE),
}

# The board fills {name} placeholders with /\{(\w+)\}/ (web/static/i18n.js), the server with
# str.format_map: a field must be a bare name for both to agree.
BARE_NAME = re.compile(r"\w+")


def test_the_app_ships_english_romanian_and_dutch() -> None:
    assert {"en", "ro", "nl"} <= set(LANGUAGES)


def test_the_catalog_helpers_examples_hold() -> None:
    result = doctest.testmod(catalogs_module)
    assert result.attempted > 0 and result.failed == 0


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_file_parses_without_any_babel_warning(
    lang: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = catalog_path(lang)
    # Babel prints "WARNING: …" for an entry it cannot read unless told to abort.
    path.read_bytes().decode("utf-8")  # strict: a stray byte fails here
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        catalog = read_catalog(lang)
    assert capsys.readouterr() == ("", "")
    assert len(catalog) > 100
    assert not catalog.obsolete, "obsolete (#~) entries"
    fuzzy = [message.id for message in catalog if message.id and message.fuzzy]
    assert fuzzy == [], "fuzzy entries are ignored by the server"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_header_names_its_language_in_utf8(lang: str) -> None:
    catalog = read_catalog(lang)
    headers = dict(catalog.mime_headers)
    assert headers["Language"] == lang
    assert catalog.locale == Locale.parse(lang)
    assert catalog.charset.lower() == "utf-8"
    assert headers["Content-Type"] == "text/plain; charset=utf-8"
    assert (
        headers["Project-Id-Version"]
        == dict(read_catalog(ENGLISH).mime_headers)["Project-Id-Version"]
    )


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_message_id_is_written_twice(lang: str) -> None:
    # Babel merges a repeated msgid silently, keeping one text: count the file's own lines.
    text = catalog_path(lang).read_text("utf-8")
    ids = Counter(re.findall(r'^msgid "(.*)"$', text, flags=re.MULTILINE))
    assert [message_id for message_id, count in ids.items() if count > 1] == []


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_the_catalog_has_exactly_the_english_message_ids(lang: str) -> None:
    english = set(read_messages(ENGLISH))
    translated = set(read_messages(lang))
    assert sorted(english - translated) == [], f"missing from {lang}"
    assert sorted(translated - english) == [], f"in {lang} but not in English"


def test_every_catalog_is_complete() -> None:
    # The check a new language's catalog meets too (tests/locales/test_a_fourth_language.py).
    assert differences_from_english() == {}


def test_the_completeness_check_names_what_a_catalog_lacks(tmp_path: Path) -> None:
    for lang in ("en", "nl"):
        shutil.copytree(LOCALES / lang, tmp_path / lang)
    path = catalog_path("nl", tmp_path)
    text = path.read_text("utf-8")
    text = text.replace('msgid "ui.undo"\nmsgstr "Ongedaan maken"', 'msgid "ui.undo"\nmsgstr ""')
    path.write_text(text + '\nmsgid "ui.only_in_dutch"\nmsgstr "Alleen in het Nederlands"\n')
    assert differences_from_english(tmp_path) == {
        "nl": {"missing": ["ui.undo"], "extra": ["ui.only_in_dutch"]}
    }


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_catalog_names_its_language_in_itself(lang: str) -> None:
    name = read_messages(lang)["language.name"]
    assert name == name.strip() and name[:1].isupper()
    # Each language's own name, so every name differs (English's "English" is not a default).
    names = [read_messages(other)["language.name"] for other in LANGUAGES]
    assert len(set(names)) == len(names)
    assert Catalogs(LOCALES).language_name(lang) == name


def test_the_pages_and_the_catalogs_have_the_same_languages() -> None:
    # A language with pages but no catalog would not be offered; one with a catalog but no
    # pages would link to the English pages.
    assert sorted(PAGE_LANGUAGES) == LANGUAGES


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_message_is_empty(lang: str) -> None:
    empty = [key for key, text in read_messages(lang).items() if not text.strip()]
    assert empty == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_placeholders_are_bare_names_and_the_same_as_in_english(lang: str) -> None:
    english = read_messages(ENGLISH)
    differ = []
    for key, text in read_messages(lang).items():
        fields = placeholders(text)  # a stray brace raises here
        assert all(BARE_NAME.fullmatch(field) for field in fields), (key, text)
        if key in english and fields != placeholders(english[key]):
            differ.append((key, sorted(fields), sorted(placeholders(english[key]))))
    assert differ == []


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_nothing_is_left_in_english_but_the_allow_list(lang: str) -> None:
    english = read_messages(ENGLISH)
    allowed = set(SAME_IN_EVERY_LANGUAGE) | {
        key for (language, key) in SAME_IN_ONE_LANGUAGE if language == lang
    }
    untranslated = sorted(
        key
        for key, text in read_messages(lang).items()
        if text == english.get(key) and key not in allowed
    )
    assert untranslated == []


def test_the_allow_list_names_only_real_messages() -> None:
    english = read_messages(ENGLISH)
    listed = set(SAME_IN_EVERY_LANGUAGE) | {key for _, key in SAME_IN_ONE_LANGUAGE}
    assert sorted(listed - set(english)) == []
    assert {lang for lang, _ in SAME_IN_ONE_LANGUAGE} <= set(TRANSLATIONS)


@pytest.mark.parametrize("lang", sorted(VOCABULARY))
def test_the_board_uses_the_team_vocabulary(lang: str) -> None:
    messages = read_messages(lang)
    chosen = VOCABULARY[lang]
    assert {key: messages.get(key) for key in chosen} == chosen


@pytest.mark.parametrize("lang", sorted(POLITE_FORMS))
def test_the_player_is_addressed_informally(lang: str) -> None:
    polite = {
        key: found
        for key, text in read_messages(lang).items()
        if (found := POLITE_FORMS[lang].findall(text))
    }
    assert polite == {}


def test_romanian_uses_comma_below_letters_and_its_own_quotes() -> None:
    # ş/ţ (cedilla) are the legacy look-alikes of ș/ț; „…” are Romanian quotation marks.
    for key, text in read_messages("ro").items():
        assert not set(text) & set("şţŞŢ"), key
        assert '"' not in text, key
    assert "„{mode}”" in read_messages("ro")["error.missing_field"]


def test_dutch_uses_typographic_quotes() -> None:
    for key, text in read_messages("nl").items():
        assert '"' not in text, key
    assert "‘{mode}’" in read_messages("nl")["error.missing_field"]


@pytest.mark.parametrize(
    ("lang", "rank", "suit", "name"),
    [
        ("ro", "A", "S", "As de pică"),
        ("ro", "T", "H", "10 de cupă"),
        ("ro", "K", "C", "Popă de treflă"),
        ("nl", "A", "S", "Schoppen aas"),
        ("nl", "T", "H", "Harten 10"),
        ("nl", "Q", "D", "Ruiten vrouw"),
        ("en", "A", "S", "Ace of spades"),
    ],
)
def test_a_card_is_named_as_a_player_says_it(lang: str, rank: str, suit: str, name: str) -> None:
    # As the board builds a card's accessible name: ui.card filled with a rank and a suit.
    catalogs = Catalogs(LOCALES)
    messages = catalogs.messages(lang)
    filled = catalogs.text(
        lang, "ui.card", rank=messages[f"ui.rank.{rank}"], suit=messages[f"ui.suit.{suit}"]
    )
    assert filled == name


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_the_server_serves_every_message_from_the_language_itself(lang: str) -> None:
    catalogs = Catalogs(LOCALES)
    assert lang in catalogs.available()
    assert catalogs.resolve(f"{lang}-{lang.upper()}") == lang
    # Nothing is filled in from English: every entry is read and used as it stands.
    assert catalogs.messages(lang) == read_messages(lang)
