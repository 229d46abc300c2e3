"""Line Bingo (12.43, "Mega Ball"): cards of 5 x 5 squares, 24 numbers from 1 to 51 and
a free square in the middle; 20 of 51 balls are drawn and each full row, column or
diagonal is a line, paid by the number of lines; then one or two bonus balls, each with a
multiplier, pay a card whose line they complete.

The chances are counted exactly for any square card (`Bingo`): which numbers a card holds
does not matter, only which squares the drawn balls mark, so a card's lines follow from
how many of its numbers are drawn and the squares they fall on. RULES.md has the readings
(the 51 balls, the cap at six lines, the bonus rounds). Plain Python: no Django import.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, cached_property
from math import comb
from typing import Any

from casino.numbers.base import returned
from casino.rounds import BetType, Cadence, Outcome, Rng, RoundGame, Selection, weighted

Square = tuple[int, int]
# Lines completed -> what the card returns, as a multiple of its stake (the text's table;
# six or more lines pay as six: "up to 6 lines").
LINE_PAYS = {1: 1, 2: 5, 3: 50, 4: 250, 5: 1000, 6: 10_000}
MOST_LINES = max(LINE_PAYS)
# The bonus multiplier, 5x to 100x as the text says, by weight (RULES.md: the text gives
# no chances; these keep the card's return under 100%).
MULTIPLIERS: tuple[tuple[int, int], ...] = (
    (5, 400),
    (10, 250),
    (15, 120),
    (20, 90),
    (25, 50),
    (50, 40),
    (75, 30),
    (100, 20),
)
BONUS_ROUNDS = (1, 2)  # equally likely
CARD_COUNT = 1200


@dataclass(frozen=True)
class Bingo:
    """A square card with a free middle square, ``drawn`` balls of ``balls``."""

    size: int
    balls: int
    drawn: int

    @cached_property
    def free(self) -> Square:
        return (self.size // 2, self.size // 2)

    @cached_property
    def squares(self) -> tuple[Square, ...]:
        """The squares holding numbers, row by row (the free one left out)."""
        every = ((row, column) for row in range(self.size) for column in range(self.size))
        return tuple(square for square in every if square != self.free)

    @cached_property
    def lines(self) -> tuple[frozenset[Square], ...]:
        """Every row, column and diagonal, as the numbered squares it needs."""
        n = self.size
        shapes = [
            *([(r, c) for c in range(n)] for r in range(n)),
            *([(r, c) for r in range(n)] for c in range(n)),
            [(i, i) for i in range(n)],
            [(i, n - 1 - i) for i in range(n)],
        ]
        return tuple(frozenset(s for s in shape if s != self.free) for shape in shapes)

    def all_drawn(self, needed: int, among: int, taken: int) -> Fraction:
        """The chance that ``needed`` given numbers are all among ``taken`` balls drawn
        from ``among``."""
        if needed > taken:
            return Fraction(0)
        return Fraction(comb(among - needed, taken - needed), comb(among, taken))

    def line_chances(self) -> dict[int, Fraction]:
        """The chance of each count of complete lines, by inclusion and exclusion over
        the sets of lines (the chance that every line of a set is complete is the chance
        that all their numbers are drawn)."""
        complete_all: dict[int, Fraction] = {}  # lines in the set -> summed chance
        for count in range(len(self.lines) + 1):
            total = Fraction(0)
            for chosen in itertools.combinations(self.lines, count):
                needed = len(frozenset().union(*chosen))
                total += self.all_drawn(needed, self.balls, self.drawn)
            complete_all[count] = total
        return {
            exact: sum(
                (
                    (-1) ** (count - exact) * comb(count, exact) * complete_all[count]
                    for count in range(exact, len(self.lines) + 1)
                ),
                Fraction(0),
            )
            for exact in range(len(self.lines) + 1)
        }

    def through(self, square: Square) -> list[frozenset[Square]]:
        return [line for line in self.lines if square in line]

    def completes(self) -> Fraction:
        """The chance that the first ball after the draw completes a line on the card:
        it is one of the card's numbers, not drawn, and some line through its square has
        every other number drawn."""
        others = self.balls - 1
        total = Fraction(0)
        for square in self.squares:
            lines = self.through(square)
            for count in range(1, len(lines) + 1):
                for chosen in itertools.combinations(lines, count):
                    needed = len(frozenset().union(*chosen) - {square})
                    sign = 1 if count % 2 else -1
                    total += sign * self.all_drawn(needed, others, self.drawn)
        return total / self.balls

    def both_complete(self) -> Fraction:
        """The chance that the first two balls after the draw each complete a line."""
        others = self.balls - 2
        total = Fraction(0)
        for first, second in itertools.permutations(self.squares, 2):
            lines_one = [line for line in self.through(first) if second not in line]
            lines_two = [line for line in self.through(second) if first not in line]
            for n_one in range(1, len(lines_one) + 1):
                for set_one in itertools.combinations(lines_one, n_one):
                    for n_two in range(1, len(lines_two) + 1):
                        for set_two in itertools.combinations(lines_two, n_two):
                            needed = frozenset().union(*set_one, *set_two) - {first, second}
                            sign = (-1) ** (n_one + n_two)
                            total += sign * self.all_drawn(len(needed), others, self.drawn)
        return total / (self.balls * (self.balls - 1))

    def marked(self, card: Sequence[int], balls: Sequence[int]) -> set[Square]:
        drawn = set(balls)
        return {
            square for square, number in zip(self.squares, card, strict=True) if number in drawn
        }

    def complete_lines(self, card: Sequence[int], balls: Sequence[int]) -> int:
        marked = self.marked(card, balls)
        return sum(1 for line in self.lines if line <= marked)

    def completed_by(self, card: Sequence[int], balls: Sequence[int], bonus: int) -> bool:
        """Whether ``bonus``, drawn after ``balls``, completes a line of ``card``."""
        if bonus not in card:
            return False
        square = self.squares[list(card).index(bonus)]
        marked = self.marked(card, balls)
        return any(line - {square} <= marked for line in self.through(square))


GAME = Bingo(size=5, balls=51, drawn=20)


WORD = 0xFFFFFFFF


def xorshift(state: int) -> int:
    """The next state of a 32-bit xorshift generator (13, 17, 5)."""
    state ^= (state << 13) & WORD
    state ^= state >> 17
    state ^= (state << 5) & WORD
    return state


@cache
def card_numbers(number: int) -> tuple[int, ...]:
    """Card ``number`` (1 to 1200): 24 different numbers of 1-51, row by row, the same
    for everyone. The cards are published data, not a draw: a shuffle of 1-51 by a 32-bit
    xorshift seeded with the card's number, simple enough for the page to deal the same
    card (static/casino/boards/balls.js, ``bingoCard``)."""
    state = (number * 2654435761) & WORD
    pool = list(range(1, GAME.balls + 1))
    for last in range(len(pool) - 1, 0, -1):
        state = xorshift(state)
        swap = state % (last + 1)
        pool[last], pool[swap] = pool[swap], pool[last]
    return tuple(pool[: len(GAME.squares)])


def mean_multiplier() -> Fraction:
    weight = sum(w for _, w in MULTIPLIERS)
    return Fraction(sum(m * w for m, w in MULTIPLIERS), weight)


def mean_best_of_two() -> Fraction:
    """The mean of the larger of two multipliers drawn apart."""
    weight = sum(w for _, w in MULTIPLIERS)
    return sum(
        (
            Fraction(a_w * b_w, weight * weight) * max(a, b)
            for a, a_w in MULTIPLIERS
            for b, b_w in MULTIPLIERS
        ),
        Fraction(0),
    )


@cache
def card_rtp() -> tuple[Fraction, Fraction]:
    """(the lines' return, the bonus's return) of a card, per unit staked."""
    lines = sum(
        (
            chance * LINE_PAYS[min(count, MOST_LINES)]
            for count, chance in GAME.line_chances().items()
            if count
        ),
        Fraction(0),
    )
    one, both = GAME.completes(), GAME.both_complete()
    single_round = one * mean_multiplier()
    # Two rounds: one ball completing pays its multiplier, both pay the larger once.
    two_rounds = (2 * one - 2 * both) * mean_multiplier() + both * mean_best_of_two()
    bonus = (single_round + two_rounds) / len(BONUS_ROUNDS)
    return lines, bonus


class LineBingo(RoundGame):
    slug = "line-bingo"
    name = "Line Bingo"
    board = "balls"
    section = "12.43"
    cadence = Cadence(every_seconds=120, closes_before_seconds=10, show_seconds=15)
    bet_types: Sequence[BetType] = (
        BetType(
            "card",
            "Card",
            f"a card from 1 to {CARD_COUNT}",
            "1 line 1x, 2 lines 5x, 3 lines 50x, 4 lines 250x, 5 lines 1,000x, "
            "6 or more 10,000x; a bonus ball that completes a line pays its multiplier",
        ),
    )

    def outcome(self, rng: Rng) -> Outcome:
        order = rng.sample(range(1, GAME.balls + 1), GAME.drawn + max(BONUS_ROUNDS))
        rounds = rng.choice(BONUS_ROUNDS)
        bonus = [
            {"ball": ball, "multiplier": weighted(rng, MULTIPLIERS)}
            for ball in order[GAME.drawn : GAME.drawn + rounds]
        ]
        return {"balls": order[: GAME.drawn], "mega": bonus}

    def describe(self, outcome: Outcome) -> str:
        balls = " ".join(str(ball) for ball in outcome["balls"])
        bonus = ", ".join(f"{m['ball']} x{m['multiplier']}" for m in outcome["mega"])
        return f"{balls} (bonus {bonus})"

    def selections(self, bet_type: str) -> Sequence[tuple[str, Selection]]:
        self.bet_type(bet_type)
        return ()  # 1,200 cards: the board's picker chooses one

    def validate_bet(self, bet_type: str, selection: object) -> Selection:
        self.bet_type(bet_type)
        card = selection.get("card") if isinstance(selection, dict) else None
        if type(card) is not int or not 1 <= card <= CARD_COUNT:
            raise ValueError(f"A card bet takes a card number from 1 to {CARD_COUNT}.")
        return {"card": card}

    def label(self, bet_type: str, selection: Selection) -> str:
        return f"Card {selection['card']}"

    def lines_and_bonus(self, selection: Selection, outcome: Outcome) -> tuple[int, int]:
        """The card's complete lines, and the multiplier of the bonus paid (0 if none)."""
        card = card_numbers(selection["card"])
        lines = GAME.complete_lines(card, outcome["balls"])
        bonus = [
            m["multiplier"]
            for m in outcome["mega"]
            if GAME.completed_by(card, outcome["balls"], m["ball"])
        ]
        return lines, max(bonus, default=0)

    def payout(self, stake: int, bet_type: str, selection: Selection, outcome: Outcome) -> int:
        lines, bonus = self.lines_and_bonus(selection, outcome)
        paid = LINE_PAYS[min(lines, MOST_LINES)] if lines else 0
        return returned(stake, Fraction(paid + bonus))

    def result(self, bet_type: str, selection: Selection, outcome: Outcome) -> dict[str, Any]:
        lines, bonus = self.lines_and_bonus(selection, outcome)
        return {"lines": lines, "bonus": bonus}

    def describe_result(self, result: Mapping[str, Any]) -> str:
        lines = result.get("lines")
        if lines is None:
            return ""
        text = f"{lines} line{'s' * (lines != 1)}"
        return f"{text}, bonus x{result['bonus']}" if result.get("bonus") else text

    def rtp(self, bet_type: str) -> Fraction:
        self.bet_type(bet_type)
        lines, bonus = card_rtp()
        return lines + bonus

    def public(self) -> Mapping[str, Any]:
        pick = {"kind": "card", "low": 1, "high": CARD_COUNT}
        return {**super().public(), "drawn": GAME.drawn, "bonus": True, "picks": {"card": pick}}


LINE_BINGO = LineBingo()
