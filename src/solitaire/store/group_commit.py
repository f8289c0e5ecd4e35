"""Group commit: one writer thread runs a process's writes, each group of those queued while
the previous group committed in one transaction; a write's caller gets its result once that
transaction has committed.

SQLite takes one writer at a time and, with ``synchronous=FULL``, each commit waits for the
disk. Written one by one, actions queue behind each other's disk syncs; grouped, the actions
that arrive during one commit share the next one, so the disk syncs once for all of them and
every action is still on disk before it is answered.

A caller waits on a thread (:meth:`GroupCommit.submit`) or, from the event loop, on a future
(:meth:`GroupCommit.submitted`): the event loop hands its writes over without a worker
thread of its own, and the writer wakes it when they are done — once for all the futures of
a group, not once for each (every wake-up is a write to the loop's pipe and a turn of the
loop).

>>> group = GroupCommit(run=lambda batch: [f"done {item}" for item in batch], wait_seconds=5)
>>> group.submit("a")
'done a'
>>> import asyncio
>>> asyncio.run(group.submitted("b"))
'done b'
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import os
import threading
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Generic, TypeVar

from sqlalchemy import exc as sa_exc

Item = TypeVar("Item")


class WriteWaitTimeout(sa_exc.TimeoutError):
    """The other writers of this process kept the database for too long."""


@dataclass(slots=True)
class _Pending(Generic[Item]):
    item: Item
    #: Called on the writer thread with the item's result or error once its group is done
    #: (a caller waiting on a thread).
    settle: Callable[[Any, BaseException | None], None] | None
    #: Or the future an event loop awaits, settled on that loop.
    future: asyncio.Future[Any] | None = None
    #: Taken into a group (then its caller waits for that group however long).
    taken: bool = False


@dataclass(slots=True)
class GroupCommit(Generic[Item]):
    """Runs queued items in groups, one group at a time, on a writer thread of its own:
    ``run(items)`` does one group's work (one transaction) and answers each item's result
    in order, or raises for them all.

    ``groupable(item)`` False: the item runs in a group of its own (a write whose failure
    must not undo others'). A caller waits at most ``wait_seconds`` for its item to be taken
    into a group (then :class:`WriteWaitTimeout`, and the item never runs); once taken, it
    waits for that group however long it takes.
    """

    run: Callable[[Sequence[Item]], Sequence[Any]]
    wait_seconds: float
    groupable: Callable[[Item], bool] = field(default=lambda item: True)
    #: Held around each group's run: the turn among the processes writing to the same
    #: database (:class:`ProcessTurn`), none by default.
    turn: Callable[[], contextlib.AbstractContextManager[object]] = contextlib.nullcontext
    _queue: list[_Pending[Item]] = field(default_factory=list)
    _changed: threading.Condition = field(default_factory=threading.Condition)
    #: The process whose writer thread is running (a forked child starts its own).
    _writer_of: int | None = None

    def submit(self, item: Item) -> Any:
        """Run ``item`` in the next group; its result once that group has committed."""
        done = threading.Event()
        outcome: list[tuple[Any, BaseException | None]] = []

        def settle(result: Any, error: BaseException | None) -> None:
            outcome.append((result, error))
            done.set()

        pending = self._enqueue(_Pending(item, settle))
        if not done.wait(self.wait_seconds):
            if self._give_up(pending):
                raise self._timeout()
            done.wait()
        result, error = outcome[0]
        if error is not None:
            raise error
        return result

    async def submitted(self, item: Item) -> Any:
        """:meth:`submit` for a coroutine: the event loop goes on while the item waits, and
        the writer wakes it when the item's group is done."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[Any] = loop.create_future()
        pending = self._enqueue(_Pending(item, None, future))

        def give_up() -> None:
            if self._give_up(pending) and not future.done():
                future.set_exception(self._timeout())

        timer = loop.call_later(self.wait_seconds, give_up)
        try:
            return await future
        finally:
            timer.cancel()

    def _enqueue(self, pending: _Pending[Item]) -> _Pending[Item]:
        with self._changed:
            if self._writer_of != os.getpid():
                self._writer_of = os.getpid()
                threading.Thread(target=self._write, name="solitaire-writer", daemon=True).start()
            self._queue.append(pending)
            self._changed.notify()
        return pending

    def _give_up(self, pending: _Pending[Item]) -> bool:
        """Take an item no group has taken yet out of the queue (it will never run)."""
        with self._changed:
            if pending.taken:
                return False
            self._queue.remove(pending)
            return True

    def _timeout(self) -> WriteWaitTimeout:
        return WriteWaitTimeout(f"no turn to write within {self.wait_seconds:g} s")

    def _write(self) -> None:
        while True:
            with self._changed:
                while not self._queue:
                    self._changed.wait()
            # The group is taken once it is this process's turn: what queued while another
            # process wrote joins it, and a caller whose wait runs out meanwhile gives up.
            group: list[_Pending[Item]] = []
            outcome: tuple[Sequence[Any], BaseException | None] | None = None
            try:
                with self.turn():
                    with self._changed:
                        group = self._take()
                    outcome = self._run(group)
            except OSError as error:  # the turn's lock file could not be opened or locked
                if outcome is None:  # no turn: the group was never taken, so none ran
                    with self._changed:
                        group = self._take()
                    outcome = [None] * len(group), error
            # Settled after the turn is handed on, so that the other process's writer starts
            # while this one wakes its callers.
            self._settle(group, *outcome)

    def _take(self) -> list[_Pending[Item]]:
        """The next group from the queue (the lock held): every groupable item waiting, or
        the first item alone when it is not groupable; none when every caller gave up."""
        if not self._queue:
            return []
        first = self._queue[0]
        if not self.groupable(first.item):
            group = [first]
        else:
            group = [pending for pending in self._queue if self.groupable(pending.item)]
        for pending in group:
            pending.taken = True
        self._queue = [pending for pending in self._queue if not pending.taken]
        return group

    def _run(self, group: list[_Pending[Item]]) -> tuple[Sequence[Any], BaseException | None]:
        if not group:  # every caller gave up while the other processes wrote
            return [], None
        try:
            return self.run([pending.item for pending in group]), None
        except BaseException as error:
            return [None] * len(group), error

    def _settle(
        self, group: list[_Pending[Item]], results: Sequence[Any], failure: BaseException | None
    ) -> None:
        # The futures of each event loop are settled in one callback on that loop.
        settled: dict[asyncio.AbstractEventLoop, list[_Outcome]] = {}
        for pending, result in zip(group, results, strict=True):
            if pending.future is not None:
                loop = pending.future.get_loop()
                settled.setdefault(loop, []).append((pending.future, result, failure))
            elif pending.settle is not None:
                pending.settle(result, failure)
        for loop, outcomes in settled.items():
            with contextlib.suppress(RuntimeError):  # a closed loop: nobody waits any more
                loop.call_soon_threadsafe(_settle_futures, outcomes)


_Outcome = tuple[asyncio.Future[Any], Any, BaseException | None]


def _settle_futures(outcomes: list[_Outcome]) -> None:
    for future, result, error in outcomes:
        if future.done():  # its request was cancelled (the client went away)
            continue
        if error is not None:
            future.set_exception(error)
        else:
            future.set_result(result)


class ProcessTurn:
    """Turns to write among the processes sharing one SQLite file (``solitaire serve
    --workers N``): an exclusive ``flock`` on a file beside the database, held while a group
    runs. A process waiting for it sleeps in the kernel and is woken the moment the other
    lets go; without it, a writer finding the database locked by the other process polls in
    SQLite's busy handler, with sleeps that grow up to 100 ms. A process that dies lets go
    of the lock with it.

    >>> import tempfile, pathlib
    >>> turn = ProcessTurn(pathlib.Path(tempfile.mkdtemp()) / "solitaire.db-writer")
    >>> with turn():
    ...     "writing"
    'writing'
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        # Opened at once: a lock file that cannot be made (a directory in its place, a data
        # directory not writable) stops the server at its start, not each write later.
        self._descriptor = self._open()
        #: The process the descriptor was opened in: a lock is shared by every process
        #: holding the same open file, so a forked worker opens its own.
        self._opened_in = os.getpid()

    def _open(self) -> int:
        return os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)

    @contextlib.contextmanager
    def __call__(self) -> Iterator[None]:
        if self._opened_in != os.getpid():
            self._descriptor = self._open()
            self._opened_in = os.getpid()
        fcntl.flock(self._descriptor, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(self._descriptor, fcntl.LOCK_UN)
