"""The solver off the request path: hints and proved-winnable deals, computed in a small pool of
worker processes that async endpoints await with a hard time limit.

A search is pure CPU for up to a few seconds; run in the server's process it would hold the
GIL and stall every other player's request. So each search goes to a
:class:`~concurrent.futures.ProcessPoolExecutor` (created on first use, ``spawn`` so that no
worker inherits the server's threads, locks or database connections) and the endpoint awaits
it. Proved deal numbers are kept in memory per variant so that the next "winnable deals only"
game starts at once; after each such request a background task proves a few more.

>>> import asyncio
>>> from solitaire.codes import parse_code
>>> from solitaire.games import rules_for
>>> solving = Solving(workers=1)
>>> code = parse_code("SS1-S1-AAAAABD")
>>> answer = asyncio.run(solving.hint(rules_for(code.variant).deal(code.deal)))
>>> answer.verdict.value, answer.move is not None
('winnable', True)
>>> solving.shutdown()
"""

from __future__ import annotations

import asyncio
import functools
import logging
import multiprocessing
import secrets
import threading
import weakref
from collections import OrderedDict, deque
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any, TypeVar

from ..codes import MAX_DEAL, Variant, parse_variant
from ..games import rules_for
from ..moves import Move
from ..position import Position
from ..solver import Verdict, solve

log = logging.getLogger("solitaire.server.solving")
T = TypeVar("T")


# -- what runs in a worker (module level, so that it can be pickled by name) ----------------------


def _solution(position: Position, seconds: float) -> tuple[str, tuple[str, ...], int, float]:
    """The verdict, the solution as move text (empty unless winnable), the positions and the
    seconds of a search from ``position``."""
    result = solve(position, seconds=seconds)
    return (
        result.verdict.value,
        tuple(str(move) for move in result.moves),
        result.positions,
        result.seconds,
    )


def _prove_deal(variant_text: str, deal: int, seconds: float) -> str:
    """The verdict on one deal of a variant."""
    position = rules_for(parse_variant(variant_text)).deal(deal)
    return solve(position, seconds=seconds).verdict.value


# -- in the server ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class HintAnswer:
    """What a hint search found: ``move`` is the first move of a solution when ``verdict`` is
    winnable; unknown also stands for a search cut off by the hard time limit."""

    verdict: Verdict
    move: Move | None
    positions: int
    seconds: float


def plan_of(position: Position, moves: list[Move]) -> dict[Position, Move]:
    """The move a solution makes from each position it passes through (a position met twice
    keeps the later move, which skips the loop).

    >>> from solitaire.play import Game
    >>> start = Game.from_code("KL1-D1N-AAAAAAG").position
    >>> plan = plan_of(start, [Move.parse("d"), Move.parse("d")])
    >>> len(plan), plan[start]
    (2, Move('d'))
    """
    rules = rules_for(position.variant)
    plan: dict[Position, Move] = {}
    fan = 0
    for move in moves:
        plan[position] = move
        step = rules.apply(position, move, fan)
        position, fan = step.position, step.fan
    return plan


