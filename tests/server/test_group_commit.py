"""The group commit of SQLite's writes (``store/group_commit.py``): every thread gets its own
result once its group has run, writes that run alone are never grouped, writes queued while
a group runs share the next one, and a thread that waits too long for its turn gives up."""

from __future__ import annotations

import asyncio
import os
import threading
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from solitaire.store.group_commit import GroupCommit, ProcessTurn, WriteWaitTimeout


def test_each_thread_gets_its_own_result_and_solo_writes_run_alone() -> None:
    groups: list[list[str]] = []
    running = threading.Lock()

    def run(items: Sequence[str]) -> list[str]:
        assert running.acquire(blocking=False), "two groups ran at once"
        try:
            groups.append(list(items))
            time.sleep(0.01)  # a commit's disk sync, during which others queue
            return [f"done {item}" for item in items]
        finally:
            running.release()

    group = GroupCommit(run=run, wait_seconds=10, groupable=lambda item: item.startswith("a"))
    results: dict[str, str] = {}
    items = [f"{kind}{number}" for number in range(20) for kind in ("a", "a", "s")]

    def submit(item: str) -> None:
        results[item] = group.submit(item)

    threads = [threading.Thread(target=submit, args=(item,)) for item in items]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert results == {item: f"done {item}" for item in items}
    assert sorted(item for batch in groups for item in batch) == sorted(items)
    for batch in groups:
        if any(item.startswith("s") for item in batch):
            assert len(batch) == 1, batch
    # Actions that came during a commit shared the next one.
    assert len(groups) < len(items)


def test_a_failing_group_fails_each_of_its_writers_and_the_next_group_goes_on() -> None:
    def run(items: Sequence[int]) -> list[int]:
        if 0 in items:
            raise OSError("disk full")
        return list(items)

    group = GroupCommit(run=run, wait_seconds=5)
    with pytest.raises(OSError, match="disk full"):
        group.submit(0)
    assert group.submit(7) == 7


def test_a_writer_kept_waiting_too_long_gives_up() -> None:
    # The first write holds the writer until the late one has given up: a late write that
    # waited for it instead of giving up after its 0.1 s would never end (nothing here
    # depends on how soon the machine runs either).
    started = threading.Event()
    release = threading.Event()

    def run(items: Sequence[str]) -> list[str]:
        started.set()
        release.wait(30)
        return list(items)

    group = GroupCommit(run=run, wait_seconds=0.1, groupable=lambda item: False)
    holder = threading.Thread(target=group.submit, args=("slow",))
    holder.start()
    started.wait(5)
    with pytest.raises(WriteWaitTimeout):
        group.submit("late")
    release.set()
    holder.join()
    assert group.submit("after") == "after"


def test_the_event_loop_hands_its_writes_over_and_goes_on_meanwhile() -> None:
    import asyncio

    # The writes are held until the event loop has run five more turns of other work: were
    # the loop blocked while its writes waited, the writer would wait in vain (its wait's
    # answer is kept) however fast or slow the machine.
    release = threading.Event()
    released: list[bool] = []

    def run(items: Sequence[str]) -> list[str]:
        released.append(release.wait(30))
        return [f"done {item}" for item in items]

    group = GroupCommit(run=run, wait_seconds=60)

    async def main() -> list[str]:
        async def ticker() -> None:
            for _ in range(5):
                await asyncio.sleep(0)
            release.set()

        writes = asyncio.gather(*(group.submitted(f"a{number}") for number in range(5)))
        clock = asyncio.create_task(ticker())
        results = await writes
        await clock
        return list(results)

    results = asyncio.run(main())
    assert results == [f"done a{number}" for number in range(5)]
    assert released and all(released)  # the loop ran on while the writes waited


