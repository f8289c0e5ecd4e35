"""The complete Simple Simon search: several best-first searches taking turns (a portfolio).

Every search of the portfolio is complete on its own: it expands positions in the order of
its estimate, each position at most once (a transposition table keyed by the sorted
columns), and generates every legal move but the pointless ones (see :func:`expand`). The
searches differ only in the order they expand positions (:data:`PORTFOLIO`), so they find
wins in different places: each of them alone leaves deals undecided that another wins
almost at once (docs/solver.md). They take turns, :data:`SLICE` positions each, and share
the budget:

- the first to reach the empty position wins (its path is the solution);
- the first to run dry has expanded every position reachable from the start, which is a
  proof that none of them is won: the deal is not winnable.

Positions are tuples (or lists) of ``bytes`` columns, card ids ``suit × 13 + rank − 1``
(see :mod:`solitaire.solver.simple_simon`). What a column can give (its groups) and its
blockers are worked out once per distinct column and remembered, and the counts behind the
estimates are updated move by move rather than recounted.

>>> from solitaire.solver.budget import Budget
>>> spades = bytes(range(12, -1, -1))            # K♠ … A♠
>>> start = (spades[:6], spades[6:], b"", b"")   # K♠…8♠ | 7♠…A♠
>>> portfolio_search(start, Budget(5.0))
[(1, 7, 0)]
"""

from __future__ import annotations

import heapq
from collections.abc import Iterator
from dataclasses import dataclass

from ..games.simple_simon import follows_in_group
from .best_first import path_to
from .budget import Budget
from .card_ids import card_of

SuitMove = tuple[int, int, int]
"""An internal move: (source column, cards moved, target column), 0-based columns."""

Columns = tuple[bytes, ...]

RUN_LENGTH = 13


def _group_unders() -> tuple[int, ...]:
    """For each card id, the id of the card it must lie on to continue a group, or −1 when
    no card takes it in a group (a king): read off the rules' own group rule
    (:func:`solitaire.games.simple_simon.follows_in_group`, SS-3) for every pair of cards, so
    the rule is written once. The search's fast form needs at most one such card per card.
    """
    unders: list[int] = []
    for card in range(52):
        found = [under for under in range(52) if follows_in_group(card_of(card), card_of(under))]
        if len(found) > 1:
            raise ValueError(f"{card_of(card)} continues a group on more than one card: {found}")
        unders.append(found[0] if found else -1)
    return tuple(unders)


GROUP_UNDER = _group_unders()
"""``GROUP_UNDER[card]``: the card id ``card`` continues a one-suit group on (SS-3), −1 for
none. A card is *misplaced* unless it lies on that card; a group at a column's end starts where
a card does not lie on its ``GROUP_UNDER``.

>>> GROUP_UNDER[0], GROUP_UNDER[11], GROUP_UNDER[12]   # A♠ on 2♠, Q♠ on K♠, K♠ on nothing
(1, 12, -1)
"""


def _finished_runs() -> frozenset[bytes]:
    """Every group of 13 cards (SS-5: king … ace of one suit), followed down from each king
    through :data:`GROUP_UNDER`."""
    lying_on = {under: card for card, under in enumerate(GROUP_UNDER) if under >= 0}
    runs = set()
    for king in (card for card, under in enumerate(GROUP_UNDER) if under < 0):
        run = [king]
        while run[-1] in lying_on and len(run) < RUN_LENGTH:
            run.append(lying_on[run[-1]])
        if len(run) == RUN_LENGTH:
            runs.add(bytes(run))
    return frozenset(runs)


RUNS = _finished_runs()
"""The four finished runs (king … ace of one suit) as column endings."""
RUN_LAST_CARDS = frozenset(run[-1] for run in RUNS)
"""The cards a finished run ends with (the aces): a quick test before the slice."""
SEPARATOR = b"\xff"
SLICE = 256
"""Positions a search of the portfolio expands before the next one takes its turn."""
CACHE_LIMIT = 200_000
"""Columns remembered by each per-column cache before it is cleared (about 100 MB at most)."""


