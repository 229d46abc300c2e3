"""A date of birth nobody alive can have is refused at sign-up with a clear message."""

from __future__ import annotations

from datetime import date

import pytest
from django.urls import reverse

from accounts.age import MAX_AGE, is_plausible_birth_date
from accounts.models import User
from tests.accounts.test_signup import TODAY, fixed_today, sign_up  # noqa: F401

MESSAGE = f"Check your date of birth: it is more than {MAX_AGE} years ago."


@pytest.mark.parametrize(
    ("born", "plausible"),
    [
        (date(1906, 11, 21), True),  # 120 today
        (date(1905, 11, 22), True),  # 121 tomorrow
        (date(1905, 11, 21), False),  # 121 today
        (date(1, 1, 1), False),
        (TODAY, True),
        (date(2026, 11, 22), False),  # tomorrow
    ],
)
def test_plausible_birth_dates(born, plausible):
    assert is_plausible_birth_date(born, TODAY) is plausible


@pytest.mark.django_db
@pytest.mark.parametrize("born", ["0001-01-01", "1800-06-01", "1905-11-21"])
def test_signup_refuses_a_birth_date_over_120_years_ago(client, born):
    response = sign_up(client, date_of_birth=born)
    assert response.status_code == 200
    assert MESSAGE in response.context["form"].errors["date_of_birth"]
    assert not User.objects.exists()


@pytest.mark.django_db
def test_signup_accepts_the_oldest_plausible_player(client):
    response = sign_up(client, date_of_birth="1905-11-22")
    assert response.status_code == 302, response.context["form"].errors
    assert User.objects.get().date_of_birth == date(1905, 11, 22)


@pytest.mark.django_db
def test_signup_refuses_unicode_digits_in_a_deposit_limit(client):
    response = sign_up(client, daily_deposit_limit="\uff11\uff10\uff10")
    assert response.status_code == 200
    assert "daily_deposit_limit" in response.context["form"].errors
    assert not User.objects.exists()
    assert client.get(reverse("account_signup")).status_code == 200
