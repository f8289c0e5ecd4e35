"""Statements compiled once and run straight on a driver's cursor, for the few that run on
every action: the same SQL, the same conversions of values (dates, booleans, JSON) as
SQLAlchemy makes, without its per-execution machinery (which costs several times what
SQLite takes to run the statement).

>>> from sqlalchemy import bindparam, create_engine, select
>>> from solitaire.store.models import Base
>>> games = Base.metadata.tables["games"]
>>> find = Prepared(select(games.c.id, games.c.won).where(games.c.id == bindparam("game_id")),
...                 create_engine("sqlite://").dialect)
>>> find.sql
'SELECT games.id, games.won \\nFROM games \\nWHERE games.id = ?'
>>> find.parameters({"game_id": "g1"})
('g1',)
>>> find.row(("g1", 1))
{'id': 'g1', 'won': True}
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from sqlalchemy import exc as sa_exc
from sqlalchemy.engine import Dialect
from sqlalchemy.sql import ClauseElement
from sqlalchemy.sql.compiler import SQLCompiler
from sqlalchemy.sql.selectable import SelectBase

Convert = Callable[[Any], Any] | None


class Prepared:
    """One statement compiled for ``dialect``: its SQL, the parameters in the order the SQL
    takes them (each converted as its column's type says) and, for a SELECT, each result
    column's name and conversion."""

    def __init__(self, statement: ClauseElement, dialect: Dialect) -> None:
        compiled = statement.compile(dialect=dialect)
        assert isinstance(compiled, SQLCompiler)
        self.sql = str(compiled)
        positions = compiled.positiontup
        if positions is None:
            raise ValueError(f"{dialect.name} does not take positional parameters")
        self._driver_error: type[Exception] = dialect.loaded_dbapi.Error
        self._names: tuple[str, ...] = tuple(positions)
        self._convert_in: dict[str, Convert] = {
            name: bind.type.dialect_impl(dialect).bind_processor(dialect)
            for name, bind in compiled.binds.items()
        }
        self._columns: tuple[str, ...] = ()
        self._convert_out: tuple[Convert, ...] = ()
        if isinstance(statement, SelectBase):
            selected = statement.selected_columns
            self._columns = tuple(selected.keys())
            self._convert_out = tuple(
                column.type.dialect_impl(dialect).result_processor(dialect, None)
                for column in selected
            )

    def parameters(self, values: Mapping[str, Any]) -> tuple[Any, ...]:
        """``values`` by name as the SQL takes them, in order and converted."""
        converted = []
        for name in self._names:
            value = values[name]
            convert = self._convert_in[name]
            converted.append(convert(value) if convert is not None else value)
        return tuple(converted)

    def row(self, row: Sequence[Any]) -> dict[str, Any]:
        """A result row from the driver as column name → value, converted."""
        return {
            name: convert(value) if convert is not None else value
            for name, convert, value in zip(self._columns, self._convert_out, row, strict=True)
        }

    def run(self, cursor: Any, values: Mapping[str, Any]) -> Any:
        """Execute on a DB-API ``cursor``; answers the cursor (rows to fetch, rowcount). The
        driver's errors come as SQLAlchemy's (``OperationalError`` …), as through an engine,
        so that a database out of reach is told apart the same way."""
        parameters = self.parameters(values)
        try:
            return cursor.execute(self.sql, parameters)
        except self._driver_error as error:
            raise sa_exc.DBAPIError.instance(
                self.sql, parameters, error, self._driver_error
            ) from error
