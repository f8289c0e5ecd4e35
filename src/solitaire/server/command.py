"""The `solitaire` subcommands of the server package (registered by :mod:`solitaire.cli`)."""

from __future__ import annotations

import argparse


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add this package's subcommands to the `solitaire` command."""
