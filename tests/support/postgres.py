"""A throwaway PostgreSQL server for the storage tests: Debian's binaries, a free loopback
port, a temporary data directory, never the system's cluster.

The suite runs one such cluster per test session (:func:`shared_cluster`, shared by every
pytest-xdist worker); a test gets a database of its own in it, empty or copied from a
template database migrated once (:data:`MIGRATED_TEMPLATE`). Only the tests that stop or
freeze PostgreSQL on purpose start a cluster of their own.

>>> with TemporaryPostgres() as server:  # doctest: +SKIP
...     server.url
'postgresql+psycopg://postgres@127.0.0.1:54321/solitaire'
"""

from __future__ import annotations

import contextlib
import fcntl
import glob
import hashlib
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import tempfile
from pathlib import Path
from types import TracebackType
from typing import Any

MIGRATED_TEMPLATE = "solitaire_migrated"
"""The shared cluster's database brought to the newest migration once, copied per test."""


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

    def copy_database(self, database: str, template: str = MIGRATED_TEMPLATE) -> str:
        """Create a database as a copy of ``template`` (by default the migrated schema) and
        return its URL: a file copy inside PostgreSQL, far cheaper than running the
        migrations again."""
        if not database.isidentifier() or not database.isascii():
            raise ValueError(f"{database!r} is not a plain database name (letters, digits, _)")
        self._psql(f"CREATE DATABASE {database} TEMPLATE {template}")
        return self.url_of(database)

    def make_migrated_template(self) -> None:
        """Create :data:`MIGRATED_TEMPLATE` and bring it to the newest migration; nobody may
        connect to it afterwards, so that copying it never waits."""
        from solitaire.store.database import connect, upgrade_schema

        engine = connect(self.create_database(MIGRATED_TEMPLATE))
        try:
            upgrade_schema(engine)
        finally:
            engine.dispose()
        self._psql(
            f"ALTER DATABASE {MIGRATED_TEMPLATE} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false"
        )

    def description(self) -> dict[str, Any]:
        """What another process needs to use this running server (:meth:`attached`)."""
        return {"port": self.port, "root": str(self.root), "database": self.database}

    @classmethod
    def attached(cls, description: dict[str, Any]) -> TemporaryPostgres:
        """The server another process started, from its :meth:`description`."""
        server = cls.__new__(cls)
        bin_dir = postgres_bin()
        if bin_dir is None:
            raise RuntimeError("PostgreSQL is not installed (apt-get install postgresql)")
        server.bin_dir = bin_dir
        server.database = description["database"]
        server.durable = False
        server.port = int(description["port"])
        server.root = Path(description["root"])
        server.data = server.root / "data"
        server.socket_dir = server.root / "socket"
        server.log = server.root / "server.log"
        return server

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

    def postmaster(self) -> int:
        """The pid of the server's first process, whose children are its backends."""
        return int((self.data / "postmaster.pid").read_text().split()[0])

    def processes(self) -> list[int]:
        """The server's processes: the postmaster and every backend and worker under it."""
        postmaster = self.postmaster()
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
        answers, as on a hung machine. The postmaster first, so that it starts no backend
        between the listing of its children and their freezing."""
        os.kill(self.postmaster(), signal.SIGSTOP)
        for pid in self.processes()[1:]:
            _signal_if_alive(pid, signal.SIGSTOP)

    def wake(self) -> None:
        """Let a frozen server go on (SIGCONT)."""
        for pid in self.processes():
            _signal_if_alive(pid, signal.SIGCONT)

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


def database_name(test_name: str, test_id: str) -> str:
    """A database name made from a test's name (cut to fit), with a digest of its whole id so
    that no two tests of the session share one.

    >>> database_name("test_races[postgresql]", "tests/x.py::test_races[postgresql]")
    't_test_races_postgresql__edaeee01'
    """
    digest = hashlib.sha1(test_id.encode()).hexdigest()[:8]
    return "t_" + re.sub(r"[^a-z0-9]+", "_", test_name.lower())[:45] + "_" + digest


_STATE = "postgres.json"


def shared_cluster(directory: Path) -> TemporaryPostgres:
    """The session's cluster, described in ``directory``: the first process to ask starts it
    (and migrates :data:`MIGRATED_TEMPLATE`), the others attach to it. Nobody stops it here:
    :func:`stop_shared_cluster` does, once, at the end of the session."""
    directory.mkdir(parents=True, exist_ok=True)
    with (directory / "postgres.lock").open("a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        state = directory / _STATE
        if state.exists():
            return TemporaryPostgres.attached(json.loads(state.read_text()))
        server = TemporaryPostgres(database="solitaire")
        server.__enter__()
        try:
            server.make_migrated_template()
        except BaseException:
            server.__exit__(None, None, None)
            raise
        state.write_text(json.dumps(server.description()))
        return server


def stop_shared_cluster(directory: Path) -> None:
    """Stop the session's cluster (if one was started) and delete its files."""
    state = directory / _STATE
    if state.exists():
        with contextlib.suppress(RuntimeError):
            TemporaryPostgres.attached(json.loads(state.read_text())).__exit__(None, None, None)
        state.unlink()


def _signal_if_alive(pid: int, signal_number: signal.Signals) -> None:
    """Send a signal to a server's process unless it has ended since it was listed (a
    backend whose client left)."""
    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, signal_number)
