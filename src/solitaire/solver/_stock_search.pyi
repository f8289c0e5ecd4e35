# The C search of Klondike and Easy Harp (_stock_search.c); see StockRules.best_first.

def search(
    columns: tuple[bytes, ...],
    foundations: bytes,
    talon: bytes,
    waste_size: int,
    rules: tuple[int, int, int, bool, bool, bool, bool],
    configs: tuple[tuple[int, int, int], ...],
    check_dead: bool,
    seconds: float,
    cpu_clock: bool,
    max_positions: int,
    max_nodes: int,
    /,
) -> tuple[int, int, list[tuple[tuple[bytes, ...], bytes, bytes, int]] | None, int]: ...
