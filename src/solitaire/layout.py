"""Layout text (rules §1): any position of any game as plain text, both ways.

One line per pile, ``id: cards``, cards bottom first, a face-down card in square brackets, an
empty pile as the bare id and colon, after a ``game:`` line with the game code (or, for a
typed-in position, the game and options alone). Simple Simon also reads the plain ten-line
form of Freecell Solver: one line per column, column 1 first, bottom card first.

>>> position = parse_layout("AS KH AC 4D KD 6C TH 4C\\n3D 2D 4S 9C AD 7C 8D 9H\\n"
...     "JH 6S 8H 5H 2S 3C 6H KS\\nJS 7D 2C TS 9D TD 5S\\n2H 9S KC 8C QS AH\\n"
...     "QC 7H TC JC QH\\nJD 3H 5C 6D\\n8S 4H QD\\n3S 7S\\n5D")
>>> print(format_layout(position).splitlines()[0:2])
['game: SS1-S4', 't1: AS KH AC 4D KD 6C TH 4C']
>>> parse_layout(format_layout(position)) == position
True
>>> parse_layout("game: KL1-D3V\\nt1: [KD] QS")
Traceback (most recent call last):
...
solitaire.layout.LayoutError: cards missing for KL1-D3V (50 of 52): 2C 2D ...
"""

from __future__ import annotations

from collections import Counter

from .cards import KING, Card, CardTextError, Suit, parse_card
from .codes import GameCode, GameCodeError, GameId, Variant, parse_code_or_variant
from .games import rules_for
from .moves import STOCK, WASTE, is_column, is_foundation
from .position import Pile, Position, TableShape


class LayoutError(ValueError):
    """Layout text that is refused; the message names the line and the card."""


def format_layout(position: Position) -> str:
    """The layout text of a position; :func:`parse_layout` reads it back unchanged."""
    game = (
        str(GameCode(position.variant, position.deal))
        if position.deal is not None
        else str(position.variant)
    )
    lines = [f"game: {game}"]
    for pile_id, pile in position.items():
        cards = [
            f"[{card.code}]" if i < pile.down else card.code for i, card in enumerate(pile.cards)
        ]
        lines.append(f"{pile_id}: {' '.join(cards)}" if cards else f"{pile_id}:")
    return "\n".join(lines) + "\n"


def _is_plain_form(lines: list[str]) -> bool:
    """The Freecell Solver form has no ``id:`` labels: no line holds a colon past its start."""
    return all(":" not in line.strip()[1:] for line in lines) and not any(
        line.strip().lower().startswith("game") for line in lines
    )


def _parse_token(token: str, line_no: int) -> tuple[Card, bool]:
    """A card and whether it lies face down (``[7H]``)."""
    face_down = token.startswith("[") and token.endswith("]")
    inner = token[1:-1] if face_down else token
    if inner.upper().startswith("10") and len(inner) == 3:
        inner = "T" + inner[2:]
    try:
        return parse_card(inner), face_down
    except CardTextError:
        raise LayoutError(
            f"line {line_no}: {token!r} is not a card (write e.g. 7H, TD, or [QS] face down)"
        ) from None


def parse_layout(text: str) -> Position:
    """Read layout text into a position, refusing anything that cannot be on the table."""
    raw_lines = text.splitlines()
    if _is_plain_form(raw_lines):
        return _parse_plain(raw_lines)
    variant: Variant | None = None
    deal: int | None = None
    rows: dict[str, tuple[int, list[tuple[Card, bool]]]] = {}
    for line_no, raw in enumerate(raw_lines, start=1):
        line = raw.strip()
        if not line:
            continue
        label, colon, rest = line.partition(":")
        label = label.strip().lower()
        if not colon:
            raise LayoutError(f"line {line_no}: {line!r} has no 'id:' label (e.g. 't1: KD QS')")
        if label == "game":
            if variant is not None:
                raise LayoutError(f"line {line_no}: a second 'game:' line")
            try:
                parsed = parse_code_or_variant(rest)
            except GameCodeError as error:
                raise LayoutError(f"line {line_no}: {error}") from None
            if isinstance(parsed, GameCode):
                variant, deal = parsed.variant, parsed.deal
            else:
                variant = parsed
            continue
        if label in rows:
            raise LayoutError(f"line {line_no}: pile {label!r} appears twice")
        rows[label] = (line_no, [_parse_token(token, line_no) for token in rest.split()])
    if variant is None:
        raise LayoutError(
            "no 'game:' line: start with e.g. 'game: KL1-D1N-AAAAAAG' or 'game: SS1-S4'"
        )
    return _build(variant, deal, rows)


