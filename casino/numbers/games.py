"""Every number draw of the rules as a round game: Hundred Ball (12.33), Colour Five
(12.34), Yellow and Black (12.35), Seven Cards (12.37), Six Zones (12.38), Line Bingo
(12.43), Six of 48 (12.46) and One Ball (12.52). How the texts were read and the prices
they leave open are in casino/numbers/RULES.md. Plain Python: no Django import.
"""

from __future__ import annotations

from casino.numbers.colour_five import ColourFive
from casino.numbers.hundred_ball import HUNDRED_BALL
from casino.numbers.line_bingo import LINE_BINGO
from casino.numbers.one_ball import OneBall
from casino.numbers.seven_cards import SEVEN_CARDS
from casino.numbers.six_of_48 import SixOf48
from casino.numbers.six_zones import SixZones
from casino.numbers.yellow_black import YellowAndBlack
from casino.rounds import RoundGame

NUMBER_GAMES: tuple[RoundGame, ...] = (
    HUNDRED_BALL,
    ColourFive(),
    YellowAndBlack(),
    SEVEN_CARDS,
    SixZones(),
    LINE_BINGO,
    SixOf48(),
    OneBall(),
)