def test_a_coroutine_kept_waiting_too_long_gives_up_and_its_write_never_runs() -> None:
    import asyncio

    started = threading.Event()
    release = threading.Event()  # the first write holds the writer until the late one gave up
    ran: list[str] = []

    def run(items: Sequence[str]) -> list[str]:
        started.set()
        release.wait(30)
        ran.extend(items)
        return list(items)

    group = GroupCommit(run=run, wait_seconds=0.1, groupable=lambda item: False)
    holder = threading.Thread(target=group.submit, args=("slow",))
    holder.start()
    started.wait(5)

    async def late() -> None:
        await group.submitted("late")

    with pytest.raises(WriteWaitTimeout):
        asyncio.run(late())
    release.set()
    holder.join(5)
    assert group.submit("after") == "after"
    assert ran == ["slow", "after"]


def test_a_group_of_coroutines_is_settled_with_one_wake_up_of_their_loop() -> None:
    first_runs = threading.Event()
    release = threading.Event()

    def run(items: Sequence[int]) -> list[int]:
        if items == [0]:
            first_runs.set()
            release.wait(10)  # the first group's commit, while five more queue
        return [item * 10 for item in items]

    group: GroupCommit[int] = GroupCommit(run=run, wait_seconds=10)

    async def main() -> tuple[list[int], int]:
        loop = asyncio.get_running_loop()
        wake_ups = [0]
        call_soon_threadsafe = loop.call_soon_threadsafe

        def counted(*args: Any, **kwargs: Any) -> Any:
            wake_ups[0] += 1
            return call_soon_threadsafe(*args, **kwargs)

        loop.call_soon_threadsafe = counted  # type: ignore[method-assign,assignment]
        first = asyncio.ensure_future(group.submitted(0))
        await asyncio.to_thread(first_runs.wait, 10)
        rest = [asyncio.ensure_future(group.submitted(item)) for item in range(1, 6)]
        await asyncio.sleep(0)  # the five are queued behind the first group
        before = wake_ups[0]
        release.set()
        results = await asyncio.gather(first, *rest)
        # One wake-up for the first group, one for the five (the to_thread call had its own).
        return list(results), wake_ups[0] - before

    results, wake_ups = asyncio.run(main())
    assert results == [0, 10, 20, 30, 40, 50]
    assert wake_ups == 2


def test_processes_sharing_a_database_write_in_turns(tmp_path: Path) -> None:
    """Two processes' writers never hold the turn at once (ProcessTurn), a forked process
    included although it inherited its parent's turn object: the parent holds the turn
    until the kernel shows the child waiting for it (or the child got it: the fault this
    test finds), writes, and lets go; the child then writes after it."""
    turn = ProcessTurn(tmp_path / "solitaire.db-writer")
    order = tmp_path / "order"
    with turn():
        child = os.fork()
        if child == 0:  # the child process
            try:
                with turn(), order.open("a") as file:
                    file.write("child\n")
            finally:
                os._exit(0)
        deadline = time.monotonic() + 60
        while not (order.exists() or _waits_for_a_lock(child)):
            assert time.monotonic() < deadline, "the child neither waits nor writes"
            time.sleep(0.01)
        with order.open("a") as file:
            file.write("parent\n")
    _, status = os.waitpid(child, 0)
    assert os.waitstatus_to_exitcode(status) == 0
    assert order.read_text().split() == ["parent", "child"]


def _waits_for_a_lock(pid: int) -> bool:
    """The kernel's table of file locks lists ``pid`` as blocked on one (a ``->`` line)."""
    return any(
        "->" in line and line.split("->")[1].split()[3] == str(pid)
        for line in Path("/proc/locks").read_text().splitlines()
    )


def test_a_lock_file_that_cannot_be_made_stops_the_store_at_its_start(tmp_path: Path) -> None:
    """A directory where the writers' lock file goes: the error names the path when the
    store is made, rather than every write failing later."""
    (tmp_path / "solitaire.db-writer").mkdir()
    with pytest.raises(IsADirectoryError, match=r"solitaire\.db-writer"):
        ProcessTurn(tmp_path / "solitaire.db-writer")
