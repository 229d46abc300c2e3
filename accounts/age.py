"""The legal-age rule. Plain Python: no Django import."""

from __future__ import annotations

from datetime import date


def age_on(born: date, today: date) -> int:
    """Whole years lived on `today`.

    Comparing (month, day) pairs means someone born on 29 February has their birthday on
    1 March in common years, the reading of most gambling jurisdictions (e.g. England).
    """
    had_birthday = (today.month, today.day) >= (born.month, born.day)
    return today.year - born.year - (0 if had_birthday else 1)


def is_of_age(born: date, today: date, min_age: int) -> bool:
    return age_on(born, today) >= min_age


# Nobody this old is alive to sign up: an older date is a slip of the keyboard (0001-01-01).
MAX_AGE = 120


def is_plausible_birth_date(born: date, today: date) -> bool:
    return born <= today and age_on(born, today) <= MAX_AGE
