"""``solitaire serve`` as a real process for the system tests: any free loopback port (the
server binds port 0 and prints the address it got), its own environment, output in files,
and a way to kill it without warning (SIGKILL) as a crash would.

>>> server = ServerProcess(Path("/tmp/example"), {"SOLITAIRE_DATA_DIR": "/tmp/example/data"})
>>> server.running
False
"""

from __future__ import annotations

import contextlib
import datetime as dt
import os
import re
import resource
import signal
import subprocess
import sys
import time
from pathlib import Path
from types import TracebackType

import httpx

SOLITAIRE = Path(sys.executable).with_name("solitaire")
"""The console script installed next to the interpreter running the tests (``.venv/bin``)."""

START_SECONDS = 60.0  # generous: a start costs ~1.3 s of CPU, far more on a busy machine
ADDRESS_LINE = re.compile(r"Solitaire is running: open (http://127\.0\.0\.1:\d+/)")

#: The date the tests' servers take for today (``SOLITAIRE_TODAY``).
TESTS_TODAY = dt.date(2026, 11, 29)


class ServerProcess:
    """One ``solitaire serve`` process; ``start`` waits until it answers HTTP.

    ``environment`` is all the ``SOLITAIRE_*`` settings it gets (the test runner's own are
    not passed on, so a developer's settings cannot leak in). Its stdout and stderr go to
    numbered files in ``workdir``, kept for a failing test's report.
    """

    def __init__(
        self,
        workdir: Path,
        environment: dict[str, str],
        *,
        max_open_files: int | None = None,
        workers: int = 1,
    ) -> None:
        self.workdir = workdir
        self.environment = environment
        #: Worker processes (``--workers``); more than one: a supervisor and its workers.
        self.workers = workers
        #: RLIMIT_NOFILE of the process (soft and hard), as a small server would have.
        self.max_open_files = max_open_files
        self.process: subprocess.Popen[bytes] | None = None
        self.base_url = ""
        self.starts = 0

    @property
    def running(self) -> bool:
        return self.process is not None and self.process.poll() is None

    @property
    def pid(self) -> int:
        if self.process is None:
            raise RuntimeError("the server has not been started")
        return self.process.pid

    def _output(self, name: str) -> Path:
        return self.workdir / f"server-{self.starts}.{name}"

    def start(self) -> ServerProcess:
        """Start the process and return once ``GET /openapi.json`` answers 200."""
        if self.running:
            raise RuntimeError("the server is already running")
        self.workdir.mkdir(parents=True, exist_ok=True)
        self.starts += 1
        environment = {
            key: value for key, value in os.environ.items() if not key.startswith("SOLITAIRE_")
        }
        # "Today" is pinned, so that no test's deal depends on the day it runs.
        environment["SOLITAIRE_TODAY"] = TESTS_TODAY.isoformat()
        environment.update(self.environment)
        with self._output("out").open("wb") as out, self._output("err").open("wb") as err:
            # The access log goes to stdout: a file, never a pipe nobody reads (a full pipe
            # would block the server).
            command = [str(SOLITAIRE), "serve", "--host", "127.0.0.1", "--port", "0"]
            if self.workers != 1:
                command += ["--workers", str(self.workers)]
            self.process = subprocess.Popen(
                command,
                stdout=out,
                stderr=err,
                env=environment,
                cwd=self.workdir,
                preexec_fn=self._limit_files if self.max_open_files else None,
                # Its own process group: a kill takes the supervisor and every worker at once.
                start_new_session=True,
            )
        self.base_url = ""  # each start gets a new port
        deadline = time.monotonic() + START_SECONDS
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(
                    f"solitaire serve exited with {self.process.returncode}:\n{self.errors()}"
                )
            if not self.base_url:
                found = ADDRESS_LINE.search(self._output("out").read_text(errors="replace"))
                if found is None:
                    time.sleep(0.05)
                    continue
                self.base_url = found.group(1)
            try:
                if httpx.get(self.base_url + "openapi.json", timeout=2).status_code == 200:
                    return self
            except httpx.TransportError:
                pass
            time.sleep(0.05)
        self.kill()
        raise RuntimeError(f"solitaire serve did not answer in {START_SECONDS} s:\n{self.errors()}")

    def _limit_files(self) -> None:
        limit = self.max_open_files or 0
        resource.setrlimit(resource.RLIMIT_NOFILE, (limit, limit))

    def errors(self) -> str:
        """The last lines the current process wrote to stderr."""
        path = self._output("err")
        lines = path.read_text(errors="replace").splitlines() if path.exists() else []
        return "\n".join(lines[-40:])

    def kill(self) -> None:
        """SIGKILL to the server's every process (supervisor and workers) at once: no
        shutdown, no flush, as a crash or a power cut of the machine."""
        if self.process is not None and self.process.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGKILL)
        if self.process is not None:
            # (The workers die with the same signal; their sockets and files are released
            # by the kernel as they do.)
            self.process.wait(timeout=10)

    def worker_pids(self) -> list[int]:
        """The worker processes of a server started with several (empty: one process)."""
        found = []
        for entry in Path("/proc").iterdir():
            if not entry.name.isdigit():
                continue
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == self.pid:
                found.append(int(entry.name))
        return found

    def stop(self) -> None:
        """A clean stop (SIGTERM), or SIGKILL after 10 s."""
        if self.process is None or self.process.poll() is not None:
            return
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.kill()

    def __enter__(self) -> ServerProcess:
        return self.start()

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.stop()
