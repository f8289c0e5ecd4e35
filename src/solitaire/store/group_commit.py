"""Group commit: the writes of one process's threads, queued while another write commits, go
to the database together in one transaction, and each thread returns once that transaction
has committed.

SQLite takes one writer at a time and, with ``synchronous=FULL``, each commit waits for the
disk. Written one by one, actions queue behind each other's disk syncs; grouped, the actions
that arrive during one commit share the next one, so the disk syncs once for all of them and
every action is still on disk before it is answered.

There is no writer thread: the first thread to find no write under way becomes the leader,
takes every write queued so far and runs them; the others wait for their result (or for
their turn to lead the next group).

>>> import threading
>>> group = GroupCommit(run=lambda batch: [f"done {item}" for item in batch], wait_seconds=5)
>>> group.submit("a")
'done a'
"""

from __future__ import annotations

import threading
import time
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
    #: Taken into a group by its leader (then it waits for that group however long).
    taken: bool = False
    done: bool = False
    result: Any = None
    error: BaseException | None = None


@dataclass(slots=True)
class GroupCommit(Generic[Item]):
    """Runs queued items in groups, one group at a time: ``run(items)`` does one group's work
    (one transaction) and answers each item's result in order, or raises for them all.

    ``groupable(item)`` False: the item runs in a group of its own (a write whose failure
    must not undo others'). A thread waits at most ``wait_seconds`` for its item to be
    taken into a group (then :class:`WriteWaitTimeout`).
    """

    run: Callable[[Sequence[Item]], Sequence[Any]]
    wait_seconds: float
    groupable: Callable[[Item], bool] = field(default=lambda item: True)
    _queue: list[_Pending[Item]] = field(default_factory=list)
    _leading: bool = False
    _changed: threading.Condition = field(default_factory=threading.Condition)

    def submit(self, item: Item) -> Any:
        """Run ``item`` in the next group; its result once that group has committed."""
        pending = _Pending(item)
        deadline = time.monotonic() + self.wait_seconds
        with self._changed:
            self._queue.append(pending)
        while True:
            with self._changed:
                group = self._next_group(pending, deadline)
                if group is None:
                    return self._outcome(pending)
            # A group led by this thread may not hold its own item (one that runs alone
            # came first): then it goes round again.
            self._lead(group)

    def _next_group(self, pending: _Pending[Item], deadline: float) -> list[_Pending[Item]] | None:
        """Wait (the lock held) until ``pending`` is done (None) or this thread is to lead
        the next group (that group)."""
        while True:
            if pending.done:
                return None
            if not self._leading and not pending.taken:
                self._leading = True
                return self._take()
            left = deadline - time.monotonic()
            if pending.taken:
                self._changed.wait()
            elif left <= 0:
                self._queue.remove(pending)
                raise WriteWaitTimeout(f"no turn to write within {self.wait_seconds:g} s")
            else:
                self._changed.wait(left)

    def _take(self) -> list[_Pending[Item]]:
        """The next group from the queue (the lock held): every groupable item waiting, or
        the first item alone when it is not groupable."""
        first = self._queue[0]
        if not self.groupable(first.item):
            group = [first]
        else:
            group = [pending for pending in self._queue if self.groupable(pending.item)]
        for pending in group:
            pending.taken = True
            self._queue.remove(pending)
        return group

    def _lead(self, group: list[_Pending[Item]]) -> None:
        outcome: list[tuple[Any, BaseException | None]]
        try:
            results = self.run([pending.item for pending in group])
        except BaseException as failure:
            outcome = [(None, failure)] * len(group)
        else:
            outcome = [(result, None) for result in results]
        with self._changed:
            for pending, (result, error) in zip(group, outcome, strict=True):
                pending.result, pending.error, pending.done = result, error, True
            self._leading = False
            self._changed.notify_all()

    @staticmethod
    def _outcome(pending: _Pending[Item]) -> Any:
        if pending.error is not None:
            raise pending.error
        return pending.result
