"""Game codes (rules DL-3): ``GGV-OPT-NNNNNNN``.

``GG`` names the game, ``V`` the code format version (``1``), ``OPT`` the options and
``NNNNNNN`` the deal number in base 26 written with the letters A (0) … Z (25).

>>> code = parse_code(" kl1-d1n-aaaaaag ")
>>> code.variant.game.name, code.variant.draw, code.variant.vegas, code.deal
('KLONDIKE', 1, False, 6)
>>> str(code)
'KL1-D1N-AAAAAAG'
>>> str(parse_variant("SS1-S4"))
'SS1-S4'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum

MIN_DEAL = 1
MAX_DEAL = 999_999
CODE_VERSION = "1"
DEAL_LETTERS = 7


class GameCodeError(ValueError):
    """A game code or game name that is refused; the message says which part is wrong.

    ``str()`` is the English sentence the command line prints; ``key`` names the case and
    ``values`` its particulars, so that the server can say the same in the player's language
    (message ``error.code.<key>``, its placeholders filled from ``values``).

    >>> try:
    ...     parse_code("KL1-D1N-AAAAAA")
    ... except GameCodeError as error:
    ...     print(error)
    ...     print(error.key, error.values)
    the deal part 'AAAAAA' has 6 letters; it must have 7
    deal_length {'part': 'AAAAAA', 'count': 6, 'needed': 7}
    """

    def __init__(
        self, message: str, key: str | None = None, values: Mapping[str, str | int] | None = None
    ) -> None:
        super().__init__(message)
        #: The case, one of :data:`CODE_ERROR_KEYS`; None for an error made elsewhere.
        self.key = key
        self.values: dict[str, str | int] = dict(values or {})

    def __reduce__(
        self,
    ) -> tuple[type[GameCodeError], tuple[str, str | None, dict[str, str | int]]]:
        # Solver workers run in other processes: the key and values must cross with the text.
        return (type(self), (str(self), self.key, self.values))


CODE_ERROR_KEYS = (
    "code_shape",
    "variant_shape",
    "game_part",
    "unknown_game",
    "code_version",
    "options",
    "deal_length",
    "deal_letter",
    "deal_range",
    "deal_number",
)
"""Every :attr:`GameCodeError.key` this module raises, each with its own message."""


class GameId(Enum):
    """The three games, by their two-letter code."""

    KLONDIKE = "KL"
    SIMPLE_SIMON = "SS"
    EASY_HARP = "EH"

    @property
    def title(self) -> str:
        return _TITLES[self]


_TITLES = {
    GameId.KLONDIKE: "Klondike",
    GameId.SIMPLE_SIMON: "Simple Simon",
    GameId.EASY_HARP: "Easy Harp",
}

OPTIONS: dict[GameId, tuple[str, ...]] = {
    GameId.KLONDIKE: ("D1N", "D1V", "D3N", "D3V"),
    GameId.SIMPLE_SIMON: ("S1", "S2", "S4"),
    GameId.EASY_HARP: ("N",),
}
"""The options each game accepts, in the order a menu lists them."""


@dataclass(frozen=True, slots=True)
class Variant:
    """A game with its options, e.g. Klondike draw 3 with Vegas scoring (``KL1-D3V``)."""

    game: GameId
    options: str

    def __post_init__(self) -> None:
        if self.options not in OPTIONS[self.game]:
            raise _options_error(self.game, self.options)

    @property
    def draw(self) -> int:
        """Cards turned by a tap on the stock (Klondike 1 or 3; Easy Harp 1; Simple Simon 0)."""
        if self.game is GameId.KLONDIKE:
            return int(self.options[1])
        return 1 if self.game is GameId.EASY_HARP else 0

    @property
    def vegas(self) -> bool:
        return self.game is GameId.KLONDIKE and self.options.endswith("V")

    @property
    def suits(self) -> int:
        """Simple Simon's suit count (1, 2 or 4); 4 for the other games."""
        return int(self.options[1]) if self.game is GameId.SIMPLE_SIMON else 4

    @property
    def key(self) -> str:
        """Short name used for statistics and menus, e.g. ``KL-D3V``."""
        return f"{self.game.value}-{self.options}"

    def __str__(self) -> str:
        return f"{self.game.value}{CODE_VERSION}-{self.options}"


@dataclass(frozen=True, slots=True)
class GameCode:
    """A numbered deal of a variant; it reproduces the game exactly."""

    variant: Variant
    deal: int

    def __post_init__(self) -> None:
        if not MIN_DEAL <= self.deal <= MAX_DEAL:
            raise GameCodeError(
                f"deal number {self.deal} is out of range: deals go from {MIN_DEAL} to {MAX_DEAL}",
                "deal_number",
                {"deal": self.deal, "min": MIN_DEAL, "max": MAX_DEAL},
            )

    def __str__(self) -> str:
        return f"{self.variant}-{deal_letters(self.deal)}"


