"""Helpers for the table rows the statement and history pages write in Python: a page has
25 or 50 of them, and through the template's tags and filters each cost ~0.2 ms; through
Django's format_html ~60 us, most of it checking every value for lazy text. These write
the same markup: Python's html.escape is the escaping Django's own escape applies."""

from __future__ import annotations

from datetime import date, datetime
from functools import cache
from html import escape

from django.conf import settings
from django.utils import timezone
from django.utils.dates import MONTHS_3
from django.utils.translation import get_language

from wallet.money import format_amount

__all__ = ["RowFormats", "escape"]


class RowFormats:
    """What one page's rows share, looked up once for all of them rather than for each
    value: the active time zone and language (each a thread-local look-up) and the
    currency (two settings), ~20 us a row of the history."""

    def __init__(self) -> None:
        self.zone = timezone.get_current_timezone()
        self.language = get_language()
        self.digits = settings.CURRENCY_DIGITS
        self.currency = escape(settings.CURRENCY)

    def day_month_year(self, moment: datetime) -> tuple[str, str]:
        """The local day as the date filter's "j M Y" writes it, and the time as "H:i"."""
        local = timezone.localtime(moment, self.zone)
        return self.day(local), f"{local.hour:02d}:{local.minute:02d}"

    def day(self, day: date) -> str:
        """The day as the date filter's "j M Y" writes it."""
        return f"{day.day} {_month_abbreviation(day.month, self.language)} {day.year}"

    def amount(self, minor: int) -> str:
        """wallet.money.format_minor's text, escaped for HTML (only the currency may need
        it: the number is digits, separators and a sign)."""
        return format_amount(minor, digits=self.digits, code=self.currency)


@cache
def _month_abbreviation(month: int, language: str | None) -> str:
    """The month's name as "M" writes it in the active language (the key: translating
    it again for each of a page's lines cost a third of writing the line's date)."""
    return str(MONTHS_3[month]).title()
