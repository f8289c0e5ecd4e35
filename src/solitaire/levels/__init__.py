"""Difficulty levels (rules LV-1) and daily challenges (DC-1).

Deals are graded ahead of time (``solitaire grade``, :mod:`.grading`): each proven winnable
by the solver and measured by a plain player (:mod:`.player`); the graded deals ship with the
package (:mod:`.data`). The server only looks them up.
"""

from __future__ import annotations

from .grading import LEVELS

__all__ = ["LEVELS"]
