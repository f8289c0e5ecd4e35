"""A throwaway PostgreSQL server for the storage tests: Debian's binaries, a free loopback
port, a temporary data directory, never the system's cluster.

>>> with TemporaryPostgres() as server:  # doctest: +SKIP
...     server.url
'postgresql+psycopg://postgres@127.0.0.1:54321/solitaire'
"""

from __future__ import annotations

import glob
import os
import shutil
import signal
import socket
import subprocess
import tempfile
from pathlib import Path
from types import TracebackType


def postgres_bin() -> Path | None:
    """The newest installed PostgreSQL's bin directory, or None when none is installed."""
    found = sorted(
        glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(p.split("/")[4])
    )
    return Path(found[-1]).parent if found else None


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class TemporaryPostgres:
    """Start PostgreSQL on entry, stop it and delete its files on exit.

    As root, initdb and pg_ctl run as the ``postgres`` user (initdb refuses root).
    """

    def __init__(self, database: str = "solitaire", *, durable: bool = False) -> None:
        bin_dir = postgres_bin()
        if bin_dir is None:
            raise RuntimeError("PostgreSQL is not installed (apt-get install postgresql)")
        self.bin_dir = bin_dir
        self.database = database
        #: Commits reach the disk (``fsync`` on), as in production; the tests turn it off.
        self.durable = durable
        self.port = free_port()
        self.root = Path(tempfile.mkdtemp(prefix="solitaire-pg-"))
        self.data = self.root / "data"
        self.socket_dir = self.root / "socket"
        self.log = self.root / "server.log"

    @property
    def url(self) -> str:
        return self.url_of(self.database)

    def url_of(self, database: str) -> str:
        """The URL of another database in this server."""
        return f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/{database}"

    def create_database(self, database: str) -> str:
        """Create an empty database (a name of letters, digits and _) and return its URL.

        One server can hold a fresh database per test, which costs far less than a new server.
        """
        if not database.isidentifier() or not database.isascii():
            raise ValueError(f"{database!r} is not a plain database name (letters, digits, _)")
        self._psql(f"CREATE DATABASE {database}")
        return self.url_of(database)

    def _psql(self, sql: str) -> None:
        self._run(
            "psql",
            "-h",
            "127.0.0.1",
            "-p",
            str(self.port),
            "-U",
            "postgres",
            "-q",
            "-v",
            "ON_ERROR_STOP=1",
            "-c",
            sql,
        )

    def _run(self, *args: str) -> None:
        command = [str(self.bin_dir / args[0]), *args[1:]]
        if os.geteuid() == 0:
            command = ["runuser", "-u", "postgres", "--", *command]
        subprocess.run(command, check=True, capture_output=True, text=True)

    def __enter__(self) -> TemporaryPostgres:
        self.socket_dir.mkdir(parents=True)
        if os.geteuid() == 0:
            shutil.chown(self.root, "postgres")
            shutil.chown(self.socket_dir, "postgres")
        self._run("initdb", "-D", str(self.data), "-A", "trust", "-U", "postgres", "-E", "UTF8")
        self.start()
        self._psql(f"CREATE DATABASE {self.database}")
        return self

    def start(self) -> None:
        """Start the server (again, after :meth:`stop`), on the same port."""
        options = f"-p {self.port} -k {self.socket_dir} -c listen_addresses=127.0.0.1"
        if not self.durable:
            options += " -c fsync=off"
        self._run("pg_ctl", "-D", str(self.data), "-l", str(self.log), "-o", options, "-w", "start")

    def stop(self) -> None:
        """Stop the server now (its clients' connections are cut), as an outage would."""
        self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")

    def processes(self) -> list[int]:
        """The server's processes: the postmaster and every backend and worker under it."""
        postmaster = int((self.data / "postmaster.pid").read_text().split()[0])
        found = [postmaster]
        for entry in Path("/proc").iterdir():
            if not entry.name.isdigit():
                continue
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == postmaster:  # the parent's pid
                found.append(int(entry.name))
        return found

    def hang(self) -> None:
        """Freeze every process of the server (SIGSTOP): connections stay open and nothing
        answers, as on a hung machine."""
        for pid in self.processes():
            os.kill(pid, signal.SIGSTOP)

    def wake(self) -> None:
        """Let a frozen server go on (SIGCONT)."""
        for pid in self.processes():
            os.kill(pid, signal.SIGCONT)

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        try:
            self.wake()
            self.stop()
        except (OSError, subprocess.CalledProcessError):
            pass  # already stopped
        finally:
            shutil.rmtree(self.root, ignore_errors=True)
