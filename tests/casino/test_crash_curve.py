"""The growth curve, its inverse and the cash-out race at the crash instant."""

from __future__ import annotations

import math
from decimal import Decimal, localcontext

import pytest

from casino.crash import curve
from casino.crash.curve import cash_out, crash_instant, multiplier, payout

MAX_CRASH_POINT = 99 * 2**52  # r = 2**52 - 1 with a 1% edge


def reference_multiplier(elapsed_ms: int) -> int:
    """floor(100 * e^(0.00006 t)) with 80 digits, far more than any tie needs here."""
    with localcontext() as context:
        context.prec = 80
        return math.floor(100 * (Decimal(6 * elapsed_ms) / 100_000).exp())


KNOWN = {
    0: 100,
    1: 100,
    165: 100,
    166: 101,  # 100 * e^0.00996 = 101.0009...
    11_552: 199,
    11_553: 200,  # the doubling time is ln 2 / 0.00006 = 11552.45 ms
    38_376: 999,
    38_377: 1000,  # 10x after ln 10 / 0.00006 = 38376.17 ms
    100_000: 40_342,  # 100 * e^6 = 40342.879...
    600_560: 445_855_001_794_728_655,  # just below the largest crash point, 99 * 2**52
    600_561: 445_881_753_897_391_393,  # 100 * e^36.03366 = 445881753897391393.2055...
}


def test_known_values() -> None:
    for elapsed, expected in KNOWN.items():
        assert multiplier(elapsed) == expected, elapsed
        assert reference_multiplier(elapsed) == expected, elapsed


def test_exact_and_monotone_over_the_first_minute() -> None:
    previous = 100
    for elapsed in range(60_001):
        value = multiplier(elapsed)
        assert value >= previous
        # the float curve clients draw agrees wherever doubles are precise enough
        assert value == math.floor(100 * math.exp(0.00006 * elapsed))
        previous = value


def test_monotone_and_exact_up_to_the_longest_run() -> None:
    instants = list(range(60_000, 600_600, 997))
    values = [multiplier(t) for t in instants]
    assert values == sorted(values)
    assert values == [reference_multiplier(t) for t in instants]


def test_precision_is_raised_until_the_floor_is_certain(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(curve, "_START_PRECISION", 2)  # forces several rounds of the loop
    for elapsed in (0, 1, 166, 11_553, 100_000, 600_561):
        assert multiplier(elapsed) == reference_multiplier(elapsed)


def test_crash_instant_is_the_first_ms_reaching_the_point() -> None:
    points = [*range(100, 3_000), 2123, 10_000, 123_456, 10**9, 10**15, MAX_CRASH_POINT]
    for point in points:
        instant = crash_instant(point)
        assert multiplier(instant) >= point
        assert instant == 0 or multiplier(instant - 1) < point


def test_crash_instant_known_values() -> None:
    assert crash_instant(100) == 0
    assert crash_instant(101) == 166
    assert crash_instant(200) == 11_553
    assert crash_instant(1000) == 38_377
    assert crash_instant(MAX_CRASH_POINT) == 600_561


@pytest.mark.parametrize("point", [101, 102, 150, 200, 237, 397, 2123, 50_000, 10**7])
def test_cash_out_race_at_the_crash_instant(point: int) -> None:
    instant = crash_instant(point)
    last_ms = instant - 1
    assert cash_out(point, manual_at_ms=last_ms) == multiplier(last_ms) < point
    assert cash_out(point, manual_at_ms=instant) is None
    assert cash_out(point, manual_at_ms=instant + 1) is None


@pytest.mark.parametrize("point", [101, 102, 150, 200, 237, 397, 2123, 50_000, 10**7])
def test_auto_cash_out_at_the_crash_point_wins_and_above_it_loses(point: int) -> None:
    assert cash_out(point, auto_cash_out=point) == point
    assert cash_out(point, auto_cash_out=point + 1) is None
    assert cash_out(point, auto_cash_out=101) == 101


def test_instant_crash_beats_everyone() -> None:
    assert crash_instant(100) == 0
    assert cash_out(100, manual_at_ms=0) is None
    assert cash_out(100, auto_cash_out=101) is None
    assert cash_out(100) is None


def test_manual_cash_out_counts_only_before_the_auto_target_is_reached() -> None:
    point, target = 1000, 200  # auto at 2x fires at 11553 ms, the crash is at 38377 ms
    fires = crash_instant(target)
    assert cash_out(point, auto_cash_out=target, manual_at_ms=fires - 1) == 199
    assert cash_out(point, auto_cash_out=target, manual_at_ms=fires) == 200
    assert cash_out(point, auto_cash_out=target, manual_at_ms=30_000) == 200
    # a target above the crash point never fires, so the manual cash-out stands
    assert cash_out(point, auto_cash_out=5000, manual_at_ms=30_000) == multiplier(30_000)
    assert cash_out(point, auto_cash_out=5000, manual_at_ms=crash_instant(point)) is None


def test_auto_pays_the_target_even_when_the_curve_jumps_past_it() -> None:
    # late in a run the curve climbs several hundredths per ms: it skips over values
    elapsed = 100_000
    assert multiplier(elapsed) - multiplier(elapsed - 1) > 1
    skipped = multiplier(elapsed - 1) + 1
    assert crash_instant(skipped) == elapsed
    assert cash_out(10**6, auto_cash_out=skipped) == skipped


def test_payout_floors_to_the_minor_unit() -> None:
    assert payout(333, 150) == 499  # 499.5
    assert payout(100, 2123) == 2123
    assert payout(1, 199) == 1
    assert payout(0, 5000) == 0


@pytest.mark.parametrize(
    "call",
    [
        lambda: multiplier(-1),
        lambda: multiplier(1.5),
        lambda: crash_instant(99),
        lambda: cash_out(99),
        lambda: cash_out(200, auto_cash_out=100),
        lambda: cash_out(200, manual_at_ms=-1),
        lambda: payout(-1, 200),
        lambda: payout(100, 99),
        lambda: payout(1.5, 200),
    ],
)
def test_bad_arguments_are_refused(call) -> None:
    with pytest.raises(ValueError):
        call()