def deal_letters(number: int) -> str:
    """A deal number in seven base-26 letters, A = 0 … Z = 25, most significant first.

    >>> deal_letters(6), deal_letters(29)
    ('AAAAAAG', 'AAAAABD')
    """
    letters = []
    for _ in range(DEAL_LETTERS):
        number, digit = divmod(number, 26)
        letters.append(chr(ord("A") + digit))
    return "".join(reversed(letters))


def parse_deal_letters(text: str) -> int:
    """The deal number written by :func:`deal_letters`.

    >>> parse_deal_letters("AAAAABD")
    29
    """
    if len(text) != DEAL_LETTERS:
        raise GameCodeError(
            f"the deal part {text!r} has {len(text)} letters; it must have {DEAL_LETTERS}",
            "deal_length",
            {"part": text, "count": len(text), "needed": DEAL_LETTERS},
        )
    number = 0
    for char in text:
        if not "A" <= char <= "Z":
            raise GameCodeError(
                f"the deal part {text!r} holds {char!r}; only letters A-Z belong",
                "deal_letter",
                {"part": text, "letter": char},
            )
        number = number * 26 + ord(char) - ord("A")
    if not MIN_DEAL <= number <= MAX_DEAL:
        raise GameCodeError(
            f"the deal part {text!r} is deal {number}; deals go from {MIN_DEAL} to {MAX_DEAL}",
            "deal_range",
            {"part": text, "deal": number, "min": MIN_DEAL, "max": MAX_DEAL},
        )
    return number


def _parse_game_part(part: str) -> GameId:
    if len(part) != 3:
        raise GameCodeError(
            f"the game part {part!r} must be two letters and a version, e.g. KL1, SS1 or EH1",
            "game_part",
            {"part": part},
        )
    letters, version = part[:2], part[2]
    try:
        game = GameId(letters)
    except ValueError:
        raise GameCodeError(
            f"unknown game {letters!r}: use KL (Klondike), SS (Simple Simon) or EH (Easy Harp)",
            "unknown_game",
            {"letters": letters},
        ) from None
    if version != CODE_VERSION:
        raise GameCodeError(
            f"unknown code version {version!r} in {part!r}: the version is 1",
            "code_version",
            {"version": version, "part": part, "expected": CODE_VERSION},
        )
    return game


def _parse_options(game: GameId, part: str) -> Variant:
    if part not in OPTIONS[game]:
        raise _options_error(game, part)
    return Variant(game, part)


def _options_error(game: GameId, options: str) -> GameCodeError:
    choices = ", ".join(OPTIONS[game])
    return GameCodeError(
        f"options {options!r} do not belong to {game.title}: use one of {choices}",
        "options",
        {"options": options, "game": game.title, "choices": choices},
    )


def _parts(text: str, count: int, what: str, key: str) -> list[str]:
    """The dash-separated parts of a code (upper case), or GameCodeError when there are not
    ``count`` of them (``what`` says what the text should be)."""
    parts = text.strip().upper().split("-")
    if len(parts) != count:
        raise GameCodeError(f"{text.strip()!r} is not {what}", key, {"text": text.strip()})
    return parts


def parse_code(text: str) -> GameCode:
    """Read a full game code, in any letter case, with surrounding spaces allowed."""
    game_part, options, deal = _parts(
        text, 3, "a game code: write GAME-OPTIONS-DEAL, e.g. KL1-D1N-AAAAAAG", "code_shape"
    )
    variant = _parse_options(_parse_game_part(game_part), options)
    return GameCode(variant, parse_deal_letters(deal))


def parse_variant(text: str) -> Variant:
    """Read a game with its options and no deal, e.g. ``KL1-D3V`` or ``SS1-S2``."""
    game_part, options = _parts(
        text, 2, "a game with options: write e.g. KL1-D3V, SS1-S4 or EH1-N", "variant_shape"
    )
    return _parse_options(_parse_game_part(game_part), options)


def parse_code_or_variant(text: str) -> GameCode | Variant:
    """A game code when the text has a deal part, else a variant (the layout's ``game:`` line)."""
    if text.strip().count("-") >= 2:
        return parse_code(text)
    return parse_variant(text)


ALL_VARIANTS: tuple[Variant, ...] = tuple(
    Variant(game, options) for game in GameId for options in OPTIONS[game]
)
