"""Games in play: built from the store by replaying their logs, acted on, written back.

The database is the truth. A small in-process cache keeps the :class:`~solitaire.play.Game`
of recently played games keyed by id and version, so an action usually needs no replay; a
cached game is taken out while it is used, so two threads never touch one Game object.

An action has one path (:meth:`LiveGames.act`): the game held at the action's version, else
the one read from the database; the rules decide on it alone; one write appends the action
if the game is still at that version in the database (else 409, the game as it stands).
"""

from __future__ import annotations

import datetime as dt
import re
import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from ..codes import parse_variant
from ..games import Refusal, rules_for
from ..layout import parse_layout
from ..levels.challenges import challenge_state
from ..play import Game
from ..store import GameStore, StoredGame
from ..store.games import ActionRecord, AdmitNewPlayer, GameSummary


@dataclass(slots=True)
class LiveGame:
    """A game rebuilt from its log, with what the board needs besides the position.

    ``stored`` is the game's row as of ``version`` (its ``updated_at`` the moment of the
    last action, which is what ``seconds`` counts up to).
    """

    stored: StoredGame
    game: Game
    version: int

    def state(self) -> dict[str, Any]:
        """The game as the board sees it: the engine's observation plus id, version, last
        and the seconds played (docs/api.md)."""
        view = self.game.observation()
        view["id"] = self.stored.id
        view["version"] = self.version
        view["last"] = self.game.last.as_json() if self.game.last is not None else None
        view["seconds"] = self.stored.seconds_played
        view["level"] = self.stored.level
        view["challenge"] = _challenge_of(self.stored, self.game)
        view["played_ms"] = self.stored.played_ms
        return view

    def summary(self) -> GameSummary:
        return GameSummary(self.game.score, self.game.moves, self.game.won)


def _challenge_of(stored: StoredGame, game: Game) -> dict[str, Any] | None:
    """DC-1: the challenge a game plays, with its goal met or not (None: no challenge)."""
    if stored.challenge_date is None:
        return None
    return challenge_state(
        game.variant.game, stored.challenge_date, won=game.won, moves=game.moves, score=game.score
    )


def start_game(stored: StoredGame) -> Game:
    """The game at its first position (from the start layout, else the deal number)."""
    if stored.start_layout is not None:
        return Game(parse_layout(stored.start_layout))
    if stored.deal is None:
        raise ValueError(f"game {stored.id} has neither a deal number nor a start layout")
    variant = parse_variant(stored.variant)
    return Game(rules_for(variant).deal(stored.deal))


def replay(stored: StoredGame, log: list[str]) -> LiveGame:
    """Rebuild a game exactly (undo history and Easy Harp's move counter included)."""
    game = start_game(stored)
    game.replay(log)
    return LiveGame(stored, game, len(log))


def _caught_up(behind: LiveGame, stored: StoredGame, tail: list[str]) -> LiveGame | None:
    """``behind``, a held game some versions before ``stored``'s, with the actions it missed
    (``tail``, the log from its version on) applied; None if the tail is short of them (the
    log read apart from the row) or the game is another player's."""
    missing = stored.version - behind.version
    if len(tail) < missing or behind.stored.player_id != stored.player_id:
        return None
    behind.game.replay(tail[:missing])
    behind.version = stored.version
    behind.stored = stored
    return behind


class NotFound(Exception):
    """No such game for this player."""


class Stale(Exception):
    """The action names an old version; ``state`` is the game as it stands."""

    def __init__(self, state: dict[str, Any]) -> None:
        super().__init__("stale version")
        self.state = state


class Illegal(Exception):
    """The rules refused the action; ``state`` is the game, unchanged."""

    def __init__(self, refusal: Refusal, state: dict[str, Any]) -> None:
        super().__init__(str(refusal))
        self.refusal = refusal
        self.state = state


#: What an action does to a game: one call of Game.play/tap/…/undo/redo/finish, with what the
#: player's settings decide for it carried in (a drop's auto placement), so that it is
#: decided from the game alone.
Intent = Callable[[Game], object]
T = TypeVar("T")
#: What a game id may look like (``secrets.token_urlsafe(16)`` makes 22 of these characters).
GAME_ID_RE = re.compile(r"[A-Za-z0-9_-]{1,64}")