@dataclass(frozen=True, slots=True)
class Strategy:
    """The order in which one search of the portfolio expands positions.

    The estimate is ``4 × misplaced − empty columns + blocker_weight × blockers`` (lower
    first); among equal estimates the oldest position goes first, or with ``newest_first``
    the newest (deeper into a plateau rather than across it).
    """

    name: str
    newest_first: bool
    blocker_weight: int


PORTFOLIO = (
    Strategy("oldest first", newest_first=False, blocker_weight=0),
    Strategy("newest first", newest_first=True, blocker_weight=0),
    Strategy("blockers, oldest first", newest_first=False, blocker_weight=2),
    Strategy("blockers, newest first", newest_first=True, blocker_weight=2),
    Strategy("heavy blockers, oldest first", newest_first=False, blocker_weight=5),
)
"""The searches for a game with four suits."""

FEWER_SUITS_PORTFOLIO = PORTFOLIO[:4]
"""With one or two suits the heavy-blocker search, chosen on four-suit deals, is left out:
there it decided no deal more, and its share of the turns slowed the slowest wins down
(docs/solver-figures.md)."""


def portfolio_for(columns: Columns | list[bytes]) -> tuple[Strategy, ...]:
    """The searches for a position: :data:`PORTFOLIO` when a card of the third or fourth
    suit (♦ ♣, ids 26 and up) is in play, else :data:`FEWER_SUITS_PORTFOLIO`.

    >>> len(portfolio_for([bytes([0, 25])])), len(portfolio_for([bytes([26])]))
    (4, 5)
    """
    four_suits = any(column and max(column) >= 26 for column in columns)
    return PORTFOLIO if four_suits else FEWER_SUITS_PORTFOLIO


_group_starts: dict[bytes, int] = {}
_blocker_counts: dict[bytes, int] = {}


def group_start(column: bytes) -> int:
    """Where the one-suit descending group at the end of a (non-empty) column starts.

    >>> group_start(bytes([12, 5, 4, 3]))   # K♠ 6♠ 5♠ 4♠
    1
    """
    start = _group_starts.get(column)
    if start is None:
        start = len(column) - 1
        while start > 0 and column[start - 1] == GROUP_UNDER[column[start]]:
            start -= 1
        if len(_group_starts) > CACHE_LIMIT:
            _group_starts.clear()
        _group_starts[column] = start
    return start


def misplaced(columns: Columns | list[bytes]) -> int:
    """Cards other than kings that do not rest on their same-suit successor.

    >>> misplaced([bytes([12, 11, 3]), bytes([5])])   # K♠ Q♠ 4♠ | 6♠
    2
    """
    count = 0
    for column in columns:
        below = -1
        for card in column:
            under = GROUP_UNDER[card]
            if under >= 0 and below != under:
                count += 1
            below = card
    return count


def blockers(column: bytes) -> int:
    """Cards of a column lying above a lower card of their own suit: each must leave the
    column before that card can join its run.

    >>> blockers(bytes([3, 7, 5, 12]))   # 4♠ 8♠ 6♠ K♠: all three lie above 4♠
    3
    """
    count = _blocker_counts.get(column)
    if count is None:
        count = 0
        lowest: dict[int, int] = {}
        for card in column:
            suit = card // 13
            low = lowest.get(suit)
            if low is None or card < low:
                lowest[suit] = card
            elif card > low:
                count += 1
        if len(_blocker_counts) > CACHE_LIMIT:
            _blocker_counts.clear()
        _blocker_counts[column] = count
    return count


def has_finished_run(column: bytes) -> bool:
    return len(column) >= RUN_LENGTH and column[-RUN_LENGTH:] in RUNS


Child = tuple[SuitMove, list[bytes], int, bool]
"""A successor: the move, the columns after it, their misplaced count, whether a run left."""


