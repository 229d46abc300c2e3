"""The funfair wheel (12.31): known rounds from fixed links, every spot's win and loss on
constructed rounds with the top slot and each bonus game, each bet type's exact return
against a count this test makes itself (the bonus games' doubling chains walked forward
here, where the game recurses), and unknown bets refused."""

from __future__ import annotations

from fractions import Fraction

import pytest

from casino import registry
from casino.rounds import rtp_percent

GAME = "funfair-wheel"
COUNTS = {"1": 21, "2": 13, "5": 7, "10": 4, "hunt": 2, "drop": 2, "flip": 4, "big": 1}
TOP = {2: 70, 3: 20, 5: 7, 10: 2, 25: 1}
GALLERY = {5: 25, 7: 20, 10: 20, 15: 12, 20: 8, 25: 5, 50: 5, 100: 3, 200: 2}
COIN = {2: 24, 3: 20, 4: 15, 5: 15, 10: 12, 15: 6, 25: 4, 50: 2, 100: 2}
PUCK = [3, 3, 4, 4, 5, 5, 7, 7, 10, 10, 15, 25, 50, 75, "double", "double"]
BIG = {5: 10, 10: 14, 15: 10, 20: 9, 25: 6, 50: 6, 100: 4, 200: 2, 500: 1, "2x": 1, "3x": 1}


def game():
    return registry.get(GAME)


def stop(spot: str) -> int:
    return game().segments.index(spot)


def test_the_wheel_has_the_texts_54_segments():
    assert {s: game().segments.count(s) for s in COUNTS} == COUNTS


def test_rounds_follow_from_their_links():
    outcomes = [game().committed_outcome(bytes([i]) * 32, "longtable-test", i) for i in (1, 2, 3)]
    assert [game().describe(o) for o in outcomes] == ["1", "Shooting Gallery pays 7:1", "1"]
    assert outcomes[1]["bonus"]["wall"][outcomes[1]["bonus"]["shot"]] == 7
    assert len(outcomes[1]["bonus"]["wall"]) == 108


def test_numbers_pay_their_odds_times_the_top_slot_on_their_spot():
    no_top = {"spot": "hunt", "multiplier": 5}
    assert game().payout(100, "5", {}, {"stop": stop("5"), "top": no_top}) == 600
    assert game().payout(100, "2", {}, {"stop": stop("5"), "top": no_top}) == 0
    top = {"spot": "10", "multiplier": 3}
    assert game().payout(100, "10", {}, {"stop": stop("10"), "top": top}) == 100 + 100 * 30
    assert game().payout(100, "1", {}, {"stop": stop("1"), "top": top}) == 200


def test_each_bonus_game_pays_its_multiplier_to_its_bettors_only():
    top = {"spot": "flip", "multiplier": 2}
    flip = {"stop": stop("flip"), "top": top, "bonus": {"red": 5, "blue": 10, "side": "blue"}}
    assert game().payout(100, "flip", {}, flip) == 100 + 100 * 10 * 2
    assert game().payout(100, "hunt", {}, flip) == 0 and game().payout(100, "1", {}, flip) == 0
    hunt = {"stop": stop("hunt"), "top": top, "bonus": {"wall": [5] * 107 + [200], "shot": 107}}
    assert game().payout(100, "hunt", {}, hunt) == 20_100
    slots = [3, 0] + [5] * 14  # 0 is a DOUBLE slot
    # DOUBLE, DOUBLE, then the 3: the board doubled twice, 3 x 4 = 12.
    drop = {"stop": stop("drop"), "top": top, "bonus": {"slots": slots, "landings": [1, 1, 0]}}
    assert game().payout(100, "drop", {}, drop) == 1_300
    wheel = game().public()["big_wheel"]
    stops = [wheel.index("3x"), wheel.index("2x"), wheel.index("500")]
    big = {"stop": stop("big"), "top": top, "bonus": {"flapper": "green", "stops": stops}}
    assert game().payout(100, "big", {}, big) == 100 + 100 * 3_000
    assert game().describe(big) == "Big Wheel pays 3000:1"


def test_the_doubling_games_stop_at_their_caps():
    slots = [0] * 2 + [3] * 14
    drop = {"slots": slots, "landings": [0] * 12 + [5]}
    assert (
        game().value({"stop": stop("drop"), "top": {"spot": "1", "multiplier": 2}, "bonus": drop})
        == 10_000
    )
    wheel = game().public()["big_wheel"]
    stops = [wheel.index("3x")] * 9 + [wheel.index("5")]
    assert (
        game().value(
            {
                "stop": stop("big"),
                "top": {"spot": "1", "multiplier": 2},
                "bonus": {"flapper": "blue", "stops": stops},
            }
        )
        == 20_000
    )


def weighted_mean(table: dict) -> Fraction:
    return Fraction(sum(v * w for v, w in table.items()), sum(table.values()))


def puck_walk() -> Fraction:
    """The puck game walked forward: after k doubles (chance (2/16)^k) the next puck lands
    on a slot, capped at 10,000; once every slot has reached the cap, 10,000."""
    total, chance, factor = Fraction(0), Fraction(1), 1
    numbers = [s for s in PUCK if s != "double"]
    while min(numbers) * factor < 10_000:
        total += chance * sum(Fraction(min(s * factor, 10_000), 16) for s in numbers)
        chance, factor = chance * Fraction(2, 16), factor * 2
    return total + chance * 10_000


def big_walk() -> Fraction:
    """The big wheel walked forward: the chance of each grown factor, level by level."""
    numbers = {k: v for k, v in BIG.items() if isinstance(k, int)}
    total, level = Fraction(0), {1: Fraction(1)}
    while level:
        following: dict[int, Fraction] = {}
        for factor, chance in level.items():
            if min(numbers) * factor >= 20_000:
                total += chance * 20_000
                continue
            for value, count in numbers.items():
                total += chance * Fraction(count, 64) * min(value * factor, 20_000)
            for grow, label in ((2, "2x"), (3, "3x")):
                following[factor * grow] = following.get(factor * grow, 0) + chance * Fraction(
                    BIG[label], 64
                )
        level = following
    return total


def spot_count(spot: str) -> Fraction:
    mean = {
        "hunt": weighted_mean(GALLERY),
        "flip": weighted_mean(COIN),
        "drop": puck_walk(),
        "big": big_walk(),
    }.get(spot) or Fraction(int(spot))
    boost = Fraction(7, 8) + Fraction(1, 8) * weighted_mean(TOP)
    return Fraction(COUNTS[spot], 54) * (mean * boost + 1)


@pytest.mark.parametrize("spot", list(COUNTS))
def test_every_spot_returns_below_100_percent_by_a_count(spot):
    assert game().rtp(spot) == spot_count(spot) < 1


def test_returns_as_players_read_them():
    shown = {spot: rtp_percent(game().rtp(spot)) for spot in COUNTS}
    assert shown == {
        "1": "86.53",
        "2": "83.06",
        "5": "92.36",
        "10": "98.15",
        "hunt": "89.00",
        "drop": "88.02",
        "flip": "84.81",
        "big": "89.13",
    }


def test_unknown_spots_are_refused():
    with pytest.raises(ValueError, match="Funfair Wheel has no such bet"):
        game().validate_bet("20", {})
