"""The bodies of the API's answers, as models for the OpenAPI schema: a game's state, the
settings, the messages, the statistics, the history, a hint, and every error.

The routes answer with ``JSONResponse`` (no validation on the way out: the engine and the
store build the bodies), and name these models as ``response_model`` and in
``responses``, so ``/openapi.json`` says what each operation really answers. They forbid
fields they do not list, so the contract test (schemathesis, tests/server/test_contract.py)
fails when an answer gains a field that is not written here.

>>> sorted(error_answers(404, 503))
[404, 503]
>>> error_answers(409)[409]["model"].__name__
'StaleAnswer'
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from .schemas import PlayerSettings


class _Answer(BaseModel):
    model_config = ConfigDict(extra="forbid")


# -- a game ---------------------------------------------------------------------------------


class PileView(_Answer):
    """A pile, bottom card first: a card's code when face up, ``null`` when face down."""

    id: str = Field(examples=["t3"])
    cards: list[str | None]


class Dest(_Answer):
    """A card that may move (with the cards on it) and the piles it may go to."""

    pile: str
    index: int = Field(ge=0)
    targets: list[str]


class Click(_Answer):
    """Where a tap (UI-2) and a double click (UI-3) on a card would send it (null: nowhere),
    so that the board draws them before the answer."""

    pile: str
    index: int = Field(ge=0)
    tap: str | None
    double_click: str | None


class StockTap(_Answer):
    """What a tap on the stock would do: cards turned onto the waste (``to`` ``w``) or the
    waste put back (``s``), and how many then show spread."""

    to: Literal["w", "s"]
    count: int = Field(ge=0)
    fan: int = Field(ge=0)


class LastAction(_Answer):
    """What the last action did; for an undo, the action taken back. A finish has no single
    move (``move`` null): its moves are in ``steps``, in order."""

    action: Literal["move", "stock", "undo", "redo", "finish"]
    move: str | None
    flips: int = Field(ge=0)
    runs_removed: int = Field(ge=0)
    steps: list[str] | None = None


class ChallengeGoal(_Answer):
    """DC-1: a challenge's goal: ``win``; ``moves``: win in at most ``moves``; ``score``:
    reach ``score`` points (``score_text``: as the board shows it, ``+$100`` in Vegas)."""

    kind: Literal["win", "moves", "score"]
    moves: int | None
    score: int | None
    score_text: str | None = Field(examples=["+$100"])


Level = Literal["easy", "medium", "hard", "expert"]


class ChallengeView(_Answer):
    """DC-1: the daily challenge a game plays, and whether the game meets its goal now."""

    date: str = Field(examples=["2026-11-29"])
    game: Literal["KL", "SS", "EH"]
    code: str
    variant: str
    level: Level
    goal: ChallengeGoal
    met: bool


class ChallengeEntry(_Answer):
    """DC-1: one game's challenge on one day, in the calendar."""

    date: str
    game: Literal["KL", "SS", "EH"]
    code: str
    variant: str
    level: Level
    goal: ChallengeGoal
    done: bool


class ChallengeDay(_Answer):
    date: str
    #: Today and the days before it in this month.
    playable: bool
    #: Empty for a day still to come.
    challenges: list[ChallengeEntry]
    done: bool


class ChallengeBadge(_Answer):
    game: Literal["KL", "SS", "EH"]
    days_done: int = Field(ge=0)
    badge: Literal["bronze", "silver", "gold"] | None


class ChallengesAnswer(_Answer):
    """``GET /api/challenges``: a month's calendar of daily challenges (DC-1)."""

    month: str = Field(examples=["2026-11"])
    today: str
    days: list[ChallengeDay]
    streak: int = Field(ge=0)
    badges: list[ChallengeBadge]


