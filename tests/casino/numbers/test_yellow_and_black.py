"""Yellow and Black (12.35): known draws, outcomes won and lost on constructed draws and on
real ones read by the test itself, and every return against counts made here: the sets of
yellow and of black numbers counted apart, chosen numbers by the hypergeometric formula,
the places by every ordered pair of balls."""

from __future__ import annotations

import itertools
import math
from collections import Counter
from fractions import Fraction

import pytest

from casino import registry
from tests.casino.numbers.helpers import draws, pays

SLUG = "yellow-and-black"
YELLOW = range(1, 43, 2)  # the odd numbers (RULES.md)
BLACK = range(2, 43, 2)
ALL_SETS = math.comb(42, 7)


def whole_rules() -> dict[str, tuple[str, object]]:
    """The test's reading of each outcome on the whole draw: which count it reads and when
    it wins. y: yellow balls; ys, bs: the yellow and black sums; t: the total."""
    rules: dict[str, tuple[str, object]] = {
        "yellow-sum-under": ("ys", lambda v: v < 73.5),
        "yellow-sum-over": ("ys", lambda v: v > 73.5),
        "black-sum-under": ("bs", lambda v: v < 73.5),
        "black-sum-over": ("bs", lambda v: v > 73.5),
        "sum-under-100.5": ("t", lambda v: v < 100.5),
        "sum-under-200.5": ("t", lambda v: v < 200.5),
        "more-odd": ("y", lambda v: v > 3),
        "more-even": ("y", lambda v: v < 4),
        "sum-odd": ("t", lambda v: v % 2 == 1),
        "sum-even": ("t", lambda v: v % 2 == 0),
        "more-yellow": ("y", lambda v: v > 7 - v),
        "more-black": ("y", lambda v: 7 - v > v),
    }
    for line in (125.5, 150.5, 175.5):
        rules[f"sum-under-{line:g}"] = ("t", lambda v, line=line: v < line)
        rules[f"sum-over-{line:g}"] = ("t", lambda v, line=line: v > line)
    for colour, of in (("yellow", lambda y: y), ("black", lambda y: 7 - y)):
        for line in (3.5, 2.5, 1.5):
            rules[f"{colour}-under-{line}"] = ("y", lambda y, of=of, line=line: of(y) < line)
            rules[f"{colour}-over-{line}"] = ("y", lambda y, of=of, line=line: of(y) > line)
        rules[f"{colour}-none"] = ("y", lambda y, of=of: of(y) == 0)
        for n in range(1, 8):
            rules[f"{colour}-{n}"] = ("y", lambda y, of=of, n=n: of(y) == n)
    return rules


def place_rules() -> dict[str, tuple[tuple[int, int], object]]:
    """The outcomes on places, read on (first, second) or (first, last)."""
    odd = lambda n: n % 2 == 1  # noqa: E731
    return {
        "first-odd": ((0, 1), lambda a, b: odd(a)),
        "first-even": ((0, 1), lambda a, b: not odd(a)),
        "last-odd": ((0, -1), lambda a, b: odd(b)),
        "last-even": ((0, -1), lambda a, b: not odd(b)),
        "first-two-odd": ((0, 1), lambda a, b: odd(a) and odd(b)),
        "first-two-even": ((0, 1), lambda a, b: not odd(a) and not odd(b)),
        "first-odd-second-even": ((0, 1), lambda a, b: odd(a) and not odd(b)),
        "first-even-second-odd": ((0, 1), lambda a, b: not odd(a) and odd(b)),
        "first-odd-last-even": ((0, -1), lambda a, b: odd(a) and not odd(b)),
        "first-even-last-odd": ((0, -1), lambda a, b: not odd(a) and odd(b)),
        "first-yellow": ((0, 1), lambda a, b: a in YELLOW),
        "first-black": ((0, 1), lambda a, b: a in BLACK),
        "last-yellow": ((0, -1), lambda a, b: b in YELLOW),
        "last-black": ((0, -1), lambda a, b: b in BLACK),
        "first-two-same": ((0, 1), lambda a, b: (a in YELLOW) == (b in YELLOW)),
        "first-two-different": ((0, 1), lambda a, b: (a in YELLOW) != (b in YELLOW)),
    }


WHOLE, PLACES = whole_rules(), place_rules()


@pytest.fixture(scope="module")
def marginals() -> dict[str, Counter]:
    """How many of the C(42, 7) sets show each yellow count, yellow sum, black sum and
    total, from the sets of yellow numbers and of black numbers counted apart."""
    sums = {
        colour: [Counter(map(sum, itertools.combinations(numbers, k))) for k in range(8)]
        for colour, numbers in (("y", YELLOW), ("b", BLACK))
    }
    found: dict[str, Counter] = {"y": Counter(), "ys": Counter(), "bs": Counter(), "t": Counter()}
    for y in range(8):
        yellow, black = sums["y"][y], sums["b"][7 - y]
        found["y"][y] += sum(yellow.values()) * sum(black.values())
        for ys, n in yellow.items():
            found["ys"][ys] += n * sum(black.values())
            for bs, m in black.items():
                found["t"][ys + bs] += n * m
        for bs, m in black.items():
            found["bs"][bs] += m * sum(yellow.values())
    return found


def test_draws_follow_from_their_links():
    game = registry.get(SLUG)
    drawn = [game.committed_outcome(bytes([i]) * 32, "longtable-test", i) for i in (1, 2, 3)]
    assert [d["balls"] for d in drawn] == [
        [4, 29, 13, 23, 2, 9, 30],
        [18, 9, 1, 20, 19, 11, 39],
        [18, 32, 3, 42, 25, 14, 21],
    ]


