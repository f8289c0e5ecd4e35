"""A game's state is written by orjson (``routes/games.py``: StateResponse) byte for byte as
Starlette's JSONResponse writes it, for states all along random games of every game."""

from __future__ import annotations

import random

import pytest
from fastapi.responses import JSONResponse

from solitaire.codes import parse_variant
from solitaire.games import rules_for
from solitaire.moves import DRAW
from solitaire.play import Game
from solitaire.server.routes.games import StateResponse


@pytest.mark.parametrize("variant", ["KL1-D1N", "KL1-D3V", "SS1-S4", "EH1-N"])
def test_every_state_is_written_as_jsonresponse_writes_it(variant: str) -> None:
    rng = random.Random(variant)
    for deal in range(1, 4):
        game = Game(rules_for(parse_variant(variant)).deal(deal))
        for _ in range(60):
            state = game.observation()
            state.update(id="Ab-_" * 5 + "xy", version=len(game.log), seconds=42)
            state["last"] = game.last.as_json() if game.last is not None else None
            assert StateResponse(state).body == JSONResponse(state).body
            dests = state["dests"]
            if dests and rng.random() < 0.8:
                dest = rng.choice(dests)
                game.drop(dest["pile"], dest["index"], rng.choice(dest["targets"]))
            elif state["stock_tap"] is not None:
                game.play(DRAW)
            elif game.can_undo:
                game.undo()
            else:
                break


def test_text_beyond_ascii_is_written_the_same() -> None:
    state = {"message": "Kaarten op volgorde: ♠ ♥ — în ordine, ș ț", "n": [1, None, True]}
    assert StateResponse(state).body == JSONResponse(state).body
