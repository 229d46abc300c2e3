"""Hundred Ball (12.33): known draws, the text's examples for each of its four outcomes,
every return against a count over the 100 balls and bad ranges refused."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

from casino import registry
from tests.casino.numbers.helpers import pays

SLUG = "hundred-ball"


def test_draws_follow_from_their_links():
    game = registry.get(SLUG)
    drawn = [game.committed_outcome(bytes([i]) * 32, "longtable-test", i) for i in (1, 2, 3)]
    assert [d["balls"] for d in drawn] == [[69], [48], [13]]


def test_the_texts_examples():
    # 10 "lower" wins on 10 or below, at 96/10; 10 "higher" on 10 or above, at 96/91.
    assert pays(SLUG, "lower", [10], {"number": 10}) == 960
    assert pays(SLUG, "lower", [11], {"number": 10}) == 0
    assert pays(SLUG, "higher", [10], {"number": 10}) == 100 * 96 // 91
    assert pays(SLUG, "higher", [9], {"number": 10}) == 0
    # The range 10-37 (28 numbers): inside wins on 10 to 37, ends included.
    inside = {"low": 10, "high": 37}
    assert pays(SLUG, "inside", [10], inside) == pays(SLUG, "inside", [37], inside) == 342
    assert pays(SLUG, "inside", [9], inside) == pays(SLUG, "inside", [38], inside) == 0
    # Outside wins below 10 or above 37: the ends belong to the range (RULES.md).
    assert pays(SLUG, "outside", [9], inside) == pays(SLUG, "outside", [38], inside) == 133
    assert pays(SLUG, "outside", [10], inside) == pays(SLUG, "outside", [37], inside) == 0


def counted(code: str, selection: dict) -> Fraction:
    """What a bet returns per unit staked, counted over the 100 balls with a stake every
    price divides (so no floor hides a crumb)."""
    game = registry.get(SLUG)
    stake = math.lcm(*range(1, 101))
    won = sum(game.payout(stake, code, selection, {"balls": [b]}) for b in range(1, 101))
    return Fraction(won, 100 * stake)


def test_every_return_is_96_percent_by_a_count_over_the_100_balls():
    game = registry.get(SLUG)
    for code in ("lower", "higher"):
        choices = [s for _, s in game.selections(code)]
        assert len(choices) == 95
        assert all(counted(code, selection) == Fraction(96, 100) for selection in choices)
        assert game.rtp(code) == Fraction(96, 100)
    for low, high in ((1, 2), (10, 37), (50, 100), (2, 98)):
        assert counted("inside", {"low": low, "high": high}) == Fraction(96, 100)
    for low, high in ((1, 5), (10, 37), (50, 100), (2, 98)):
        assert counted("outside", {"low": low, "high": high}) == Fraction(96, 100)
    assert game.rtp("inside") == game.rtp("outside") == Fraction(96, 100)


@pytest.mark.parametrize(
    ("code", "selection", "message"),
    [
        ("inside", {"low": 37, "high": 10}, "the first the lower"),
        ("inside", {"low": 0, "high": 10}, "from 1 to 100"),
        ("inside", {"low": 1, "high": 100}, "covers from 1 to 95 numbers; this one covers 100"),
        ("outside", {"low": 3, "high": 5}, "this one covers 97"),
        ("outside", {"low": "3", "high": 50}, "two numbers"),
        ("lower", {"number": 96}, "Lower bet takes a number"),
        ("higher", {"number": 5}, "Higher bet takes a number"),
    ],
)
def test_bad_selections_are_refused(code, selection, message):
    with pytest.raises(ValueError, match=message):
        registry.get(SLUG).validate_bet(code, selection)


def test_labels_show_the_price():
    game = registry.get(SLUG)
    assert game.label("lower", {"number": 10}) == "10 or lower · 9.60x"
    assert game.label("outside", {"low": 10, "high": 37}) == "not in 10 to 37 · 1.33x"
