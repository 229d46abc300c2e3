"""Each roulette bet's exact return to player against an independent count: this test
builds the table's bets from grid coordinates, enumerates the pockets (and Double Ball's
pairs of pockets) itself and prices them with its own small table, never calling the
game's payout."""

from __future__ import annotations

from fractions import Fraction

import pytest

from casino import registry
from casino.roulette.games import ROULETTES
from casino.rounds import rtp_percent

NUMBERS = [str(n) for n in range(1, 37)]
RED = {str(n) for n in (1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36)}


def cell(label: str) -> tuple[int, int]:
    n = int(label)
    return (n - 1) // 3, (n - 1) % 3


def block(rows: int, cols: int) -> list[frozenset[str]]:
    """Every rows x cols rectangle of the 12 x 3 grid."""
    return [
        frozenset(
            n
            for n in NUMBERS
            if top <= cell(n)[0] < top + rows and left <= cell(n)[1] < left + cols
        )
        for top in range(12 - rows + 1)
        for left in range(3 - cols + 1)
    ]


ZERO_BETS = {
    "single": {"split": ["0 1", "0 2", "0 3"], "street": ["0 1 2", "0 2 3"]},
    "double": {
        "split": ["0 1", "0 2", "00 2", "00 3", "0 00"],
        "street": ["0 1 2", "0 00 2", "00 2 3"],
    },
}


def bet_sets(code: str, zeros: list[str]) -> list[frozenset[str]]:
    extra = ZERO_BETS["double" if "00" in zeros else "single"]
    sets = {
        "straight": [frozenset({p}) for p in zeros + NUMBERS],
        "pair": [frozenset({p}) for p in zeros + NUMBERS],
        "split": block(1, 2) + block(2, 1) + [frozenset(s.split()) for s in extra["split"]],
        "street": block(1, 3) + [frozenset(s.split()) for s in extra["street"]],
        "corner": block(2, 2),
        "line": block(2, 3),
        "five": [frozenset({"0", "00", "1", "2", "3"})],
        "dozen": [frozenset(NUMBERS[i : i + 12]) for i in (0, 12, 24)],
        "column": [frozenset(NUMBERS[i::3]) for i in (0, 1, 2)],
        "red": [frozenset(RED)],
        "black": [frozenset(NUMBERS) - RED],
        "odd": [frozenset(n for n in NUMBERS if int(n) % 2)],
        "even": [frozenset(n for n in NUMBERS if not int(n) % 2)],
        "low": [frozenset(NUMBERS[:18])],
        "high": [frozenset(NUMBERS[18:])],
    }
    return sets[code]


# Total returned per unit when the bet wins, stake included.
RETURNS = {"straight": 36, "split": 18, "street": 12, "corner": 9, "line": 6, "five": 7,
           "dozen": 3, "column": 3}  # fmt: skip
EVEN_MONEY = {"red", "black", "odd", "even", "low", "high"}
NEIGHBOURS = {  # chips as (numbers, count): the rules' table
    "zero-game": [("0 3", 1), ("12 15", 1), ("26", 1), ("32 35", 1)],
    "voisins": [("0 2 3", 2), ("4 7", 1), ("12 15", 1), ("18 21", 1), ("19 22", 1),
                ("25 26 28 29", 2), ("32 35", 1)],
    "orphelins": [("1", 1), ("6 9", 1), ("14 17", 1), ("17 20", 1), ("31 34", 1)],
    "tiers": [("5 8", 1), ("10 11", 1), ("13 16", 1), ("23 24", 1), ("27 30", 1), ("33 36", 1)],
}  # fmt: skip
CHIP_RETURNS = {1: 36, 2: 18, 3: 12, 4: 9}
# A straight-up's return on its own number with boosted numbers: the plain odds when the
# number is not boosted, else its multiplier; a number is boosted with chance mean count/37.
BOOSTED = {
    "roulette-lightning": (30, Fraction(3, 37), {50: 50, 100: 30, 200: 14, 300: 4, 400: 1, 500: 1}),
    "roulette-mega": (31, Fraction(5, 37), {50: 86, 100: 9, 200: 2, 300: 1, 400: 1, 500: 1}),
}  # fmt: skip


def straight_return(slug: str) -> Fraction:
    if slug not in BOOSTED:
        return Fraction(36)
    plain, chance, weights = BOOSTED[slug]
    mean = Fraction(sum(m * w for m, w in weights.items()), sum(weights.values()))
    return (1 - chance) * plain + chance * mean


def single_ball_rtp(slug: str, code: str, zeros: list[str]) -> Fraction:
    pockets = zeros + NUMBERS
    partage = slug in {"roulette-la-partage", "roulette-french-gold"}

    def returned(covered: frozenset[str], pocket: str) -> Fraction:
        if pocket in covered:
            return straight_return(slug) if len(covered) == 1 else Fraction(RETURNS.get(code, 2))
        if partage and code in EVEN_MONEY and pocket in zeros:
            return Fraction(1, 2)
        return Fraction(0)

    if code in NEIGHBOURS:
        chips = NEIGHBOURS[code]
        count = sum(n for _, n in chips)
        total = Fraction(0)
        for pocket in pockets:
            for numbers, n in chips:
                covered = numbers.split()
                if pocket in covered:
                    chip_return = (
                        straight_return(slug) if len(covered) == 1 else CHIP_RETURNS[len(covered)]
                    )
                    total += Fraction(n, count) * chip_return
        return total / len(pockets)
    sets = bet_sets(code, zeros)
    total = sum((returned(s, p) for s in sets for p in pockets), Fraction(0))
    return total / (len(sets) * len(pockets))


