"""Seven Cards (12.37, "Speedy 7"): seven cards dealt from a shuffled deck of 52; players
predict the colour of the next card, card after card, their winnings riding on.

On the round contract a round deals all seven cards and a bet settles once, so a bet is a
run decided when it is placed: the colours of ``n`` cards in a row from card ``from``
(the text lets a player start at any card, go on, or take the winnings). Each right guess
multiplies the winnings by that card's price, 96% of its fair price given the cards
already dealt; four right in a row add the stake once (the 4-card streak bonus), seven
right from the first card add 14 stakes more (the 7-card bonus). RULES.md has the
reading. Plain Python: no Django import.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Mapping, Sequence
from fractions import Fraction
from functools import cache
from math import perm
from typing import Any

from casino.numbers.base import returned
from casino.rounds import BetType, Cadence, Outcome, Rng, RoundGame, Selection

RANKS = "23456789TJQKA"
SUITS = "SHDC"  # spades, hearts, diamonds, clubs
DECK = tuple(rank + suit for suit in SUITS for rank in RANKS)
CARDS = 7
PER_COLOUR = 26
MARGIN = Fraction(96, 100)
STREAK, STREAK_BONUS = 4, 1  # four right in a row: the stake once more
FULL_BONUS = 14  # all seven right from the first card
COLOURS = ("red", "black")


def colour(card: str) -> str:
    return "red" if card[-1] in "HD" else "black"


def card_price(dealt: Sequence[str], guess: str) -> Fraction:
    """The price of guessing ``guess`` for the next card when cards of the colours
    ``dealt`` are out: 96% of the cards left over those of that colour left."""
    left = len(DECK) - len(dealt)
    of_colour = PER_COLOUR - sum(1 for c in dealt if c == guess)
    return MARGIN * left / of_colour


def run_return(colours: Sequence[str], selection: Selection) -> Fraction:
    """What a run returns per unit staked on the dealt ``colours``. The winnings ride from
    card to card and a wrong guess loses them; the 4-card bonus is paid when the fourth
    guess comes right and is kept whatever follows (RULES.md)."""
    start = selection["from"] - 1
    guesses: Sequence[str] = selection["colours"]
    riding, bonus = Fraction(1), Fraction(0)
    for step, guess in enumerate(guesses):
        place = start + step
        if colours[place] != guess:
            return bonus
        riding *= card_price(colours[:place], guess)
        if step + 1 == STREAK:
            bonus += STREAK_BONUS
    if start == 0 and len(guesses) == CARDS:
        bonus += FULL_BONUS
    return riding + bonus


@cache
def colour_chances() -> tuple[tuple[tuple[str, ...], Fraction], ...]:
    """Every sequence of seven colours with its exact chance from a full deck."""
    found = []
    for colours in itertools.product(COLOURS, repeat=CARDS):
        reds = colours.count("red")
        ways = perm(PER_COLOUR, reds) * perm(PER_COLOUR, CARDS - reds)
        found.append((colours, Fraction(ways, perm(len(DECK), CARDS))))
    return tuple(found)


def runs(length: int) -> Iterator[Selection]:
    for start in range(1, CARDS - length + 2):
        for colours in itertools.product(COLOURS, repeat=length):
            yield {"from": start, "colours": list(colours)}


@cache
def run_rtp(length: int) -> Fraction:
    """The mean over every run of ``length`` of its exact expected return, over every
    sequence of seven colours (RULES.md: the bonuses make runs differ a little)."""
    selections = list(runs(length))
    total = sum(
        (
            chance * run_return(colours, selection)
            for selection in selections
            for colours, chance in colour_chances()
        ),
        Fraction(0),
    )
    return total / len(selections)


def run_code(length: int) -> str:
    return f"run-{length}"


class SevenCards(RoundGame):
    slug = "seven-cards"
    name = "Seven Cards"
    board = "balls"
    section = "12.37"
    cadence = Cadence(every_seconds=120, closes_before_seconds=10, show_seconds=10)
    bet_types: Sequence[BetType] = tuple(
        BetType(
            run_code(length),
            f"Run of {length}" if length > 1 else "One card",
            f"a first card and the colours of {length} card{'s' * (length > 1)} from it",
            "each card 96% of its fair price"
            + (", +1 stake at four right" if length >= STREAK else "")
            + (", +14 stakes at seven from the first" if length == CARDS else ""),
        )
        for length in range(1, CARDS + 1)
    )

    def outcome(self, rng: Rng) -> Outcome:
        return {"cards": rng.sample(DECK, CARDS)}

    def describe(self, outcome: Outcome) -> str:
        return " ".join(outcome["cards"])

    def length(self, bet_type: str) -> int:
        self.bet_type(bet_type)
        return int(bet_type.removeprefix("run-"))

    def selections(self, bet_type: str) -> Sequence[tuple[str, Selection]]:
        self.length(bet_type)
        return ()  # a start and a run of colours: the board's picker builds one

    def validate_bet(self, bet_type: str, selection: object) -> Selection:
        length = self.length(bet_type)
        start = selection.get("from") if isinstance(selection, dict) else None
        colours = selection.get("colours") if isinstance(selection, dict) else None
        last = CARDS - length + 1
        if (
            type(start) is not int
            or not 1 <= start <= last
            or not isinstance(colours, list)
            or len(colours) != length
            or not all(c in COLOURS for c in colours)
        ):
            cards = f"{length} colour{'s' * (length > 1)}, red or black"
            raise ValueError(f"This bet takes a first card from 1 to {last} and {cards}.")
        return {"from": start, "colours": list(colours)}

    def label(self, bet_type: str, selection: Selection) -> str:
        colours = " ".join(selection["colours"])
        return f"{self.bet_type(bet_type).name} from card {selection['from']}: {colours}"

    def payout(self, stake: int, bet_type: str, selection: Selection, outcome: Outcome) -> int:
        colours = [colour(card) for card in outcome["cards"]]
        return returned(stake, run_return(colours, selection))

    def rtp(self, bet_type: str) -> Fraction:
        return run_rtp(self.length(bet_type))

    def public(self) -> Mapping[str, Any]:
        picks = {
            run_code(length): {"kind": "colours", "count": length, "last_start": CARDS - length + 1}
            for length in range(1, CARDS + 1)
        }
        return {**super().public(), "cards": CARDS, "picks": picks}


SEVEN_CARDS = SevenCards()