Candidate = tuple[int, int, int, bytes, bytes, int, int, bool]
"""A group a column can give: the rank index (``card % 13``) the target's last card must
have (13 for a king: none), start index, cards, the group, the column
without it, the card a target's last card must be for the group's first card to count as
placed (−1 for a king: it counts nowhere), the change in the misplaced count as it leaves,
whether a finished run left under it."""

_candidates: dict[bytes, list[Candidate]] = {}


def candidates(column: bytes) -> list[Candidate]:
    """Every group at the end of a (non-empty) column, longest last, worked out once per
    column: columns come back again and again in a search.

    K♠ 6♠ 5♠ gives 5♠ (onto a card of rank index 5, a six) or 6♠ 5♠ (onto a seven):

    >>> [(wanted, count) for wanted, _, count, *_ in candidates(bytes([12, 5, 4]))]
    [(5, 1), (6, 2)]
    """
    found = _candidates.get(column)
    if found is not None:
        return found
    found = []
    size = len(column)
    for start in range(size - 1, group_start(column) - 1, -1):
        card = column[start]
        rank = card % 13
        below = column[start - 1] if start else -1
        rest = column[:start]
        # Only a typed-in layout can hold a finished run under other cards (nothing goes
        # on an ace), and taking those cards away makes it leave.
        source_run = start >= RUN_LENGTH and rest[-RUN_LENGTH:] in RUNS
        if source_run:
            rest = rest[:-RUN_LENGTH]
        under = GROUP_UNDER[card]
        if under < 0:
            # A king: no card takes it (index 13 of the targets by rank stays empty), and it
            # is never counted as misplaced.
            found.append((13, start, size - start, column[start:], rest, -1, 0, source_run))
        else:
            leave = -1 if below != under else 0
            found.append(
                (rank + 1, start, size - start, column[start:], rest, under, leave, source_run)
            )
    if len(_candidates) > CACHE_LIMIT:
        _candidates.clear()
    _candidates[column] = found
    return found


def expand(columns: Columns | list[bytes], misplaced_count: int, root: bool = False) -> list[Child]:
    """Every legal move from ``columns`` (SS-2 … SS-5) but the pointless ones, with the
    columns after it (finished runs removed) and their misplaced count.

    Pointless: a move into an empty column other than the first (empty columns are
    interchangeable: the positions are the same once columns are sorted), and a whole
    column into an empty one (the same position). ``root``: look at every column for a
    finished run after the move, as the rules do (a typed-in layout may start with one);
    afterwards only the two columns a move touches can end with a new one.

    >>> [move for move, *_ in expand((bytes([4, 3]), bytes([5]), b""), 2)]
    [(0, 1, 2), (0, 2, 1)]
    """
    by_rank: list[list[int]] = [[], [], [], [], [], [], [], [], [], [], [], [], [], []]
    first_empty = -1
    for index, column in enumerate(columns):
        if column:
            by_rank[column[-1] % 13].append(index)
        elif first_empty < 0:
            first_empty = index
    children: list[Child] = []
    append = children.append
    for source, column in enumerate(columns):
        if not column:
            continue
        groups = _candidates.get(column) or candidates(column)
        for wanted, start, count, moved, rest, successor, leave, source_run in groups:
            targets = by_rank[wanted]
            if start and first_empty >= 0:
                targets = [*targets, first_empty]
            for target in targets:
                if target == source:
                    continue
                onto = columns[target]
                # Only the group's first card changes what it rests on; a finished run
                # leaving takes only cards already counted as placed.
                after_misplaced = misplaced_count + leave
                if successor >= 0 and (not onto or onto[-1] != successor):
                    after_misplaced += 1
                pile = onto + moved
                removed = source_run
                if pile[-1] in RUN_LAST_CARDS and pile[-RUN_LENGTH:] in RUNS:
                    pile = pile[:-RUN_LENGTH]
                    removed = True
                after = list(columns)
                after[source] = rest
                after[target] = pile
                if root:
                    after = [p[:-RUN_LENGTH] if has_finished_run(p) else p for p in after]
                    removed = True
                append(((source, count, target), after, after_misplaced, removed))
    return children


