"""``make bench``: every benchmark, one after the other, with settings that finish in a few
minutes. Run a module alone for its full options:

    .venv/bin/python -m bench.engine_bench --seconds 5
    .venv/bin/python -m bench.http_bench --database sqlite --mode open --players 1000 --rate 500
    .venv/bin/python -m bench.solver_bench --first 1 --last 200 --seconds 10
    .venv/bin/python -m bench.board_bench --runs 5 --latency 150
"""

from __future__ import annotations

from . import board_bench, engine_bench, http_bench, solver_bench


def main() -> None:
    engine_bench.main(["--seconds", "2"])
    print()
    # SQLite and PostgreSQL, 1 and 2 workers, open loop and closed loop: 10 s each.
    http_bench.main(["--seconds", "10"])
    print()
    board_bench.main(["--runs", "3"])
    print()
    solver_bench.main(["--first", "1", "--last", "20", "--seconds", "5"])


if __name__ == "__main__":
    main()
