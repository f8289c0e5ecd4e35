"""The C search's parts, each against the engine's own rules (the judge), on positions the
real rules reach from random deals of every Klondike and Easy Harp option (Hypothesis):
its moves, its safe moves, its keys, its deadlock proofs and its talon waits."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solitaire.cards import parse_card
from solitaire.codes import GameId, parse_variant
from solitaire.games import rules_for
from solitaire.games.stock_and_foundations import StockAndFoundationRules
from solitaire.layout import parse_layout
from solitaire.moves import DRAW, WASTE, Move
from solitaire.position import Position
from solitaire.solver import stock_bridge
from solitaire.solver.card_ids import card_id, card_of, card_text
from solitaire.solver.stock_bridge import COMPLETE, LIKELY, UNCHAINED
from solitaire.solver.stock_moves import BACK as BACK_MOVE
from solitaire.solver.stock_moves import COLUMN as COLUMN_MOVE
from solitaire.solver.stock_moves import TALON as TALON_MOVE
from solitaire.solver.stock_moves import TO_FOUNDATION as FOUNDATION_MOVE
from solitaire.solver.stock_moves import to_moves
from solitaire.solver.stock_position import State, StockTable, state_of

from .stock_samples import reachable_positions

PROPERTIES = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def test_the_c_search_is_built() -> None:
    # `make test` installs the package, which compiles it; without it the solver falls back
    # to the engine's rules alone, far weaker: worth a failing test.
    assert stock_bridge.BUILT


def _replay(position: Position, atoms: tuple[tuple[int, int, int, int], ...]) -> Position:
    """The position after the atoms' moves, played through the real rules (a Refusal if
    one is illegal)."""
    rules = rules_for(position.variant)
    for move in to_moves(atoms):
        position = rules.apply(position, move).position
    return position


def _plain(table: StockTable) -> StockTable:
    """The table without the search's reductions (talon waits, emptied columns filled, runs
    that wait for their use, loose cards)."""
    return replace(
        table,
        talon_waits=False,
        kings_fill=False,
        runs_wait=False,
        loose_cards=False,
        free_chains=False,
    )


@PROPERTIES
@given(reachable_positions())
@pytest.mark.slow
def test_every_successor_is_a_line_of_the_real_rules(position: Position) -> None:
    # Each step the search takes, at every level and with its reductions, is a list of legal
    # moves of the engine that leads exactly where the search says (safe moves included).
    table = StockTable.for_variant(position.variant)
    state = state_of(position)
    for level in (LIKELY, COMPLETE, UNCHAINED):
        for atoms, after in stock_bridge.successors(state, table, level):
            assert state_of(_replay(position, atoms)) == after, (level, atoms)


def _engine_successors(position: Position) -> list[Position]:
    """Every position one move of the real rules leads to, counting a move of the waste's
    top card after some taps on the stock as one move, as the search does (taps alone
    lead nowhere new: they commute with every other move)."""
    rules = rules_for(position.variant)
    found = [
        rules.apply(position, move).position
        for move in rules.legal_moves(position)
        if not move.is_draw
    ]
    current = position
    seen = {(len(position.pile("s")), len(position.pile(WASTE)))}
    while DRAW in rules.legal_moves(current):
        current = rules.apply(current, DRAW).position
        sizes = (len(current.pile("s")), len(current.pile(WASTE)))
        if sizes in seen:
            break
        seen.add(sizes)
        found += [
            rules.apply(current, move).position
            for move in rules.legal_moves(current)
            if move.source == WASTE
        ]
    return found


@PROPERTIES
@given(reachable_positions())
@pytest.mark.slow
def test_the_complete_level_makes_every_move_of_the_real_rules(position: Position) -> None:
    # Without its reductions (argued apart, and tested against the search without them in
    # test_stock_search.py), the complete level reaches exactly the positions the real
    # rules reach in one move, up to the key: the moves it leaves out (a king already at a
    # column's bottom into an empty column, into a second empty column) lead to the same
    # position with its columns in another order.
    table = _plain(StockTable.for_variant(position.variant))
    state = state_of(position)
    here = stock_bridge.key(state, table)
    by_engine = {stock_bridge.key(state_of(after), table) for after in _engine_successors(position)}
    by_search = {
        stock_bridge.key(after, table)
        for _, after in stock_bridge.successors(state, table, COMPLETE, settled=False)
    }
    # With two decks (Easy Harp), a move may lead back to the same position up to the key:
    # the QD of "t1: KC" "t2: KC QD" onto the other KC swaps two equal columns. The search's
    # positions seen drop it as they drop any position met before; elsewhere none leads back.
    if position.variant.game is not GameId.EASY_HARP:
        assert here not in by_search
    assert by_engine - {here} == by_search - {here}


def _is_safe(table: StockTable, foundations: bytes, card: int) -> bool:
    """docs/solver.md's safety condition: with one deck, every card of the other colour
    ranked two or more below the card, and every card of its colour ranked three or more below
    it, is up; with two decks one rank closer each (both copies)."""
    rank, red = card % 13 + 1, card // 13 in (1, 2)
    per_suit = table.places_per_suit
    closer = 0 if per_suit == 1 else 1
    for suit in range(4):
        limit = (rank - 3 if (suit in (1, 2)) == red else rank - 2) + closer
        places = foundations[suit * per_suit : (suit + 1) * per_suit]
        if limit > 0 and min(places) < limit:
            return False
    return True


def _safe_moves_left(table: StockTable, state: State) -> list[int]:
    """The cards that could still go up safely: column ends; in draw 1 with passes every
    talon card (taps bring any of them to the top), in Vegas draw 1 the waste's top."""
    ends = [column[-1] for column in state.columns if len(column) > 1]
    if table.draw == 1 and table.redeal:
        ends.extend(state.talon)
    elif table.draw == 1 and state.waste_size:
        ends.append(state.talon[state.waste_size - 1])
    per_suit = table.places_per_suit
    return [
        card
        for card in ends
        if card % 13 in state.foundations[card // 13 * per_suit : (card // 13 + 1) * per_suit]
        and _is_safe(table, state.foundations, card)
    ]


@PROPERTIES
@given(reachable_positions())
def test_the_safe_moves_are_safe_legal_and_all_made(position: Position) -> None:
    table = StockTable.for_variant(position.variant)
    atoms, settled = stock_bridge.settle(state_of(position), table)
    current = position
    for atom in atoms:
        before = state_of(current)
        if atom[0] == 0:
            card = before.columns[atom[1]][-1]
        else:
            # A talon card: at the waste's top, or in draw 1 with passes anywhere in the
            # talon, brought to the top by the atom's taps.
            assert table.draw == 1 and atom[2] == -1
            assert atom[1] == 0 or table.redeal
            size = before.waste_size
            for _ in range(atom[1]):
                size = size + 1 if size < len(before.talon) else 0
            card = before.talon[size - 1]
        assert _is_safe(table, before.foundations, card), card_text(card)
        current = _replay(current, (atom,))
    assert state_of(current) == settled
    assert _safe_moves_left(table, settled) == []


def _canonical(table: StockTable, state: State) -> tuple[object, ...]:
    """What a key must tell apart (docs/solver.md, "The keys"): the columns in any order, a
    suit's places in any order; the talon and the waste size except in draw 1 with passes;
    in draw 3 with passes, the waste sizes of the pass cycle as one."""
    per_suit = table.places_per_suit
    places = tuple(
        tuple(sorted(state.foundations[suit * per_suit : (suit + 1) * per_suit]))
        for suit in range(4)
    )
    columns = tuple(sorted(state.columns))
    if table.draw == 1 and table.redeal:
        return columns, places
    waste = state.waste_size
    if table.redeal and (waste % table.draw == 0 or waste == len(state.talon)):
        waste = 0
    return columns, places, state.talon, waste


@PROPERTIES
@given(reachable_positions(), st.randoms(use_true_random=False))
@pytest.mark.slow
def test_keys_tell_positions_apart_exactly_as_the_rules_allow(
    position: Position, rng: random.Random
) -> None:
    table = StockTable.for_variant(position.variant)
    state = state_of(position)
    # The same position with its columns, and a suit's places, in another order.
    columns = list(state.columns)
    rng.shuffle(columns)
    places = bytearray(state.foundations)
    if table.places_per_suit == 2:
        for suit in range(4):
            if rng.random() < 0.5:
                places[2 * suit], places[2 * suit + 1] = places[2 * suit + 1], places[2 * suit]
    shuffled = state._replace(columns=tuple(columns), foundations=bytes(places))
    assert stock_bridge.key(shuffled, table) == stock_bridge.key(state, table)
    # Every waste size of the same talon: one key exactly when the canonical forms agree.
    for size in range(len(state.talon) + 1):
        other = state._replace(waste_size=size)
        same_key = stock_bridge.key(other, table) == stock_bridge.key(state, table)
        assert same_key == (_canonical(table, other) == _canonical(table, state)), size
    # The positions one move away: a key each, as their canonical forms say.
    neighbours = [after for _, after in stock_bridge.successors(state, table, COMPLETE)]
    for first in neighbours:
        for second in neighbours:
            same_key = stock_bridge.key(first, table) == stock_bridge.key(second, table)
            assert same_key == (_canonical(table, first) == _canonical(table, second))


def _suits(table: StockTable, foundations: bytes) -> list[list[int]]:
    """Each suit's places, sorted."""
    step = table.places_per_suit
    return [sorted(foundations[at : at + step]) for at in range(0, len(foundations), step)]


def _near(state: State, table: StockTable) -> list[State]:
    """The positions one and two moves away (the first five's successors)."""
    near = [after for _, after in stock_bridge.successors(state, table, COMPLETE)]
    return near + [
        after for first in near[:5] for _, after in stock_bridge.successors(first, table, COMPLETE)
    ]


@PROPERTIES
@given(reachable_positions())
@pytest.mark.slow
def test_compact_positions_keep_everything_and_keys_tell_positions_apart_alike(
    position: Position,
) -> None:
    table = StockTable.for_variant(position.variant)
    start = state_of(position)
    near = [start, *_near(start, table)]
    plain = [stock_bridge.key(state, table) for state in near]
    compact = [stock_bridge.key(state, table, start) for state in near]
    for i in range(len(near)):
        for j in range(len(near)):
            assert (plain[i] == plain[j]) == (compact[i] == compact[j])
    for state in near:
        _, back = stock_bridge.stored(state, table, start)
        assert sorted(back.columns) == sorted(state.columns)
        # Easy Harp's two places of a suit come back in the key's order.
        assert _suits(table, back.foundations) == _suits(table, state.foundations)
        assert (back.talon, back.waste_size) == (state.talon, state.waste_size)
        assert stock_bridge.key(back, table, start) == compact[near.index(state)]


def test_a_compact_position_names_face_down_cards_by_column_and_talon_cards_by_bits() -> None:
    # KL1-D1V deal 143: seven columns of one face-up card each take two bytes (face-up
    # count; start column and face-down count) and the card; the four foundations, a byte;
    # the talon a flag byte and 24 bits; the waste size twice (its key, then itself). The
    # plain form writes every card: 73 bytes.
    variant = parse_variant("KL1-D1V")
    start = state_of(rules_for(variant).deal(143))
    table = StockTable.for_variant(variant)
    assert stock_bridge.stored(start, table, start)[0] == 7 * 3 + 4 + 1 + 3 + 2
    assert len(stock_bridge.key(start, table)) == 7 * 2 + 28 + 4 + 1 + 24 + 1
    # A talon that is not the start's with cards gone (never met in play) is written as it
    # is, and read back the same.
    turned = start._replace(talon=start.talon[::-1])
    size, back = stock_bridge.stored(turned, table, start)
    assert back.talon == turned.talon and size == 7 * 3 + 4 + 2 + 24 + 2
    # Face-down cards that did not lie so at the start: refused, nothing stored.
    columns = list(start.columns)
    columns[6] = bytes([columns[6][0], *reversed(columns[6][1:-1]), columns[6][-1]])
    with pytest.raises(ValueError, match="face-down cards not as they lay at the start"):
        stock_bridge.key(start._replace(columns=tuple(columns)), table, start)
    # A start column of more face-down cards than 4 bits count (no deal has one; a search
    # from it stores the plain form).
    tall = bytes([16, *range(17)])
    tall_start = start._replace(columns=(tall, *start.columns[1:]), talon=b"")
    with pytest.raises(ValueError, match="no compact form"):
        stock_bridge.key(tall_start, table, tall_start)


def test_draw_three_waste_sizes_on_the_pass_cycle_share_a_key() -> None:
    # KL1-D3N: 24 talon cards; taps go 0, 3, 6, …, 24, then back to 0. Those waste sizes
    # reach each other by taps alone, so they are one position; a waste size of 4 (after a
    # card was played from 5) is not on the cycle and keeps its own key. Vegas has no pass
    # back: every waste size is its own position.
    start = state_of(rules_for(parse_variant("KL1-D3N")).deal(6))
    table = StockTable.for_variant(parse_variant("KL1-D3N"))
    keys = {
        size: stock_bridge.key(start._replace(waste_size=size), table) for size in (0, 3, 4, 24)
    }
    assert keys[0] == keys[3] == keys[24] != keys[4]
    vegas = StockTable.for_variant(parse_variant("KL1-D3V"))
    assert stock_bridge.key(start._replace(waste_size=3), vegas) != stock_bridge.key(start, vegas)


# -- deadlocks -----------------------------------------------------------------------------


def _explore_real_rules(
    position: Position, limit: int, check: Callable[[Move, Position], None]
) -> int:
    """Explore the real rules from ``position`` (every legal move, breadth first, at most
    ``limit`` positions), checking that nothing is won and calling ``check`` on each new
    position with the move that reached it. The number of positions explored."""
    rules = rules_for(position.variant)
    seen = {position}
    frontier = [position]
    while frontier and len(seen) < limit:
        next_frontier = []
        for current in frontier:
            for move in rules.legal_moves(current):
                after = rules.apply(current, move).position
                assert not rules.is_won(after)
                if after in seen:
                    continue
                check(move, after)
                seen.add(after)
                next_frontier.append(after)
        frontier = next_frontier
    return len(seen)


def _stuck_cards_stay_put(position: Position, places: list[tuple[str, int]], limit: int) -> int:
    """Explore the real rules from ``position`` (every legal move, breadth first, at most
    ``limit`` positions) and check that the cards at ``places`` (pile id, index) never move
    and nothing is won. The number of positions explored."""
    expected = [(pile, index, position.pile(pile).cards[index]) for pile, index in places]

    def stay_put(move: Move, after: Position) -> None:
        for pile, index, card in expected:
            cards = after.pile(pile).cards
            assert len(cards) > index and cards[index] == card, (move, pile, index)

    return _explore_real_rules(position, limit, stay_put)


def _stuck_places(position: Position, *, thorough: bool = True) -> list[tuple[str, int]]:
    """The stuck cards of a position as (pile id, index)."""
    table = StockTable.for_variant(position.variant)
    pile_ids = [pile_id for pile_id, _ in position.items() if pile_id.startswith("t")]
    pile_ids.append(WASTE)  # the waste comes after the columns (no passes back only)
    found = stock_bridge.stuck_places(state_of(position), table, thorough=thorough)
    return [(pile_ids[pile], index) for pile, index in found]


@pytest.mark.parametrize(
    ("variant_text", "thorough"),
    [("KL1-D1N", True), ("KL1-D1V", True), ("KL1-D1V", False), ("KL1-D3V", True)],
)
@pytest.mark.slow
def test_stuck_cards_never_move_under_the_real_rules(variant_text: str, thorough: bool) -> None:
    # The deadlock claim, checked on random deals after random taps (so that, without passes
    # back, the waste holds cards that can lock up): whatever the real rules allow (every
    # legal move, foundations' cards coming back included, the first 800 positions breadth
    # first), the stuck cards stay where they lie and nothing is won. Positions with nothing
    # stuck are checked too, to see the check can fail: some of their candidates do move.
    rng = random.Random(f"deadlock {variant_text} {thorough}")
    variant = parse_variant(variant_text)
    rules = rules_for(variant)
    proved = moved = in_waste = 0
    for _ in range(2_000):
        position = rules.deal(rng.randint(1, 999_999))
        for _ in range(rng.randint(0, 24 // variant.draw)):
            position = rules.apply(position, DRAW).position
        named = _stuck_places(position, thorough=thorough)
        if named and proved < 8:
            _stuck_cards_stay_put(position, named, 800)
            proved += 1
            in_waste += any(pile == WASTE for pile, _ in named)
        elif not named and moved < 3:
            candidates = [
                (pile_id, index)
                for pile_id, pile in position.items()
                if pile_id.startswith("t")
                for index in range(min(len(pile), pile.down + 1))
            ]
            with pytest.raises(AssertionError):
                _stuck_cards_stay_put(position, candidates, 800)
            moved += 1
        if (proved, moved) == (8, 3):
            break
    assert (proved, moved) == (8, 3)
    # Without passes back the waste's cards are candidates too, and some of them are stuck.
    assert (in_waste > 0) == variant.vegas


def _quick_stuck_places(state: State, table: StockTable) -> list[tuple[int, int]]:
    """The check each position gets without passes back, one deck (docs/solver.md,
    "Deadlocks"), from its definition: the largest set of places, a prefix of each pile (a
    column's face-down cards and its first face-up card; the waste), in which every top card
    is blocked. Blocked: a lower card of its suit, not up, lies in the set, and both cards it
    may go onto (the engine's column rule) lie under a top card of the set (a king: no
    column is ever empty)."""
    column_refuses = StockAndFoundationRules.column_refuses
    piles = [column[1 : column[0] + 2] for column in state.columns]
    if not table.redeal and state.waste_size:
        piles.append(state.talon[: state.waste_size])
    tops = [len(pile) - 1 for pile in piles]
    changed = True
    while changed:
        changed = False
        placed = list(zip(piles, tops, strict=True))
        in_set = {card for pile, top in placed for card in pile[: top + 1]}
        covered = {card for pile, top in placed for card in pile[: max(top, 0)]}
        never_empty = all(tops[column] >= 0 for column in range(len(state.columns)))
        for index, pile in enumerate(piles):
            if tops[index] < 0:
                continue
            card = pile[tops[index]]
            suit, rank = divmod(card, 13)
            height = state.foundations[suit]
            lower_stuck = any(suit * 13 + below in in_set for below in range(height, rank))
            onto = [c for c in range(52) if not column_refuses(card_of(c), card_of(card))]
            moves_blocked = never_empty if rank == 12 else all(c in covered for c in onto)
            if not (lower_stuck and moves_blocked):
                tops[index] -= 1
                changed = True
    return [(index, place) for index, top in enumerate(tops) for place in range(top + 1)]


@pytest.mark.parametrize("variant_text", ["KL1-D1V", "KL1-D3V"])
def test_each_position_s_stuck_check_finds_the_largest_blocked_set(variant_text: str) -> None:
    """The C search's quick check (one deck, without passes back; bit masks) against its
    definition, on random games: random taps and moves, foundations' cards up. Some of them
    hold stuck cards, and the thorough check (the start's) finds at least those."""
    rng = random.Random(f"quick stuck {variant_text}")
    rules = rules_for(parse_variant(variant_text))
    table = StockTable.for_variant(parse_variant(variant_text))
    with_stuck = 0
    for _ in range(300):
        position = rules.deal(rng.randint(1, 999_999))
        for _ in range(rng.randint(0, 60)):
            moves = rules.legal_moves(position)
            if not moves:
                break
            position = rules.apply(position, rng.choice(moves)).position
        state = state_of(position)
        quick = stock_bridge.stuck_places(state, table, thorough=False)
        assert sorted(quick) == _quick_stuck_places(state, table), position
        assert set(quick) <= set(stock_bridge.stuck_places(state, table, thorough=True))
        with_stuck += bool(quick)
    assert with_stuck >= 10


def _klondike_layout(
    columns: dict[str, str], foundations: str = "", variant: str = "KL1-D1N"
) -> Position:
    """A Klondike position (KL1-D1N unless told): the columns given (layout text), the
    foundations' cards, every other card in the stock."""
    used = set(foundations.split())
    for cards in columns.values():
        used |= {card.strip("[]") for card in cards.split()}
    stock = [r + s for s in "SHDC" for r in "A23456789TJQK" if r + s not in used]
    lines = [f"game: {variant}", "s: " + " ".join(f"[{c}]" for c in stock)]
    for suit_index, suit in enumerate("SHDC", start=1):
        lines.append(f"f{suit_index}: " + " ".join(c for c in foundations.split() if c[1] == suit))
    lines += [f"{pile}: {cards}" for pile, cards in columns.items()]
    return parse_layout("\n".join(lines) + "\n")


def _stuck(position: Position) -> list[str]:
    return [position.pile(pile).cards[index].code for pile, index in _stuck_places(position)]


def test_a_king_has_a_way_out_while_a_column_can_be_empty() -> None:
    # The K♠ lies on the 3♠ it needs below it in the foundations, but t3 … t7 are empty and
    # a king may go there: nothing is stuck. A 7♣ on the 6♣ it needs and on both red 8s
    # it could go onto has no way out at all: stuck, with the cards under it.
    assert _stuck(_klondike_layout({"t1": "[QH] [3S] KS", "t2": "[4C] JD"})) == []
    assert _stuck(_klondike_layout({"t1": "[8H] [6C] [8D] 7C", "t2": "[4C] JD"})) == [
        "8H",
        "6C",
        "8D",
        "7C",
    ]


def test_a_card_whose_targets_can_never_lie_at_a_column_end_is_stuck() -> None:
    # 5♦ lies on the 3♦ it needs below it in the foundations. It could go onto 6♠ or 6♣,
    # which are in the stock, but they can only come down onto a red 7, and both red 7s lie
    # under the 5♦ too: no black 6 ever lies at a column's end, so nothing here ever moves.
    # (The plain test, made of every position without passes back, sees the black 6s
    # outside the columns as free targets.)
    position = _klondike_layout({"t1": "[3D] [7H] [7D] 5D"})
    assert _stuck(position) == ["3D", "7H", "7D", "5D"]
    assert _stuck_places(position, thorough=False) == []
    # Whatever the real rules do (taps, passes, cards up and back), they stay.
    assert _stuck_cards_stay_put(position, [("t1", index) for index in range(4)], 800) >= 800
    # With a red 7 free in the stock, a black 6 can come down onto it: nothing is stuck.
    assert _stuck(_klondike_layout({"t1": "[3D] [7H] 5D"})) == []


# -- blockades -------------------------------------------------------------------------------


def _blockade(position: Position) -> tuple[list[str], list[str]]:
    """The blockade's column cards (``t3:QD`` …) and talon cards of a position."""
    table = StockTable.for_variant(position.variant)
    places, talon = stock_bridge.blockade(state_of(position), table)
    columns = [pile for pile_id, pile in position.items() if pile_id.startswith("t")]
    state = state_of(position)
    return (
        [f"t{column + 1}:{columns[column].cards[index].code}" for column, index in places],
        [card_text(state.talon[index]) for index in talon],
    )


def _blockade_stays(position: Position, limit: int) -> int:
    """Explore the real rules from ``position`` (every legal move, breadth first, at most
    ``limit`` positions) and check that the blockade holds: each column's blocked cards still
    lie, in order, at the bottom of a column (a king with its column may trade places with an
    empty column), its talon cards stay in the stock or the waste, and nothing is won. The
    number of positions explored."""
    table = StockTable.for_variant(position.variant)
    places, talon = stock_bridge.blockade(state_of(position), table)
    columns = [pile.cards for pile_id, pile in position.items() if pile_id.startswith("t")]
    bottoms = [
        columns[column][: 1 + max(k for c, k in places if c == column)]
        for column in {column for column, _ in places}
    ]
    talon_cards = {state_of(position).talon[index] for index in talon}

    def holds(move: Move, after: Position) -> None:
        piles = [pile.cards for pile_id, pile in after.items() if pile_id.startswith("t")]
        assert all(any(cards[: len(b)] == b for cards in piles) for b in bottoms), move
        assert talon_cards <= set(state_of(after).talon), move

    return _explore_real_rules(position, limit, holds)


def test_two_red_queens_sharing_one_black_king_is_a_blockade() -> None:
    # Q♦ lies on A♥ 2♠ 2♣ (face down) and K♠; the J♣ on it needs the Q♥ or the Q♦, or its
    # foundation, which needs the 2♣ under it. The Q♥ has taken the one free black king,
    # and the J♠ on it needs a red queen or the 2♠. Neither queen can ever leave, so the
    # cards under them never turn up (KL1-D1N deal 59 locks up this way): lost, though every
    # one of these cards could move by itself, and the deadlock test sees nothing.
    position = _klondike_layout({"t1": "[KS] [AH] [2S] [2C] QD JC", "t2": "KC QH JS"})
    columns, _ = _blockade(position)
    assert columns == [f"t1:{c}" for c in ("KS", "AH", "2S", "2C", "QD", "JC")] + [
        "t2:KC",
        "t2:QH",
        "t2:JS",
    ]
    assert _stuck_places(position) == []
    # Whatever the real rules do (the K♣ and its column may change places), it holds.
    assert _blockade_stays(position, 800) >= 800
    # With the J♠ in the stock, the J♣ can go onto the Q♥ and the Q♦ up in the end: nothing
    # is blocked.
    assert _blockade(_klondike_layout({"t1": "[KS] [AH] [2S] [2C] QD JC", "t2": "KC QH"})) == (
        [],
        [],
    )


def test_blockades_are_not_asked_of_two_decks() -> None:
    # The argument follows a moved run's first card and one copy of each card: Easy Harp's
    # rules are refused, not answered.
    position = _easy_harp_layout({"t1": "KD", "t2": "[3S] [4D] 9D"}, {}, "QS JD TC")
    with pytest.raises(ValueError, match="one deck"):
        stock_bridge.blockade(state_of(position), StockTable.for_variant(position.variant))


@pytest.mark.parametrize("variant_text", ["KL1-D1N", "KL1-D1V", "KL1-D3N"])
@pytest.mark.slow
def test_blockaded_cards_never_move_under_the_real_rules(variant_text: str) -> None:
    # The blockade claim, on positions of random games (random legal moves from random deals,
    # where cards get laid and lock): whatever the real rules allow from a blocked position
    # (every legal move, foundations' cards coming back included, the first 400 positions
    # breadth first), the blockade holds and nothing is won.
    rng = random.Random(f"blockade {variant_text}")
    variant = parse_variant(variant_text)
    rules = rules_for(variant)
    table = StockTable.for_variant(variant)
    proved = 0
    for _ in range(400):
        position = rules.deal(rng.randint(1, 999_999))
        for _ in range(80):
            moves = list(rules.legal_moves(position))
            if not moves:
                break
            position = rules.apply(position, rng.choice(moves)).position
            places, talon = stock_bridge.blockade(state_of(position), table)
            if places or talon:
                assert _blockade_stays(position, 400) >= 1
                proved += 1
                break
        if proved == 6:
            break
    assert proved == 6


# -- Easy Harp's chains ----------------------------------------------------------------------


def _easy_harp_layout(columns: dict[str, str], foundations: dict[str, str], stock: str) -> Position:
    """An Easy Harp position: the columns, foundation places and stock given (layout text);
    every other card of the two decks face down in t4 … t9, each ending with a face-up king
    (so that few moves are left besides those the test looks at)."""
    used = Counter(stock.split())
    used.update(card for cards in foundations.values() for card in cards.split())
    for cards in columns.values():
        used.update(card.strip("[]") for card in cards.split())
    rest = [r + s for s in "SHDC" for r in "A23456789TJQK" for _ in range(2 - used[r + s])]
    kings = [card for card in rest if card[0] == "K"][:6]
    others = list((Counter(rest) - Counter(kings)).elements())
    piles = dict(columns)
    for index, king in enumerate(kings):
        piles[f"t{4 + index}"] = " ".join(f"[{c}]" for c in others[index::6]) + f" {king}"
    lines = ["game: EH1-N", "s: " + " ".join(f"[{c}]" for c in stock.split())]
    lines += [f"f{place}: {foundations.get(f'f{place}', '')}" for place in range(1, 9)]
    lines += [f"{pile}: {cards}" for pile, cards in piles.items()]
    return parse_layout("\n".join(lines) + "\n")


def _chain_position() -> Position:
    """The 8♥ lies over face-down cards; no red queen is in the talon (one Q♥ is up, the
    other and both Q♦ lie face down); both J♠ and both J♣, both T♦ but one T♥, both 9♣ but
    one 9♠."""
    return _easy_harp_layout(
        {"t1": "KC", "t2": "[3S] [4D] 8H", "t3": "[2C] [QH] [QD] [QD] 9S"},
        {"f3": "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH"},
        "JS JS JC JC TD TD TH 9C 9C 9S",
    )


def test_easy_harp_s_likely_moves_lay_a_chain_under_a_card_in_one_step() -> None:
    # Under the K♣ a chain Q J T 9 takes the 8♥: the Q♥ comes back from its foundation
    # (EH-8: no red queen in the talon), then J♠ (both black jacks have both copies in the
    # talon: the first suit), T♦ (both copies, where one T♥ is up) and 9♣ (both copies, where
    # one 9♠ lies in t3). One step, each of its moves legal; the 4♦ under the 8♥ turns up.
    # The 9♠ of t3, over face-down cards too, gets its chain Q J T under the K♣ as well.
    position = _chain_position()
    table = StockTable.for_variant(position.variant)
    onto_king = {}
    for atoms, _ in stock_bridge.successors(state_of(position), table, LIKELY):
        if atoms[0][0] == BACK_MOVE and atoms[0][2] == 0:
            after = _replay(position, atoms)
            onto_king[after.pile("t1").cards[-1].code] = after
    assert sorted(onto_king) == ["8H", "9S"]
    after = onto_king["8H"]
    assert [card.code for card in after.pile("t1").cards] == ["KC", "QH", "JS", "TD", "9C", "8H"]
    assert after.pile("f3").cards[-1].code == "JH"
    assert (after.pile("t2").down, after.pile("t2").cards[-1].code) == (1, "4D")
    talon = after.pile("s").cards + after.pile(WASTE).cards
    assert sorted(card.code for card in talon) == sorted(["JS", "JC", "JC", "TD", "TH", "9C", "9S"])
    assert [card.code for card in onto_king["9S"].pile("t1").cards] == [
        "KC",
        "QH",
        "JS",
        "TD",
        "9S",
    ]


def test_at_easy_harp_s_likely_level_talon_cards_go_to_columns_only_in_chains() -> None:
    # Every likely step that lays a talon card on a column ends with a column's card going
    # onto the chain (here Q♥ J♠ T♦ 9♣ under the K♣, then the 8♥); the complete level makes
    # the single moves too.
    position = _easy_harp_layout({"t1": "KC", "t2": "[3S] [4D] 8H"}, {}, "QH QH JS JS TD TD 9C 9C")
    table = StockTable.for_variant(position.variant)
    state = state_of(position)
    laying = [
        atoms
        for atoms, _ in stock_bridge.successors(state, table, LIKELY)
        if atoms[0][0] == TALON_MOVE and atoms[0][2] >= 0
    ]
    assert any(
        [card.code for card in _replay(position, atoms).pile("t1").cards]
        == ["KC", "QH", "JS", "TD", "9C", "8H"]
        for atoms in laying
    )
    for atoms in laying:
        assert any(atom[0] == COLUMN_MOVE for atom in atoms), atoms
    # Every move, without the free chains, makes the single moves too.
    unchained = stock_bridge.successors(state, table, UNCHAINED)
    assert any(
        len(atoms) == 1 and atoms[0][0] == TALON_MOVE and atoms[0][2] >= 0 for atoms, _ in unchained
    )


def test_easy_harp_s_complete_level_lays_talon_cards_only_in_free_chains() -> None:
    """FREE_CHAINS with two decks (docs/solver.md, "Free cards only in chains"): at the
    complete level a talon card goes to a column only in a chain of talon cards ended, in the
    same step, by a column's last card or a foundation's top card going onto it. Under each
    red king (the K♦ of t1, and those ending t6, t7 and t8) the talon's Q♠ J♦ T♣ take the 9♦
    of t2 (its 4♦ turns up) or the 9♥ of its foundation, and nothing else goes onto a chain.
    Without the free chains the Q♠ goes under a red king alone (the J♦ could then follow, and
    the T♣, and a 9)."""
    position = _easy_harp_layout(
        {"t1": "KD", "t2": "[3S] [4D] 9D", "t3": "[2C] [7S] 5C"},
        {"f3": "AH 2H 3H 4H 5H 6H 7H 8H 9H"},
        "QS JD TC",
    )
    table = StockTable.for_variant(position.variant)
    assert table.free_chains
    state = state_of(position)
    red_kings = [
        index for index in range(9) if position.pile(f"t{index + 1}").cards[-1].code in ("KD", "KH")
    ]
    assert red_kings == [0, 5, 6, 7]
    laying = []
    for atoms, after in stock_bridge.successors(state, table, COMPLETE):
        if any(kind == TALON_MOVE and to >= 0 for kind, _, to, _ in atoms):
            assert state_of(_replay(position, atoms)) == after, atoms
            laying.append(atoms)
    # Three talon cards onto a red king, then the 9♦ of t2 (a column move) or the 9♥ back
    # from f3 (place 2); after them, no safe move.
    shapes = sorted((atoms[0][2], atoms[3]) for atoms in laying)
    assert shapes == sorted(
        [(t, (COLUMN_MOVE, 1, 1, t)) for t in red_kings]
        + [(t, (BACK_MOVE, 2, t, 0)) for t in red_kings]
    )
    for atoms in laying:
        assert (
            len(atoms) == 4
            and [atom[:1] + atom[2:3] for atom in atoms[:3]] == [(TALON_MOVE, atoms[0][2])] * 3
        )
    onto_t1 = {atoms[3][0]: _replay(position, atoms) for atoms in laying if atoms[0][2] == 0}
    assert [card.code for card in onto_t1[COLUMN_MOVE].pile("t1").cards] == [
        "KD",
        "QS",
        "JD",
        "TC",
        "9D",
    ]
    assert onto_t1[COLUMN_MOVE].pile("t2").cards[-1].code == "4D"
    assert [card.code for card in onto_t1[BACK_MOVE].pile("t1").cards][-1] == "9H"
    assert onto_t1[BACK_MOVE].pile("f3").cards[-1].code == "8H"
    unchained = stock_bridge.successors(state, table, UNCHAINED)
    alone = [atoms for atoms, _ in unchained if atoms[0][0] == TALON_MOVE and atoms[0][2] >= 0]
    assert sorted(atoms[0][2] for atoms in alone) == red_kings
    assert all(len(atoms) == 1 for atoms in alone)
    assert [card.code for card in _replay(position, alone[0]).pile("t1").cards] == ["KD", "QS"]


# -- talon waits ---------------------------------------------------------------------------


def _waits(columns: dict[str, str], foundations: str = "") -> tuple[list[bool], list[bool]]:
    position = _klondike_layout(columns, foundations)
    return stock_bridge.waits(state_of(position), StockTable.for_variant(position.variant))


def test_a_talon_card_goes_to_a_column_only_when_something_could_go_onto_it() -> None:
    # Draw 1 with passes: every talon card can be played at any time, so one waits in the
    # talon until something can follow it (docs/solver.md). T♠ ends t1.
    def to_column(columns: dict[str, str], foundations: str = "") -> dict[str, bool]:
        allowed, _ = _waits(columns, foundations)
        return {text: allowed[card_id(parse_card(text))] for text in ("9H", "9D")}

    # 8♠ and 8♣ lie face down: nothing could go onto a red 9 played onto T♠.
    assert to_column({"t1": "TS", "t2": "[8S] [8C] KD"}) == {"9H": False, "9D": False}
    # 8♣ face up in a column can follow; so can a talon 8♣ if a red 7 is free in turn.
    assert to_column({"t1": "TS", "t2": "[8S] 8C"}) == {"9H": True, "9D": True}
    assert to_column({"t1": "TS", "t2": "[8S] 7H"}) == {"9H": True, "9D": True}
    # 8♠ on its foundation's top may come back onto a red 9 (KL-7).
    assert to_column({"t1": "TS", "t2": "[8C] [7H] [7D] KC"}, "AS 2S 3S 4S 5S 6S 7S 8S") == {
        "9H": True,
        "9D": True,
    }


def test_a_talon_card_goes_up_only_when_the_next_of_its_suit_could_follow() -> None:
    # A♥ waits in the talon while 2♥ lies face down; it goes up once 2♥ ends a column (or
    # could follow from the talon). Kings may always go up.
    def to_foundation(columns: dict[str, str]) -> dict[str, bool]:
        _, allowed = _waits(columns)
        return {text: allowed[card_id(parse_card(text))] for text in ("AH", "AS", "KC")}

    assert to_foundation({"t1": "[2H] [2S] [3S] 9C"}) == {"AH": False, "AS": False, "KC": True}
    assert to_foundation({"t1": "[2S] [3S] 2H"}) == {"AH": True, "AS": False, "KC": True}
    # 2♠ and 3♠ in the talon, 4♠ ends a column: A♠ may go up (2♠, 3♠, 4♠ follow).
    assert to_foundation({"t1": "[2H] 4S"})["AS"] is True


def test_a_run_leaves_its_card_when_the_talon_brings_up_the_cards_below_it() -> None:
    """RUNS_WAIT in draw 1 with passes (docs/solver.md, "A run leaves a card only for its
    use"): 5♥ leaves 6♠ for 6♣ only when 6♠ can then be used at once. Here its twin 5♦ lies
    under the ♦ foundation's top (not free) and 6♠ does not fit its foundation (♠ at 4); but
    with 5♠ in the talon, 5♠ then 6♠ can go up in turn (5♠ waits for 6♠ at a column's end),
    so the run may leave. With 5♠ face down the move only swaps which black 6 is covered, and
    waits; the search without the rule makes it either way."""
    foundations = "AS 2S 3S 4S AH 2H AD 2D 3D 4D 5D 6D AC 2C 3C 4C 5C"
    in_talon = _klondike_layout({"t1": "[3H] [4H] 6S 5H", "t2": "6C"}, foundations)
    face_down = _klondike_layout({"t1": "[3H] [4H] [5S] 6S 5H", "t2": "6C"}, foundations)
    run_off = (COLUMN_MOVE, 0, 1, 1)  # t1's last card onto t2

    def moves(position: Position, runs_wait: bool) -> set[tuple[int, int, int, int]]:
        # The rule alone: free chains count every foundation card free (docs/solver.md).
        table = replace(
            StockTable.for_variant(position.variant), runs_wait=runs_wait, free_chains=False
        )
        state = state_of(position)
        return {atoms[0] for atoms, _ in stock_bridge.successors(state, table, COMPLETE)}

    assert StockTable.for_variant(in_talon.variant).runs_wait
    assert run_off in moves(in_talon, runs_wait=True)
    assert run_off not in moves(face_down, runs_wait=True)
    assert run_off in moves(face_down, runs_wait=False)


def _likely_firsts(position: Position, **table_changes: bool) -> set[tuple[int, int, int, int]]:
    table = replace(StockTable.for_variant(position.variant), **table_changes)
    return {atoms[0] for atoms, _ in stock_bridge.successors(state_of(position), table, LIKELY)}


def test_a_likely_move_takes_a_foundation_card_back_for_a_free_card_to_go_onto_it() -> None:
    """KL1-D1N's likely level (LIKELY_BACKS): 9♥ comes back from its foundation onto T♣ when a
    black 8 lying right on face-down cards could then go onto it and turn one over, as
    KL1-D1N 906's win needs; not for a black 8 lying on another face-up card or in the talon
    with nothing to go onto it, and not in Vegas (in draw 3 with passes too)."""
    hearts = "AH 2H 3H 4H 5H 6H 7H 8H 9H"
    back = (BACK_MOVE, 1, 0, 0)  # f2's top (9♥) onto t1
    on_face_down = _klondike_layout({"t1": "[8C] TC", "t2": "[KD] 8S"}, hearts)
    on_face_up = _klondike_layout({"t1": "[8C] TC", "t2": "[KD] 9D 8S"}, hearts)
    in_talon = _klondike_layout({"t1": "[8C] TC", "t2": "[KD] QC"}, hearts)
    assert StockTable.for_variant(on_face_down.variant).likely_backs
    assert back in _likely_firsts(on_face_down)
    assert back not in _likely_firsts(on_face_up)
    assert back not in _likely_firsts(in_talon)
    assert back not in _likely_firsts(on_face_down, likely_backs=False)
    # One step further: 6♣ back onto 7♥ for the talon's 5♥ to go onto it, and the 4♠ lying
    # on face-down cards onto that (KL1-D1N 41:90); not while 5♥ and 5♦ lie face down.
    clubs_hearts = "AC 2C 3C 4C 5C 6C AH 2H 3H 4H"
    club_back = (BACK_MOVE, 3, 0, 0)  # f4's top (6♣) onto t1
    talon_five = _klondike_layout({"t1": "[QD] 7H", "t2": "[7S] 4S", "t3": "[5D] KC"}, clubs_hearts)
    fives_down = _klondike_layout(
        {"t1": "[QD] 7H", "t2": "[7S] 4S", "t3": "[5D] [5H] KC"}, clubs_hearts
    )
    assert club_back in _likely_firsts(talon_five)
    assert club_back not in _likely_firsts(fives_down)
    for variant in ("KL1-D1V", "KL1-D3V", "EH1-N"):
        assert not StockTable.for_variant(parse_variant(variant)).likely_backs
    assert StockTable.for_variant(parse_variant("KL1-D3N")).likely_backs


def test_a_likely_move_of_part_of_a_run_counts_the_talon_cards_going_up_first() -> None:
    """KL1-D1N's likely level: 8♠ 7♦ leave 9♥ for 9♦ when 9♥ can go up, and in draw 1 with
    passes that is also once 6♥ 7♥ 8♥ in the talon have gone up; those talon cards wait for
    9♥ to end a column, so without this neither would ever move. With 7♥ face down, 9♥
    cannot come up and the run stays."""
    hearts = "AH 2H 3H 4H 5H"
    part = (COLUMN_MOVE, 0, 2, 1)  # 8♠ 7♦ from t1 onto t2
    in_talon = _klondike_layout({"t1": "[AC] 9H 8S 7D", "t2": "[KS] 9D"}, hearts)
    face_down = _klondike_layout({"t1": "[AC] 9H 8S 7D", "t2": "[KS] 9D", "t3": "[7H] KC"}, hearts)
    assert part in _likely_firsts(in_talon)
    assert part not in _likely_firsts(face_down)


def _loose_cards(state: State) -> list[int]:
    """docs/solver.md, "Loose cards": the column ends that fit their foundation and could come
    back where they lie, on a face-up card they go on (or a king alone in its column)."""
    found = []
    for column in state.columns:
        down, cards = column[0], column[1:]
        if not cards or state.foundations[cards[-1] // 13] != cards[-1] % 13:
            continue
        card = cards[-1]
        if len(cards) == 1:
            if down == 0 and card % 13 == 12:
                found.append(card)
        elif len(cards) - 1 > down:
            below = cards[-2]
            red = card // 13 in (1, 2)
            if below % 13 == card % 13 + 1 and (below // 13 in (1, 2)) != red:
                found.append(card)
    return found


@pytest.mark.parametrize(
    ("game", "rule", "level"),
    [
        ("KL1-D1V", "loose_cards", COMPLETE),
        ("KL1-D1N", "free_chains", COMPLETE),
        ("KL1-D1V", "loose_cards", LIKELY),
        ("KL1-D3V", "loose_cards", LIKELY),
    ],
)
def test_a_loose_card_goes_up_and_comes_back_only_with_a_card_onto_it(
    game: str, rule: str, level: int
) -> None:
    """LOOSE_CARDS (docs/solver.md, "Loose cards") and, in draw 1 with passes, FREE_CHAINS
    ("Free cards only in chains"): 5♠ on 6♦ fits its foundation (♠ at 4) and is not safe (no
    heart is up); it could go up and come back, so the complete level, and Vegas's likely
    level, send it up after every move that leaves it loose. From the position with 5♠ up, it
    comes back onto 6♦ only in one step with 4♥ going onto it; without 4♥ in play it does not
    come back at all (4♥ and 4♦ face down). The complete search without the rule takes it
    back alone."""
    loose = _klondike_layout({"t1": "[KC] 6D 5S", "t2": "[QC] 4H"}, "AS 2S 3S 4S", game)
    up = _klondike_layout({"t1": "[KC] 6D", "t2": "[QC] 4H"}, "AS 2S 3S 4S 5S", game)
    hidden = _klondike_layout({"t1": "[KC] 6D", "t2": "[QC] [4H] [4D] 9C"}, "AS 2S 3S 4S 5S", game)
    table = StockTable.for_variant(up.variant)
    assert getattr(table, rule)
    five_of_spades = card_id(parse_card("5S"))
    assert _loose_cards(state_of(loose)) == [five_of_spades]
    back_and_onto = ((BACK_MOVE, 0, 0, 0), (COLUMN_MOVE, 1, 1, 0))  # 5♠ onto 6♦, 4♥ onto 5♠

    def steps(position: Position, table: StockTable) -> list[tuple[tuple[int, int, int, int], ...]]:
        found = stock_bridge.successors(state_of(position), table, level)
        for atoms, after in found:
            assert state_of(_replay(position, atoms)) == after, atoms
            if getattr(table, rule):
                assert _loose_cards(after) == [], atoms
        return [atoms for atoms, _ in found]

    # Each step's atoms: its moves, then the safe moves after them.
    assert (COLUMN_MOVE, 1, 1, 0) in [atoms[0] for atoms in steps(loose, table)]  # 4♥ onto 5♠
    from_up = steps(up, table)
    assert back_and_onto in [atoms[:2] for atoms in from_up]
    # A card brought back is always followed, in its step, by a card in play going onto the
    # chain: a run from a column, or (Vegas) a talon card.
    assert all(
        atoms[0][0] != BACK_MOVE
        or any(kind == COLUMN_MOVE or (kind == TALON_MOVE and to >= 0) for kind, _, to, _ in atoms)
        for atoms in from_up
    )
    assert not any(atom[0] == BACK_MOVE for atoms in steps(hidden, table) for atom in atoms)
    if level == COMPLETE:
        without = steps(up, replace(table, **{rule: False}))
        assert (BACK_MOVE, 0, 0, 0) in [atoms[0] for atoms in without]


def test_draw_three_likely_level_leaves_loose_cards_down() -> None:
    """LOOSE_CARDS stops at KL1-D3N's likely level (docs/solver.md, "Loose cards"): there the
    chains cost more time than the positions they saved, so a likely move may leave 5♠ loose
    on 6♦."""
    loose = _klondike_layout({"t1": "[KC] 6D 5S", "t2": "[QC] 4H"}, "AS 2S 3S 4S", "KL1-D3N")
    table = StockTable.for_variant(loose.variant)
    assert table.loose_cards
    found = stock_bridge.successors(state_of(loose), table, LIKELY)
    assert any(_loose_cards(after) for _, after in found)


def test_a_talon_card_goes_up_in_one_step_with_the_cards_it_waits_for() -> None:
    """UPS_TOGETHER (docs/solver.md, "Talon cards wait"): in KL1-D1N 5♠ waits in the talon
    for 6♠, which waits for 7♠ at a column's end (♠ at 4, no red 4 up: not safe). The
    complete level sends the three up in one step, 5♠ and 6♠ from the talon, then 7♠, and
    makes no position with 5♠ or 6♠ up and 7♠ down. The likely level, and the complete
    level without the rule, send 5♠ up alone."""
    red = " ".join(f"[{rank}{suit}]" for suit in "HD" for rank in "A23456789TJQK")
    clubs = " ".join(f"[{rank}C]" for rank in "A23456789TJQ")
    position = _klondike_layout(
        {"t1": "[8S] 7S", "t2": red.replace(" [KD]", "") + " KD", "t3": f"{clubs} KC"},
        "AS 2S 3S 4S",
    )
    table = StockTable.for_variant(position.variant)
    assert table.ups_together and not StockTable.for_variant(parse_variant("EH1-N")).ups_together

    def successors(
        table: StockTable, level: int
    ) -> list[tuple[tuple[tuple[int, int, int, int], ...], bytes]]:
        found = stock_bridge.successors(state_of(position), table, level)
        for atoms, after in found:
            assert state_of(_replay(position, atoms)) == after, atoms
        return [(atoms, after.foundations) for atoms, after in found]

    complete = successors(table, COMPLETE)
    together = [atoms for atoms, _ in complete if atoms[0][0] == TALON_MOVE]
    assert [atom[0] for atom in together[0][:3]] == [TALON_MOVE, TALON_MOVE, FOUNDATION_MOVE]
    assert {foundations[0] for _, foundations in complete} == {4, 7}
    assert 5 in {foundations[0] for _, foundations in successors(table, LIKELY)}
    without = successors(replace(table, ups_together=False), COMPLETE)
    assert 5 in {foundations[0] for _, foundations in without}


# -- what the bridge refuses ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("state", "rules"),
    [
        (
            State((b"\x00",) * 6, b"\x00" * 4, b"", 0),
            (7, 1, 1, True, False, True, False, False, False, False, False, False, False, False),
        ),
        (
            State((b"\x00",) * 7, b"\x00" * 4, b"", 1),
            (7, 1, 1, True, False, True, False, False, False, False, False, False, False, False),
        ),
        (
            State((b"\x00\x34",) + (b"\x00",) * 6, b"\x00" * 4, b"", 0),
            (7, 1, 1, 1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0),
        ),
        (
            State((b"\x00",) * 7, b"\x00" * 4, b"", 0),
            (7, 3, 1, True, False, True, False, False, False, False, False, False, False, False),
        ),
        (
            State((b"\x00",) * 7, b"\x0e" + b"\x00" * 3, b"", 0),
            (7, 1, 1, 1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0),
        ),
    ],
)
def test_a_position_or_rules_the_search_cannot_hold_are_refused(
    state: State, rules: tuple[int, ...]
) -> None:
    # Too few columns, a waste larger than the talon, a card id past 51, three places per
    # suit, a foundation above 13.
    assert stock_bridge._stock_search is not None
    with pytest.raises(ValueError):
        stock_bridge._stock_search.key(state, rules)


def test_rules_of_another_shape_are_refused() -> None:
    # The rules tuple has thirteen fields (stock_position.StockTable.as_tuple): an older one
    # is refused rather than read with a field missing.
    assert stock_bridge._stock_search is not None
    state = State((b"\x00",) * 7, b"\x00" * 4, b"", 0)
    older = (7, 1, 1, True, False, True, False, False, False, True, True, True)
    with pytest.raises(TypeError):
        stock_bridge._stock_search.key(state, older)


def test_the_successors_of_a_level_the_lister_does_not_make_are_refused() -> None:
    # The lister makes the likely moves, every move, and every move without the free chains;
    # a relaxation (DRAW_ONE 3) or an unknown level is refused, and nothing is listed.
    position = _easy_harp_layout({"t1": "KD", "t2": "[3S] [4D] 9D"}, {}, "QS JD TC")
    table = StockTable.for_variant(position.variant)
    for level in (0, 3, 5):
        with pytest.raises(ValueError, match="LIKELY 1, COMPLETE 2 or UNCHAINED 4"):
            stock_bridge.successors(state_of(position), table, level)
