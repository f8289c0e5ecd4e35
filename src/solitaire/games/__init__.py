"""The registry of games: the rules of every variant.

>>> from solitaire.codes import parse_variant
>>> type(rules_for(parse_variant("EH1-N"))).__name__
'EasyHarpRules'
"""

from __future__ import annotations

from functools import cache

from ..codes import GameId, Variant
from .base import Refusal, Rules, Step
from .easy_harp import EasyHarpRules
from .klondike import KlondikeRules
from .simple_simon import SimpleSimonRules

GAMES: dict[GameId, type[Rules]] = {
    GameId.KLONDIKE: KlondikeRules,
    GameId.SIMPLE_SIMON: SimpleSimonRules,
    GameId.EASY_HARP: EasyHarpRules,
}


@cache
def rules_for(variant: Variant) -> Rules:
    """The rules of a variant (one shared, stateless object per variant)."""
    return GAMES[variant.game](variant)


__all__ = ["GAMES", "Refusal", "Rules", "Step", "rules_for"]
