"""Sign-up, confirmation and log-in through the real pages (allauth views, our forms)."""

import re
from datetime import date

import pytest
from django.core import mail
from django.urls import reverse

from accounts.models import User
from tests.conftest import PASSWORD

TODAY = date(2026, 11, 21)


@pytest.fixture(autouse=True)
def fixed_today(monkeypatch):
    monkeypatch.setattr("accounts.forms.timezone.localdate", lambda: TODAY)


def signup_data(**overrides) -> dict:
    data = {
        "legal_name": "Nora  Newcomer",
        "date_of_birth": "1990-03-04",
        "country": "GB",
        "national_id": "",
        "email": "Nora@Example.com",
        "password1": PASSWORD,
        "password2": PASSWORD,
        "terms_version": "1",
        "accept_terms": "on",
    }
    data.update(overrides)
    return {key: value for key, value in data.items() if value is not None}


def sign_up(client, **overrides):
    return client.post(reverse("account_signup"), signup_data(**overrides))


@pytest.mark.django_db
def test_signup_confirm_and_login_through_the_pages(client):
    page = client.get(reverse("account_signup"))
    assert page.status_code == 200
    assert b"Date of birth" in page.content and b"Full legal name" in page.content

    response = sign_up(client)
    assert response.status_code == 302
    user = User.objects.get(email="nora@example.com")
    assert (user.legal_name, user.date_of_birth, user.country) == (
        "Nora Newcomer",
        date(1990, 3, 4),
        "GB",
    )

    # Unconfirmed: logging in leads to the "verify your email" page, not into the site.
    client.logout()
    blocked = client.post(
        reverse("account_login"), {"login": "nora@example.com", "password": PASSWORD}
    )
    assert "_auth_user_id" not in client.session
    assert blocked.status_code == 302 and "confirm-email" in blocked["Location"]

    link = re.search(r"https?://[^/]+(/accounts/confirm-email/[^/\s]+/)", mail.outbox[-1].body)
    assert link, mail.outbox[-1].body
    assert client.get(link.group(1)).status_code == 200
    assert client.post(link.group(1)).status_code == 302

    first = client.post(
        reverse("account_login"), {"login": "NORA@example.com", "password": PASSWORD}, follow=True
    )
    assert first.context["user"].is_authenticated
    assert b"previous log-in" not in first.content
    client.post(reverse("account_logout"))

    second = client.post(
        reverse("account_login"), {"login": "nora@example.com", "password": PASSWORD}, follow=True
    )
    assert b"Your previous log-in was on" in second.content
    user.refresh_from_db()
    assert user.previous_login is not None and user.previous_login < user.last_login


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("born", "accepted"),
    [
        ("2008-11-21", True),  # 18 today, the exact birthday
        ("2008-11-22", False),  # 18 tomorrow
        ("2008-02-29", True),  # leap-day birth: 18 since 1 March 2026
    ],
)
def test_minimum_age_at_its_boundaries(client, born, accepted, settings):
    settings.MIN_AGE = 18
    response = sign_up(client, date_of_birth=born)
    assert User.objects.filter(email="nora@example.com").exists() is accepted
    if not accepted:
        assert b"You must be at least 18 years old" in response.content


@pytest.mark.django_db
def test_leap_day_birth_is_not_of_age_on_28_february(client, monkeypatch, settings):
    settings.MIN_AGE = 18
    monkeypatch.setattr("accounts.forms.timezone.localdate", lambda: date(2026, 2, 28))
    response = sign_up(client, date_of_birth="2008-02-29")
    assert not User.objects.exists()
    assert b"You must be at least 18 years old" in response.content


@pytest.mark.django_db
def test_minimum_age_is_a_setting(client, settings):
    settings.MIN_AGE = 21
    response = sign_up(client, date_of_birth="2006-01-01")  # 20
    assert not User.objects.exists()
    assert b"at least 21 years old" in response.content


@pytest.mark.django_db
def test_future_birth_date_is_refused(client):
    response = sign_up(client, date_of_birth="2030-01-01")
    assert b"cannot be in the future" in response.content
    assert not User.objects.exists()


@pytest.mark.django_db
def test_one_account_per_email_without_regard_to_case(client, make_user):
    make_user("nora@example.com")
    sign_up(client, email="NORA@EXAMPLE.COM", legal_name="Someone Else")
    assert User.objects.filter(email__iexact="nora@example.com").count() == 1
    # No on-page hint that the address is taken (no account enumeration): its owner is
    # told by email instead.
    assert len(mail.outbox) == 1
    assert mail.outbox[0].to == ["nora@example.com"]
    assert "already" in mail.outbox[0].body.lower()


@pytest.mark.django_db
def test_one_account_per_person(client, make_user):
    make_user("first@example.com", legal_name="Nora Newcomer", date_of_birth=date(1990, 3, 4))
    response = sign_up(client, legal_name="nora   NEWCOMER")
    assert b"An account already exists for this person" in response.content
    assert User.objects.count() == 1


@pytest.mark.django_db
def test_one_account_per_national_id(client, make_user):
    make_user("first@example.com", national_id="AB123456")
    response = sign_up(client, national_id="ab123456", legal_name="Other Name")
    assert b"An account already exists for this ID number" in response.content
    assert User.objects.count() == 1


@pytest.mark.django_db
def test_the_database_also_refuses_a_second_account_per_person(make_user):
    from django.db import IntegrityError, transaction

    make_user("one@example.com", legal_name="Ann Other", date_of_birth=date(1980, 1, 1))
    with pytest.raises(IntegrityError), transaction.atomic():
        make_user("two@example.com", legal_name="ANN OTHER", date_of_birth=date(1980, 1, 1))
    with pytest.raises(IntegrityError), transaction.atomic():
        User.objects.create_user("One@Example.com", "x")


@pytest.mark.django_db
def test_tampered_signup_form_changes_nothing(client):
    response = sign_up(client, date_of_birth="not-a-date", country="XX")
    assert response.status_code == 200
    assert not User.objects.exists()


@pytest.mark.django_db
def test_deposit_limits_can_be_set_at_sign_up(client):
    from accounts.models import ProtectionLimit

    sign_up(client, daily_deposit_limit="50", monthly_deposit_limit="500.00")
    user = User.objects.get(email="nora@example.com")
    limits = {
        (limit.period, limit.amount)
        for limit in ProtectionLimit.objects.filter(protection__user=user, kind="deposit")
    }
    assert limits == {("day", 5_000), ("month", 50_000)}


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("typed", "error"),
    [("-3", b"The amount must be more than zero."), ("ten", b"Enter an amount")],
)
def test_a_malformed_limit_at_sign_up_is_refused(client, typed, error):
    response = sign_up(client, daily_deposit_limit=typed)
    assert not User.objects.exists()
    assert error in response.content


@pytest.mark.django_db
def test_the_confirmation_mail_names_the_site_and_its_address(client, settings):
    sign_up(client)
    (message,) = mail.outbox
    text = f"{message.subject}\n{message.body}"
    assert settings.SITE_NAME in message.subject
    assert message.body.startswith(f"Hello from {settings.SITE_NAME}!")
    assert message.body.rstrip().endswith(settings.SITE_DOMAIN)
    assert "example.com" not in text.replace("nora@example.com", "")
