"""Showing and reading amounts. Amounts are integers in minor units; no float ever."""

from __future__ import annotations

import re

from django.conf import settings

# ASCII digits only: `\d` also matches fullwidth and Arabic-Indic digits and int() reads
# them, so the fullwidth "\uff11\uff10\uff10" was accepted as 100.
_AMOUNT = re.compile(r"^\s*([0-9]{1,15})(?:[.,]([0-9]+))?\s*$", re.ASCII)


def format_minor(amount: int, *, with_code: bool = True) -> str:
    return format_amount(
        amount, digits=settings.CURRENCY_DIGITS, code=settings.CURRENCY if with_code else None
    )


def format_amount(amount: int, *, digits: int, code: str | None) -> str:
    """`format_minor` with the currency's digits and code given: a page's rows read the
    settings once for all of them (wallet/rows.py)."""
    sign = "-" if amount < 0 else ""
    whole, fraction = divmod(abs(amount), 10**digits)
    text = f"{sign}{whole:,}" + (f".{fraction:0{digits}d}" if digits else "")
    return f"{text} {code}" if code is not None else text


def parse_major(text: str) -> int:
    """'12.50' -> 1250 minor units; refuses fractions finer than the currency's minor unit."""
    match = _AMOUNT.match(str(text))
    if not match:
        raise ValueError("Enter an amount such as 25 or 25.50.")
    whole, fraction = match.group(1), match.group(2) or ""
    digits = settings.CURRENCY_DIGITS
    if len(fraction) > digits:
        raise ValueError(f"Amounts have at most {digits} decimal places.")
    return int(whole) * 10**digits + int(fraction.ljust(digits, "0") or 0)