class Found(Exception):
    """A search of the portfolio reached the empty position: ``path`` wins."""

    def __init__(self, path: list[SuitMove]) -> None:
        super().__init__(f"won in {len(path)} moves")
        self.path = path


def best_first_turns(start: Columns, strategy: Strategy, budget: Budget) -> Iterator[int]:
    """One complete best-first search, yielding every :data:`SLICE` positions (the number
    it has expanded) so that others can take their turn; raises :class:`Found` with a win,
    and returns when every reachable position has been expanded (no win: a proof).

    ``start`` must hold at least one card.
    """
    start_key = SEPARATOR.join(sorted(start))
    parents: dict[bytes, tuple[bytes, SuitMove] | None] = {start_key: None}
    weight = strategy.blocker_weight
    order = -1 if strategy.newest_first else 1
    start_misplaced = misplaced(start)
    start_blockers = sum(blockers(column) for column in start) if weight else 0
    start_empty = sum(1 for column in start if not column)
    # Queue entries: estimate, tie-break (unique, so the comparison never goes further),
    # columns, key, misplaced, blockers, empty columns.
    queue: list[tuple[int, int, Columns | list[bytes], bytes, int, int, int]] = [
        (
            4 * start_misplaced - start_empty + weight * start_blockers,
            0,
            start,
            start_key,
            start_misplaced,
            start_blockers,
            start_empty,
        )
    ]
    root = any(has_finished_run(column) for column in start)
    found = 0
    expanded = 0
    push, pop, spend, join = heapq.heappush, heapq.heappop, budget.spend, SEPARATOR.join
    while queue:
        _, _, columns, key, column_misplaced, column_blockers, column_empty = pop(queue)
        spend()
        expanded += 1
        for move, after, after_misplaced, removed in expand(columns, column_misplaced, root):
            after_key = join(sorted(after))
            if after_key in parents:
                continue
            parents[after_key] = (key, move)
            if removed and not any(after):
                raise Found(path_to(parents, after_key))
            found += 1
            source, _, target = move
            if root:
                after_empty = sum(1 for column in after if not column)
            else:
                after_empty = (
                    column_empty + (not after[source]) + (not after[target]) - (not columns[target])
                )
            after_blockers = 0
            if weight:
                if root:
                    after_blockers = sum(blockers(column) for column in after)
                else:
                    after_blockers = (
                        column_blockers
                        - blockers(columns[source])
                        - blockers(columns[target])
                        + blockers(after[source])
                        + blockers(after[target])
                    )
            push(
                queue,
                (
                    4 * after_misplaced - after_empty + weight * after_blockers,
                    order * found,
                    after,
                    after_key,
                    after_misplaced,
                    after_blockers,
                    after_empty,
                ),
            )
        root = False
        if expanded % SLICE == 0:
            yield expanded


def portfolio_search(
    start: Columns | list[bytes],
    budget: Budget,
    strategies: tuple[Strategy, ...] | None = None,
) -> list[SuitMove] | None:
    """A winning list of moves, or None once one of the searches has expanded every position
    reachable from ``start`` (each is complete, so that is a proof). ``strategies``: the
    searches, by default :func:`portfolio_for` the start.

    Raises :class:`~solitaire.solver.budget.OutOfBudget` when the budget runs out first.
    """
    columns = tuple(start)
    if not any(columns):
        return []
    chosen = portfolio_for(columns) if strategies is None else strategies
    searches = [best_first_turns(columns, strategy, budget) for strategy in chosen]
    try:
        while True:
            for turns in searches:
                if next(turns, None) is None:
                    return None
    except Found as found:
        return found.path
    finally:
        # The server keeps running after a hint: give the memory back.
        clear_caches()


def clear_caches() -> None:
    """Forget the per-column caches (they refill as a search meets columns again)."""
    _group_starts.clear()
    _blocker_counts.clear()
    _candidates.clear()
