"""The ``solitaire`` command.

    solitaire deal CODE [--json]
    solitaire play (CODE | --layout FILE) [--moves "M M M" | --moves-file F] [--json]

The moves are move text (rules §1) and the words ``undo``, ``redo`` and ``finish``, as a
game's log holds them (docs/engine.md).

Exit status: 0 on success, 2 for input that does not parse (a code, a layout, move text),
3 for an illegal move (the message names its place in the list, the move, the reason and
the rule id; nothing of the half-played game is printed).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .command_input import BadInput, position_from
from .games import Refusal
from .levels import command as levels_command
from .moves import Move, MoveTextError
from .play import FINISH, REDO, UNDO, Game
from .server import command as server_command
from .solver import command as solver_command

EXIT_BAD_INPUT = 2
EXIT_ILLEGAL_MOVE = 3
EXIT_READER_GONE = 141
"""Output cut short because its reader went away (``solitaire solve … | head``): 128 + SIGPIPE,
as the shell reports a command that a closed pipe stopped."""


def _game_from(code: str | None, layout_file: str | None) -> Game:
    return Game(position_from(code, layout_file))


def _read_actions(moves: str | None, moves_file: str | None) -> list[str]:
    if moves_file is not None:
        try:
            text = Path(moves_file).read_text("utf-8")
        except OSError as error:
            raise BadInput(f"cannot read the moves file {moves_file!r}: {error.strerror}") from None
        text = "\n".join(line.split("#", 1)[0] for line in text.splitlines())
    else:
        text = moves or ""
    actions = []
    for position, word in enumerate(text.split(), start=1):
        if word.lower() in (UNDO, REDO, FINISH):
            actions.append(word.lower())
            continue
        try:
            actions.append(str(Move.parse(word)))
        except MoveTextError as error:
            raise BadInput(f"bad move text: move {position}: {error}") from None
    return actions


def _summary(game: Game) -> dict[str, Any]:
    return {
        "code": game.code,
        "layout": game.layout(),
        "score": game.score,
        "score_text": game.score_text,
        "moves": game.moves,
        "won": game.won,
    }


def _print(game: Game, as_json: bool) -> None:
    summary = _summary(game)
    if as_json:
        print(json.dumps(summary, ensure_ascii=False))
        return
    sys.stdout.write(summary["layout"])
    print(f"score: {summary['score_text']}")
    print(f"moves: {summary['moves']}")
    print(f"won: {'yes' if summary['won'] else 'no'}")


def _command_deal(args: argparse.Namespace) -> int:
    game = _game_from(args.code, None)
    if args.json:
        print(json.dumps(_summary(game), ensure_ascii=False))
    else:
        sys.stdout.write(game.layout())
    return 0


def _command_play(args: argparse.Namespace) -> int:
    if args.moves is not None and args.moves_file is not None:
        raise BadInput("give either --moves or --moves-file, not both")
    game = _game_from(args.code, args.layout)
    actions = _read_actions(args.moves, args.moves_file)
    for position, action in enumerate(actions, start=1):
        try:
            game.act(action)
        except Refusal as refusal:
            rule = f" ({refusal.rule})" if refusal.rule else ""
            print(
                f"solitaire: illegal move {position} of {len(actions)}, {action}: "
                f"{refusal.reason}{rule}: {refusal.detail}",
                file=sys.stderr,
            )
            return EXIT_ILLEGAL_MOVE
    _print(game, args.json)
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="solitaire", description="Klondike, Simple Simon and Easy Harp."
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    deal = commands.add_parser("deal", help="print the first position of a deal")
    deal.add_argument("code", help="a game code, e.g. KL1-D1N-AAAAAAG")
    deal.add_argument("--json", action="store_true", help="print one JSON object")
    deal.set_defaults(handler=_command_deal)

    play = commands.add_parser("play", help="play moves from a deal or a layout")
    play.add_argument("code", nargs="?", help="a game code, e.g. SS1-S4-AAAAABD")
    play.add_argument("--layout", metavar="FILE", help="a layout text file ('-' for stdin)")
    play.add_argument(
        "--moves",
        metavar="MOVES",
        help='moves separated by spaces, e.g. "d w-t2 undo redo"; "finish" sends every card '
        "left to the foundations (UI-10)",
    )
    play.add_argument("--moves-file", metavar="FILE", help="a file of moves ('#' starts a comment)")
    play.add_argument("--json", action="store_true", help="print one JSON object")
    play.set_defaults(handler=_command_play)

    # Later packages add their own commands (serve; solve, solve-range; grade).
    server_command.register(commands)
    solver_command.register(commands)
    levels_command.register(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        result: int = args.handler(args)
    except BadInput as error:
        print(f"solitaire: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except BrokenPipeError:
        # The reader has all it wanted: stop quietly, as Unix tools do, and point the output
        # at nothing so that the interpreter's last flush does not fail over it again.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return EXIT_READER_GONE
    return result


if __name__ == "__main__":
    sys.exit(main())
