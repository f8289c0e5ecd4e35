"""Easy Harp (rules §4): two decks, 9 columns, one card at a time, 8 foundations ♠♠♥♥♦♦♣♣.

>>> from solitaire.codes import parse_code
>>> code = parse_code("EH1-N-AAAAAAF")
>>> rules = EasyHarpRules(code.variant)
>>> position = rules.deal(code.deal)
>>> len(position.pile("s")), sum(pile.down for _, pile in position.items() if _.startswith("t"))
(59, 36)
"""

from __future__ import annotations

from typing import ClassVar

from ..cards import SUITS
from ..codes import GameId, Variant
from ..moves import STOCK, WASTE, foundation_id
from .stock_and_foundations import StockAndFoundationRules


class EasyHarpRules(StockAndFoundationRules):
    """Easy Harp: only the last card moves between columns (EH-2), except a king-led run into
    an empty column (EH-3); unlimited free passes (EH-6); undo keeps the move counter (EH-11)."""

    columns = 9
    foundation_suits = tuple(suit for suit in SUITS for _ in range(2))  # EH-0: ♠♠♥♥♦♦♣♣
    top_row = (STOCK, WASTE, *(foundation_id(i) for i in range(8)))
    draw = 1
    redeal = True
    single_card_moves = True
    foundation_points = 10
    waste_to_column_points = 5
    flip_points = 5
    put_back_points = 0
    undo_restores_move_counter = False
    rule_ids: ClassVar[dict[str, str]] = {
        "build_down": "EH-1",
        "one_card_at_a_time": "EH-2",
        "face_down": "EH-2",
        "king_only": "EH-3",
        "king_run": "EH-3",
        "top_card_only": "EH-4",
        "foundation_order": "EH-5",
        "foundation_suit": "EH-5",
        "foundation_one_card": "EH-5",
        "take_back_to_column": "EH-8",
    }

    def __init__(self, variant: Variant) -> None:
        if variant.game is not GameId.EASY_HARP:
            raise ValueError(f"{variant} is not Easy Harp")
        super().__init__(variant)

    @property
    def initial_score(self) -> int:
        return 0
