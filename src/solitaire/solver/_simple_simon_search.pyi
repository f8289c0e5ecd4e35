# The C search of Simple Simon (_simple_simon_search.c); called through simple_simon_search.py.

_Columns = tuple[bytes, ...]
_Move = tuple[int, int, int]

def search(
    columns: _Columns,
    unders: bytes,
    configs: tuple[tuple[bool, int], ...],
    seconds: float,
    cpu_clock: bool,
    max_positions: int,
    max_nodes: int,
    max_bytes: int,
    focus_after: int = -1,
    /,
) -> tuple[int, int, list[bytes] | None]: ...
def successors(
    columns: _Columns, unders: bytes, /
) -> list[tuple[_Move, _Columns, tuple[int, int, int]]]: ...
def key(columns: _Columns, /) -> bytes: ...
def estimate(columns: _Columns, unders: bytes, blocker_weight: int, /) -> int: ...
