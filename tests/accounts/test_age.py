from datetime import date

import pytest

from accounts.age import age_on, is_of_age


@pytest.mark.parametrize(
    ("born", "today", "age"),
    [
        (date(2000, 5, 17), date(2018, 5, 17), 18),  # the exact birthday
        (date(2000, 5, 17), date(2018, 5, 16), 17),  # the day before
        (date(2000, 5, 17), date(2018, 12, 31), 18),
        (date(2000, 2, 29), date(2018, 2, 28), 17),  # leap-day birth, common year
        (date(2000, 2, 29), date(2018, 3, 1), 18),  # ... comes of age on 1 March
        (date(2000, 2, 29), date(2020, 2, 29), 20),  # leap year: on the day itself
        (date(2000, 2, 29), date(2020, 2, 28), 19),
        (date(2000, 12, 31), date(2001, 1, 1), 0),
    ],
)
def test_age_on(born, today, age):
    assert age_on(born, today) == age


def test_is_of_age_uses_the_minimum():
    assert is_of_age(date(2005, 11, 21), date(2026, 11, 21), 21)
    assert not is_of_age(date(2005, 11, 22), date(2026, 11, 21), 21)
