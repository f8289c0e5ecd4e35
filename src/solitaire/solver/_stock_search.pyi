# The C search of Klondike and Easy Harp (_stock_search.c); called through stock_bridge.py.

_Position = tuple[tuple[bytes, ...], bytes, bytes, int]
_Rules = tuple[int, int, int, bool, bool, bool, bool, bool, bool, bool, bool, bool, bool, bool]
_Atom = tuple[int, int, int, int]

def search(
    position: _Position,
    rules: _Rules,
    configs: tuple[
        tuple[int, int, int]
        | tuple[int, int, int, int]
        | tuple[int, int, int, int, int]
        | tuple[int, int, int, int, int, int]
        | tuple[int, int, int, int, int, int, int],
        ...,
    ],
    seconds: float,
    cpu_clock: bool,
    max_positions: int,
    max_nodes: int,
    draw_one: _Rules | None = None,
    max_bytes: int = 0,
    focus_after: int = -1,
    /,
) -> tuple[int, int, list[_Atom] | None]: ...
def successors(
    position: _Position, rules: _Rules, level: int, settled: bool, /
) -> list[tuple[tuple[_Atom, ...], _Position]]: ...
def settle(position: _Position, rules: _Rules, /) -> tuple[tuple[_Atom, ...], _Position]: ...
def key(position: _Position, rules: _Rules, start: _Position | None = None, /) -> bytes: ...
def stored(position: _Position, rules: _Rules, start: _Position, /) -> tuple[int, _Position]: ...
def stuck_places(
    position: _Position, rules: _Rules, thorough: bool, /
) -> list[tuple[int, int]]: ...
def blockade(position: _Position, rules: _Rules, /) -> tuple[list[tuple[int, int]], list[int]]: ...
def waits(position: _Position, rules: _Rules, /) -> tuple[bytes, bytes]: ...