def test_the_text_lists_73_outcomes_and_the_test_reads_them_all():
    codes = {t.code for t in registry.get(SLUG).bet_types}
    assert len(codes) == 73
    chosen = {"number", "not-number", "two-numbers", "three-numbers", "four-numbers"}
    chosen |= {"seven-none", *(f"seven-{n}" for n in range(1, 6))}
    assert codes == set(WHOLE) | set(PLACES) | chosen


def test_outcomes_on_constructed_draws():
    balls = [1, 3, 5, 2, 4, 7, 42]  # 4 yellow (sum 16), 3 black (sum 48), total 64
    assert pays(SLUG, "more-yellow", balls) == 192 and pays(SLUG, "more-black", balls) == 0
    assert pays(SLUG, "yellow-4", balls) == 325 and pays(SLUG, "black-3", balls) == 325
    assert pays(SLUG, "yellow-sum-under", balls) == 185
    assert pays(SLUG, "sum-under-100.5", balls) == 2_088
    assert pays(SLUG, "first-two-odd", balls) == 393 and pays(SLUG, "first-two-same", balls) == 196
    assert pays(SLUG, "first-odd-last-even", balls) == 374
    assert pays(SLUG, "last-black", balls) == 192 and pays(SLUG, "last-yellow", balls) == 0
    assert pays(SLUG, "number", balls, {"number": 42}) == 576
    assert pays(SLUG, "four-numbers", balls, {"numbers": [1, 2, 3, 42]}) == 307_008
    assert pays(SLUG, "seven-2", balls, {"numbers": [1, 2, 8, 9, 10, 11, 12]}) == 291
    assert pays(SLUG, "seven-3", balls, {"numbers": [1, 2, 8, 9, 10, 11, 12]}) == 0
    assert pays(SLUG, "seven-none", balls, {"numbers": [6, 8, 9, 10, 11, 12, 13]}) == 385


def test_each_outcome_wins_on_400_draws_as_the_test_reads_it():
    game = registry.get(SLUG)
    for outcome in draws(SLUG, 400):
        balls = outcome["balls"]
        y = sum(b in YELLOW for b in balls)
        ys = sum(b for b in balls if b in YELLOW)
        seen = {"y": y, "ys": ys, "bs": sum(balls) - ys, "t": sum(balls)}
        for code, (key, wins) in WHOLE.items():
            assert (game.payout(100, code, {}, outcome) > 0) == wins(seen[key]), code
        for code, ((i, j), wins) in PLACES.items():
            assert (game.payout(100, code, {}, outcome) > 0) == wins(balls[i], balls[j]), code


@pytest.mark.parametrize("code", sorted(WHOLE))
def test_returns_on_the_whole_draw_match_the_count(marginals, code):
    game = registry.get(SLUG)
    key, wins = WHOLE[code]
    chance = Fraction(sum(n for v, n in marginals[key].items() if wins(v)), ALL_SETS)
    assert game.market(code).probability == chance
    assert game.rtp(code) == chance * game.market(code).price < 1


@pytest.mark.parametrize("code", sorted(PLACES))
def test_returns_on_places_match_every_ordered_pair(code):
    game = registry.get(SLUG)
    _, wins = PLACES[code]
    pairs = list(itertools.permutations(range(1, 43), 2))
    chance = Fraction(sum(1 for a, b in pairs if wins(a, b)), len(pairs))
    assert game.rtp(code) == chance * game.market(code).price < 1


def hypergeometric(chosen: int, at_least: int, at_most: int) -> Fraction:
    """The chance that between at_least and at_most of ``chosen`` numbers are drawn."""
    ways = sum(
        math.comb(chosen, hits) * math.comb(42 - chosen, 7 - hits)
        for hits in range(at_least, at_most + 1)
    )
    return Fraction(ways, ALL_SETS)


@pytest.mark.parametrize(
    ("code", "chance"),
    [
        ("number", hypergeometric(1, 1, 1)),
        ("not-number", hypergeometric(1, 0, 0)),
        ("two-numbers", hypergeometric(2, 2, 2)),
        ("three-numbers", hypergeometric(3, 3, 3)),
        ("four-numbers", hypergeometric(4, 4, 4)),
        ("seven-none", hypergeometric(7, 0, 0)),
        *((f"seven-{n}", hypergeometric(7, n, 7)) for n in range(1, 6)),
    ],
)
def test_chosen_numbers_returns_match_the_hypergeometric_count(code, chance):
    game = registry.get(SLUG)
    market = game.market(code)
    assert market.probability == chance
    assert game.rtp(code) == chance * market.price < 1
    if market.pick:  # any numbers have the same chance
        other = {"numbers": list(range(42 - market.pick.count + 1, 43))}
        assert market.chance(other) == chance


def test_the_likeliest_outcomes_get_the_smallest_price_and_still_return_less():
    game = registry.get(SLUG)
    for code in ("sum-under-200.5", "yellow-over-1.5", "black-over-1.5"):
        assert game.market(code).price == Fraction(101, 100)
        assert Fraction(96, 100) < game.rtp(code) < Fraction(97, 100)


@pytest.mark.parametrize(
    ("code", "selection", "message"),
    [
        ("seven-3", {"numbers": [1, 2, 3, 4, 5, 6]}, "7 different numbers from 1 to 42"),
        ("four-numbers", {"numbers": [1, 2, 3, 43]}, "4 different numbers"),
        ("number", {"number": 43}, "a number from 1 to 42"),
    ],
)
def test_bad_selections_are_refused(code, selection, message):
    with pytest.raises(ValueError, match=message):
        registry.get(SLUG).validate_bet(code, selection)
