"""Crash and Keno as games of the round contract: their committed outcomes are the
published formulas the first rounds used (known answers), every bet's win and loss on
constructed outcomes, each bet type's exact return against a count this test makes
itself, and bad selections refused with a clear message."""

from __future__ import annotations

from fractions import Fraction
from math import comb

import pytest

from casino import registry
from casino.crash import curve
from casino.crash.fairness import BITS, crash_point_from_bits
from casino.crash.game import CRASH
from casino.keno.fairness import draw
from casino.keno.game import KENO
from casino.keno.paytables import GAMES
from tests.casino.test_crash_fairness import reference_crash_point
from tests.casino.test_keno_fairness import reference_draw
from tests.casino.vectors import CHAIN, KENO_ROUND_1_FIRST_EIGHT, KENO_SALT


def test_both_are_registered_crash_runs_its_own_cycle_keno_a_draw_a_minute():
    assert registry.get("crash") is CRASH and registry.get("keno") is KENO
    assert CRASH.cadence is None
    assert (KENO.cadence.every_seconds, KENO.cadence.closes_before_seconds) == (60, 5)


@pytest.mark.parametrize("index", [1, 2, 3])
def test_the_crash_outcome_is_the_published_formula(index):
    link = CHAIN[index]
    assert CRASH.committed_outcome(link, "salt", index) == {
        "crash_point": reference_crash_point(link, "salt"),
        "edge_percent": 1,
    }


def test_the_keno_outcome_is_the_first_rounds_draw_without_the_games_slug_in_the_salt():
    outcome = KENO.committed_outcome(CHAIN[1], KENO_SALT, 1)
    assert outcome["balls"][:8] == KENO_ROUND_1_FIRST_EIGHT
    assert (
        outcome["balls"] == reference_draw(CHAIN[1], KENO_SALT, 1) == draw(CHAIN[1], KENO_SALT, 1)
    )


def crash(point: int) -> dict:
    return {"crash_point": point, "edge_percent": 1}


def test_a_crash_bet_pays_at_its_auto_cash_out_or_its_manual_one_whichever_came_first():
    auto = CRASH.validate_bet("bet", {"auto_cash_out": 200})
    assert CRASH.payout(1_000, "bet", auto, crash(200)) == 2_000  # reached exactly
    assert CRASH.payout(1_000, "bet", auto, crash(199)) == 0
    assert CRASH.result("bet", auto, crash(500)) == {"multiplier": 200}
    assert CRASH.result("bet", auto, crash(150)) == {}
    early = curve.crash_instant(150)
    manual = {**auto, "cashed_out_ms": early}
    assert CRASH.payout(1_000, "bet", manual, crash(500)) == 1_500
    late = {**auto, "cashed_out_ms": curve.crash_instant(300)}  # after the auto took it out
    assert CRASH.payout(1_000, "bet", late, crash(500)) == 2_000
    into_the_crash = {"cashed_out_ms": curve.crash_instant(250)}
    assert CRASH.payout(1_000, "bet", into_the_crash, crash(250)) == 0
    assert CRASH.payout(999, "bet", {"cashed_out_ms": early}, crash(500)) == 1_498  # floored
    assert CRASH.describe(crash(2123)) == "21.23x"
    assert CRASH.describe_result({"multiplier": 150}) == "cashed out at 1.50x"
    assert CRASH.label("bet", auto) == "Bet, auto cash-out 2.00x"
    assert CRASH.label("bet", {}) == "Bet"


@pytest.mark.parametrize("target", [100, 0, -5, True, "2", 1.5])
def test_a_bad_auto_cash_out_is_refused(target):
    with pytest.raises(ValueError, match=r"at least 1\.01"):
        CRASH.validate_bet("bet", {"auto_cash_out": target})