# Double Ball (RULES.md): inside bets win their odds once per ball on them; the outside
# bets need both balls; prices as total returned per win.
DOUBLE_ODDS = {"straight": 17, "split": 8, "street": 5, "corner": Fraction(7, 2), "line": 2,
               "column": 8, "dozen": 8, "red": 3, "black": 3, "even": 3, "odd": 3, "low": 3,
               "high": 3}  # fmt: skip


def double_ball_return(code: str, covered: frozenset[str], a: str, b: str) -> Fraction:
    if code in {"straight", "split", "street", "corner", "line"}:
        hits = (a in covered) + (b in covered)
        return 1 + hits * Fraction(DOUBLE_ODDS[code]) if hits else Fraction(0)
    if code == "red-black":
        return Fraction(2) if {a in RED, b in RED} == {True, False} and "0" not in (a, b) else 0
    if code == "any-pair":
        return Fraction(36) if a == b else Fraction(0)
    if code == "pair":
        return Fraction(1301) if a == b and a in covered else Fraction(0)
    return 1 + Fraction(DOUBLE_ODDS[code]) if a in covered and b in covered else Fraction(0)


def double_ball_rtp(code: str) -> Fraction:
    pockets = ["0", *NUMBERS]
    sets = bet_sets(code, ["0"]) if code not in {"red-black", "any-pair"} else [frozenset()]
    total = sum(
        (double_ball_return(code, s, a, b) for s in sets for a in pockets for b in pockets),
        Fraction(0),
    )
    return total / (len(sets) * len(pockets) ** 2)


def independent_rtp(slug: str, code: str) -> Fraction:
    if slug == "roulette-double-ball":
        return double_ball_rtp(code)
    zeros = ["0", "00"] if slug == "roulette-american" else ["0"]
    return single_ball_rtp(slug, code, zeros)


CASES = [(game.slug, bet.code) for game in ROULETTES for bet in game.bet_types]


@pytest.mark.parametrize(("slug", "code"), CASES)
def test_rtp_matches_an_independent_count(slug, code):
    game = registry.get(slug)
    assert game.rtp(code) == independent_rtp(slug, code)


def test_the_independent_count_sees_the_same_bets():
    # The grid built here holds as many bets as the games offer.
    single, double = ["0"], ["0", "00"]
    assert [len(bet_sets(c, single)) for c in ("split", "street", "corner", "line")] == [
        60, 14, 22, 11
    ]  # fmt: skip
    assert [len(bet_sets(c, double)) for c in ("straight", "split", "street")] == [38, 62, 15]
    for slug, code in CASES:
        game = registry.get(slug)
        if code in NEIGHBOURS or code in {"red-black", "any-pair"}:
            continue
        zeros = list(game.wheel.zeros)
        theirs = {frozenset(s.get("pockets", [])) for _, s in game.selections(code)}
        if code in {"dozen", "column"} or code in EVEN_MONEY:
            assert len(theirs) == 1 and len(game.selections(code)) == len(bet_sets(code, zeros))
        else:
            assert theirs == set(bet_sets(code, zeros)), (slug, code)


PERCENT = {
    "roulette-european": {"*": "97.30"},
    "roulette-electronic": {"*": "97.30"},
    "roulette-lightning": {"*": "97.30"},
    "roulette-mega": {"*": "97.30"},
    "roulette-american": {"*": "94.74", "five": "92.11"},
    "roulette-la-partage": {"*": "97.30", **dict.fromkeys(EVEN_MONEY, "98.65")},
    "roulette-french-gold": {"*": "97.30", **dict.fromkeys(EVEN_MONEY, "98.65")},
    "roulette-double-ball": {
        "straight": "97.22",
        "split": "97.01",
        "street": "96.64",
        "corner": "96.13",
        "any-pair": "97.30",
        "pair": "95.03",
        "*": "94.67",
    },
}


@pytest.mark.parametrize(("slug", "code"), CASES)
def test_rtp_percent_pinned(slug, code):
    expected = PERCENT[slug].get(code, PERCENT[slug]["*"])
    assert rtp_percent(registry.get(slug).rtp(code)) == expected


def test_exact_returns_worked_by_hand():
    european = registry.get("roulette-european")
    assert european.rtp("straight") == Fraction(36, 37)
    assert registry.get("roulette-american").rtp("five") == Fraction(35, 38)
    assert registry.get("roulette-la-partage").rtp("red") == Fraction(73, 74)
    double = registry.get("roulette-double-ball")
    # Straight: one ball on it (72 of 1,369 pairs) returns 18, both (1) return 35.
    assert double.rtp("straight") == Fraction(72 * 18 + 35, 1369)
    # Red or black: one ball on each colour, 648 of 1,369 pairs, returns 2.
    assert double.rtp("red-black") == Fraction(648 * 2, 1369)
    assert double.rtp("pair") == Fraction(1301, 1369)
    assert registry.get("roulette-lightning").rtp("straight") == Fraction(36, 37)


@pytest.mark.parametrize("game", ROULETTES, ids=lambda game: game.slug)
def test_distribution_sums_to_one(game):
    assert sum(p for p, _ in game.distribution()) == 1
