"""Helpers for the table rows the statement and history pages write in Python: a page has
25 or 50 of them, and through the template's tags and filters each cost ~0.2 ms; through
Django's format_html ~60 us, most of it checking every value for lazy text. These write
the same markup: Python's html.escape is the escaping Django's own escape applies."""

from __future__ import annotations

from datetime import datetime
from functools import cache
from html import escape

from django.utils.dates import MONTHS_3
from django.utils.timezone import localtime
from django.utils.translation import get_language

__all__ = ["day_month_year", "escape"]


def day_month_year(moment: datetime) -> tuple[str, str]:
    """The local day as the date filter's "j M Y" writes it, and the time as "H:i"."""
    local = localtime(moment)
    month = _month_abbreviation(local.month, get_language())
    return f"{local.day} {month} {local.year}", f"{local.hour:02d}:{local.minute:02d}"


@cache
def _month_abbreviation(month: int, language: str | None) -> str:
    """The month's name as "M" writes it in the active language (the key: translating
    it again for each of a page's lines cost a third of writing the line's date)."""
    return str(MONTHS_3[month]).title()
