"""The property wheel of 12.27 as an RNG round: a 54-segment wheel of numbers, Chance and
the two bonus segments, and the bonus game in which the landlord walks a 40-square board
collecting for the bettors on "2 rolls" and "4 rolls".

Every spin, every Chance card, the board's buildings and every dice roll come from the
round's generator; the one choice the text leaves to a player (an extra roll after a
pair) is taken for every bettor alike (RULES.md). Plain Python: no Django import.
"""

from __future__ import annotations

import functools
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from casino.rounds import BetType, Cadence, Outcome, Rng, Selection, weighted
from casino.wheels.games import SpunWheel, spread

TWO, FOUR, CHANCE = "2 rolls", "4 rolls", "chance"
SEGMENTS: tuple[tuple[str, int], ...] = (
    ("1", 22),
    ("2", 15),
    ("5", 7),
    ("10", 4),
    (CHANCE, 2),
    (TWO, 3),
    (FOUR, 1),
)
TOTAL = sum(count for _, count in SEGMENTS)
NUMBERS = ("1", "2", "5", "10")
ROLLS = {TWO: 2, FOUR: 4}
COLOURS = {
    "1": "grey",
    "2": "green",
    "5": "red",
    "10": "blue",
    CHANCE: "orange",
    TWO: "silver",
    FOUR: "gold",
}

# A Chance card on the wheel: a multiplier (kept for the next spin's win) or a cash prize
# in stakes (added to it), by weight.
CHANCE_MULTIPLIERS: tuple[tuple[int, int], ...] = ((2, 10), (3, 6), (5, 3), (10, 1))
CHANCE_PRIZES: tuple[tuple[int, int], ...] = ((10, 6), (15, 3), (25, 1))

# --- the bonus board ------------------------------------------------------------------------
# Amounts are hundredths of the stake. The 40 squares in board order from GO. The rents and
# card amounts below are the "x1" board; the 2-rolls game pays SCALES[2] times them and the
# 4-rolls game SCALES[4] times (rounded to hundredths); a colour group carrying houses
# pays HOUSES times its rent, hotels HOTELS times. Taxes are shares of the stake and do not
# scale.
GO, JAIL = 0, 10
GROUPS: tuple[tuple[str, int], ...] = (
    ("brown", 100),
    ("light blue", 150),
    ("pink", 200),
    ("orange", 250),
    ("red", 300),
    ("yellow", 400),
    ("green", 500),
    ("dark blue", 800),
)
HOUSES, HOTELS = 2, 5
RAILWAY, PARKING = 200, 400
INCOME_TAX, SUPER_TAX, UTILITY = 100, 200, 100  # deducted only when the winnings cover them
CHEST_CARDS: tuple[tuple[int, int], ...] = ((100, 4), (200, 3), (500, 2), (1000, 1))
CHANCE_CARDS: tuple[tuple[int, int], ...] = ((200, 4), (500, 3), (1000, 2), (2000, 1))
CARD_WEIGHT = 10  # the weights of each card table add up to this
SCALES = {2: Fraction(21, 10), 4: Fraction(13, 5)}
MAX_EXTRA_ROLLS = 3  # pairs that earn an extra roll in one bonus game


@dataclass(frozen=True)
class Square:
    kind: str  # property, railway, parking, tax, chest, chance, go, jail, go-to-jail
    name: str
    group: str = ""
    amount: int = 0  # the x1 rent, or the tax (hundredths of the stake)


def _board() -> tuple[Square, ...]:
    layout = (
        "go", "brown", "chest", "brown", "income", "railway", "light blue", "chance",
        "light blue", "light blue", "jail", "pink", "utility", "pink", "pink", "railway",
        "orange", "chest", "orange", "orange", "parking", "red", "chance", "red", "red",
        "railway", "yellow", "yellow", "utility", "yellow", "go-to-jail", "green", "green",
        "chest", "green", "railway", "chance", "dark blue", "super", "dark blue",
    )  # fmt: skip
    rents = dict(GROUPS)
    taxes = {"income": ("Income Tax", INCOME_TAX), "super": ("Super Tax", SUPER_TAX)}
    taxes["utility"] = ("Utility", UTILITY)
    named = {"go": "GO", "chest": "Community Chest", "chance": "Chance", "jail": "Jail"}
    named["go-to-jail"] = "Go to Jail"
    squares = []
    for kind in layout:
        if kind in rents:
            squares.append(Square("property", kind.title(), kind, rents[kind]))
        elif kind == "railway":
            squares.append(Square("railway", "Railway", amount=RAILWAY))
        elif kind == "parking":
            squares.append(Square("parking", "Free Parking", amount=PARKING))
        elif kind in taxes:
            name, tax = taxes[kind]
            squares.append(Square("tax", name, amount=tax))
        else:
            squares.append(Square(kind, named[kind]))
    return tuple(squares)


