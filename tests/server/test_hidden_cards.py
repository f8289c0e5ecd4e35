"""Thousands of random actions through the API, legal and not, in all 8 variants: no answer
ever holds a face-down card's identity, and the board's view is the server's position with
face-down cards as null."""

from __future__ import annotations

import random
import re
from collections import Counter
from typing import Any

import pytest
from fastapi.testclient import TestClient

from solitaire.codes import ALL_VARIANTS, GameCode, parse_variant
from solitaire.play import Game
from solitaire.server.live import LiveGame, replay
from solitaire.server.services import Services

from .conftest import AppFactory

ACTIONS_PER_VARIANT = 300
#: A card code standing alone in any text ("7H", [7H], 7H,), not inside a word.
CARD_RE = re.compile(r"(?<![A-Za-z0-9])([A2-9TJQK][SHDC])(?![A-Za-z0-9])")
PILE_WORDS = ["s", "w", "f", "f1", "f3", "f8", "t1", "t4", "t7", "t9", "t10", "x", "t0"]


def _deal(rng: random.Random, variant: str) -> dict[str, Any]:
    """A start request for a deal the seed picks (so a failure replays)."""
    return {"mode": "code", "code": str(GameCode(parse_variant(variant), rng.randint(1, 999_999)))}


def _player_id(client: TestClient) -> str:
    return str(client.cookies["solitaire_player"])


def _server_game(services: Services, player_id: str, game_id: str) -> Game:
    """The game as the server holds it (a copy at its position, score and counter)."""

    def copy(live: LiveGame) -> Game:
        held = live.game
        return Game(held.position, score=held.score, moves=held.moves, fan=held.fan)

    return services.games.peek(player_id, game_id, copy)


def _random_action(rng: random.Random, game: Game, state: dict[str, Any]) -> dict[str, Any]:
    version = state["version"]
    if rng.random() < 0.03:
        version = max(0, version - rng.randint(1, 3)) if version else version + 1
    roll = rng.random()
    legal = game.legal_moves()
    if roll < 0.45 and legal:
        move = rng.choice(legal)
        return {"version": version, "type": "move", "move": str(move)}
    if roll < 0.55 and state["dests"]:
        dest = rng.choice(state["dests"])
        return {
            "version": version,
            "type": rng.choice(["drop", "double_click", "tap"]),
            "pile": dest["pile"],
            "index": dest["index"],
            **({"target": rng.choice(dest["targets"])} if rng.random() < 0.9 else {}),
        }
    if roll < 0.65:
        return {"version": version, "type": "stock"}
    if roll < 0.72:
        return {"version": version, "type": "undo"}
    pile = rng.choice(PILE_WORDS)
    index = rng.choice([0, 1, 5, 12, 30, 103, -1])
    kind = rng.choice(["tap", "double_click", "drop", "move"])
    if kind == "move":
        source = rng.choice(["w", "t1", "t3:2", "t5:13", "f2", "s"])
        return {"version": version, "type": "move", "move": f"{source}-{pile}"}
    action: dict[str, Any] = {"version": version, "type": kind, "pile": pile, "index": index}
    if kind == "drop":
        action["target"] = rng.choice(PILE_WORDS)
    return action


def _check_nothing_hidden_leaks(body: str, game: Game) -> None:
    position = game.position
    face_up = Counter(card.code for _, pile in position.items() for card in pile.face_up)
    face_down = {card.code for _, pile in position.items() for card in pile.cards[: pile.down]}
    shown = Counter(CARD_RE.findall(body))
    for code in face_down:
        # Two-deck games hold every card twice: a face-down card's twin may show face up,
        # but never more often than it lies face up on the table.
        assert shown[code] <= face_up[code], f"face-down {code} leaked: {body[:300]}"


def _check_view(state: dict[str, Any], game: Game) -> None:
    expected = [
        {"id": pile_id, "cards": [None] * pile.down + [card.code for card in pile.face_up]}
        for pile_id, pile in game.position.items()
    ]
    assert state["piles"] == expected
    assert (state["score"], state["moves"], state["won"]) == (game.score, game.moves, game.won)


@pytest.mark.slow
@pytest.mark.parametrize("variant", [str(v) for v in ALL_VARIANTS])
def test_random_actions_never_show_a_face_down_card(make_app: AppFactory, variant: str) -> None:
    # What is checked here does not depend on each commit reaching the disk: skip the sync.
    app = make_app(sqlite_synchronous="NORMAL")
    services: Services = app.state.services
    rng = random.Random(f"hidden-{variant}")
    statuses: Counter[int] = Counter()
    with TestClient(app) as client:
        response = client.post("/api/games", json=_deal(rng, variant))
        player_id = _player_id(client)
        state = response.json()
        game_id = state["id"]
        game = _server_game(services, player_id, game_id)
        _check_nothing_hidden_leaks(response.text, game)
        for _ in range(ACTIONS_PER_VARIANT):
            if game.won:
                response = client.post("/api/games", json=_deal(rng, variant))
                state = response.json()
                game_id = state["id"]
                game = _server_game(services, player_id, game_id)
                _check_nothing_hidden_leaks(response.text, game)
                continue
            action = _random_action(rng, game, state)
            response = client.post(f"/api/games/{game_id}/actions", json=action)
            statuses[response.status_code] += 1
            assert response.status_code in (200, 400, 409, 422), response.text
            game = _server_game(services, player_id, game_id)
            _check_nothing_hidden_leaks(response.text, game)
            for value in response.headers.values():
                assert not CARD_RE.search(value)
            body = response.json()
            if response.status_code in (200, 409, 422):
                state = body if response.status_code == 200 else body["state"]
                _check_view(state, game)
            else:
                response = client.get(f"/api/games/{game_id}")
                _check_nothing_hidden_leaks(response.text, game)
                state = response.json()
        current = client.get("/api/games/current")
        _check_nothing_hidden_leaks(current.text, game)
        # The log in the database rebuilds exactly the game the server holds.
        stored = services.store.find_game(game_id, player_id)
        assert stored is not None
        rebuilt = replay(stored, services.store.actions(game_id))
        assert rebuilt.game.position == game.position
        assert (rebuilt.game.score, rebuilt.game.moves) == (game.score, game.moves)
    # Every kind of answer happened, so the check saw legal, illegal, stale and bad input.
    assert statuses[200] > ACTIONS_PER_VARIANT // 6
    assert statuses[422] > 10 and statuses[409] > 0 and statuses[400] > 0
