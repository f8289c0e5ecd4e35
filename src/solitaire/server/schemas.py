"""The request bodies the API accepts; anything else is refused with 400 before it reaches a
game.

>>> from pydantic import TypeAdapter
>>> TypeAdapter(Action).validate_python({"version": 7, "type": "tap", "pile": "t3", "index": 4})
TapAction(version=7, type='tap', pile='t3', index=4)
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StrictBool, StrictInt

Version = Annotated[StrictInt, Field(ge=0, le=10_000_000)]
#: A pile id as the board names it (``s``, ``w``, ``f1`` … ``f8``, ``t1`` … ``t10``); whether
#: the game has that pile is the rules' to say (422 ``no_such_pile``).
PileId = Annotated[str, Field(min_length=1, max_length=3, pattern=r"^[a-z][0-9]{0,2}$")]
#: A card's 0-based place in its pile, from the bottom (two decks hold 104 cards).
CardIndex = Annotated[StrictInt, Field(ge=0, le=103)]
GameIdText = Annotated[str, Field(min_length=1, max_length=64)]


def _check_suits(suits: int) -> int:
    if suits not in (1, 2, 4):
        raise ValueError("Simple Simon is played with 1, 2 or 4 suits")
    return suits


#: Simple Simon's suit count (SS-1); a strict int, so ``true`` is not taken for 1.
SuitCount = Annotated[StrictInt, AfterValidator(_check_suits)]
#: The board's colours: the system's choice (prefers-color-scheme), or light or dark always.
Theme = Literal["system", "light", "dark"]
#: The pattern on the back of the cards.
CardBack = Literal["blue", "red", "black"]
#: UI-18: how fast cards fly; off (and reduced motion) means none fly.
Animations = Literal["normal", "fast", "off"]


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid")


class ClockReport(_Body):
    """``POST /api/games/{id}/clock``: the board's clock for the game (UI-16), in
    milliseconds played on screen and not paused."""

    played_ms: Annotated[StrictInt, Field(ge=0, le=10 * 24 * 3600 * 1000)]


class MoveAction(_Body):
    """A move in move text: ``t3-t5``, ``t3:4-t5``, ``w-f``, ``d``."""

    version: Version
    type: Literal["move"]
    move: Annotated[str, Field(min_length=1, max_length=16)]


class TapAction(_Body):
    """UI-2: a single click on a card (or on the stock)."""

    version: Version
    type: Literal["tap"]
    pile: PileId
    index: CardIndex


class DoubleClickAction(_Body):
    """UI-3: a double click on a card."""

    version: Version
    type: Literal["double_click"]
    pile: PileId
    index: CardIndex


class DropAction(_Body):
    """UI-1: the card at ``index`` of ``pile`` (with those on it) dropped on ``target``."""

    version: Version
    type: Literal["drop"]
    pile: PileId
    index: CardIndex
    target: PileId
    #: The player's auto placement setting (UI-1), which the board knows: a drop is decided
    #: from the game alone. Absent (a board older than this field): off, as a new player's.
    auto_placement: bool = False


class StockAction(_Body):
    """A tap on the stock: turn cards, or put the waste back (KL-8, KL-9, EH-6)."""

    version: Version
    type: Literal["stock"]


class UndoAction(_Body):
    """Take back the last action (KL-13, EH-11, SS-8)."""

    version: Version
    type: Literal["undo"]


class RedoAction(_Body):
    """Re-apply the action undone last (UI-9)."""

    version: Version
    type: Literal["redo"]


class FinishAction(_Body):
    """Send every card left to the foundations, one move each (UI-10)."""

    version: Version
    type: Literal["finish"]


AnyAction = (
    MoveAction
    | TapAction
    | DoubleClickAction
    | DropAction
    | StockAction
    | UndoAction
    | RedoAction
    | FinishAction
)
#: One action, told apart by its ``type``.
Action = Annotated[AnyAction, Field(discriminator="type")]


class NewGame(_Body):
    """``POST /api/games``: which game to start (see docs/api.md for the modes)."""

    mode: Literal["new", "daily", "code", "same", "layout", "challenge"]
    variant: Annotated[str | None, Field(max_length=32)] = None
    code: Annotated[str | None, Field(max_length=32)] = None
    game_id: GameIdText | None = None
    layout: Annotated[str | None, Field(max_length=8192)] = None
    #: Mode ``new`` only: deal a deal the solver has proved winnable.
    winnable: StrictBool = False
    #: Mode ``new`` only (LV-1): a graded deal of this level, proven winnable ahead of time.
    level: Literal["easy", "medium", "hard", "expert"] | None = None
    #: Mode ``challenge`` (DC-1): the day (``YYYY-MM-DD``, UTC) and the game (``KL``, ``SS``,
    #: ``EH``) of the daily challenge to play.
    date: Annotated[str | None, Field(max_length=10)] = None
    game: Annotated[str | None, Field(max_length=16)] = None


class HintRequest(_Body):
    """``POST /api/games/{id}/hint``: a hint for the game as it stood at ``version``."""

    version: Version


class PlayerSettings(_Body):
    """The player's settings (rules §6) with their defaults."""

    double_click: StrictBool = True
    auto_placement: StrictBool = False
    placement_help: StrictBool = True
    interactive_rules: StrictBool = True
    language: Annotated[str, Field(min_length=2, max_length=16)] = "en"
    simple_simon_suits: SuitCount = 1
    #: The Hint button (the original app has none).
    hints: StrictBool = False
    #: "Winnable deals only", the New game dialog's checkbox.
    winnable_only: StrictBool = False
    #: "Finish automatically" (UI-10): the board sends a finish as soon as it is possible.
    auto_finish: StrictBool = False
    #: "Pick and place" (UI-12): a tap picks a card up, a tap on a pile puts it there.
    pick_and_place: StrictBool = False
    #: "One tap moves" (UI-15): a tap does what a double tap does (off: the source's tap goes
    #: to a foundation only).
    one_tap_moves: StrictBool = False
    #: The one-key shortcuts (N, S, H, I, Space): a player may turn them off (WCAG 2.1.4).
    keyboard_shortcuts: StrictBool = True
    #: The looks (docs/board.md, "Looks"): applied by the page itself, before its first paint.
    theme: Theme = "system"
    card_back: CardBack = "blue"
    #: Bigger corner indices and pips, for low vision.
    large_print: StrictBool = False
    #: ♦ blue and ♣ green; the colour rule (KL-1, EH-1) still pairs red with black.
    four_colour: StrictBool = False
    #: The stock and the waste on the right.
    left_handed: StrictBool = False
    #: UI-16: the time played, in the toolbar.
    show_clock: StrictBool = True
    #: UI-17: short synthesised sounds (off: the source is silent).
    sounds: StrictBool = False
    #: UI-18: how cards fly — the deal, the moves, a finish, the win — at their time, in half
    #: of it (fast), or not at all (off, like reduced motion).
    animations: Animations = "normal"
    #: UI-19: "Say when no move is left" (off: the sources never call a game blocked).
    no_move_notice: StrictBool = False
    #: UI-20: the solver's verdict after each action, beside hints (POST
    #: /api/games/{id}/winnable is refused while it is off).
    winnable_light: StrictBool = False


class SettingsUpdate(_Body):
    """``PUT /api/settings``: any of the settings; those left out keep their value."""

    double_click: StrictBool | None = None
    auto_placement: StrictBool | None = None
    placement_help: StrictBool | None = None
    interactive_rules: StrictBool | None = None
    language: Annotated[str | None, Field(min_length=2, max_length=16)] = None
    simple_simon_suits: SuitCount | None = None
    hints: StrictBool | None = None
    winnable_only: StrictBool | None = None
    auto_finish: StrictBool | None = None
    pick_and_place: StrictBool | None = None
    one_tap_moves: StrictBool | None = None
    keyboard_shortcuts: StrictBool | None = None
    theme: Theme | None = None
    card_back: CardBack | None = None
    large_print: StrictBool | None = None
    four_colour: StrictBool | None = None
    left_handed: StrictBool | None = None
    show_clock: StrictBool | None = None
    sounds: StrictBool | None = None
    animations: Animations | None = None
    no_move_notice: StrictBool | None = None
    winnable_light: StrictBool | None = None
