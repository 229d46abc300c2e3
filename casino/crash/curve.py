"""The published growth curve of a Crash run, its inverse and the cash-out rule.

The multiplier in hundredths after ``t`` whole milliseconds of the run is

    multiplier(t) = floor(100 * e^(0.00006 * t))

(bustabit's curve: 1.00x at t = 0, doubling about every 11.55 s, 10x after 38.4 s). The
server decides cash-outs with it, so it must give the same integer on every machine:
``e^x`` comes from the decimal module, whose ``exp`` is correctly rounded by
specification (the same on the C and the pure-Python implementation, whatever the
platform's libm), and the floor is only taken once the error bound no longer straddles an
integer, raising the precision until it does. ``e^x`` is irrational for every rational
``x != 0``, so ``100 * e^x`` is never an integer and the loop always ends. The result is
therefore the mathematical floor itself, which makes the curve non-decreasing by
construction (it rises by one hundredth at a time for the first 166x or so, and plateaus
between steps).

The inverse, `crash_instant`, is the first millisecond at which the curve reaches a
value; it is found by exact search around a float estimate, so it never disagrees with
`multiplier`.

The ordering of one millisecond ``t`` of the run, which settles every tie:

1. auto cash-outs whose target ``T`` the curve has reached (``multiplier(t) >= T``) and
   that do not exceed the crash point (``T <= crash point``) are paid exactly ``T``;
2. if the curve has reached the crash point (``t >= crash_instant(crash point)``), the
   round crashes and every bet still riding loses;
3. otherwise a manual cash-out received at ``t`` is paid ``multiplier(t)``.

So an auto cash-out at exactly the crash point wins: the rules' example pays target 2
when "the Crash does not occur before 2", and only this reading makes the published
distribution ``P(crash point >= T) = 0.99 / T`` return 99% at every target. A manual
cash-out at the crash instant loses: paying ``multiplier(t)`` there would pay at or above
the crash point. Nobody is ever paid more than the crash point.

Plain Python: no Django import.
"""

from __future__ import annotations

import math
from decimal import Decimal, localcontext
from fractions import Fraction
from functools import lru_cache

BASE = 100  # 1.00x in hundredths
RATE_NUMERATOR = 6  # growth rate per millisecond, 6 / 100_000 = 0.00006
RATE_DENOMINATOR = 100_000
MIN_AUTO_CASH_OUT = 101  # 1.01x: the rules' default, and the least target that can win
_START_PRECISION = 34


def _check_elapsed(elapsed_ms: int) -> None:
    if not isinstance(elapsed_ms, int) or isinstance(elapsed_ms, bool) or elapsed_ms < 0:
        raise ValueError(f"elapsed time must be a whole number of ms >= 0, got {elapsed_ms!r}")


def _check_multiplier(value: int, name: str, least: int) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or value < least:
        raise ValueError(
            f"{name} must be an integer number of hundredths >= {least}, got {value!r}"
        )


def _floor_scaled_exp(exponent: Decimal, precision: int) -> int | None:
    """``floor(100 * e^exponent)`` if ``precision`` digits settle it, else None."""
    with localcontext() as context:
        context.prec = precision
        approximation = exponent.exp()
        ulp = Decimal(1).scaleb(approximation.adjusted() - precision + 1)
    centre, error = Fraction(approximation), Fraction(ulp)  # exact conversions
    low = math.floor(BASE * (centre - error))
    high = math.floor(BASE * (centre + error))
    return low if low == high else None


def multiplier(elapsed_ms: int) -> int:
    """The multiplier in hundredths ``elapsed_ms`` after the run started."""
    _check_elapsed(elapsed_ms)
    return _multiplier(elapsed_ms)


# Settling a round evaluates the curve at the same few instants for thousands of bets
# (the crash point, the popular auto targets); the values never change.
@lru_cache(maxsize=65_536)
def _multiplier(elapsed_ms: int) -> int:
    if elapsed_ms == 0:
        return BASE
    exponent = Decimal(RATE_NUMERATOR * elapsed_ms) / RATE_DENOMINATOR  # exact: a power of 10
    precision = _START_PRECISION
    while (value := _floor_scaled_exp(exponent, precision)) is None:
        precision *= 2
    return value


def crash_instant(target: int) -> int:
    """The first millisecond at which the curve reaches ``target`` hundredths.

    For a crash point, the instant the round crashes: a manual cash-out is valid
    strictly before it. For an auto cash-out target, the instant it fires.
    """
    _check_multiplier(target, "the target", BASE)
    return _crash_instant(target)


@lru_cache(maxsize=65_536)
def _crash_instant(target: int) -> int:
    rate = RATE_NUMERATOR / RATE_DENOMINATOR
    estimate = (math.log(target) - math.log(BASE)) / rate  # float: a starting point only
    instant = max(0, math.ceil(estimate))
    while _multiplier(instant) < target:
        instant += 1
    while instant > 0 and _multiplier(instant - 1) >= target:
        instant -= 1
    return instant


def cash_out(
    crash_point: int, *, auto_cash_out: int | None = None, manual_at_ms: int | None = None
) -> int | None:
    """The multiplier in hundredths a bet is paid at, or None if it rides into the crash.

    ``auto_cash_out`` is the bet's auto cash-out target (fixed before the run),
    ``manual_at_ms`` the elapsed time at which the server received a manual cash-out.
    A manual cash-out counts only before the curve reaches the auto target, as the rules
    say ("before the Crash occurs and the growth reaches the specified odds").
    """
    _check_multiplier(crash_point, "the crash point", BASE)
    crashes_at = crash_instant(crash_point)
    auto_at = None
    if auto_cash_out is not None:
        _check_multiplier(auto_cash_out, "the auto cash-out", MIN_AUTO_CASH_OUT)
        if auto_cash_out <= crash_point:
            auto_at = crash_instant(auto_cash_out)
    if manual_at_ms is not None:
        _check_elapsed(manual_at_ms)
        if manual_at_ms < crashes_at and (auto_at is None or manual_at_ms < auto_at):
            return multiplier(manual_at_ms)
    return auto_cash_out if auto_at is not None else None


def payout(stake: int, paid_multiplier: int) -> int:
    """The amount returned for ``stake`` (minor units) cashed out at ``paid_multiplier``.

    Floored to the minor unit, so the house never pays more than the multiplier.
    """
    _check_multiplier(paid_multiplier, "the multiplier", BASE)
    if not isinstance(stake, int) or isinstance(stake, bool) or stake < 0:
        raise ValueError(f"the stake must be a non-negative integer, got {stake!r}")
    return stake * paid_multiplier // BASE
