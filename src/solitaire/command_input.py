"""Reading what the ``solitaire`` subcommands are given: a game code or a layout file.

>>> position_from("KL1-D1N-AAAAAAG", None).deal
6
>>> position_from("KL1-D1N-AAAAAAA", None)
Traceback (most recent call last):
...
solitaire.command_input.BadInput: bad game code: the deal part 'AAAAAAA' is deal 0; ...
"""

from __future__ import annotations

import sys
from pathlib import Path

from .codes import GameCodeError, parse_code
from .games import rules_for
from .layout import LayoutError, parse_layout
from .position import Position


class BadInput(Exception):
    """Input that does not parse; the message says what is wrong (exit status 2)."""


def position_from(code: str | None, layout_file: str | None) -> Position:
    """The first position of a deal, or the position in a layout file (``-``: stdin)."""
    if (code is None) == (layout_file is None):
        raise BadInput("give either a game code or --layout FILE, not both or neither")
    if layout_file is not None:
        try:
            text = sys.stdin.read() if layout_file == "-" else Path(layout_file).read_text("utf-8")
        except OSError as error:
            raise BadInput(
                f"cannot read the layout file {layout_file!r}: {error.strerror}"
            ) from None
        except UnicodeDecodeError:
            raise BadInput(f"the layout file {layout_file!r} is not UTF-8 text") from None
        try:
            return parse_layout(text)
        except LayoutError as error:
            raise BadInput(f"bad layout in {layout_file}: {error}") from None
    assert code is not None
    try:
        parsed = parse_code(code)
    except GameCodeError as error:
        raise BadInput(f"bad game code: {error}") from None
    return rules_for(parsed.variant).deal(parsed.deal)
