#!/usr/bin/env bash
# Prepare a fresh machine for running or testing the app: the virtual environment with the
# pinned packages, the board's bundles (esbuild, from package-lock.json) and, with --system,
# the Debian packages the tests use (Chromium for the browser tests, PostgreSQL for the
# storage tests, Freecell Solver for the solver benchmark, Node.js for the bundler).
# Safe to run again: each step is skipped when already done.
set -euo pipefail
cd "$(dirname "$0")/.."

PYTHON=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
    "$PYTHON" -m venv .venv
fi
stamp=.venv/.installed
if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ] || [ setup.py -nt "$stamp" ] \
    || [ -n "$(find src/solitaire/solver -name '_*.[ch]' -newer "$stamp")" ]; then
    .venv/bin/pip install --quiet --upgrade pip
    .venv/bin/pip install --quiet -e '.[dev,bench]'
    touch "$stamp"
fi

if [ "${1:-}" = "--system" ]; then
    missing=()
    command -v chromium >/dev/null || missing+=(chromium)
    compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null || missing+=(postgresql)
    command -v fc-solve >/dev/null || missing+=(freecell-solver-bin)
    command -v npm >/dev/null || missing+=(nodejs npm)
    # The browser tests run on Chromium's headless shell where it is there, the lighter
    # build, and on the full browser otherwise (tests/e2e/harness.py): installed as root,
    # not asked for otherwise.
    if ! command -v chromium-headless-shell >/dev/null && [ "$(id -u)" -eq 0 ]; then
        missing+=(chromium-headless-shell)
    fi
    if [ ${#missing[@]} -gt 0 ]; then
        if [ "$(id -u)" -ne 0 ]; then
            echo "setup: please install: ${missing[*]} (apt-get install -y ${missing[*]})" >&2
            exit 1
        fi
        export DEBIAN_FRONTEND=noninteractive
        apt-get update -q >/dev/null
        apt-get install -y -q "${missing[@]}" >/dev/null
    fi
fi

# The board's scripts and styles, bundled and named by their content (scripts/build-web.mjs).
# Without Node.js the server serves the source modules instead: the same board, more requests.
if command -v npm >/dev/null; then
    if [ ! -f node_modules/.installed ] || [ package-lock.json -nt node_modules/.installed ]; then
        npm ci --ignore-scripts --no-audit --no-fund --loglevel=error
        touch node_modules/.installed
    fi
    # Under a second: built every time, so that the bundles always match the sources.
    node scripts/build-web.mjs
else
    echo "setup: Node.js is not installed: the board is served unbundled (apt-get install nodejs npm)" >&2
fi