def _parse_plain(raw_lines: list[str]) -> Position:
    lines = [line.strip() for line in raw_lines]
    while lines and not lines[-1]:
        lines.pop()
    if len(lines) > 10:
        raise LayoutError(
            f"line 11: the plain Simple Simon form has ten lines (one per column), not {len(lines)}"
        )
    rows: dict[str, tuple[int, list[tuple[Card, bool]]]] = {}
    for index in range(10):
        line = lines[index] if index < len(lines) else ""
        if line.startswith(":"):
            line = line[1:]
        tokens = [_parse_token(token, index + 1) for token in line.split()]
        for card, face_down in tokens:
            if face_down:
                raise LayoutError(
                    f"line {index + 1}: {card.code} is face down; Simple Simon has none"
                )
        rows[f"t{index + 1}"] = (index + 1, tokens)
    found = {card.suit for _, tokens in rows.values() for card, _ in tokens}
    suits = 1 if found <= {Suit.SPADES} else 2 if found <= {Suit.SPADES, Suit.HEARTS} else 4
    return _build(Variant(GameId.SIMPLE_SIMON, f"S{suits}"), None, rows)


def _build(
    variant: Variant, deal: int | None, rows: dict[str, tuple[int, list[tuple[Card, bool]]]]
) -> Position:
    shape = rules_for(variant).shape
    piles: list[Pile] = []
    for label, (line_no, _) in rows.items():
        if label not in shape.pile_ids:
            raise LayoutError(
                f"line {line_no}: {variant.game.title} has no pile {label!r} "
                f"(its piles are {', '.join(shape.pile_ids)})"
            )
    for index, pile_id in enumerate(shape.pile_ids):
        line_no, tokens = rows.get(pile_id, (0, []))
        piles.append(_check_pile(shape, pile_id, index, line_no, tokens))
    _check_cards(shape, rows)
    return Position(variant, tuple(piles), deal, shape=shape)


def _check_pile(
    shape: TableShape, pile_id: str, index: int, line_no: int, tokens: list[tuple[Card, bool]]
) -> Pile:
    variant = shape.variant
    cards = tuple(card for card, _ in tokens)
    down_flags = [face_down for _, face_down in tokens]
    where = f"line {line_no}"
    if pile_id == STOCK:
        for card, face_down in tokens:
            if not face_down:
                raise LayoutError(
                    f"{where}: {card.code} in the stock must be face down: [{card.code}]"
                )
        return Pile(cards, len(cards))
    for position, (card, face_down) in enumerate(tokens):
        if face_down and (pile_id == WASTE or is_foundation(pile_id)):
            raise LayoutError(f"{where}: [{card.code}] cannot lie face down on {pile_id}")
        if face_down and variant.game is GameId.SIMPLE_SIMON:
            raise LayoutError(f"{where}: [{card.code}] is face down; Simple Simon has none")
        if face_down and position > 0 and not down_flags[position - 1]:
            raise LayoutError(f"{where}: [{card.code}] is face down above a face-up card")
    if is_foundation(pile_id):
        suit = shape.foundation_suits[index - shape.index("f1")]
        for rank, card in enumerate(cards, start=1):
            if card.suit is not suit or card.rank != rank:
                raise LayoutError(
                    f"{where}: {card.code} cannot be card {rank} of {pile_id}, which builds "
                    f"{suit.symbol} from the ace up"
                )
        if len(cards) > KING:
            raise LayoutError(f"{where}: {pile_id} holds more than 13 cards")
    down = sum(down_flags)
    if is_column(pile_id) and cards and down == len(cards):
        raise LayoutError(
            f"{where}: the last card of {pile_id}, [{cards[-1].code}], must be face up "
            "(a face-down card turns up as soon as it is uncovered)"
        )
    return Pile(cards, down)


def _check_cards(shape: TableShape, rows: dict[str, tuple[int, list[tuple[Card, bool]]]]) -> None:
    variant = shape.variant
    allowed = Counter(shape.deck)
    seen: Counter[Card] = Counter()
    for line_no, tokens in rows.values():
        for card, _ in tokens:
            seen[card] += 1
            if seen[card] > allowed[card]:
                times = {0: "no", 1: "one", 2: "two", 3: "three", 4: "four"}[allowed[card]]
                raise LayoutError(
                    f"line {line_no}: {card.code} is a card too many: {variant.game.title} "
                    f"({variant}) has {times} {card.code}"
                )
    missing = allowed - seen
    if not missing:
        return
    if variant.game is GameId.SIMPLE_SIMON and _whole_runs(missing):
        return
    names = " ".join(sorted(card.code for card in missing.elements()))
    count, size = sum(missing.values()), len(shape.deck)
    raise LayoutError(f"cards missing for {variant} ({count} of {size}): {names}")


def _whole_runs(missing: Counter[Card]) -> bool:
    """Simple Simon's removed runs: missing cards must be whole suits of 13 (SS-5)."""
    for suit in {card.suit for card in missing}:
        counts = {missing[Card(rank, suit)] for rank in range(1, KING + 1)}
        if len(counts) != 1:
            return False
    return True
