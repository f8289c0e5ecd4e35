"""Games in play: built from the store by replaying their logs, acted on, written back.

The database is the truth. A small in-process cache keeps the :class:`~solitaire.play.Game`
of recently played games keyed by id and version, so an action usually needs no replay; a
cached game is taken out while it is used, so two threads never touch one Game object.

An action on a cached game is decided without reading the database at all: its write is
made only if the database still holds what the decision was made on, else the action is made
again after a read (:meth:`LiveGames.act`).
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
from ..play import Game
from ..store import GameStore, StoredGame
from ..store.games import ActionRecord, GameSummary, GameTurn


@dataclass(slots=True)
class LiveGame:
    """A game rebuilt from its log, with what the board needs besides the position.

    ``stored`` is the game's row as of ``version`` (its ``updated_at`` the moment of the
    last action, which is what ``seconds`` counts up to); ``settings_seen`` the player's saved
    settings and their stored text, as the last action's read found them.
    """

    stored: StoredGame
    game: Game
    version: int
    settings_seen: tuple[dict[str, Any], str] | None = None

    def state(self) -> dict[str, Any]:
        """The game as the board sees it: the engine's observation plus id, version, last
        and the seconds played (docs/api.md)."""
        view = self.game.observation()
        view["id"] = self.stored.id
        view["version"] = self.version
        view["last"] = self.game.last.as_json() if self.game.last is not None else None
        view["seconds"] = self.stored.seconds_played
        view["played_ms"] = self.stored.played_ms
        return view

    def summary(self) -> GameSummary:
        return GameSummary(self.game.score, self.game.moves, self.game.won)


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


#: What an action does to a game: one call of Game.play/tap/…/undo/redo/finish, given the
#: player's saved settings (a drop follows auto_placement).
Intent = Callable[[Game, dict[str, Any]], object]
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

    def _load(
        self, stored: StoredGame, read_log: Callable[[], list[str]] | None = None
    ) -> LiveGame:
        live = self._take(stored.id, stored.version)
        if live is not None:
            live.stored = stored
            return live
        log = read_log() if read_log is not None else self.store.actions(stored.id)
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
        read_log: Callable[[], list[str]] | None = None,
    ) -> T:
        """``read`` the live game while no other thread can change it, then cache it."""
        live = self._load(stored, read_log)
        try:
            return read(live)
        finally:
            self._keep(live)

    # -- the API ----------------------------------------------------------------------------
    def start(
        self, player_id: str, game: Game, *, start_layout: str | None = None
    ) -> dict[str, Any]:
        """Store a new game for the player; answer its state."""
        stored = self.store.create_game(
            secrets.token_urlsafe(16),
            player_id,
            str(game.variant),
            game.start.deal,
            start_layout,
            GameSummary(game.score, game.moves, game.won),
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
            intent(live.game, self.store.player_settings(player_id) or {})
        except Refusal as refusal:
            self._keep(live)  # a refused action changed nothing
            return refusal
        # The rules took it: this Game object went ahead of the stored game, so it is
        # dropped (the next request replays the log).
        return None

    def act(self, player_id: str, game_id: str, version: int, intent: Intent) -> dict[str, Any]:
        """Apply one action made on ``version``, committed before this returns; answer the
        new state.

        Raises NotFound, Stale (another action came first; nothing changed) or Illegal (the
        rules refused; nothing changed). The states are computed while this request alone
        holds the game, so none mixes two versions. One read of the database (the game and
        the player's settings) and one write (on PostgreSQL, one transaction for both); no
        read for a game kept since an earlier action, if the write finds the database as
        that read left it.
        """
        action = self._action(game_id, version, intent)
        kept = action.decide_kept(player_id)
        if kept is not None:
            record, settings_text = kept
            if self.store.record_kept(record, player_id, settings_text):
                return action.answer(player_id, True)
            # The database moved on (another process, the player's settings): the game that
            # went ahead is dropped, and the action is made again on what a read finds.
            action = self._action(game_id, version, intent)
        return action.answer(player_id, self.store.act(game_id, player_id, action.decide))

    def _action(self, game_id: str, version: int, intent: Intent) -> _Action:
        # Ids are token_urlsafe(16); anything else is no game and never reaches the database.
        if not GAME_ID_RE.fullmatch(game_id):
            raise NotFound(game_id)
        return _Action(self, game_id, version, intent)

    async def act_soon(
        self, player_id: str, game_id: str, version: int, intent: Intent
    ) -> dict[str, Any]:
        """:meth:`act` from the event loop, when the store serves actions there
        (``store.acts_without_threads``): the loop goes on while the write commits."""
        action = self._action(game_id, version, intent)
        kept = action.decide_kept(player_id)
        if kept is not None:
            record, settings_text = kept
            if await self.store.record_soon(record, player_id, settings_text):
                return action.answer(player_id, True)
            action = self._action(game_id, version, intent)  # as in act
        return action.answer(
            player_id, await self.store.act_soon(game_id, player_id, action.decide)
        )


@dataclass(slots=True)
class _Action:
    """One action on its way through :meth:`LiveGames.act`: what is decided on the game as
    read, then the answer once the store has (or has not) recorded it."""

    games: LiveGames
    game_id: str
    version: int
    intent: Intent
    acted: tuple[LiveGame, ActionRecord] | None = None

    def decide(self, turn: GameTurn) -> ActionRecord:
        stored = turn.stored
        if stored is None:
            raise NotFound(self.game_id)
        if self.version != stored.version:
            raise Stale(self.games._use(stored, LiveGame.state, turn.log))
        live = self.games._load(stored, turn.log)
        if turn.settings_text is not None:
            live.settings_seen = (turn.settings, turn.settings_text)
        try:
            self.intent(live.game, turn.settings)
        except Refusal as refusal:
            state = live.state()
            self.games._keep(live)
            raise Illegal(refusal, state) from None
        return self._acted(live)

    def decide_kept(self, player_id: str) -> tuple[ActionRecord, str] | None:
        """The action decided on the cached game and the settings its last read found, with
        those settings' stored text (for :meth:`GameStore.record_kept`); None when there is
        no such game at this version, or the rules refuse (a refusal is answered after a
        read, from what the database holds)."""
        live = self.games._take(self.game_id, self.version)
        if live is None:
            return None
        seen = live.settings_seen
        if seen is None or live.stored.player_id != player_id:
            self.games._keep(live)
            return None
        try:
            self.intent(live.game, seen[0])
        except Refusal:
            self.games._keep(live)  # a refused action changed nothing
            return None
        return self._acted(live), seen[1]

    def _acted(self, live: LiveGame) -> ActionRecord:
        now = dt.datetime.now(dt.UTC)
        record = ActionRecord(self.game_id, live.version, live.game.log[-1], live.summary(), now)
        self.acted = (live, record)
        return record

    def answer(self, player_id: str, recorded: bool | None) -> dict[str, Any]:
        """The new state once recorded; Stale if another action came first (this Game
        object went ahead of the truth, so it is dropped). A failed write (the database out
        of reach) raises before this, and leaves the game that went ahead out of the cache
        the same way."""
        if not recorded or self.acted is None:
            raise Stale(self.games.open(player_id, self.game_id))
        live, record = self.acted
        live.version += 1
        live.stored = live.stored.after_action(record.summary, record.at)
        state = live.state()
        self.games._keep(live)
        return state