def test_a_crash_bet_with_no_target_and_an_unknown_bet_type():
    assert CRASH.validate_bet("bet", {}) == {} == CRASH.validate_bet("bet", None)
    with pytest.raises(ValueError, match="no such bet"):
        CRASH.validate_bet("double", {})


def test_the_crash_return_is_counted_from_the_52_bit_draw():
    """P(crash point >= 1.01x): the least r reaching it, found by bisection over the
    formula itself, counted against all 2**52 values of r."""
    low, high = 0, 2**BITS - 1
    while low < high:
        middle = (low + high) // 2
        if crash_point_from_bits(middle) >= curve.MIN_AUTO_CASH_OUT:
            high = middle
        else:
            low = middle + 1
    winning = 2**BITS - low
    assert CRASH.rtp("bet") == Fraction(winning, 2**BITS) * Fraction(101, 100)
    assert Fraction(98_999, 100_000) < CRASH.rtp("bet") <= Fraction(99, 100)


def test_keno_has_a_bet_type_for_each_game_and_count_of_numbers():
    codes = [t.code for t in KENO.bet_types]
    assert len(codes) == 8 + 10 + 10 and codes[0] == "keno-8:1" and codes[-1] == "keno-gold:10"
    assert KENO.bet_type("keno-8:5").odds.startswith("2 hits pays 1.00x, 3 hits pays 3.00x")


def test_a_keno_ticket_is_its_sorted_numbers_and_the_prices_it_was_bought_at():
    ticket = KENO.validate_bet("keno-10:3", {"numbers": [80, 1, 40]})
    assert ticket == {"numbers": [1, 40, 80], "pays": {"2": 200, "3": 5_000}}
    assert KENO.label("keno-10:3", ticket) == "Keno 10: 1 40 80"
    balls = [1, 40, *range(2, 20)]
    assert KENO.payout(100, "keno-10:3", ticket, {"balls": balls}) == 200
    assert KENO.result("keno-10:3", ticket, {"balls": balls}) == {"hits": 2}
    assert KENO.payout(101, "keno-10:3", {**ticket, "pays": {"2": 350}}, {"balls": balls}) == 353
    assert KENO.payout(100, "keno-10:3", ticket, {"balls": list(range(2, 22))}) == 0
    assert KENO.describe_result({"hits": 1}) == "1 hit"


@pytest.mark.parametrize(
    ("bet_type", "numbers", "message"),
    [
        ("keno-8:3", [1, 2], "marks 3 numbers, not 2"),
        ("keno-8:3", [1, 1, 2], "once only"),
        ("keno-8:3", [0, 1, 2], "from 1 to 80"),
        ("keno-8:3", "1 2 3", "list of numbers"),
        ("keno-8:9", list(range(1, 10)), "no such bet"),
    ],
)
def test_bad_keno_tickets_are_refused(bet_type, numbers, message):
    with pytest.raises(ValueError, match=message):
        KENO.validate_bet(bet_type, {"numbers": numbers})


@pytest.mark.parametrize("code", [t.code for t in KENO.bet_types])
def test_each_keno_return_against_a_count_of_the_ticket_against_the_draw(code):
    """Choosing the ticket's numbers against a fixed draw of 20: P(h hits) =
    C(20, h) C(60, picks - h) / C(80, picks), the other way round from the game's count."""
    table, picks = code.split(":")
    row = GAMES[table].paytable[int(picks)]
    expected = sum(
        Fraction(comb(20, h) * comb(60, int(picks) - h), comb(80, int(picks))) * Fraction(m, 100)
        for h, m in row.items()
    )
    assert KENO.rtp(code) == expected


def test_keno_at_stored_prices():
    priced = KENO.priced({"keno-8": ("Keno Eight", {1: {1: 300}})})
    assert [t.code for t in priced.bet_types] == ["keno-8:1"]
    assert priced.rtp("keno-8:1") == Fraction(3, 4)
    assert priced.validate_bet("keno-8:1", {"numbers": [9]})["pays"] == {"1": 300}
