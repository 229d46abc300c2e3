"""Colour Five (12.34): known draws, the outcomes' wins and losses, and every return
against a count over all 376,992 sets of five balls made here, with the test's own
reading of each outcome."""

from __future__ import annotations

import itertools
import math
from collections import Counter
from fractions import Fraction

import pytest

from casino import registry
from tests.casino.numbers.helpers import draws, pays

SLUG = "colour-five"
COLOURS = ("white", "blue", "green", "red")


def colour(ball: int) -> str:
    return COLOURS[(ball - 1) // 9]


def features(balls) -> tuple[tuple[int, ...], int, int]:
    return (
        tuple(sum(colour(b) == c for b in balls) for c in COLOURS),
        sum(b % 2 for b in balls),
        sum(balls),
    )


def holds(code: str, counts: tuple[int, ...], odd: int, total: int) -> bool:
    """The test's own reading of an outcome with nothing to choose."""
    of = dict(zip(COLOURS, counts, strict=True))
    simple = {
        "more-odd": odd > 5 - odd,
        "more-even": odd < 5 - odd,
        "sum-odd": total % 2 == 1,
        "sum-even": total % 2 == 0,
        "sum-under-92.5": total < 92.5,
        "sum-over-92.5": total > 92.5,
        "same-colour-3": max(counts) >= 3,
        "same-colour-4": max(counts) >= 4,
        "same-colour-5": max(counts) == 5,
        "more-white-green": of["white"] + of["green"] > of["red"] + of["blue"],
        "more-white-red": of["white"] + of["red"] > of["green"] + of["blue"],
        "more-white-blue": of["white"] + of["blue"] > of["green"] + of["red"],
    }
    if code in simple:
        return simple[code]
    first, rest = code.split("-", 1)
    if rest.startswith(("over-", "equals-")) and rest.split("-")[1] in COLOURS:
        relation, second = rest.split("-")
        return of[first] > of[second] if relation == "over" else of[first] == of[second]
    n = of[first]
    return {
        "at-least-1": n >= 1,
        "none": n == 0,
        "over-1.5": n >= 2,
        "under-1.5": n <= 1,
        "over-2.5": n >= 3,
        "under-2.5": n <= 2,
        "over-3.5": n >= 4,
        "5": n == 5,
        "1": n == 1,
        "not-1": n != 1,
        "2": n == 2,
        "not-2": n != 2,
        "3": n == 3,
        "not-3": n != 3,
        "4": n == 4,
    }[rest]


@pytest.fixture(scope="module")
def every_set() -> Counter:
    """How many of the C(36, 5) sets of balls show each (colours, odd count, sum)."""
    return Counter(features(balls) for balls in itertools.combinations(range(1, 37), 5))


PLAIN = [t.code for t in registry.get(SLUG).bet_types if "number" not in t.code]


def test_draws_follow_from_their_links():
    game = registry.get(SLUG)
    drawn = [game.committed_outcome(bytes([i]) * 32, "longtable-test", i) for i in (1, 2, 3)]
    assert [d["balls"] for d in drawn] == [
        [25, 33, 27, 13, 36],
        [36, 13, 9, 22, 11],
        [19, 30, 27, 3, 21],
    ]


def test_the_text_lists_94_outcomes_and_colours_are_nine_numbers_each():
    game = registry.get(SLUG)
    assert len(game.bet_types) == 94
    assert Counter(game.public()["colours"].values()) == {c: 9 for c in COLOURS}
    assert game.colour(9) == "white" and game.colour(10) == "blue" and game.colour(36) == "red"


def test_each_outcome_wins_on_400_draws_as_the_test_reads_it():
    game = registry.get(SLUG)
    for outcome in draws(SLUG, 400):
        for code in PLAIN:
            expected = holds(code, *features(outcome["balls"]))
            assert (game.payout(100, code, {}, outcome) > 0) == expected, (code, outcome)


def test_constructed_draws():
    # Two white (1, 2), one blue (10), one green (19), one red (28): sum 60, odd 1, 19.
    balls = [1, 2, 10, 19, 28]
    assert pays(SLUG, "white-2", balls) == 343 and pays(SLUG, "white-not-2", balls) == 0
    assert pays(SLUG, "white-over-green", balls) == 259
    assert pays(SLUG, "green-equals-red", balls) == 369
    assert pays(SLUG, "sum-under-92.5", balls) == 192 and pays(SLUG, "sum-over-92.5", balls) == 0
    assert pays(SLUG, "more-even", balls) == 192
    assert pays(SLUG, "same-colour-3", balls) == 0
    assert pays(SLUG, "number", balls, {"number": 19}) == 691
    assert pays(SLUG, "not-number", balls, {"number": 19}) == 0
    assert pays(SLUG, "two-numbers", balls, {"numbers": [2, 28]}) == 6_048
    assert pays(SLUG, "three-numbers", balls, {"numbers": [2, 28, 29]}) == 0
    assert pays(SLUG, "red-5", [28, 29, 30, 31, 32]) == 287_232


@pytest.mark.parametrize("code", PLAIN)
def test_every_return_matches_the_count_over_every_set(every_set, code):
    game = registry.get(SLUG)
    chance = Fraction(sum(n for key, n in every_set.items() if holds(code, *key)), math.comb(36, 5))
    price = game.market(code).price
    assert game.rtp(code) == chance * price
    assert Fraction(90, 100) < game.rtp(code) <= Fraction(96, 100)


def test_chosen_numbers_returns_by_counting_sets_that_hold_them():
    game = registry.get(SLUG)
    sets = list(itertools.combinations(range(1, 37), 5))
    for code, chosen in (("number", [7]), ("two-numbers", [7, 30]), ("three-numbers", [1, 7, 30])):
        hits = sum(1 for s in sets if set(chosen) <= set(s))
        assert game.market(code).probability == Fraction(hits, len(sets))
        assert game.rtp(code) == Fraction(hits, len(sets)) * game.market(code).price
    missing = sum(1 for s in sets if 7 not in s)
    assert game.market("not-number").probability == Fraction(missing, len(sets))
    for code in ("two-numbers", "three-numbers"):
        chance = game.market(code).chance
        assert chance({"numbers": [35, 36, 1][: 2 if code == "two-numbers" else 3]}) == chance(
            game.market(code).example
        )


@pytest.mark.parametrize(
    ("code", "selection", "message"),
    [
        ("two-numbers", {"numbers": [3, 3]}, "2 different numbers from 1 to 36"),
        ("two-numbers", {"numbers": [3, 37]}, "2 different numbers from 1 to 36"),
        ("three-numbers", {"numbers": [1, 2]}, "3 different numbers"),
        ("three-numbers", "1 2 3", "3 different numbers"),
        ("number", {"number": 0}, "a number from 1 to 36"),
    ],
)
def test_bad_selections_are_refused(code, selection, message):
    with pytest.raises(ValueError, match=message):
        registry.get(SLUG).validate_bet(code, selection)


def test_picked_numbers_are_sorted_and_labelled():
    game = registry.get(SLUG)
    assert game.validate_bet("two-numbers", {"numbers": [30, 4]}) == {"numbers": [4, 30]}
    assert game.label("two-numbers", {"numbers": [4, 30]}) == "Two numbers drawn: 4 30"
    assert game.label("number", {"number": 4}) == "Number drawn 4"
