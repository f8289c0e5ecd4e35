"""Klondike (rules §3): one deck, 7 columns, draw 1 or 3, Normal or Vegas scoring.

>>> from solitaire.codes import parse_code
>>> code = parse_code("KL1-D1N-AAAAAAG")
>>> rules = KlondikeRules(code.variant)
>>> position = rules.deal(code.deal)
>>> len(position.pile("s")), position.pile("t7").down
(24, 6)
>>> KlondikeRules(parse_code("KL1-D3V-AAAAAAG").variant).format_score(-52)
'-$52'
"""

from __future__ import annotations

from typing import ClassVar

from ..cards import SUITS
from ..codes import GameId, Variant
from ..moves import STOCK, WASTE, foundation_id
from .stock_and_foundations import StockAndFoundationRules


class KlondikeRules(StockAndFoundationRules):
    """Klondike: any face-up run moves (KL-2); Vegas allows no pass back (KL-9)."""

    columns = 7
    foundation_suits = SUITS  # KL-0: ♠ ♥ ♦ ♣
    # The foundations stand over the last four columns, a gap after the waste.
    top_row = (STOCK, WASTE, None, *(foundation_id(i) for i in range(4)))
    rule_ids: ClassVar[dict[str, str]] = {
        "build_down": "KL-1",
        "face_down": "KL-2",
        "king_only": "KL-3",
        "top_card_only": "KL-4",
        "foundation_order": "KL-5",
        "foundation_suit": "KL-5",
        "foundation_one_card": "KL-5",
        "take_back_to_column": "KL-7",
        "no_redeal": "KL-9",
    }

    def __init__(self, variant: Variant) -> None:
        if variant.game is not GameId.KLONDIKE:
            raise ValueError(f"{variant} is not Klondike")
        super().__init__(variant)
        self.draw = variant.draw
        if variant.vegas:
            # KL-12: dollars; only cards put on a foundation earn, nothing costs; no pass back.
            self.redeal = False
            self.foundation_points = 5
            self.waste_to_column_points = 0
            self.flip_points = 0
            self.put_back_points = 0
        else:
            # KL-11: Normal scoring; a put-back costs 100, floored at 0.
            self.put_back_points = -100

    @property
    def initial_score(self) -> int:
        return -52 if self.variant.vegas else 0

    def score_after(self, score: int, points: int) -> int:
        if self.variant.vegas:
            return score + points
        return max(0, score + points)

    def format_score(self, score: int) -> str:
        if not self.variant.vegas:
            return str(score)
        if score == 0:
            return "$0"
        return f"{'+' if score > 0 else '-'}${abs(score)}"
