"""Two-step log-in (an authenticator app's codes): offered to players, required of staff
and regulators, who see nothing but its set-up page until they have one; the admin's own
log-in form goes through the site's, which asks for the code."""

from __future__ import annotations

import pytest
from allauth.mfa.models import Authenticator
from allauth.mfa.totp.internal.auth import (
    SECRET_SESSION_KEY,
    format_hotp_value,
    hotp_value,
    yield_hotp_counters_from_time,
)
from django.urls import reverse

from tests.conftest import PASSWORD
from tests.standing import make_regulator

pytestmark = [pytest.mark.django_db, pytest.mark.two_factor]


def current_code(secret: str) -> str:
    counters = list(yield_hotp_counters_from_time())
    counter = counters[len(counters) // 2]  # now, between the tolerated past and future
    return format_hotp_value(hotp_value(secret, counter))


def log_in(client, user) -> None:
    """Through the log-in form: setting up a second step needs a fresh log-in."""
    client.post(reverse("account_login"), {"login": user.email, "password": PASSWORD})


def set_up_totp(client) -> str:
    """What a person does: confirm their password, read the secret, type the app's code."""
    asked = client.get(reverse("mfa_activate_totp"))
    assert asked["Location"].startswith(reverse("account_reauthenticate"))
    client.post(reverse("account_reauthenticate"), {"password": PASSWORD})
    page = client.get(reverse("mfa_activate_totp"))
    assert page.status_code == 200
    secret = client.session[SECRET_SESSION_KEY]
    done = client.post(reverse("mfa_activate_totp"), {"code": current_code(secret)})
    assert done.status_code == 302, done.content.decode()[:500]
    return secret


def test_staff_without_a_second_step_see_only_its_set_up(client, make_user):
    staff = make_user(is_staff=True)
    log_in(client, staff)
    for page in ("/admin/", reverse("accounts:index"), "/"):
        response = client.get(page)
        assert response.status_code == 302 and response["Location"] == reverse("mfa_activate_totp")
    set_up_totp(client)
    assert Authenticator.objects.filter(user=staff, type=Authenticator.Type.TOTP).exists()
    assert Authenticator.objects.filter(user=staff, type="recovery_codes").exists()
    assert client.get("/admin/").status_code == 200


def test_regulators_are_held_to_it_too_and_players_are_not(client, make_user):
    regulator, player = make_user(), make_user()
    make_regulator(regulator)
    client.force_login(regulator)
    assert client.get(reverse("accounts:index"))["Location"] == reverse("mfa_activate_totp")
    client.force_login(player)
    assert client.get(reverse("accounts:index")).status_code == 200
    assert reverse("mfa_index") in client.get(reverse("accounts:index")).content.decode()


def test_logging_in_asks_for_the_code_and_the_admin_form_goes_through_it(client, make_user):
    staff = make_user(is_staff=True)
    log_in(client, staff)
    secret = set_up_totp(client)
    client.logout()

    admin_login = client.get("/admin/login/?next=/admin/")
    assert admin_login.status_code == 302 and admin_login["Location"].startswith("/accounts/login/")
    first = client.post(reverse("account_login"), {"login": staff.email, "password": PASSWORD})
    assert first.status_code == 302 and first["Location"] == reverse("mfa_authenticate")
    assert client.get("/admin/").status_code == 302  # a password alone is not a log-in
    wrong = client.post(reverse("mfa_authenticate"), {"code": "000000"})
    assert wrong.status_code == 200 and client.get("/admin/").status_code == 302
    second = client.post(reverse("mfa_authenticate"), {"code": current_code(secret)})
    assert second.status_code == 302
    assert client.get("/admin/").status_code == 200
