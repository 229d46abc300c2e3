"""The card-draw games of the rules as round games, in the order the Casino page lists them:
Baccarat, Super Six, Lightning, Golden Wealth and Peek Baccarat (12.13), Dice Baccarat (the
catalogue's Bac Bo), Dragon Tiger and Cricket War (12.24), Andar Bahar (12.55), War of Bets
(12.39), Hi Lo (12.21), Football Cards (12.23), 32 Cards (12.57), Joker Draw (12.51), Red
Dog (12.14), Draw Hi-Lo (12.15), Top Card (12.16) and Side Bet Poker (12.53).

Every round deals from a deck or shoe shuffled afresh by the round's generator. How the
rule texts were read is in casino/cards/RULES.md. Plain Python: no Django import.
"""

from __future__ import annotations

from casino.cards.andar_bahar import AndarBahar
from casino.cards.baccarat import Baccarat, SuperSix
from casino.cards.dice_baccarat import DiceBaccarat
from casino.cards.duels import CricketWar, DragonTiger, FootballStudio, WarOfBets
from casino.cards.hilo import HiLo
from casino.cards.jokerbet import Jokerbet
from casino.cards.lightning import GoldenWealthBaccarat, LightningBaccarat
from casino.cards.peek_baccarat import PeekBaccarat
from casino.cards.side_bet_city import SideBetCity
from casino.cards.tables import DrawHiLo, RedDog, TopCardTrump
from casino.cards.thirty_two import ThirtyTwoCards
from casino.rounds import RoundGame

CARD_GAMES: tuple[RoundGame, ...] = (
    Baccarat(),
    SuperSix(),
    LightningBaccarat(),
    GoldenWealthBaccarat(),
    PeekBaccarat(),
    DiceBaccarat(),
    DragonTiger(),
    AndarBahar(),
    WarOfBets(),
    HiLo(),
    FootballStudio(),
    CricketWar(),
    ThirtyTwoCards(),
    Jokerbet(),
    RedDog(),
    DrawHiLo(),
    TopCardTrump(),
    SideBetCity(),
)
