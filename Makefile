# The README's commands. Each target does its own set-up (scripts/setup.sh).
.PHONY: run test lint bench setup

HOST ?= 127.0.0.1
PORT ?= 8000

setup:
	./scripts/setup.sh

run: setup
	.venv/bin/solitaire serve --host $(HOST) --port $(PORT)

test:
	./scripts/setup.sh --system
	.venv/bin/ruff check src tests bench setup.py
	.venv/bin/ruff format --check src tests bench setup.py
	.venv/bin/mypy
	npm test
	.venv/bin/python -m pytest -q

lint: setup
	.venv/bin/ruff check src tests bench setup.py
	.venv/bin/mypy

bench: setup
	.venv/bin/python -m bench
