"""Six Zones (12.38): the reconstructed balls add up to the text's sums, known draws, the
outcomes won and lost, and every return against counts made here: every multiset of six
(colour, digit) kinds weighed by the ways to draw it, and every ordered pair for a zone."""

from __future__ import annotations

import itertools
import math
from collections import Counter
from fractions import Fraction

import pytest

from casino import registry
from casino.numbers.six_zones import digit
from tests.casino.numbers.helpers import draws

SLUG = "six-zones"
# The reconstruction, written out: how many balls of each digit each colour has.
RED = {0: 2, 3: 4, **{d: 3 for d in (1, 2, 4, 5, 6, 7, 8, 9)}}
BLUE = {0: 4, 3: 2, **{d: 3 for d in (1, 2, 4, 5, 6, 7, 8, 9)}}
KINDS = [("red", d, n) for d, n in RED.items()] + [("blue", d, n) for d, n in BLUE.items()]
ZONES = {"a": (0, 1), "b": (2, 3), "c": (4, 5)}


def test_the_balls_match_the_texts_sums():
    assert sum(RED.values()) == sum(BLUE.values()) == 30
    assert sum(d * n for d, n in RED.items()) == 138
    assert sum(d * n for d, n in BLUE.items()) == 132
    game = registry.get(SLUG)
    balls = [(game.colour(ball), digit(ball)) for ball in range(1, 61)]
    assert Counter(balls) == {(c, d): n for c, d, n in KINDS}


def test_draws_follow_from_their_links():
    game = registry.get(SLUG)
    drawn = [game.committed_outcome(bytes([i]) * 32, "longtable-test", i) for i in (1, 2, 3)]
    assert [d["balls"] for d in drawn] == [
        [19, 21, 8, 16, 23, 53],
        [13, 45, 10, 43, 31, 53],
        [58, 46, 16, 13, 27, 22],
    ]
    assert game.describe(drawn[0]) == "A 66 · B 25 · C 77"


def whole(red_sum: int, blue_sum: int, evens: int, zeros: int) -> dict[str, bool]:
    """The test's reading of the outcomes on all six balls (zeros: how many show 0, the
    chosen digit of the count outcomes)."""
    total = red_sum + blue_sum
    return {
        "digit-over-1.5": zeros > 1.5,
        "digit-under-1.5": zeros < 1.5,
        "digit-even": zeros % 2 == 0,
        "digit-odd": zeros % 2 == 1,
        "red-under-13.5": red_sum < 13.5,
        "red-over-13.5": red_sum > 13.5,
        "blue-under-12.5": blue_sum < 12.5,
        "blue-over-12.5": blue_sum > 12.5,
        "sum-even": total % 2 == 0,
        "sum-odd": total % 2 == 1,
        "even-under-2.5": evens < 2.5,
        "even-over-2.5": evens > 2.5,
        "odd-under-2.5": 6 - evens < 2.5,
        "odd-over-2.5": 6 - evens > 2.5,
        **{f"sum-under-{x:g}": total < x for x in (26.5, 15.5, 38.5)},
        **{f"sum-over-{x:g}": total > x for x in (26.5, 15.5, 38.5)},
    }


def zone(code: str, first: int, second: int, selection: dict) -> bool:
    """The test's reading of the outcomes on one zone's two digits."""
    kind = code.split("-", 2)[2]
    return {
        "number": (first, second) == (selection.get("tens"), selection.get("units")),
        "double": (first, second) == (selection.get("tens"), selection.get("units")),
        "under-9.5": first + second < 9.5,
        "over-9.5": first + second > 9.5,
        "even": (first + second) % 2 == 0,
        "odd": (first + second) % 2 == 1,
    }[kind]


@pytest.fixture(scope="module")
def every_draw() -> Counter:
    """How many of the C(60, 6) sets of balls show each (red sum, blue sum, even digits,
    zeros), over every multiset of six kinds."""
    found: Counter = Counter()
    for kinds in itertools.combinations_with_replacement(range(len(KINDS)), 6):
        taken = Counter(kinds)
        ways = math.prod(math.comb(KINDS[k][2], n) for k, n in taken.items())
        if not ways:
            continue
        red = sum(KINDS[k][1] for k in kinds if KINDS[k][0] == "red")
        blue = sum(KINDS[k][1] for k in kinds if KINDS[k][0] == "blue")
        evens = sum(KINDS[k][1] % 2 == 0 for k in kinds)
        zeros = sum(KINDS[k][1] == 0 for k in kinds)
        found[(red, blue, evens, zeros)] += ways
    assert sum(found.values()) == math.comb(60, 6)
    return found


