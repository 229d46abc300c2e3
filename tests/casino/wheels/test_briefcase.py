"""The briefcase show (12.28): known rounds from fixed links, the vault's rings and the
briefcase kept or switched on constructed rounds, every spin's exact return against a
count over every ring stop and briefcase this test makes itself, and bad choices refused."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from casino import registry
from casino.rounds import rtp_percent

GAME = "briefcase-show"
CASES = [1, 2, 3, 4, 5, 7, 10, 12, 15, 20, 25, 30, 40, 50, 75, 115]


def game():
    return registry.get(GAME)


def test_rounds_follow_from_their_links():
    outcomes = [game().committed_outcome(bytes([i]) * 32, "longtable-test", i) for i in (1, 2, 3)]
    assert [game().describe(o) for o in outcomes] == [
        "3 gold; briefcase 12x, the last 4x",
        "2 gold; briefcase 3x, the last 2x",
        "2 gold; briefcase 12x, the last 15x",
    ]
    first = outcomes[0]
    assert sorted(first["cases"]) == CASES and len(first["opened"]) == 15
    assert first["mine"] not in first["opened"]
    assert first["offers"] == ["12.26", "9.17", "10.08", "7.20"]


def played(rings: list[int], mine: int = 7, last: int = 115) -> dict:
    cases = [c for c in CASES if c not in (mine, last)]
    return {
        "rings": rings,
        "cases": [mine, *cases, last],
        "mine": 0,
        "opened": list(range(1, 16)),
        "offers": ["1.00"] * 4,
    }


def test_a_spin_qualifies_when_the_rings_left_to_chance_are_gold():
    keep, switch = {"final": "keep"}, {"final": "switch"}
    assert game().payout(100, "spin-0", keep, played([0, 0, 0])) == 700
    assert game().payout(100, "spin-0", switch, played([0, 0, 0])) == 11_500
    assert game().payout(100, "spin-0", keep, played([1, 0, 0])) == 0
    # One ring bought (3 bets): the first ring matches by itself.
    assert game().payout(300, "spin-1", keep, played([2, 0, 0])) == 700
    assert game().payout(300, "spin-1", keep, played([0, 1, 0])) == 0
    # Two rings bought (9 bets): only the third ring is left to chance.
    assert game().payout(900, "spin-2", keep, played([2, 1, 0])) == 700
    assert game().payout(900, "spin-2", keep, played([0, 0, 2])) == 0


def briefcase_count(rings_bought: int, final: str) -> Fraction:
    """Every stop of the three rings (3 x 3 x 3) and every pair (mine, the last) of the
    16 briefcases: the mean of what a spin costing 1, 3 or 9 bets brings back."""
    cost = (1, 3, 9)[rings_bought]
    total, cases = Fraction(0), 0
    for stops in itertools.product(range(3), repeat=3):
        if any(stop != 0 for stop in stops[rings_bought:]):
            cases += 16 * 15
            continue
        for mine, last in itertools.permutations(CASES, 2):
            total += Fraction(mine if final == "keep" else last, cost)
            cases += 1
    return total / cases


@pytest.mark.parametrize("rings", [0, 1, 2])
def test_every_spin_returns_the_same_below_100_percent_by_a_count(rings):
    code = f"spin-{rings}"
    assert game().rtp(code) == briefcase_count(rings, "keep") == briefcase_count(rings, "switch")
    assert rtp_percent(game().rtp(code)) == "95.83"


def test_bad_choices_are_refused():
    with pytest.raises(ValueError, match="keep your briefcase or switch at the end"):
        game().validate_bet("spin-0", {"final": "deal"})
    with pytest.raises(ValueError, match="no such bet"):
        game().validate_bet("spin-3", {"final": "keep"})
    assert game().label("spin-1", {"final": "switch"}) == "Spin with one ring Switch briefcases"