BOARD = _board()
SIZE = len(BOARD)


def scaled(amount: int, rolls: int) -> int:
    return round(amount * SCALES[rolls])


@dataclass(frozen=True)
class Bonus:
    """One bonus game's board: how many rolls, and the groups built on."""

    rolls: int
    houses: str
    hotels: str

    def rent(self, square: Square) -> int:
        factor = {self.houses: HOUSES, self.hotels: HOTELS}.get(square.group, 1)
        return scaled(square.amount, self.rolls) * factor

    def cards(self, square: Square) -> Sequence[tuple[int, int]]:
        """The cards a square deals, (hundredths, weight); none for other squares."""
        table = {"chest": CHEST_CARDS, "chance": CHANCE_CARDS}.get(square.kind, ())
        return tuple((scaled(amount, self.rolls), weight) for amount, weight in table)


@dataclass(frozen=True)
class Walk:
    """Where the landlord stands and what he has collected (hundredths of the stake)."""

    rolls: int  # rolls left, the extra ones not counted
    place: int = GO
    won: int = 0
    extras: int = MAX_EXTRA_ROLLS
    jailed: bool = False
    over: bool = False


def step(walk: Walk, dice: tuple[int, int], card: int, bonus: Bonus) -> Walk:
    """One roll of the two dice: out of jail on a pair only (else the game ends), then
    the landlord moves their sum and collects where he stops; a pair earns an extra roll
    (but not the pair that frees him, nor one that sends him to jail). ``card`` is the
    card drawn if he stops on Chance or Community Chest."""
    pair = dice[0] == dice[1]
    if walk.jailed and not pair:
        return replace(walk, rolls=0, over=True)
    place = (walk.place + sum(dice)) % SIZE
    square = BOARD[place]
    won, jailed = walk.won, False
    if square.kind in ("property", "railway", "parking"):
        won += bonus.rent(square)
    elif square.kind in ("chest", "chance"):
        won += card
    elif square.kind == "tax" and won >= square.amount:
        won -= square.amount
    elif square.kind == "go":
        won *= 2
    elif square.kind == "go-to-jail":
        place, jailed = JAIL, True
    extra = pair and not walk.jailed and not jailed and walk.extras > 0
    rolls = walk.rolls if extra else walk.rolls - 1
    return Walk(rolls, place, won, walk.extras - extra, jailed, rolls == 0)


def draws_card(walk: Walk, dice: Sequence[int], bonus: Bonus) -> Sequence[tuple[int, int]]:
    """The card table of the square this roll stops on, if the landlord gets there."""
    if walk.jailed and dice[0] != dice[1]:
        return ()
    return bonus.cards(BOARD[(walk.place + sum(dice)) % SIZE])


def play(bonus: Bonus, dice: Sequence[Sequence[int]], cards: Sequence[int]) -> list[Walk]:
    """The bonus game replayed from its dice and cards: every Walk, the last one final."""
    walk, walks, drawn = Walk(bonus.rolls), [], iter(cards)
    for pair in dice:
        card = next(drawn) if draws_card(walk, pair, bonus) else 0
        walk = step(walk, (pair[0], pair[1]), card, bonus)
        walks.append(walk)
    return walks


