"""The dice games of the rules as round games: Sic Bo, Super Sic Bo and Mega Sic Bo (12.25),
Dice Duel (12.40), Craps (12.41, its one-roll bets) and Lightning Dice (12.47).

How the rule text was read, and the prices the text leaves open, are in
casino/dice/RULES.md. Plain Python: no Django import.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar

from casino.rounds import BetType, Cadence, Outcome, Rng, RoundGame, Selection, weighted

FACES = range(1, 7)
Dice = tuple[int, ...]
Wins = Callable[[Dice, Selection], bool]
# What a bet returns on a throw, as a multiple of its stake: 0 lost, 1 returned, more won.
Pays = Callable[[Dice, Selection], Fraction]
LOST, RETURNED = Fraction(0), Fraction(1)


def rolls(count: int) -> list[Dice]:
    """Every roll of ``count`` dice, each equally likely."""
    return list(itertools.product(FACES, repeat=count))


def returned(stake: int, price: Fraction) -> int:
    """What a winning bet returns at ``price`` (the stake included), floored."""
    return stake * price.numerator // price.denominator


def odds_text(price: Fraction) -> str:
    """The published price of a bet returning ``price`` times the stake: 2 -> "1:1"."""
    win = price - 1
    return f"{win.numerator}:{win.denominator}"


@dataclass(frozen=True)
class DiceBet:
    """One bet type: its name, what the player chooses, its published odds, and what it
    returns on each throw."""

    code: str
    name: str
    selection: str
    odds: str
    pays: Pays
    choices: Sequence[tuple[str, Selection]] = (("", {}),)

    def as_bet_type(self) -> BetType:
        return BetType(self.code, self.name, self.selection, self.odds)


def bet(
    code: str,
    name: str,
    selection: str,
    price: Fraction,
    wins: Wins,
    choices: Sequence[tuple[str, Selection]] = (("", {}),),
) -> DiceBet:
    """A bet that returns ``price`` times its stake when ``wins`` and nothing otherwise."""
    return DiceBet(
        code, name, selection, odds_text(price), lambda d, s: price if wins(d, s) else LOST, choices
    )


class DiceGame(RoundGame):
    """A game whose round is one throw of ``dice`` dice and whose bets are `DiceBet`s."""

    board: ClassVar[str] = "dice"
    dice: ClassVar[int]
    bets: ClassVar[Sequence[DiceBet]]

    def __init__(self) -> None:
        self._bets = {bet.code: bet for bet in self.bets}

    @property
    def bet_types(self) -> Sequence[BetType]:  # type: ignore[override]
        return [bet.as_bet_type() for bet in self.bets]

    def outcome(self, rng: Rng) -> Outcome:
        return {"dice": [rng.die() for _ in range(self.dice)]}

    def selections(self, bet_type: str) -> Sequence[tuple[str, Selection]]:
        return self._bet(bet_type).choices

    def payout(self, stake: int, bet_type: str, selection: Selection, outcome: Outcome) -> int:
        return returned(stake, self._bet(bet_type).pays(tuple(outcome["dice"]), selection))

    def distribution(self) -> Iterable[tuple[Fraction, Outcome]]:
        chance = Fraction(1, 6**self.dice)
        return [(chance, {"dice": list(dice)}) for dice in rolls(self.dice)]

    def describe(self, outcome: Outcome) -> str:
        dice = outcome["dice"]
        return f"{' '.join(map(str, dice))} ({sum(dice)})"

    def public(self) -> Mapping[str, Any]:
        return {**super().public(), "dice_count": self.dice}

    def _bet(self, code: str) -> DiceBet:
        try:
            return self._bets[code]
        except KeyError:
            raise ValueError(f"{self.name} has no such bet.") from None


def is_triple(dice: Dice) -> bool:
    return len(set(dice)) == 1


def total_is(total: int) -> Wins:
    return lambda dice, selection: sum(dice) == total


def total_at_most(line: int) -> Wins:
    return lambda dice, selection: sum(dice) <= line


def total_above(line: int) -> Wins:
    return lambda dice, selection: sum(dice) > line


def face_choices(label: str) -> tuple[tuple[str, Selection], ...]:
    return tuple((label.format(face=face), {"face": face}) for face in FACES)


# --- Sic Bo (12.25) -------------------------------------------------------------------------

SIC_BO_TOTALS = {4: 60, 5: 30, 6: 17, 7: 12, 8: 8, 9: 6, 10: 6}  # and 17..11 alike


def total_price(total: int) -> Fraction:
    return Fraction(SIC_BO_TOTALS[min(total, 21 - total)] + 1)


def single_number(dice: Dice, selection: Selection) -> Fraction:
    """1:1 for one die showing the number, 2:1 for two, 3:1 for three."""
    matches = dice.count(selection["face"])
    return Fraction(1 + matches) if matches else LOST


SIC_BO_BETS: tuple[DiceBet, ...] = (
    bet(
        "small",
        "Small",
        "nothing: a total of 4 to 10, no triple",
        Fraction(2),
        lambda d, s: 4 <= sum(d) <= 10 and not is_triple(d),
    ),
    bet(
        "big",
        "Big",
        "nothing: a total of 11 to 17, no triple",
        Fraction(2),
        lambda d, s: 11 <= sum(d) <= 17 and not is_triple(d),
    ),
    bet(
        "triple",
        "Specific triple",
        "the number all three dice show",
        Fraction(181),
        lambda d, s: is_triple(d) and d[0] == s["face"],
        face_choices("Three {face}s"),
    ),
    bet(
        "any-triple",
        "Any triple",
        "nothing: any three of a kind",
        Fraction(31),
        lambda d, s: is_triple(d),
    ),
    bet(
        "pair",
        "Specific pair",
        "the number at least two dice show",
        Fraction(11),
        lambda d, s: d.count(s["face"]) >= 2,
        face_choices("Pair of {face}s"),
    ),
    *(
        bet(
            f"total-{total}",
            f"Total {total}",
            f"nothing: the three dice add up to {total}",
            total_price(total),
            total_is(total),
        )
        for total in range(4, 18)
    ),
    bet(
        "combination",
        "Two-dice combination",
        "two different numbers both showing",
        Fraction(6),
        lambda d, s: set(s["faces"]) <= set(d),
        tuple((f"{a} and {b}", {"faces": [a, b]}) for a, b in itertools.combinations(FACES, 2)),
    ),
    DiceBet(
        "single",
        "Single number",
        "a number from 1 to 6",
        "1:1 on one die, 2:1 on two, 3:1 on three",
        single_number,
        face_choices("{face}"),
    ),
)


class SicBo(DiceGame):
    section = "12.25"
    dice = 3
    cadence = Cadence(every_seconds=30, closes_before_seconds=5)
    bets = SIC_BO_BETS

    def __init__(self, slug: str, name: str, *, simplified: bool) -> None:
        super().__init__()
        self.slug, self.name = slug, name  # type: ignore[misc]
        # The quick slip of Sic Bo alone (12.25): Small, Big, a specific triple, the totals.
        self.simplified_bet_types: tuple[str, ...] = (
            ("small", "big", "triple", *(f"total-{t}" for t in range(4, 18))) if simplified else ()
        )


# --- Dice Duel (12.40) ------------------------------------------------------------------------

DUEL_TARGET = Fraction(96, 100)
PRICE_STEP = Fraction(1, 20)


def duel_price(chance: Fraction) -> Fraction:
    """The text gives no prices: each bet returns the largest multiple of 0.05 at or below
    96% of its fair price (1 / chance), so every bet returns between 93% and 96%."""
    return (DUEL_TARGET / chance // PRICE_STEP) * PRICE_STEP


def chance_of(count: int, wins: Wins, selection: Selection) -> Fraction:
    every = rolls(count)
    return Fraction(sum(1 for dice in every if wins(dice, selection)), len(every))


def duel_bet(
    code: str,
    name: str,
    selection: str,
    wins: Wins,
    choices: Sequence[tuple[str, Selection]] = (("", {}),),
) -> DiceBet:
    price = duel_price(chance_of(2, wins, choices[0][1]))
    return bet(code, name, selection, price, wins, choices)


def over_under(line: int) -> tuple[DiceBet, DiceBet]:
    half = f"{line}.5"
    return (
        duel_bet(
            f"total-under-{half}",
            f"Total under {half}",
            "nothing",
            total_at_most(line),
        ),
        duel_bet(
            f"total-over-{half}",
            f"Total over {half}",
            "nothing",
            total_above(line),
        ),
    )


RED, BLUE = 0, 1
DUEL_BETS: tuple[DiceBet, ...] = (
    duel_bet("red-wins", "Red die wins", "nothing", lambda d, s: d[RED] > d[BLUE]),
    duel_bet("draw", "Draw", "nothing", lambda d, s: d[RED] == d[BLUE]),
    duel_bet("blue-wins", "Blue die wins", "nothing", lambda d, s: d[BLUE] > d[RED]),
    duel_bet(
        "red-number",
        "Number on the red die",
        "a number from 1 to 6",
        lambda d, s: d[RED] == s["face"],
        face_choices("Red {face}"),
    ),
    duel_bet(
        "blue-number",
        "Number on the blue die",
        "a number from 1 to 6",
        lambda d, s: d[BLUE] == s["face"],
        face_choices("Blue {face}"),
    ),
    duel_bet(
        "combination",
        "Red and blue combination",
        "a number for each die",
        lambda d, s: (d[RED], d[BLUE]) == (s["red"], s["blue"]),
        tuple((f"Red {r}, blue {b}", {"red": r, "blue": b}) for r in FACES for b in FACES),
    ),
    duel_bet("red-odd", "Red die odd", "nothing", lambda d, s: d[RED] % 2 == 1),
    duel_bet("red-even", "Red die even", "nothing", lambda d, s: d[RED] % 2 == 0),
    duel_bet("blue-odd", "Blue die odd", "nothing", lambda d, s: d[BLUE] % 2 == 1),
    duel_bet("blue-even", "Blue die even", "nothing", lambda d, s: d[BLUE] % 2 == 0),
    duel_bet("total-odd", "Total odd", "nothing", lambda d, s: sum(d) % 2 == 1),
    duel_bet("total-even", "Total even", "nothing", lambda d, s: sum(d) % 2 == 0),
    duel_bet("red-under-3.5", "Red die under 3.5", "nothing", lambda d, s: d[RED] <= 3),
    duel_bet("red-over-3.5", "Red die over 3.5", "nothing", lambda d, s: d[RED] >= 4),
    duel_bet("blue-under-3.5", "Blue die under 3.5", "nothing", lambda d, s: d[BLUE] <= 3),
    duel_bet("blue-over-3.5", "Blue die over 3.5", "nothing", lambda d, s: d[BLUE] >= 4),
    *(b for line in (4, 5, 6, 7, 8, 9) for b in over_under(line)),
)


class DiceDuel(DiceGame):
    slug = "dice-duel"
    name = "Dice Duel"
    section = "12.40"
    dice = 2
    cadence = Cadence(every_seconds=60, closes_before_seconds=10)
    bets = DUEL_BETS

    def describe(self, outcome: Outcome) -> str:
        red, blue = outcome["dice"]
        return f"red {red}, blue {blue}"

    def public(self) -> Mapping[str, Any]:
        return {**super().public(), "dice_colours": ["red", "blue"]}


# --- Craps (12.41): the one-roll bets -------------------------------------------------------


def field(dice: Dice, selection: Selection) -> Fraction:
    """1:1 on 3, 4, 9, 10 and 11; 2:1 on 2; 3:1 on 12."""
    return {2: Fraction(3), 12: Fraction(4)}.get(
        sum(dice), Fraction(2) if sum(dice) in (3, 4, 9, 10, 11) else LOST
    )


def hardway(total: int) -> DiceBet:
    """Wins on the pair, loses on any 7 or the easy way; any other throw leaves it standing,
    and as every round settles its bets, a standing bet is returned (RULES.md)."""
    half = total // 2
    price = Fraction(8) if total in (4, 10) else Fraction(10)

    def pays(dice: Dice, selection: Selection) -> Fraction:
        if dice == (half, half):
            return price
        if sum(dice) in (7, total):
            return LOST
        return RETURNED

    return DiceBet(
        f"hard-{total}", f"Hard {total}", f"nothing: {half} and {half}", odds_text(price), pays
    )


def craps_and_eleven(dice: Dice, selection: Selection) -> Fraction:
    """Half the stake on craps at 7:1, half on eleven at 15:1."""
    total = sum(dice)
    if total in (2, 3, 12):
        return Fraction(8, 2)
    if total == 11:
        return Fraction(16, 2)
    return LOST


CRAPS_BETS: tuple[DiceBet, ...] = (
    DiceBet(
        "field", "Field", "nothing: 2, 3, 4, 9, 10, 11 or 12", "1:1, 2:1 on 2, 3:1 on 12", field
    ),
    bet("seven", "Seven", "nothing: a total of 7", Fraction(5), lambda d, s: sum(d) == 7),
    bet(
        "any-craps", "Craps", "nothing: 2, 3 or 12", Fraction(8), lambda d, s: sum(d) in (2, 3, 12)
    ),
    bet("crap-2", "Crap 2", "nothing: a total of 2", Fraction(31), lambda d, s: sum(d) == 2),
    bet("crap-3", "Crap 3", "nothing: a total of 3", Fraction(16), lambda d, s: sum(d) == 3),
    bet("crap-12", "Crap 12", "nothing: a total of 12", Fraction(31), lambda d, s: sum(d) == 12),
    bet("eleven", "Eleven", "nothing: a total of 11", Fraction(16), lambda d, s: sum(d) == 11),
    DiceBet(
        "c-and-e",
        "C & E",
        "nothing: craps or eleven, half the stake on each",
        "3:1 on craps, 7:1 on eleven",
        craps_and_eleven,
    ),
    *(hardway(total) for total in (4, 6, 8, 10)),
)


class Craps(DiceGame):
    slug = "craps"
    name = "Craps"
    section = "12.41"
    dice = 2
    cadence = Cadence(every_seconds=30, closes_before_seconds=5)
    bets = CRAPS_BETS

    def validate_stake(self, bet_type: str, stake: int) -> None:
        if bet_type == "c-and-e" and stake % 2:
            raise ValueError("A C & E bet is two equal halves: its stake must divide by 2.")


# --- Lightning Dice (12.47) -------------------------------------------------------------------

LIGHTNING_COUNTS = (1, 2, 3, 4, 5)  # lightning totals a round, equally likely
# (factor, weight): a lightning total pays its usual return times the factor.
LIGHTNING_FACTORS: tuple[tuple[int, int], ...] = ((2, 50), (3, 25), (5, 15), (10, 10))
LIGHTNING_TARGET = Fraction(96, 100)
TOTALS = range(3, 19)


def total_chance(total: int) -> Fraction:
    return Fraction(sum(1 for dice in rolls(3) if sum(dice) == total), 216)


def lightning_chance() -> Fraction:
    """The chance that a given total is struck in a round."""
    mean_count = Fraction(sum(LIGHTNING_COUNTS), len(LIGHTNING_COUNTS))
    return mean_count / len(TOTALS)


def mean_factor() -> Fraction:
    weight = sum(w for _, w in LIGHTNING_FACTORS)
    return Fraction(sum(f * w for f, w in LIGHTNING_FACTORS), weight)


def lightning_base_price(total: int) -> Fraction:
    """The usual return of a total, set so that with the lightning factors the bet returns
    at most 96% (in halves, floored): the text gives no figures (RULES.md)."""
    struck = lightning_chance()
    boost = (1 - struck) + struck * mean_factor()
    return Fraction(int(2 * LIGHTNING_TARGET / (total_chance(total) * boost)), 2)


def decimal_text(value: Fraction) -> str:
    """An exact multiple of a half as text: 27.5 -> "27.5", 30 -> "30"."""
    whole, half = divmod(value * 2, 2)
    return f"{whole}.5" if half else str(whole)


class LightningDice(DiceGame):
    slug = "lightning-dice"
    name = "Lightning Dice"
    section = "12.47"
    dice = 3
    cadence = Cadence(every_seconds=45, closes_before_seconds=10)
    bets = tuple(
        bet(
            f"total-{total}",
            f"Total {total}",
            f"nothing: the three dice add up to {total}",
            lightning_base_price(total),
            total_is(total),
        )
        for total in TOTALS
    )

    def outcome(self, rng: Rng) -> Outcome:
        dice = [rng.die() for _ in range(self.dice)]
        count = rng.choice(LIGHTNING_COUNTS)
        struck = rng.sample(list(TOTALS), count)
        boosts = {}
        for total in sorted(struck):
            factor = weighted(rng, LIGHTNING_FACTORS)
            boosts[str(total)] = decimal_text(lightning_base_price(total) * factor)
        return {"dice": dice, "boosts": boosts}

    def payout(self, stake: int, bet_type: str, selection: Selection, outcome: Outcome) -> int:
        paid = super().payout(stake, bet_type, selection, outcome)
        boost = outcome.get("boosts", {}).get(bet_type.removeprefix("total-"))
        return returned(stake, Fraction(boost)) if paid and boost else paid

    def rtp(self, bet_type: str) -> Fraction:
        total = int(self._bet(bet_type).code.removeprefix("total-"))
        struck = lightning_chance()
        weight = sum(w for _, w in LIGHTNING_FACTORS)
        base = lightning_base_price(total)
        boosted = sum(Fraction(w, weight) * base * factor for factor, w in LIGHTNING_FACTORS)
        return total_chance(total) * ((1 - struck) * base + struck * boosted)

    def describe(self, outcome: Outcome) -> str:
        text = super().describe(outcome)
        boosts = outcome.get("boosts") or {}
        if not boosts:
            return text
        struck = ", ".join(f"{total} x{value}" for total, value in boosts.items())
        return f"{text} (lightning {struck})"


DICE_GAMES: tuple[RoundGame, ...] = (
    SicBo("sic-bo", "Sic Bo", simplified=True),
    SicBo("super-sic-bo", "Super Sic Bo", simplified=False),
    SicBo("mega-sic-bo", "Mega Sic Bo", simplified=False),
    DiceDuel(),
    Craps(),
    LightningDice(),
)
