"""Group commit: one writer thread runs a process's writes, each group of those queued while
the previous group committed in one transaction; a write's caller gets its result once that
transaction has committed.

SQLite takes one writer at a time and, with ``synchronous=FULL``, each commit waits for the
disk. Written one by one, actions queue behind each other's disk syncs; grouped, the actions
that arrive during one commit share the next one, so the disk syncs once for all of them and
every action is still on disk before it is answered.

A caller waits on a thread (:meth:`GroupCommit.submit`) or, from the event loop, on a future
(:meth:`GroupCommit.submit_soon`): the event loop hands its writes over without a worker
thread of its own, and the writer wakes it when they are done.

>>> group = GroupCommit(run=lambda batch: [f"done {item}" for item in batch], wait_seconds=5)
>>> group.submit("a")
'done a'
>>> group.submit_soon("b").result()
'done b'
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import os
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from sqlalchemy import exc as sa_exc

Item = TypeVar("Item")


class WriteWaitTimeout(sa_exc.TimeoutError):
    """The other writers of this process kept the database for too long."""


@dataclass(slots=True)
class _Pending(Generic[Item]):
    item: Item
    future: concurrent.futures.Future[Any]


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
    _queue: list[_Pending[Item]] = field(default_factory=list)
    _changed: threading.Condition = field(default_factory=threading.Condition)
    #: The process whose writer thread is running (a forked child starts its own).
    _writer_of: int | None = None

    def submit(self, item: Item) -> Any:
        """Run ``item`` in the next group; its result once that group has committed."""
        future = self.submit_soon(item)
        try:
            return future.result(timeout=self.wait_seconds)
        except concurrent.futures.TimeoutError:
            return self._late(future)

    async def submitted(self, item: Item) -> Any:
        """:meth:`submit` for a coroutine: the event loop goes on while the item waits."""
        future = self.submit_soon(item)
        gave_up = False

        def give_up() -> None:
            nonlocal gave_up
            gave_up = future.cancel()  # only while no group has taken it

        timer = asyncio.get_running_loop().call_later(self.wait_seconds, give_up)
        try:
            return await asyncio.wrap_future(future)
        except asyncio.CancelledError:
            if gave_up:
                raise self._timeout() from None
            raise
        finally:
            timer.cancel()

    def submit_soon(self, item: Item) -> concurrent.futures.Future[Any]:
        """Queue ``item`` for the next group; a future of its result."""
        future: concurrent.futures.Future[Any] = concurrent.futures.Future()
        with self._changed:
            if self._writer_of != os.getpid():
                self._writer_of = os.getpid()
                threading.Thread(target=self._write, name="solitaire-writer", daemon=True).start()
            self._queue.append(_Pending(item, future))
            self._changed.notify()
        return future

    def _late(self, future: concurrent.futures.Future[Any]) -> Any:
        """An item not done in ``wait_seconds``: given up if no group has taken it yet."""
        if future.cancel():
            raise self._timeout()
        return future.result()

    def _timeout(self) -> WriteWaitTimeout:
        return WriteWaitTimeout(f"no turn to write within {self.wait_seconds:g} s")

    def _write(self) -> None:
        while True:
            with self._changed:
                while not self._queue:
                    self._changed.wait()
                group = self._take()
            # An item whose caller gave up waiting is left out (it never runs).
            group = [pending for pending in group if pending.future.set_running_or_notify_cancel()]
            if group:
                self._lead(group)

    def _take(self) -> list[_Pending[Item]]:
        """The next group from the queue (the lock held): every groupable item waiting, or
        the first item alone when it is not groupable."""
        first = self._queue[0]
        if not self.groupable(first.item):
            group = [first]
        else:
            group = [pending for pending in self._queue if self.groupable(pending.item)]
        taken = {id(pending) for pending in group}
        self._queue = [pending for pending in self._queue if id(pending) not in taken]
        return group

    def _lead(self, group: list[_Pending[Item]]) -> None:
        try:
            results = self.run([pending.item for pending in group])
        except BaseException as failure:
            for pending in group:
                pending.future.set_exception(failure)
            return
        for pending, result in zip(group, results, strict=True):
            pending.future.set_result(result)