WHOLE_CODES = sorted(whole(0, 0, 0, 0))


@pytest.mark.parametrize("code", WHOLE_CODES)
def test_returns_on_all_six_balls_match_the_count(every_draw, code):
    game = registry.get(SLUG)
    chance = Fraction(
        sum(n for key, n in every_draw.items() if whole(*key)[code]), math.comb(60, 6)
    )
    market = game.market(code)
    choices = market.choices
    assert market.chance(choices[0][1]) == chance  # the digit 0, as counted
    assert all(market.chance(s) == chance for _, s in choices)  # every digit alike
    assert game.rtp(code) == chance * market.price < 1


ZONE_CODES = [t.code for t in registry.get(SLUG).bet_types if t.code.startswith("zone-")]


@pytest.mark.parametrize("code", ZONE_CODES)
def test_zone_returns_match_every_ordered_pair_of_balls(code):
    game = registry.get(SLUG)
    digits = [d for _, d, n in KINDS for _ in range(n)]
    pairs = list(itertools.permutations(range(60), 2))
    market = game.market(code)
    for _, selection in market.choices[:3]:
        won = sum(1 for i, j in pairs if zone(code, digits[i], digits[j], selection))
        assert market.chance(selection) == Fraction(won, len(pairs))
    assert game.rtp(code) < 1


def test_digit_in_a_zone_matches_the_pairs():
    game = registry.get(SLUG)
    digits = [d for _, d, n in KINDS for _ in range(n)]
    pairs = list(itertools.permutations(range(60), 2))
    won = sum(1 for i, j in pairs if 7 in (digits[i], digits[j]))
    for code in ("digit-in-a", "digit-in-b", "digit-in-c"):
        assert game.market(code).chance({"digit": 7}) == Fraction(won, len(pairs))


def test_each_outcome_wins_on_300_draws_as_the_test_reads_it():
    game = registry.get(SLUG)
    for outcome in draws(SLUG, 300):
        balls = outcome["balls"]
        shown = [digit(b) for b in balls]
        red = sum(digit(b) for b in balls if game.colour(b) == "red")
        seen = whole(red, sum(shown) - red, sum(d % 2 == 0 for d in shown), shown.count(0))
        for code, won in seen.items():
            selection = {"digit": 0} if code.startswith("digit-") else {}
            assert (game.payout(100, code, selection, outcome) > 0) == won, code
        for code in ZONE_CODES:
            i, j = ZONES[code.split("-")[1]]
            selection = {"tens": shown[i], "units": shown[j]}
            if code.endswith(("number", "double")) and (shown[i] == shown[j]) != code.endswith(
                "double"
            ):
                continue
            expected = zone(code, shown[i], shown[j], selection)
            assert (game.payout(100, code, selection, outcome) > 0) == expected, code
        for name, (i, _) in ZONES.items():
            assert game.payout(100, f"digit-in-{name}", {"digit": shown[i]}, outcome) > 0


def test_a_double_and_two_digits_are_priced_apart():
    game = registry.get(SLUG)
    number, double = game.market("zone-a-number"), game.market("zone-a-double")
    assert number.probability == Fraction(36, 3540) and double.probability == Fraction(30, 3540)
    assert all(s["tens"] != s["units"] for _, s in number.choices) and len(number.choices) == 90
    assert all(s["tens"] == s["units"] for _, s in double.choices) and len(double.choices) == 10


def test_bad_selections_are_refused():
    game = registry.get(SLUG)
    with pytest.raises(ValueError, match="a double"):
        game.validate_bet("zone-a-double", {"tens": 1, "units": 2})
    with pytest.raises(ValueError, match="two different digits"):
        game.validate_bet("zone-b-number", {"tens": 3, "units": 3})
    with pytest.raises(ValueError, match="a digit from 0 to 9"):
        game.validate_bet("digit-odd", {"digit": 10})