class GameState(_Answer):
    """A game as the player sees it (face-down cards hidden), with what may move."""

    id: str
    version: int = Field(ge=0)
    code: str = Field(examples=["KL1-D1N-AAAAAAG"])
    game: Literal["KL", "SS", "EH"]
    options: str
    piles: list[PileView]
    #: The board's top row from the left: a pile id, or null for a gap (the table's shape).
    top_row: list[str | None]
    #: The suit each foundation is kept for, in foundation order (none in Simple Simon).
    foundation_suits: list[Literal["S", "H", "D", "C"]]
    fan: int = Field(ge=0)
    score: int
    score_text: str
    moves: int = Field(ge=0)
    can_undo: bool
    can_redo: bool
    can_finish: bool
    won: bool
    #: UI-19: no move can change anything (docs/engine.md).
    stuck: bool
    #: Simple Simon only.
    runs_removed: int | None = Field(default=None, ge=0)
    dests: list[Dest]
    clicks: list[Click]
    #: null when a tap on the stock would be refused (or the game has no stock).
    stock_tap: StockTap | None
    last: LastAction | None
    #: The time played (docs/records.md): the board's clock once reported, else from the
    #: start to the last action.
    seconds: int = Field(ge=0)
    #: LV-1: the level of a graded deal (mode ``new`` with ``level``, or a challenge).
    level: Level | None = None
    #: DC-1: the daily challenge this game plays, else null.
    challenge: ChallengeView | None = None
    #: UI-16: the board's clock as the server keeps it, in milliseconds (null: not yet).
    played_ms: int | None = Field(default=None, ge=0)


# -- the player -----------------------------------------------------------------------------


#: Every setting, defaults for those never set: the model of the settings themselves.
SettingsAnswer = PlayerSettings


class MessagesAnswer(_Answer):
    lang: str
    messages: dict[str, str]
    available: list[str]
    names: dict[str, str]


class SiteAnswer(_Answer):
    lang: str
    languages: dict[str, str]
    titles: dict[str, str]


# -- records --------------------------------------------------------------------------------


class Record(_Answer):
    value: int
    finished_at: str


class ScoreRecord(Record):
    text: str


class RecentGame(_Answer):
    won: bool
    score: int
    score_text: str
    moves: int
    seconds: int
    finished_at: str


class VariantStats(_Answer):
    variant: str = Field(examples=["KL-D1N"])
    played: int
    won: int
    win_rate: float
    best_score: ScoreRecord | None
    fewest_moves: Record | None
    fastest_win: Record | None
    current_streak: int
    best_streak: int
    recent: list[RecentGame]
    #: The recent results as an SVG image.
    chart: str


class StatsAnswer(_Answer):
    variants: list[VariantStats]
    #: When each variant's statistics were last reset (ISO 8601).
    resets: dict[str, str]


class ReplayByCode(_Answer):
    mode: Literal["code"]
    code: str


class ReplayBySame(_Answer):
    mode: Literal["same"]
    game_id: str


class HistoryGame(_Answer):
    id: str
    code: str
    variant: str
    finished_at: str
    result: Literal["won", "lost"]
    score: int
    score_text: str
    moves: int
    #: The time played (UI-16: the board's clock, docs/records.md).
    seconds: int
    #: The ``POST /api/games`` body that plays the game again from its start.
    replay: ReplayByCode | ReplayBySame
    #: Whether a hint, or the winnable light's verdict (UI-20), was asked while playing.
    hints: bool
    light: bool


class WinRecords(_Answer):
    """What a won game did to its variant's records (``GET /api/games/{id}/records``)."""

    variant: str = Field(examples=["KL-D1N"])
    #: The variant's name in the player's language.
    variant_name: str
    #: Beat an earlier game's record (a tie does not; a variant's first game has none to beat).
    best_score: bool
    fewest_moves: bool
    fastest_win: bool
    #: No earlier game of the variant was won (since the last reset).
    first_win: bool
    #: The wins in a row this one makes, and the longest run so far.
    streak: int = Field(ge=1)
    best_streak: int = Field(ge=1)


class HistoryAnswer(_Answer):
    games: list[HistoryGame]
    total: int
    limit: int
    offset: int


# -- transfer links (rules RC-2) -------------------------------------------------------------


class TransferAnswer(_Answer):
    """A new transfer link: open ``url`` in another browser to be this player there; it
    works once, until ``expires_at``. ``qr_svg`` is the QR code of its full address."""

    url: str = Field(pattern=r"^/transfer/[A-Za-z0-9_-]{43}$", examples=["/transfer/Xy3…"])
    #: ISO 8601, UTC: 24 hours after the link was made.
    expires_at: str = Field(examples=["2026-12-02T13:21:02+00:00"])
    qr_svg: str = Field(pattern=r"^<svg ")


class TransferPending(_Answer):
    """Until when the player's link still works (its secret is not kept); ``null`` when
    they have none that works."""

    expires_at: str | None = Field(examples=["2026-12-02T13:21:02+00:00", None])


# -- hints ----------------------------------------------------------------------------------


