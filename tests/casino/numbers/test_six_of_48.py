"""Six of 48 (12.46): known draws, the six numbers completed at each ball, the other
outcomes won and lost, and every return against counts made here."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import pytest

from casino import registry
from tests.casino.numbers.helpers import draws, pays

SLUG = "six-of-48"
COLOURS = ("green", "blue", "red", "purple", "yellow", "orange", "brown", "black")


def test_draws_follow_from_their_links():
    game = registry.get(SLUG)
    drawn = [game.committed_outcome(bytes([i]) * 32, "longtable-test", i) for i in (1, 2, 3)]
    assert [d["balls"][:6] for d in drawn] == [
        [26, 36, 25, 14, 2, 15],
        [9, 46, 39, 48, 36, 15],
        [35, 21, 44, 31, 41, 24],
    ]
    assert all(len(d["balls"]) == len(set(d["balls"])) == 35 for d in drawn)


def test_the_text_lists_44_outcomes_and_the_texts_colours():
    game = registry.get(SLUG)
    assert len(game.bet_types) == 44
    assert [game.colour(n) for n in (1, 9, 41, 2, 8, 48, 5, 45)] == [
        "green",
        "green",
        "green",
        "blue",
        "black",
        "black",
        "yellow",
        "yellow",
    ]


def test_six_numbers_pay_only_at_the_ball_that_completes_them():
    balls = list(range(1, 36))  # 1 first, 35 last
    chosen = {"numbers": [3, 1, 9, 2, 4, 5]}  # completed by 9, the ninth ball
    game = registry.get(SLUG)
    price = game.market("six-by-9").price
    assert pays(SLUG, "six-by-9", balls, chosen) == 100 * price.numerator // price.denominator
    assert pays(SLUG, "six-by-10", balls, chosen) == pays(SLUG, "six-by-8", balls, chosen) == 0
    assert game.result("six-by-9", chosen, {"balls": balls}) == {"completed_at": 9}
    assert game.describe_result({"completed_at": 9}) == "complete with ball 9"
    late = {"numbers": [1, 2, 3, 4, 5, 40]}  # 40 is never drawn
    assert pays(SLUG, "six-by-35", balls, late) == 0
    assert game.result("six-by-35", late, {"balls": balls}) == {}


def test_the_other_outcomes_on_a_constructed_draw():
    balls = [48, 47, 46, 45, 44, *range(1, 31)]  # first five sum 230, last ball 30
    assert (
        pays(SLUG, "first-five-over", balls) == 192 and pays(SLUG, "first-five-under", balls) == 0
    )
    assert pays(SLUG, "first-over", balls) == 192 and pays(SLUG, "last-over", balls) == 192
    assert pays(SLUG, "first-even", balls) == 192 and pays(SLUG, "last-odd", balls) == 0
    assert pays(SLUG, "first-colour", balls, {"colour": "black"}) == 768
    assert pays(SLUG, "last-colour", balls, {"colour": "orange"}) == 768  # 30 = 6 + 3 * 8
    evens = sum(b % 2 == 0 for b in balls)
    assert (pays(SLUG, "more-even", balls) > 0) == (evens > 35 - evens)


@pytest.mark.parametrize("place", range(6, 36))
def test_six_numbers_returns_match_a_count_of_the_places(place):
    # All six among the first ``place`` balls, less all six among the first place - 1.
    chance = Fraction(math.comb(place, 6) - math.comb(place - 1, 6), math.comb(48, 6))
    game = registry.get(SLUG)
    assert game.market(f"six-by-{place}").probability == chance
    assert game.rtp(f"six-by-{place}") == chance * game.market(f"six-by-{place}").price < 1


def test_six_numbers_chances_on_a_small_drum_by_every_order():
    """The counting argument of the game, checked by every order of a drum of 8 balls with
    3 chosen numbers: the chance that the last of them comes out at each place."""
    orders = list(itertools.permutations(range(8)))
    for place in range(3, 9):
        won = sum(1 for order in orders if max(order.index(n) for n in (0, 1, 2)) + 1 == place)
        assert Fraction(won, len(orders)) == Fraction(math.comb(place - 1, 2), math.comb(8, 3))


def test_the_first_five_sum_by_every_set_of_five():
    sets = math.comb(48, 5)
    over = sum(1 for s in itertools.combinations(range(1, 49), 5) if sum(s) > 122.5)
    game = registry.get(SLUG)
    assert game.market("first-five-over").probability == Fraction(over, sets)
    assert game.market("first-five-under").probability == Fraction(sets - over, sets)


def test_more_even_or_odd_by_the_hypergeometric_count():
    drawn = math.comb(48, 35)
    more_even = sum(math.comb(24, e) * math.comb(24, 35 - e) for e in range(18, 25))
    game = registry.get(SLUG)
    assert game.market("more-even").probability == Fraction(more_even, drawn)
    assert game.market("more-odd").probability == Fraction(drawn - more_even, drawn)


@pytest.mark.parametrize(
    ("code", "wins"),
    [
        ("first-over", lambda b: b > 24.5),
        ("first-under", lambda b: b < 24.5),
        ("last-over", lambda b: b > 24.5),
        ("last-under", lambda b: b < 24.5),
        ("first-even", lambda b: b % 2 == 0),
        ("first-odd", lambda b: b % 2 == 1),
        ("last-even", lambda b: b % 2 == 0),
        ("last-odd", lambda b: b % 2 == 1),
    ],
)
def test_one_ball_returns_match_a_count_of_the_48_balls(code, wins):
    chance = Fraction(sum(1 for b in range(1, 49) if wins(b)), 48)
    game = registry.get(SLUG)
    assert game.rtp(code) == chance * game.market(code).price < 1


def test_colour_returns_and_every_colour_alike():
    game = registry.get(SLUG)
    for code in ("first-colour", "last-colour"):
        market = game.market(code)
        assert [s["colour"] for _, s in market.choices] == list(COLOURS)
        assert {market.chance(s) for _, s in market.choices} == {Fraction(1, 8)}
        assert game.rtp(code) == Fraction(1, 8) * market.price


def test_each_outcome_on_300_draws():
    game = registry.get(SLUG)
    for outcome in draws(SLUG, 300):
        balls = outcome["balls"]
        first, last = balls[0], balls[-1]
        assert (game.payout(100, "first-over", {}, outcome) > 0) == (first > 24)
        assert (game.payout(100, "last-odd", {}, outcome) > 0) == (last % 2 == 1)
        assert (game.payout(100, "first-five-over", {}, outcome) > 0) == (sum(balls[:5]) > 122)
        chosen = {"numbers": sorted(balls[:6])}
        assert game.payout(100, "six-by-6", chosen, outcome) > 0


def test_bad_selections_are_refused():
    game = registry.get(SLUG)
    with pytest.raises(ValueError, match="6 different numbers from 1 to 48"):
        game.validate_bet("six-by-20", {"numbers": [1, 2, 3, 4, 5]})
    with pytest.raises(ValueError, match="6 different numbers from 1 to 48"):
        game.validate_bet("six-by-20", {"numbers": [1, 2, 3, 4, 5, 49]})
    with pytest.raises(ValueError, match="a colour"):
        game.validate_bet("first-colour", {"colour": "white"})
