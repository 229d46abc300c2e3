"""Every number draw of the rules as a round game: One Ball (12.52), Hundred Ball (12.33),
Colour Five (12.34). How the texts were read and the prices they leave open are in
casino/numbers/RULES.md. Plain Python: no Django import.
"""

from __future__ import annotations

from casino.numbers.colour_five import ColourFive
from casino.numbers.hundred_ball import HUNDRED_BALL
from casino.numbers.one_ball import OneBall
from casino.rounds import RoundGame

NUMBER_GAMES: tuple[RoundGame, ...] = (
    HUNDRED_BALL,
    ColourFive(),
    OneBall(),
)