class LiveGames:
    """The games of all players: start, open and act, through the store and the cache."""

    def __init__(self, store: GameStore, cache_size: int = 2000) -> None:
        self.store = store
        self.cache_size = cache_size
        self._cache: OrderedDict[str, LiveGame] = OrderedDict()
        self._lock = threading.Lock()

    # -- the cache --------------------------------------------------------------------------
    def _take(self, game_id: str, version: int) -> LiveGame | None:
        """The cached game at ``version``, taken out of the cache (a game at another
        version stays)."""
        with self._lock:
            live = self._cache.get(game_id)
            if live is None or live.version != version:
                return None
            del self._cache[game_id]
        return live

    def _take_behind(self, game_id: str, version: int) -> LiveGame | None:
        """The cached game at a version before ``version``, taken out of the cache (another
        process moved the game on since this one last held it)."""
        with self._lock:
            live = self._cache.get(game_id)
            if live is None or live.version >= version:
                return None
            del self._cache[game_id]
        return live

    def _keep(self, live: LiveGame) -> None:
        if self.cache_size == 0:
            return
        with self._lock:
            current = self._cache.get(live.stored.id)
            if current is not None and current.version > live.version:
                return
            self._cache[live.stored.id] = live
            self._cache.move_to_end(live.stored.id)
            while len(self._cache) > self.cache_size:
                self._cache.popitem(last=False)

    def _load(self, stored: StoredGame) -> LiveGame:
        """The live game of a row just read (as :meth:`_rebuild`, from a worker thread)."""
        live = self._take(stored.id, stored.version)
        if live is not None:
            live.stored = stored
            return live
        behind = self._take_behind(stored.id, stored.version)
        if behind is not None:
            caught_up = _caught_up(behind, stored, self.store.actions(stored.id, behind.version))
            if caught_up is not None:
                return caught_up
        log = self.store.actions(stored.id)
        # The row and the log are read apart: an action committed in between makes the log
        # longer than the row's version, and the row is what the caller judged by.
        if len(log) < stored.version:
            raise RuntimeError(f"game {stored.id}: log of {len(log)} for version {stored.version}")
        live = replay(stored, log[: stored.version])
        return live

    def _use(
        self,
        stored: StoredGame,
        read: Callable[[LiveGame], T],
    ) -> T:
        """``read`` the live game while no other thread can change it, then cache it."""
        live = self._load(stored)
        try:
            return read(live)
        finally:
            self._keep(live)

    # -- the API ----------------------------------------------------------------------------
    def start(
        self,
        player_id: str,
        game: Game,
        *,
        start_layout: str | None = None,
        level: str | None = None,
        challenge_date: dt.date | None = None,
        admit_new_player: AdmitNewPlayer | None = None,
        offline_ref: str | None = None,
    ) -> dict[str, Any]:
        """Store a new game for the player (a graded deal's ``level``, a challenge's day;
        a new player as ``admit_new_player`` lets one be created; an offline game's name,
        ``GameStore.create_game``); answer its state."""
        stored = self.store.create_game(
            secrets.token_urlsafe(16),
            player_id,
            str(game.variant),
            game.start.deal,
            start_layout,
            GameSummary(game.score, game.moves, game.won),
            level=level,
            challenge_date=challenge_date,
            admit_new_player=admit_new_player,
            offline_ref=offline_ref,
        )
        live = LiveGame(stored, game, 0)
        state = live.state()
        self._keep(live)
        return state

    def find(self, player_id: str, game_id: str) -> StoredGame:
        """The player's stored game, or NotFound."""
        # Ids are token_urlsafe(16); anything else is no game, and must not reach the
        # database (PostgreSQL refuses text holding a NUL byte with an error).
        if not GAME_ID_RE.fullmatch(game_id):
            raise NotFound(game_id)
        stored = self.store.find_game(game_id, player_id)
        if stored is None:
            raise NotFound(game_id)
        return stored

    def peek(self, player_id: str, game_id: str, read: Callable[[LiveGame], T]) -> T:
        """What ``read`` finds in the player's live game (it must not change it)."""
        return self._use(self.find(player_id, game_id), read)

    def open(self, player_id: str, game_id: str) -> dict[str, Any]:
        """The state of the player's game as it stands, or NotFound."""
        return self.peek(player_id, game_id, LiveGame.state)

    def latest(self, player_id: str) -> dict[str, Any]:
        """The state of the game the player last played, or NotFound."""
        stored = self.store.latest_game(player_id)
        if stored is None:
            raise NotFound("current")
        return self._use(stored, LiveGame.state)

    def _at_version(
        self, player_id: str, game_id: str, version: int
    ) -> tuple[StoredGame, LiveGame]:
        """The stored game and its live copy, if ``version`` is the game's; else Stale."""
        stored = self.find(player_id, game_id)
        if version != stored.version:
            raise Stale(self.open(player_id, game_id))
        return stored, self._load(stored)

    def check(self, player_id: str, game_id: str, version: int, intent: Intent) -> Refusal | None:
        """Whether the rules would take one action made on ``version``, changing nothing:
        their refusal, or None when they would take it.

        Raises NotFound or Stale, as :meth:`act` does.
        """
        _, live = self._at_version(player_id, game_id, version)
        try:
            intent(live.game)
        except Refusal as refusal:
            self._keep(live)  # a refused action changed nothing
            return refusal
        # The rules took it: this Game object went ahead of the stored game, so it is
        # dropped (the next request replays the log).
        return None

    async def act(
        self, player_id: str, game_id: str, version: int, intent: Intent
    ) -> dict[str, Any]:
        """Apply one action made on ``version``, committed before this returns; answer the
        new state.

        The game is the one this process holds at that version, else the one the database
        holds (its row, then its log replayed); the rules decide on it alone (the intent
        carries what the player's settings decide); the store appends the action if the game
        is still at ``version`` there. Raises NotFound, Stale (the game is at another
        version: nothing changed) or Illegal (the rules refused; nothing changed). The
        states are computed while this request alone holds the game, so none mixes two
        versions. A failed write (the database out of reach) raises, and the game that went
        ahead is left out of the cache, as after a Stale.
        """
        # Ids are token_urlsafe(16); anything else is no game and never reaches the database.
        if not GAME_ID_RE.fullmatch(game_id):
            raise NotFound(game_id)
        live = self._take(game_id, version)
        if live is not None and live.stored.player_id != player_id:
            self._keep(live)
            live = None
        if live is None:
            live = await self._read_for_action(player_id, game_id, version)
        try:
            intent(live.game)
        except Refusal as refusal:
            state = live.state()
            self._keep(live)  # a refused action changed nothing
            raise Illegal(refusal, state) from None
        now = self.store.clock()
        record = ActionRecord(game_id, live.version, live.game.log[-1], live.summary(), now)
        if not await self.store.append_action(record):
            # Another action came first (in another process): this Game object went ahead
            # of the truth and is dropped; the answer is the game as the database holds it.
            raise Stale(await self._read_state(player_id, game_id))
        live.version += 1
        live.stored = live.stored.after_action(record.summary, record.at)
        state = live.state()
        self._keep(live)
        return state

    async def _read_for_action(self, player_id: str, game_id: str, version: int) -> LiveGame:
        """The player's game as the database holds it, if it is at ``version``; else Stale
        (with its state) or NotFound."""
        stored = await self.store.action_game(game_id, player_id)
        if stored is None:
            raise NotFound(game_id)
        live = await self._rebuild(stored)
        if live.version != version:
            state = live.state()
            self._keep(live)
            raise Stale(state)
        return live

    async def _read_state(self, player_id: str, game_id: str) -> dict[str, Any]:
        stored = await self.store.action_game(game_id, player_id)
        if stored is None:
            raise NotFound(game_id)
        live = await self._rebuild(stored)
        state = live.state()
        self._keep(live)
        return state

    async def _rebuild(self, stored: StoredGame) -> LiveGame:
        """The live game of a row just read: held at that version; else held at an earlier
        one, with the actions since applied (the game went on through another process:
        several workers, several servers); else its log replayed."""
        live = self._take(stored.id, stored.version)
        if live is not None:
            live.stored = stored
            return live
        behind = self._take_behind(stored.id, stored.version)
        if behind is not None:
            tail = await self.store.action_log(stored.id, after=behind.version)
            caught_up = _caught_up(behind, stored, tail)
            if caught_up is not None:
                return caught_up
        log = await self.store.action_log(stored.id)
        # The row and the log are read apart: an action committed in between makes the log
        # longer than the row's version, and the row is what was judged by.
        if len(log) < stored.version:
            raise RuntimeError(f"game {stored.id}: log of {len(log)} for version {stored.version}")
        return replay(stored, log[: stored.version])