class Solving:
    """The worker pool and the proved deals of one app.

    ``hint_seconds`` is the solver's budget for a hint, ``light_seconds`` for the winnable
    light's verdict (UI-20: a verdict after every action, so a shorter one); ``deal_seconds``
    for one deal tried for "winnable deals only", ``deal_total_seconds`` for all the deals
    one request tries; ``grace_seconds`` is how late past its budget a search may answer
    before its worker is killed (the hard limit); ``keep_per_variant`` proved deals are kept
    ready per variant.
    """

    def __init__(
        self,
        *,
        workers: int = 2,
        hint_seconds: float = 1.25,
        light_seconds: float = 1.0,
        deal_seconds: float = 0.75,
        deal_total_seconds: float = 3.0,
        # Generous: on a machine loaded 5x over, searches were seen to answer 1 s late.
        grace_seconds: float = 1.25,
        startup_seconds: float = 10.0,
        keep_per_variant: int = 2,
        refill_tries: int = 12,
        plans_kept: int = 256,
    ) -> None:
        if workers < 1:
            raise ValueError("the pool needs at least one worker")
        self.workers = workers
        self.hint_seconds = hint_seconds
        self.light_seconds = light_seconds
        self.deal_seconds = deal_seconds
        self.deal_total_seconds = deal_total_seconds
        self.grace_seconds = grace_seconds
        self.startup_seconds = startup_seconds
        self.keep_per_variant = keep_per_variant
        self.refill_tries = refill_tries
        self.plans_kept = plans_kept
        # Per game, the solution the last hint came from: a player who follows the hints
        # gets the next move of that same solution. Searching afresh at every move does not
        # win Klondike: each new solution may start with other taps on the stock, and the
        # first moves of successive solutions can go round the stock for ever.
        self._plans: OrderedDict[str, dict[Position, Move]] = OrderedDict()
        self._executor: ProcessPoolExecutor | None = None
        self._lock = threading.Lock()
        self._semaphore: tuple[asyncio.AbstractEventLoop, asyncio.Semaphore] | None = None
        #: Pools whose workers have answered once (their start is behind them).
        self._started: weakref.WeakSet[ProcessPoolExecutor] = weakref.WeakSet()
        self._proved: dict[str, deque[int]] = {}
        self._refilling: set[str] = set()
        self._background: set[asyncio.Task[Any]] = set()
        #: Searches cut off by the hard limit (their pool was replaced), for the tests.
        self.killed = 0

    # -- the pool ---------------------------------------------------------------------------
    def _pool(self) -> ProcessPoolExecutor:
        with self._lock:
            if self._executor is None:
                self._executor = ProcessPoolExecutor(
                    max_workers=self.workers, mp_context=multiprocessing.get_context("spawn")
                )
            return self._executor

    def _replace_pool(self, pool: ProcessPoolExecutor) -> None:
        """Kill the workers of ``pool`` (a search overran its hard limit, or the pool broke);
        the next search starts a new pool. Searches still running in it answer unknown."""
        with self._lock:
            if self._executor is pool:
                self._executor = None
        # ProcessPoolExecutor has no way to stop one task (Python 3.14 adds
        # terminate_workers()); its worker processes are the only handle on a runaway search.
        for process in list((pool._processes or {}).values()):
            process.terminate()
        pool.shutdown(wait=False, cancel_futures=True)

    def _slots(self) -> asyncio.Semaphore:
        """One slot per worker: searches wait here, not in the pool's queue, where a search
        that has not started cannot be told from one running (neither can be cancelled)."""
        loop = asyncio.get_running_loop()
        # A semaphore belongs to one event loop (a test client runs one per client).
        if self._semaphore is None or self._semaphore[0] is not loop:
            self._semaphore = (loop, asyncio.Semaphore(self.workers))
        return self._semaphore[1]

    async def _run(self, budget: float, function: Callable[..., T], *args: Any) -> T | None:
        """``function(*args, seconds)`` in a worker, or None if it did not answer in time.

        ``seconds`` is ``budget`` less the time spent waiting for a free worker; the search
        must answer within ``seconds`` plus the grace (plus the start of the workers, for a
        new pool), else its worker is killed. None also when the pool broke.
        """
        loop = asyncio.get_running_loop()
        deadline = loop.time() + budget
        slots = self._slots()
        try:
            await asyncio.wait_for(slots.acquire(), timeout=budget + self.grace_seconds)
        except TimeoutError:
            return None
        try:
            seconds = min(budget, deadline - loop.time())
            if seconds < 0:
                return None
            pool = self._pool()
            limit = seconds + self.grace_seconds
            if pool not in self._started:
                # The first searches of a pool also wait for its processes to start (about
                # a second on a busy machine): not the search's fault.
                limit += self.startup_seconds
            try:
                future: Future[T] = pool.submit(function, *args, seconds)
                answer = await asyncio.wait_for(asyncio.wrap_future(future), timeout=limit)
            except TimeoutError:
                self.killed += 1
                log.warning("a search overran its hard limit of %.1f s: pool replaced", limit)
                self._replace_pool(pool)
                return None
            except (BrokenProcessPool, RuntimeError):
                # RuntimeError: the pool was shut down meanwhile (the app is stopping).
                self._replace_pool(pool)
                return None
            self._started.add(pool)
            return answer
        finally:
            slots.release()

    def shutdown(self) -> None:
        """Stop the background searches and the workers (the app's lifespan calls this); a
        later search starts a new pool."""
        for task in list(self._background):
            task.cancel()
        self._background.clear()
        self._refilling.clear()
        with self._lock:
            pool, self._executor = self._executor, None
        if pool is not None:
            for process in list((pool._processes or {}).values()):
                process.terminate()
            pool.shutdown(wait=True, cancel_futures=True)

    # -- hints ------------------------------------------------------------------------------
    async def hint(
        self, position: Position, game_key: str | None = None, *, seconds: float | None = None
    ) -> HintAnswer:
        """The next move of a solution from ``position`` (the server's, face-down cards
        included), within ``seconds`` (``hint_seconds`` unless told) plus the grace at the
        very most.

        With ``game_key`` (the game's id), a position on the solution of this game's last
        hint answers that solution's next move at once.
        """
        if game_key is not None:
            planned = self._plans.get(game_key, {}).get(position)
            if planned is not None:
                self._plans.move_to_end(game_key)
                return HintAnswer(Verdict.WINNABLE, planned, 0, 0.0)
        loop = asyncio.get_running_loop()
        started = loop.time()
        budget = self.hint_seconds if seconds is None else seconds
        answer = await self._run(budget, _solution, position)
        if answer is None:
            return HintAnswer(Verdict.UNKNOWN, None, 0, loop.time() - started)
        verdict, texts, positions, seconds = answer
        moves = [Move.parse(text) for text in texts]
        if game_key is not None and moves:
            # About 10 ms for a Klondike solution of 250 moves: off the event loop.
            self._plans[game_key] = await asyncio.to_thread(plan_of, position, moves)
            self._plans.move_to_end(game_key)
            while len(self._plans) > self.plans_kept:
                self._plans.popitem(last=False)
        return HintAnswer(Verdict(verdict), moves[0] if moves else None, positions, seconds)

    async def verdict(self, position: Position, game_key: str | None = None) -> HintAnswer:
        """UI-20, the winnable light: a hint's search within ``light_seconds`` (its
        solution is kept as a hint's, so that a hint asked next answers at once); the move is
        for the server only, the light shows the verdict alone."""
        return await self.hint(position, game_key, seconds=self.light_seconds)

    # -- winnable deals ---------------------------------------------------------------------
    def proved_ready(self, variant: Variant) -> list[int]:
        """The proved deals kept for ``variant`` (a copy)."""
        return list(self._proved.get(str(variant), ()))

    def _keep(self, variant: Variant, deal: int) -> None:
        kept = self._proved.setdefault(str(variant), deque())
        if deal not in kept and len(kept) < self.keep_per_variant:
            kept.append(deal)

    async def _prove(self, variant: Variant, deal: int, seconds: float) -> int | None:
        verdict = await self._run(seconds, _prove_deal, str(variant), deal)
        return deal if verdict == Verdict.WINNABLE.value else None

    def _in_background(self, task: asyncio.Task[Any]) -> None:
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    async def winnable_deal(self, variant: Variant) -> int | None:
        """A deal number of ``variant`` that the solver proved winnable, or None if none was
        proved within ``deal_total_seconds`` (plus the grace at the very most).

        A kept deal answers at once; otherwise random deals are tried, one per worker at a
        time. Either way a background task then proves more for the next request.
        """
        kept = self._proved.get(str(variant))
        if kept:
            deal = kept.popleft()
            self._start_refill(variant)
            return deal
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.deal_total_seconds
        found: int | None = None
        pending: set[asyncio.Task[int | None]] = set()
        while found is None:
            remaining = deadline - loop.time()
            # A budget much below a tenth of a second proves almost nothing.
            while len(pending) < self.workers and remaining > 0.15:
                deal = 1 + secrets.randbelow(MAX_DEAL)
                budget = min(self.deal_seconds, remaining)
                pending.add(asyncio.create_task(self._prove(variant, deal, budget)))
            if not pending:
                break
            done, pending = await asyncio.wait(pending, return_when=asyncio.FIRST_COMPLETED)
            for task in done:
                proved = task.result()
                if proved is not None and found is None:
                    found = proved
                elif proved is not None:
                    self._keep(variant, proved)
        # Searches still running go on in the background; what they prove is kept.
        for task in pending:
            task.add_done_callback(functools.partial(self._keep_result, variant))
            self._in_background(task)
        self._start_refill(variant)
        return found

    def _keep_result(self, variant: Variant, task: asyncio.Task[int | None]) -> None:
        if not task.cancelled() and task.exception() is None:
            proved = task.result()
            if proved is not None:
                self._keep(variant, proved)

    def _start_refill(self, variant: Variant) -> None:
        if str(variant) in self._refilling:
            return
        self._refilling.add(str(variant))
        self._in_background(asyncio.get_running_loop().create_task(self._refill(variant)))

    async def _refill(self, variant: Variant) -> None:
        """Prove deals until ``keep_per_variant`` are kept or ``refill_tries`` were tried, one
        at a time, which leaves the other workers to hints."""
        try:
            for _ in range(self.refill_tries):
                if len(self._proved.get(str(variant), ())) >= self.keep_per_variant:
                    return
                proved = await self._prove(variant, 1 + secrets.randbelow(MAX_DEAL), 1.0)
                if proved is not None:
                    self._keep(variant, proved)
        finally:
            self._refilling.discard(str(variant))