DICE = 36
# The 36 throws of two dice grouped by what a roll reads of them, its sum and whether it
# is a pair: (a throw of the group, how many throws it stands for).
THROWS: tuple[tuple[tuple[int, int], int], ...] = tuple(
    (
        (total // 2, total // 2) if pair else (max(1, total - 6), min(6, total - 1)),
        1 if pair else sum(1 for a in range(1, 7) if 1 <= total - a <= 6 and a != total - a),
    )
    for total in range(2, 13)
    for pair in (True, False)
    if (pair and total % 2 == 0) or (not pair and 3 <= total <= 11)
)
LARGE = -1  # the `won` of a state standing for every winnings that `is_sure`


def is_sure(walk: Walk) -> bool:
    """Winnings that no tax can find short in the rolls the game may have left: from
    there on every square acts on them affinely, and only their mean needs keeping."""
    return walk.won >= SUPER_TAX * (walk.rolls + walk.extras)


def configurations(rolls: int) -> list[Bonus]:
    """Every way the board is built, equally likely: hotels on one group, houses on
    another."""
    groups = [name for name, _ in GROUPS]
    return [Bonus(rolls, h, t) for t in groups for h in groups if h != t]


@functools.cache
def bonus_mean(rolls: int) -> Fraction:
    """The bonus game's exact mean winnings in hundredths of the stake, over every
    building of the board, every roll and every card."""
    boards = configurations(rolls)
    return sum((walk_mean(bonus) for bonus in boards), Fraction(0)) / len(boards)


def walk_mean(bonus: Bonus) -> Fraction:
    """Forward over the rolls, one level a roll. Each state keeps its chance and its
    chance x winnings as integers over 360 a roll (36 throws x cards weighing 10)."""
    deepest = bonus.rolls + MAX_EXTRA_ROLLS
    states: dict[Walk, tuple[int, int]] = {Walk(bonus.rolls): (1, 0)}
    result, level = 0, 0
    while states:
        level += 1
        following: dict[Walk, list[int]] = defaultdict(lambda: [0, 0])
        for walk, (chance, moment) in states.items():
            for dice, ways in THROWS:
                for card, weight in draws_card(walk, dice, bonus) or ((0, CARD_WEIGHT),):
                    share = chance * ways * weight
                    if walk.won == LARGE:  # affine from here: carry the moment through
                        sure = SUPER_TAX * (walk.rolls + walk.extras)
                        low = step(replace(walk, won=sure), dice, card, bonus)
                        slope = step(replace(walk, won=sure + 1), dice, card, bonus).won - low.won
                        after = replace(low, won=LARGE)
                        moved = ways * weight * (slope * moment + (low.won - slope * sure) * chance)
                    else:
                        after = step(walk, dice, card, bonus)
                        moved = share * after.won
                    if after.over:
                        result += moved * (DICE * CARD_WEIGHT) ** (deepest - level)
                        continue
                    key = replace(after, won=LARGE) if is_sure(after) else after
                    into = following[key]
                    into[0] += share
                    into[1] += moved
        states = {walk: (c, m) for walk, (c, m) in following.items()}
    return Fraction(result, (DICE * CARD_WEIGHT) ** deepest)


# `bonus_mean` of each game, which takes a few seconds to count; the tests count it again.
BONUS_MEANS = {
    2: Fraction(237688508243, 161243136),
    4: Fraction(243500198466107, 52242776064),
}


def mean_table(table: Sequence[tuple[int, int]]) -> Fraction:
    return Fraction(sum(v * w for v, w in table), sum(w for _, w in table))


class PropertyWheel(SpunWheel):
    """Numbers 1, 2, 5 and 10, Chance (a multiplier or a cash prize, and the wheel spins
    again) and the bonus segments that send the landlord round the board."""

    kind = "property"
    slug = "property-wheel"
    name = "Property Wheel"
    section = "12.27"
    cadence = Cadence(every_seconds=60, closes_before_seconds=10)
    segments = spread(SEGMENTS)
    colours = COLOURS
    bet_types = (
        *(
            BetType(f"number-{n}", f"Number {n}", "nothing", f"{n}:1, with any Chance cards")
            for n in NUMBERS
        ),
        BetType("rolls-2", "2 Rolls", "nothing", "the bonus game's winnings, 2 rolls"),
        BetType("rolls-4", "4 Rolls", "nothing", "the bonus game's winnings, 4 rolls"),
    )

    def outcome(self, rng: Rng) -> Outcome:
        stops, cards = [rng.randbelow(TOTAL)], []
        while self.segments[stops[-1]] == CHANCE:
            cards.append(self._chance_card(rng))
            stops.append(rng.randbelow(TOTAL))
        outcome: Outcome = {"stops": stops, "cards": cards}
        rolls = ROLLS.get(self.segments[stops[-1]])
        if rolls:
            outcome["bonus"] = self._bonus(rng, rolls)
        return outcome

    @staticmethod
    def _chance_card(rng: Rng) -> dict[str, int]:
        multipliers = sum(w for _, w in CHANCE_MULTIPLIERS)
        prizes = sum(w for _, w in CHANCE_PRIZES)
        if rng.randbelow(multipliers + prizes) < multipliers:
            return {"multiplier": weighted(rng, CHANCE_MULTIPLIERS)}
        return {"prize": weighted(rng, CHANCE_PRIZES)}

    @staticmethod
    def _bonus(rng: Rng, rolls: int) -> dict[str, Any]:
        hotels = rng.choice([name for name, _ in GROUPS])
        bonus = Bonus(rolls, rng.choice([name for name, _ in GROUPS if name != hotels]), hotels)
        walk, dice, cards = Walk(rolls), [], []
        while not walk.over:
            pair = (rng.randbelow(6) + 1, rng.randbelow(6) + 1)
            table = draws_card(walk, pair, bonus)
            card = weighted(rng, table) if table else 0
            if table:
                cards.append(card)
            walk = step(walk, pair, card, bonus)
            dice.append(list(pair))
        return {"houses": bonus.houses, "hotels": hotels, "dice": dice, "cards": cards}

    # --- reading an outcome ---------------------------------------------------------------

    def landed(self, outcome: Outcome) -> str:
        return self.segments[int(outcome["stops"][-1])]

    def walks(self, outcome: Outcome) -> list[Walk]:
        """The bonus game roll by roll (none without a bonus game)."""
        bonus = outcome.get("bonus")
        if not bonus:
            return []
        board = Bonus(ROLLS[self.landed(outcome)], bonus["houses"], bonus["hotels"])
        return play(board, bonus["dice"], bonus["cards"])

    def bonus_won(self, outcome: Outcome) -> int:
        """The bonus game's winnings in hundredths of the stake (0 without one)."""
        walks = self.walks(outcome)
        return walks[-1].won if walks else 0

    def payout(self, stake: int, bet_type: str, selection: Selection, outcome: Outcome) -> int:
        """The stake back, the win (the number's odds or the bonus game's winnings) times
        every Chance multiplier before it, and every Chance prize added."""
        self.bet_type(bet_type)
        landed = self.landed(outcome)
        if bet_type == f"number-{landed}":
            win = int(landed) * 100
        elif landed in ROLLS and bet_type == f"rolls-{ROLLS[landed]}":
            win = self.bonus_won(outcome)
        else:
            return 0
        multiplier, prizes = 1, 0
        for card in outcome["cards"]:
            multiplier *= card.get("multiplier", 1)
            prizes += card.get("prize", 0) * 100
        return stake + stake * (win * multiplier + prizes) // 100

    def rtp(self, bet_type: str) -> Fraction:
        """Over k Chance cards before the deciding spin (chance q^k, q = 2/54): the
        segment's chance x (a^k x its mean win + k x the mean prize + 1), where a is a
        card's mean multiplier (1 for a prize card), the cards drawn apart."""
        self.bet_type(bet_type)
        segment = {"rolls-2": TWO, "rolls-4": FOUR}.get(bet_type, bet_type.removeprefix("number-"))
        win = BONUS_MEANS[ROLLS[segment]] / 100 if segment in ROLLS else Fraction(int(segment))
        q = Fraction(dict(SEGMENTS)[CHANCE], TOTAL)
        multipliers = sum(w for _, w in CHANCE_MULTIPLIERS)
        cards = multipliers + sum(w for _, w in CHANCE_PRIZES)
        a = Fraction(multipliers, cards) * mean_table(CHANCE_MULTIPLIERS) + Fraction(
            cards - multipliers, cards
        )
        prize = Fraction(cards - multipliers, cards) * mean_table(CHANCE_PRIZES)
        chance = Fraction(dict(SEGMENTS)[segment], TOTAL)
        # The sums over k of q^k a^k, k q^k and q^k.
        return chance * (win / (1 - q * a) + prize * q / (1 - q) ** 2 + 1 / (1 - q))

    def describe(self, outcome: Outcome) -> str:
        landed = self.landed(outcome)
        text = ", ".join(
            f"Chance x{c['multiplier']}" if "multiplier" in c else f"Chance +{c['prize']}x"
            for c in outcome["cards"]
        )
        text = f"{text}, then " if text else ""
        if landed in ROLLS:
            won = self.bonus_won(outcome)
            return f"{text}{landed}: the bonus game won {won // 100}.{won % 100:02d}x"
        return f"{text}{landed}"

    def public(self) -> Mapping[str, Any]:
        return {
            **super().public(),
            "squares": [
                {"kind": s.kind, "name": s.name, "group": s.group, "amount": s.amount}
                for s in BOARD
            ],
            "houses": HOUSES,
            "hotels": HOTELS,
        }


PROPERTY_WHEEL = PropertyWheel()
