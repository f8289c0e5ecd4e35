"""The starting-layout diagrams: valid SVG, one per game, drawn from the engine's own deal,
with words in the page's language."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from solitaire.pages import LANGUAGES, diagram_figure, diagram_labels
from solitaire.pages.diagrams import (
    DIAGRAM_GAMES,
    DiagramLabels,
    UnknownDiagramError,
    starting_layout_svg,
    table_summary,
)

SVG = "{http://www.w3.org/2000/svg}"
LABELS = DiagramLabels(
    title="Start",
    stock="Stock",
    waste="Waste",
    foundations="Foundations",
    face_down="face down",
    face_up="face up",
)


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    return root


def cards(root: ET.Element, css_class: str) -> list[ET.Element]:
    return [rect for rect in root.iter(f"{SVG}rect") if rect.get("class") == css_class]


def texts(root: ET.Element) -> list[str]:
    return [element.text or "" for element in root.iter(f"{SVG}text")]


@pytest.mark.parametrize("diagram", DIAGRAM_GAMES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_diagrams_are_valid_svg_in_every_language(lang: str, diagram: str) -> None:
    root = parse(starting_layout_svg(diagram, diagram_labels(lang, diagram)))
    title = root.find(f"{SVG}title")
    assert title is not None and title.text == diagram_labels(lang, diagram).title
    assert root.get("aria-labelledby") == title.get("id")
    assert root.get("role") == "img"


def test_diagrams_differ_per_game() -> None:
    drawings = {diagram: starting_layout_svg(diagram, LABELS) for diagram in DIAGRAM_GAMES}
    assert len(set(drawings.values())) == len(DIAGRAM_GAMES)


@pytest.mark.parametrize(
    ("diagram", "face_down", "face_up", "empty_piles", "columns"),
    [
        # Klondike: 21 face-down cards in the columns plus the stock, 7 face up; the waste
        # and 4 foundations empty.
        ("klondike", 22, 7, 5, 7),
        ("easy-harp", 37, 9, 9, 9),
        ("simple-simon", 0, 52, 0, 10),
    ],
)
def test_diagrams_draw_the_engines_layout(
    diagram: str, face_down: int, face_up: int, empty_piles: int, columns: int
) -> None:
    root = parse(starting_layout_svg(diagram, LABELS))
    assert len(cards(root, "diagram-card face-down")) == face_down
    assert len(cards(root, "diagram-card face-up")) == face_up
    assert len(cards(root, "diagram-pile empty")) == empty_piles
    numbers = [
        element.text
        for element in root.iter(f"{SVG}text")
        if element.get("class") == "column-number"
    ]
    assert numbers == [str(number) for number in range(1, columns + 1)]


def test_easy_harp_foundations_in_their_suit_order() -> None:
    root = parse(starting_layout_svg("easy-harp", LABELS))
    suits = [element.text for element in root.iter(f"{SVG}text") if element.get("class") == "suit"]
    assert suits == ["♠", "♠", "♥", "♥", "♦", "♦", "♣", "♣"]


def test_labels_come_from_the_caller_and_are_escaped() -> None:
    labels = DiagramLabels(
        title="A <b> & C",
        stock="Trekstapel",
        waste="Aflegstapel",
        foundations="Basisstapels",
        face_down="dicht",
        face_up="open",
    )
    root = parse(starting_layout_svg("klondike", labels))
    words = texts(root)
    for word in ("Trekstapel", "Aflegstapel", "Basisstapels", "dicht", "open"):
        assert word in words
    assert "Stock" not in words
    title = root.find(f"{SVG}title")
    assert title is not None and title.text == "A <b> & C"


def test_simple_simon_has_no_stock_or_face_down_legend() -> None:
    words = texts(parse(starting_layout_svg("simple-simon", LABELS)))
    assert "Stock" not in words and "face down" not in words and "face up" in words


def test_summary_counts_match_the_rules() -> None:
    assert table_summary("klondike") == {
        "columns": 7,
        "dealt": 28,
        "down": 21,
        "stock": 24,
        "foundations": 4,
    }
    assert table_summary("simple-simon")["dealt"] == 52


@pytest.mark.parametrize("lang", LANGUAGES)
def test_captions_quote_the_engines_numbers(lang: str) -> None:
    figure = diagram_figure(lang, "easy-harp")
    assert "{" not in figure
    for number in ("45", "36", "59"):
        assert number in figure.split("<figcaption>")[1]


def test_unknown_diagram_is_refused() -> None:
    with pytest.raises(UnknownDiagramError, match="freecell"):
        starting_layout_svg("freecell", LABELS)
