"""Proofs of "not winnable" without search: cards that can never leave their pile.

A card lying under others (face down in a column, or, without passes back, deep in the waste)
can be reached only after every card above it has left. Some positions lock themselves: a
card whose every way out needs a card buried under it, or under another such card. This
module finds the largest set of such *stuck* cards; if it is not empty, the position is lost.

**Candidates.** In each column the face-down cards and the first face-up card above them
(which can only move as the first card of what it carries); in Vegas (no pass back, KL-9)
every waste card (the waste is a stack: only its top plays). No other card is ever a
candidate, which only makes the test weaker, never wrong.

**Stuck set.** A set ``S`` of candidates is *closed* when every card ``Y`` of ``S``

- lies under another card of ``S`` in its pile, or
- has every way out blocked by ``S``:
  - to its foundation: for every place of its suit not yet past it, some rank between that
    place's height and ``Y``'s has all its copies in ``S``;
  - onto a column card one rank higher of the other colour: no copy of either such card can
    ever lie at a column's end (below);
  - (a king) into an empty column: no column is empty and every column's bottom card is in
    ``S``.

A card *never lies at a column's end* (while ``S`` stays) when every copy of it in a column
lies under a card of ``S``, and any other copy (talon, waste, foundation) is not a king and
has both of its own targets (one rank higher, other colour) never at an end. While ``S`` stays,
the first such card to reach a column's end would have to come down onto one of its targets,
already at an end: impossible (cards enter the columns from the talon or a foundation only
onto a column's last card, or, kings, into an empty column). In deal 61 of KL1-D1N, 5♦ and 5♥
lie on 3♦ and A♥ and need a black 6 each; the black 6s are in the stock, but need a red 7,
and both red 7s lie under the 5s: the deal is lost from the start.

**Claim**: no card of a closed ``S`` ever moves. Take the first move of any play that moves
a card of ``S``; before it, every card of ``S`` is where it was. The moved group's first card
``X`` is face up; a card of ``S`` in the group lies at or above ``X``. A card of ``S`` strictly
above ``X`` in the same pile means ``X`` was face down when ``S`` was chosen (only the first
face-up card of a column and the waste's cards are candidates, and no card of the waste moves
but its top) and is still covered: impossible. So ``X`` itself is the card of ``S``, at its
place, with nothing of ``S`` above it (else it would be face down, or not the waste's top),
so its ways out are blocked: its foundation needs a card of ``S`` (which never went up); no
card it could go onto lies at a column's end; no column is empty. Contradiction.

So a card of ``S`` never reaches its foundation: the position is lost. The union of closed
sets is closed, so the largest one is found by starting from every candidate and dropping,
until nothing changes, each card neither covered nor blocked.

>>> from solitaire.layout import parse_layout
>>> from solitaire.solver.stock_games import StockRules
>>> # 7♣ lies on the two red 8s it could go onto and on the 6♣ it needs below it to go up.
>>> column = ["8H", "6C", "8D", "7C"]
>>> rest = [r + s for s in "SHDC" for r in "A23456789TJQK" if r + s not in column]
>>> layout = parse_layout("game: KL1-D1N\\ns: " + " ".join(f"[{c}]" for c in rest)
...     + "\\nt1: [8H] [6C] [8D] 7C")
>>> rules = StockRules.for_position(layout)
>>> [card_text(card) for card in stuck_cards(rules, rules.state_of(layout))]
['8H', '6C', '8D', '7C']
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .stock_games import State, StockRules

KING_INDEX = 12
_RANKS = "A23456789TJQK"
_SUITS = "SHDC"
_IS_RED = tuple(card // 13 in (1, 2) for card in range(52))


def card_text(card: int) -> str:
    """A private card id as card text, e.g. ``card_text(13)`` is ``'AH'``."""
    return _RANKS[card % 13] + _SUITS[card // 13]


def _targets(card: int) -> tuple[int, int]:
    """The two cards (one rank higher, other colour) the card may go onto in a column."""
    rank = card % 13 + 1
    if _IS_RED[card]:
        return rank, 39 + rank
    return 13 + rank, 26 + rank


_TARGETS = tuple(_targets(card) if card % 13 != KING_INDEX else () for card in range(52))


def stuck_cards(rules: StockRules, state: State, *, thorough: bool = True) -> list[int]:
    """The cards of the largest closed set of stuck cards (empty: no proof of a loss).

    Cards are listed pile by pile, bottom first. ``thorough=False``: a target card counts as
    blocked only when every copy lies under a stuck card (the check of every position in
    Vegas: a third faster in C, and the thorough test found next to nothing more there).
    """
    piles = _candidate_piles(rules, state)
    places = stuck_places(rules, state, thorough=thorough)
    return [piles[pile][position] for pile, position in places]


def _candidate_piles(rules: StockRules, state: State) -> list[bytes]:
    columns, _, talon, waste_size = state
    piles: list[bytes] = [column[1 : column[0] + 2] for column in columns]
    if not rules.redeal and waste_size:
        piles.append(talon[:waste_size])
    return piles


def stuck_places(
    rules: StockRules, state: State, *, thorough: bool = True
) -> list[tuple[int, int]]:
    """Where the stuck cards lie: (pile, position from the bottom), pile ``i`` being column
    ``i`` and pile ``len(columns)`` the waste (Vegas only)."""
    columns, foundations, talon, waste_size = state
    piles: list[bytes] = [column[1 : column[0] + 2] for column in columns]
    column_count = len(piles)
    if not rules.redeal and waste_size:
        piles.append(talon[:waste_size])
    # Where each candidate card lies (pile, position); copies elsewhere are free.
    places: list[list[tuple[int, int]]] = [[] for _ in range(52)]
    candidates_of = [0] * 52
    for pile_index, pile in enumerate(piles):
        for position, card in enumerate(pile):
            places[card].append((pile_index, position))
            candidates_of[card] += 1
    copies = rules.places_per_suit
    # Highest stuck position per pile (−1: none); a card is stuck iff at or below it.
    top = [len(pile) - 1 for pile in piles]
    per_suit = rules.places_of

    def all_stuck(card: int) -> bool:
        if candidates_of[card] < copies:
            return False
        return all(position <= top[pile] for pile, position in places[card])

    on_columns = [0] * 52
    for column in columns:
        for card in column[1:]:
            on_columns[card] += 1
    never_at_an_end = [False] * 52

    def find_never_at_an_end() -> None:
        # Kings first: a card's targets are one rank higher.
        for rank in range(KING_INDEX, -1, -1):
            for suit in range(4):
                card = suit * 13 + rank
                covered_in_columns = covered_in_waste = 0
                for pile, position in places[card]:
                    if position < top[pile]:
                        if pile < column_count:
                            covered_in_columns += 1
                        else:
                            covered_in_waste += 1
                never = on_columns[card] == covered_in_columns
                if never and copies - on_columns[card] - covered_in_waste > 0:
                    if not thorough:
                        never_at_an_end[card] = False
                        continue
                    # A copy in the talon, the waste or up: it can only come down onto a
                    # column's last card (a king: into an empty column).
                    never = rank != KING_INDEX and all(
                        never_at_an_end[target] for target in _TARGETS[card]
                    )
                never_at_an_end[card] = never

    def blocked(card: int) -> bool:
        rank_index = card % 13
        suit = card // 13
        base = suit * 13
        for place in per_suit[suit]:
            height = foundations[place]
            if height > rank_index:
                # Easy Harp: the other copy is up there; cards taken back (EH-8) could
                # bring the place down to this card, so it is a way out.
                return False
            if not any(all_stuck(base + below) for below in range(height, rank_index)):
                return False  # this foundation place can be brought up to the card
        if rank_index == KING_INDEX:
            return all(top[pile] >= 0 for pile in range(column_count))
        return all(never_at_an_end[target] for target in _TARGETS[card])

    changed = True
    while changed:
        changed = False
        find_never_at_an_end()
        for pile_index, pile in enumerate(piles):
            while top[pile_index] >= 0 and not blocked(pile[top[pile_index]]):
                top[pile_index] -= 1
                changed = True
    return [
        (pile_index, position)
        for pile_index in range(len(piles))
        for position in range(top[pile_index] + 1)
    ]