class HintFound(_Answer):
    """The next move of a solution: the card at ``index`` of ``pile`` goes to ``target``."""

    found: Literal[True]
    verdict: Literal["winnable"]
    move: str
    pile: str
    #: ``null`` when the move puts the waste back as the stock.
    index: int | None
    target: str
    version: int
    seconds: float


class HintNone(_Answer):
    found: Literal[False]
    verdict: Literal["not_winnable", "unknown"]
    message: str
    version: int
    seconds: float


class HintWon(_Answer):
    found: Literal[False]
    verdict: Literal["won"]
    message: str
    version: int


HintAnswer = HintFound | HintNone | HintWon


class LightAnswer(_Answer):
    """UI-20, the winnable light: the solver's verdict on the position at ``version``;
    ``unknown`` when the search did not decide within its budget. Never a move."""

    verdict: Literal["winnable", "not_winnable", "unknown", "won"]
    version: int
    seconds: float


# -- errors ---------------------------------------------------------------------------------


class Problem(_Answer):
    """One reason a request was refused: where (``["body", "mode"]``), Pydantic's or the
    engine's sentence (English, for developers), and its kind."""

    loc: list[str]
    msg: str
    type: str


class BadRequestAnswer(_Answer):
    """400: the request cannot be acted on as written (at most 20 problems in ``detail``);
    413: a body over the cap (``detail`` empty)."""

    error: Literal["bad_request"]
    message: str
    detail: list[Problem] = Field(max_length=20)


class NotFoundAnswer(_Answer):
    """``not_won``: a game's records asked for while it is not won (it has none)."""

    error: Literal["not_found", "not_won"]
    message: str


class HintsOffAnswer(_Answer):
    """Hints, or the winnable light (UI-20), are off in the settings, or the game is a daily
    challenge (DC-1), played without either."""

    error: Literal["hints_off", "hints_challenge", "light_off", "light_challenge"]
    message: str


class StaleAnswer(_Answer):
    """The action named an old version; ``state`` is the game as it stands."""

    error: Literal["stale"]
    message: str
    state: GameState


class IllegalAnswer(_Answer):
    """The rules refused the move; nothing changed."""

    error: Literal["illegal"]
    message: str
    reason: str = Field(examples=["king_only"])
    rule: str | None = Field(examples=["KL-3"])
    state: GameState


class CheckAnswer(_Answer):
    """Whether the rules would take an action (nothing changed either way); when they would
    not, their reason, rule and reminder, as a refused action's answer gives them."""

    legal: bool
    message: str | None = None
    reason: str | None = Field(default=None, examples=["king_only"])
    rule: str | None = Field(default=None, examples=["KL-3"])


class TooManyAnswer(_Answer):
    error: Literal["too_many_requests"]
    message: str
    retry_after: int = Field(ge=1)


class UnavailableAnswer(_Answer):
    """``unavailable``: the database is out of reach; ``no_winnable_deal``: no deal was
    proved winnable in time."""

    error: Literal["unavailable", "no_winnable_deal"]
    message: str


_ERRORS: dict[int, tuple[type[BaseModel], str]] = {
    400: (BadRequestAnswer, "The request is malformed or names something that does not exist."),
    403: (HintsOffAnswer, "Hints or the winnable light are off, or refused in a challenge."),
    404: (NotFoundAnswer, "No such game for this player (or no game yet, or no transfer link)."),
    409: (StaleAnswer, "The action names an old version: another tab moved first."),
    413: (BadRequestAnswer, "The body is over the size cap."),
    422: (IllegalAnswer, "The rules refuse the move."),
    429: (
        TooManyAnswer,
        "Too many game starts, new players or transfer links from this client; see Retry-After.",
    ),
    503: (
        UnavailableAnswer,
        "The database is out of reach (or no winnable deal was found in time); see Retry-After.",
    ),
}

_RETRY_AFTER = {
    "Retry-After": {
        "description": "Seconds to wait before trying again.",
        "schema": {"type": "integer", "minimum": 1},
    }
}


def error_answers(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """The ``responses`` of an operation that answers these error statuses."""
    answers: dict[int | str, dict[str, Any]] = {}
    for status in statuses:
        model, description = _ERRORS[status]
        answer: dict[str, Any] = {"model": model, "description": description}
        if status in (429, 503):
            answer["headers"] = _RETRY_AFTER
        answers[status] = answer
    return answers
