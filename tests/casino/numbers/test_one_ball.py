"""One Ball (12.52): known draws from fixed links, each outcome's win and loss, every
return against a count over the 37 balls, and bad selections refused."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

from casino import registry
from casino.rounds import rtp_percent
from tests.casino.numbers.helpers import pays

SLUG = "one-ball"
RED = {1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36}


def test_draws_follow_from_their_links():
    game = registry.get(SLUG)
    drawn = [game.committed_outcome(bytes([i]) * 32, "longtable-test", i) for i in (1, 2, 3)]
    assert [d["balls"] for d in drawn] == [[14], [24], [0]]
    assert game.describe(drawn[0]) == "14 red" and game.describe(drawn[2]) == "0 green"


def test_the_text_lists_41_outcomes():
    assert len(registry.get(SLUG).bet_types) == 41


# What each outcome of the text covers, written out here from the text's list.
COVERS: dict[str, set[int]] = {
    "1-12": set(range(1, 13)),
    "13-24": set(range(13, 25)),
    "25-36": set(range(25, 37)),
    "column-1": {1, 4, 7, 10, 13, 16, 19, 22, 25, 28, 31, 34},
    "column-2": {2, 5, 8, 11, 14, 17, 20, 23, 26, 29, 32, 35},
    "column-3": {3, 6, 9, 12, 15, 18, 21, 24, 27, 30, 33, 36},
    **{f"{a}-{a + 2}": set(range(a, a + 3)) for a in range(1, 37, 3)},
    **{f"{a}-{a + 5}": set(range(a, a + 6)) for a in range(1, 37, 6)},
    "1-18": set(range(1, 19)),
    "19-36": set(range(19, 37)),
    **{f"over-{x}.5": set(range(x + 1, 37)) for x in (18, 14, 22, 9, 27)},
    **{f"under-{x}.5": set(range(0, x + 1)) for x in (18, 14, 22, 9, 27)},
    "red": RED,
    "black": set(range(1, 37)) - RED,
    "even": set(range(2, 37, 2)),
    "odd": set(range(1, 37, 2)),
}


@pytest.mark.parametrize("code", sorted(COVERS))
def test_each_outcome_wins_on_its_numbers_only_and_pays_36_shared_among_them(code):
    covered = COVERS[code]
    for ball in range(37):
        expected = 100 * 36 // len(covered) if ball in covered else 0
        assert pays(SLUG, code, [ball]) == expected, ball


def test_the_texts_examples_and_zero():
    assert pays(SLUG, "13-15", [14]) == 1_200  # "a ball from the interval 13 to 15"
    assert pays(SLUG, "number", [0], {"number": 0}) == 3_600
    assert pays(SLUG, "number", [17], {"number": 0}) == 0
    for code in ("red", "black", "even", "odd", "1-18", "over-18.5"):
        assert pays(SLUG, code, [0]) == 0  # zero is green, neither odd nor even, below 1
    assert pays(SLUG, "under-9.5", [0]) == 360  # but it is a number under every line


@pytest.mark.parametrize("code", [t.code for t in registry.get(SLUG).bet_types])
def test_every_return_matches_a_count_over_the_37_balls(code):
    game = registry.get(SLUG)
    choices = [s for _, s in game.selections(code)]
    stake = math.lcm(*range(1, 38))  # every price divides it: no floor to count
    counted = sum(
        Fraction(game.payout(stake, code, s, {"balls": [ball]}), stake * 37)
        for s in choices
        for ball in range(37)
    ) / len(choices)
    assert game.rtp(code) == counted == Fraction(36, 37)
    assert rtp_percent(game.rtp(code)) == "97.30"


def test_bad_selections_are_refused():
    game = registry.get(SLUG)
    for bad in ({"number": 37}, {"number": "7"}, {}, [7]):
        with pytest.raises(ValueError, match="a number from 0 to 36"):
            game.validate_bet("number", bad)
    with pytest.raises(ValueError, match="no such bet"):
        game.validate_bet("corner", {})
    assert game.validate_bet("red", {}) == {}
