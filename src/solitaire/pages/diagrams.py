"""Schematic diagrams of each game's starting layout, as inline SVG for the rules pages.

The shape is read from the engine's own deal (pile sizes and face-down counts of deal 1), so a
diagram can never disagree with the rules; card faces are left blank, since the layout is the
same for every deal. All text in the SVG comes from the labels passed in, in the page's
language.

>>> labels = DiagramLabels(
...     title="Klondike: the starting layout", stock="Stock", waste="Waste",
...     foundations="Foundations", face_down="face down", face_up="face up")
>>> svg = starting_layout_svg("klondike", labels)
>>> svg.startswith("<svg") and "Foundations" in svg
True
>>> table_summary("easy-harp")
{'columns': 9, 'dealt': 45, 'down': 36, 'stock': 59, 'foundations': 8}
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

from ..cards import Suit
from ..codes import parse_variant
from ..games import rules_for
from ..moves import STOCK, is_column
from ..position import Position

DIAGRAM_GAMES: dict[str, str] = {
    "klondike": "KL1-D1N",
    "simple-simon": "SS1-S4",
    "easy-harp": "EH1-N",
}
"""Diagram name (as in ``<figure data-diagram="…">``) → the variant whose deal it draws."""

# Geometry, in SVG user units.
CARD_WIDTH = 40
CARD_HEIGHT = 56
GAP = 10
MARGIN = 12
DOWN_STEP = 7  # how much of a face-down card shows under the next one
UP_STEP = 13  # face-up cards are fanned wider, as on the board
LABEL_SPACE = 18
FONT_SIZE = 11

FACE_DOWN_FILL = "#2e5a87"
FACE_UP_FILL = "#ffffff"
OUTLINE = "#333333"
EMPTY_OUTLINE = "#7a7a7a"
RED_SUIT = "#b3261e"
BLACK_SUIT = "#1f1f1f"


class UnknownDiagramError(LookupError):
    """A diagram name that is not one of :data:`DIAGRAM_GAMES`."""


@dataclass(frozen=True, slots=True)
class DiagramLabels:
    """The words a diagram shows, in one language (pile numbers and suit symbols need none)."""

    title: str
    stock: str
    waste: str
    foundations: str
    face_down: str
    face_up: str


def starting_position(diagram: str) -> Position:
    """The first position of deal 1 of the diagram's game (its shape is every deal's shape).

    >>> len(starting_position("simple-simon").pile("t1"))
    8
    """
    if diagram not in DIAGRAM_GAMES:
        known = ", ".join(DIAGRAM_GAMES)
        raise UnknownDiagramError(f"no diagram named {diagram!r}: the diagrams are {known}")
    return rules_for(parse_variant(DIAGRAM_GAMES[diagram])).deal(1)


def table_summary(diagram: str) -> dict[str, int]:
    """Counts that a caption may quote: columns, cards dealt to them, face-down cards among
    those, cards in the stock, foundations."""
    position = starting_position(diagram)
    columns = [pile for pile_id, pile in position.items() if is_column(pile_id)]
    stock = len(position.pile(STOCK)) if position.shape.has_stock else 0
    return {
        "columns": len(columns),
        "dealt": sum(len(pile) for pile in columns),
        "down": sum(pile.down for pile in columns),
        "stock": stock,
        "foundations": len(position.shape.foundation_suits),
    }


def _rect(x: float, y: float, css_class: str, fill: str, stroke: str, dashed: bool = False) -> str:
    dash = ' stroke-dasharray="4 3"' if dashed else ""
    return (
        f'<rect class="{css_class}" x="{x:g}" y="{y:g}" width="{CARD_WIDTH}" '
        f'height="{CARD_HEIGHT}" rx="4" fill="{fill}" stroke="{stroke}"{dash}/>'
    )


def _text(x: float, y: float, text: str, css_class: str = "label", fill: str = OUTLINE) -> str:
    return (
        f'<text class="{css_class}" x="{x:g}" y="{y:g}" text-anchor="middle" '
        f'font-family="sans-serif" font-size="{FONT_SIZE}" fill="{fill}">{escape(text)}</text>'
    )


def _slot_x(slot: int) -> int:
    return MARGIN + slot * (CARD_WIDTH + GAP)


def starting_layout_svg(diagram: str, labels: DiagramLabels) -> str:
    """An inline SVG of a game's starting layout: outlined piles, face-down and face-up cards,
    pile labels in the labels' language and a small legend."""
    position = starting_position(diagram)
    shape = position.shape
    title_id = f"diagram-{diagram}-title"
    parts: list[str] = [f'<title id="{title_id}">{escape(labels.title)}</title>']
    y = MARGIN
    top_slots = 0
    if shape.has_stock:
        # Top row: stock, waste and the foundations, as on the board; the waste sits a half
        # slot further right than a column would, so that long pile names don't collide.
        stock_count = len(position.pile(STOCK))
        stock_x, waste_x = _slot_x(0), _slot_x(0) + 1.5 * (CARD_WIDTH + GAP)
        parts.append(_rect(stock_x, y, "diagram-card face-down", FACE_DOWN_FILL, OUTLINE))
        parts.append(
            _text(
                stock_x + CARD_WIDTH / 2,
                y + CARD_HEIGHT / 2 + 4,
                str(stock_count),
                "count",
                FACE_UP_FILL,
            )
        )
        parts.append(_rect(waste_x, y, "diagram-pile empty", "none", EMPTY_OUTLINE, dashed=True))
        label_y = y + CARD_HEIGHT + FONT_SIZE + 3
        parts.append(_text(stock_x + CARD_WIDTH / 2, label_y, labels.stock))
        parts.append(_text(waste_x + CARD_WIDTH / 2, label_y, labels.waste))
        suits = shape.foundation_suits
        first = max(3, shape.columns - len(suits))
        for offset, suit in enumerate(suits):
            x = _slot_x(first + offset)
            parts.append(_rect(x, y, "diagram-pile empty", "none", EMPTY_OUTLINE, dashed=True))
            colour = RED_SUIT if suit in (Suit.HEARTS, Suit.DIAMONDS) else BLACK_SUIT
            parts.append(
                f'<text class="suit" x="{x + CARD_WIDTH / 2:g}" y="{y + CARD_HEIGHT / 2 + 7:g}" '
                f'text-anchor="middle" font-family="sans-serif" font-size="20" '
                f'fill="{colour}">{suit.symbol}</text>'
            )
        group_middle = (_slot_x(first) + _slot_x(first + len(suits) - 1) + CARD_WIDTH) / 2
        parts.append(_text(group_middle, label_y, labels.foundations))
        top_slots = first + len(suits)
        y = label_y + LABEL_SPACE
    columns = [(pile_id, pile) for pile_id, pile in position.items() if is_column(pile_id)]
    number_y = y + FONT_SIZE
    y = number_y + 6
    deepest = 0
    for slot, (pile_id, pile) in enumerate(columns):
        x = _slot_x(slot)
        parts.append(_text(x + CARD_WIDTH / 2, number_y, pile_id[1:], "column-number"))
        card_y = y
        for index in range(len(pile)):
            if index < pile.down:
                parts.append(_rect(x, card_y, "diagram-card face-down", FACE_DOWN_FILL, OUTLINE))
                card_y += DOWN_STEP
            else:
                parts.append(_rect(x, card_y, "diagram-card face-up", FACE_UP_FILL, OUTLINE))
                card_y += UP_STEP
        deepest = max(deepest, card_y - (UP_STEP if pile.cards else 0) + CARD_HEIGHT)
    # Legend: one card of each kind shown, with its words.
    legend_y = deepest + GAP + 4
    legend_x = _slot_x(0)
    if any(pile.down for _, pile in columns):  # Simple Simon has no face-down card to explain
        parts.append(_legend_card(legend_x, legend_y, FACE_DOWN_FILL, labels.face_down))
        legend_x += 130
    parts.append(_legend_card(legend_x, legend_y, FACE_UP_FILL, labels.face_up))
    width = _slot_x(max(top_slots, len(columns))) - GAP + MARGIN
    height = legend_y + 18 + MARGIN
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="layout-diagram" '
        f'data-game="{diagram}" viewBox="0 0 {width} {height}" width="{width}" '
        f'height="{height}" role="img" aria-labelledby="{title_id}">' + "".join(parts) + "</svg>"
    )


def _legend_card(x: float, y: float, fill: str, words: str) -> str:
    return (
        f'<g class="legend"><rect x="{x:g}" y="{y:g}" width="12" height="17" rx="2" '
        f'fill="{fill}" stroke="{OUTLINE}"/>'
        f'<text class="label" x="{x + 18:g}" y="{y + 13:g}" font-family="sans-serif" '
        f'font-size="{FONT_SIZE}" fill="{OUTLINE}">{escape(words)}</text></g>'
    )


__all__ = [
    "DIAGRAM_GAMES",
    "DiagramLabels",
    "UnknownDiagramError",
    "starting_layout_svg",
    "starting_position",
    "table_summary",
]
