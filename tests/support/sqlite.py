"""A SQLite database migrated once per test session and copied for each test that needs a
fresh schema: a file copy instead of running every migration again.

>>> import tempfile
>>> folder = Path(tempfile.mkdtemp())
>>> template = migrated_sqlite(folder / "template.db")
>>> copy_migrated_sqlite(template, folder / "data").name
'solitaire.db'
"""

from __future__ import annotations

import shutil
from pathlib import Path

DATABASE_FILE = "solitaire.db"
"""The file name the server gives its SQLite database in its data directory."""


def migrated_sqlite(path: Path) -> Path:
    """Create a SQLite database at ``path`` at the newest migration and return ``path``.

    The engine is disposed before returning, so that the write-ahead log is folded into the
    file and the file alone is the whole database.
    """
    from solitaire.store.database import connect, upgrade_schema

    path.parent.mkdir(parents=True, exist_ok=True)
    engine = connect(f"sqlite:///{path}")
    try:
        upgrade_schema(engine)
    finally:
        engine.dispose()
    return path


def copy_migrated_sqlite(template: Path, data_dir: Path) -> Path:
    """Put a copy of ``template`` where a server with ``data_dir`` keeps its database (unless
    one is there already) and return its path."""
    data_dir.mkdir(parents=True, exist_ok=True)
    target = data_dir / DATABASE_FILE
    if not target.exists():
        shutil.copyfile(template, target)
    return target
