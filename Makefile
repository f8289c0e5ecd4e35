# The README's commands. Each target does its own set-up (scripts/setup.sh).
.PHONY: run test check lint bench setup

# Python keeps the bytecode it compiles (and pytest its rewritten test modules) even where
# the shell says not to (PYTHONDONTWRITEBYTECODE, as on this project's machines): without
# it every test run, each of its workers and each server a test starts compiled the same
# modules again (collecting the tests alone took 11 s instead of 5). __pycache__ is ignored
# by git.
unexport PYTHONDONTWRITEBYTECODE

HOST ?= 127.0.0.1
PORT ?= 8000

setup:
	./scripts/setup.sh

run: setup
	.venv/bin/solitaire serve --host $(HOST) --port $(PORT)

# Parallel test workers (pytest-xdist): 3 on the 2-core machine the suite is measured on.
# Part of the run waits (servers starting, PostgreSQL, fsync, a page's network) and a third
# worker fills it; a fourth made the run longer again (docs/testing.md has the figures).
# `--dist load --maxschedchunk 2` hands tests out two at a time in the order
# tests/conftest.py sets (longest first); not loadscope, which keys
# tests by their id and so runs once the contract test's operations that share one id
# (docs/testing.md).
WORKERS ?= 3

# Everything, slow tests included, with the slowest 40 listed (docs/testing.md).
test:
	./scripts/setup.sh --system
	.venv/bin/ruff check src tests bench setup.py
	.venv/bin/ruff format --check src tests bench setup.py
	.venv/bin/mypy
	npm test --silent
	.venv/bin/python -m pytest -q -n $(WORKERS) --dist load --maxschedchunk 2 --durations=40

# The inner loop: the same linters and the unit tests, without the slow ones (browser,
# server processes, long sessions: `-m slow` selects those).
check: setup
	.venv/bin/ruff check src tests bench setup.py
	.venv/bin/ruff format --check src tests bench setup.py
	.venv/bin/mypy
	npm test --silent
	.venv/bin/python -m pytest -q -n $(WORKERS) --dist load --maxschedchunk 2 -m "not slow" --durations=10

lint: setup
	.venv/bin/ruff check src tests bench setup.py
	.venv/bin/mypy

bench: setup
	.venv/bin/python -m bench
