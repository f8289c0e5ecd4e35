"""The `solitaire` subcommands of the solver package (registered by :mod:`solitaire.cli`)."""

from __future__ import annotations

import argparse


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add this package's subcommands to the `solitaire` command."""
