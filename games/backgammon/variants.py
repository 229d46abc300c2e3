"""The board games of the family: their starting positions and the rules that set them apart.

Every point is numbered from the mover's own side, as in backgammon notation: the home board
is 1..6, the checkers travel from 24 down to 1, 0 is "borne off" and 25 is the bar (in Blitz,
the checkers not yet on the board). The two seats' numbers are tied by `Variant.other`.
"""

from __future__ import annotations

from dataclasses import dataclass

OFF = 0
BAR = 25
HOME = range(1, 7)

# How a checker treats an opposing checker on the point it lands on.
HIT = "hit"  # a blot is hit to the bar; two or more block
PIN = "pin"  # a blot is pinned under the checker; two or more block
BLOCK = "block"  # any opposing checker blocks the point
NO_CONTACT = "none"  # each side plays on its own board

# How checkers come onto the track.
ENTER_BAR = "bar"  # from the bar onto the opponent's home board (point 25 - die)
ENTER_HAND = "hand"  # Blitz: from the hand straight onto home point `die`
COME_DOWN = "down"  # Pioneer: from the upper point of a number down to home point `die`

ALWAYS = "always"
OPTIONAL = "option"
NEVER = "never"


@dataclass(frozen=True)
class Variant:
    slug: str
    name: str
    checkers: int
    start: tuple[tuple[int, int], ...]  # (point, checkers) from the mover's side
    same_direction: bool  # both sides travel the same way (Fevga, Long)
    contact: str
    entry: str = ENTER_BAR
    cube: str = NEVER
    koks: str = NEVER
    head_rule: bool = False  # Long: one checker a turn leaves the head
    first_checker_rule: bool = False  # Fevga: the first checker runs ahead of the rest
    prime_rule: bool = False  # no six-point prime with every opposing checker behind it
    start_quarter_rule: bool = False  # Fevga: never all six points of the starting quarter
    armenian_rule: bool = False  # a checker that hits in the opponent's home board stops
    mother_rule: bool = False  # Plakoto: a pinned mother checker ends the game
    pip_scoring: bool = False  # Blitz, Pioneer: matches to 51/101 score the loser's pips
    short_doubles: bool = False  # Pioneer: doubles are played twice, low ones once

    def other(self, point: int) -> int:
        """The same point numbered from the other seat's side (an involution)."""
        if self.same_direction:
            return (point + 11) % 24 + 1
        return 25 - point

    def start_board(self) -> list[int]:
        board = [0] * 26
        for point, count in self.start:
            board[point] = count
        return board


BACKGAMMON_START = ((24, 2), (13, 5), (8, 3), (6, 5))

SHORT = Variant(
    "short",
    "Short backgammon",
    15,
    BACKGAMMON_START,
    same_direction=False,
    contact=HIT,
    cube=ALWAYS,
    koks=ALWAYS,
)
ARMENIAN = Variant(
    "armenian",
    "Armenian backgammon",
    15,
    BACKGAMMON_START,
    same_direction=False,
    contact=HIT,
    koks=ALWAYS,
    armenian_rule=True,
)
NACK = Variant(
    "nack",
    "Nack backgammon",
    15,
    ((24, 2), (23, 2), (13, 4), (8, 3), (6, 4)),
    same_direction=False,
    contact=HIT,
    cube=ALWAYS,
    koks=OPTIONAL,
)
HYPER = Variant(
    "hyper",
    "Hyper backgammon",
    3,
    ((24, 1), (23, 1), (22, 1)),
    same_direction=False,
    contact=HIT,
    cube=ALWAYS,
    koks=OPTIONAL,
)
LONG = Variant(
    "long",
    "Long backgammon",
    15,
    ((24, 15),),
    same_direction=True,
    contact=BLOCK,
    cube=OPTIONAL,
    head_rule=True,
    prime_rule=True,
)
BLITZ = Variant(
    "blitz",
    "Blitz",
    15,
    ((BAR, 15),),
    same_direction=False,
    contact=NO_CONTACT,
    entry=ENTER_HAND,
    cube=OPTIONAL,
    pip_scoring=True,
)
PIONEER = Variant(
    "pioneer",
    "Pioneer",
    15,
    # The upper point of number n is kept at 6 + n, so coming down is 6 + n -> n.
    ((12, 3), (11, 3), (10, 3), (9, 2), (8, 2), (7, 2)),
    same_direction=False,
    contact=NO_CONTACT,
    entry=COME_DOWN,
    cube=OPTIONAL,
    pip_scoring=True,
    short_doubles=True,
)
PORTES = Variant("portes", "Portes", 15, BACKGAMMON_START, same_direction=False, contact=HIT)
PLAKOTO = Variant(
    "plakoto",
    "Plakoto",
    15,
    ((24, 15),),
    same_direction=False,
    contact=PIN,
    mother_rule=True,
)
FEVGA = Variant(
    "fevga",
    "Fevga",
    15,
    ((24, 15),),
    same_direction=True,
    contact=BLOCK,
    first_checker_rule=True,
    prime_rule=True,
    start_quarter_rule=True,
)

VARIANTS: dict[str, Variant] = {
    v.slug: v for v in (SHORT, ARMENIAN, LONG, BLITZ, PIONEER, HYPER, NACK, PORTES, PLAKOTO, FEVGA)
}
