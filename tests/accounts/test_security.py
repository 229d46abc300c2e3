import pytest
from django.urls import reverse

from accounts import services
from tests.conftest import PASSWORD


def log_in(client, email, password=PASSWORD):
    return client.post(reverse("account_login"), {"login": email, "password": password})


@pytest.mark.django_db
def test_repeated_failed_logins_lock_the_account(client, make_user, settings):
    user = make_user()
    for _ in range(settings.AXES_FAILURE_LIMIT):
        log_in(client, user.email, "wrong-password")
    locked = log_in(client, user.email)  # even the right password is refused now
    assert "_auth_user_id" not in client.session
    assert locked.status_code == 429
    assert b"Too many failed log-ins" in locked.content


@pytest.mark.django_db
def test_failures_below_the_limit_do_not_lock(client, make_user, settings):
    user = make_user()
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        log_in(client, user.email, "wrong-password")
    log_in(client, user.email)
    assert client.session["_auth_user_id"] == str(user.pk)


@pytest.mark.django_db(transaction=True)
def test_blocking_logs_out_everywhere_and_refuses_login(client, make_user):
    from django.test import Client

    player, staff = make_user(), make_user(is_staff=True)
    other_device = Client()
    log_in(client, player.email)
    log_in(other_device, player.email)
    assert client.get(reverse("wallet:index")).status_code == 200

    services.block_user(player, reason="Collusion at table 42", by=staff)

    for device in (client, other_device):
        response = device.get(reverse("wallet:index"))
        assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    log_in(client, player.email)
    assert "_auth_user_id" not in client.session
    player.refresh_from_db()
    assert player.is_blocked and player.blocked_reason == "Collusion at table 42"
    assert player.blocked_by == staff

    services.unblock_user(player, by=staff)
    log_in(client, player.email)
    assert client.session["_auth_user_id"] == str(player.pk)


@pytest.mark.django_db
def test_blocking_needs_a_reason(make_user):
    player, staff = make_user(), make_user(is_staff=True)
    with pytest.raises(services.AccountError):
        services.block_user(player, reason="  ", by=staff)
    player.refresh_from_db()
    assert not player.is_blocked


@pytest.mark.django_db
def test_staff_block_through_the_admin(client, make_user):
    from django.contrib.auth.models import Permission

    player = make_user()
    staff = make_user(is_staff=True)
    staff.user_permissions.add(
        Permission.objects.get(codename="block_user"),
        Permission.objects.get(codename="change_user"),
        Permission.objects.get(codename="view_user"),
    )
    client.force_login(staff)
    url = reverse("admin:accounts_user_block", args=[player.pk])
    assert client.get(url).status_code == 200
    client.post(url, {"reason": ""})
    player.refresh_from_db()
    assert not player.is_blocked
    client.post(url, {"reason": "Misconduct: abusive chat"})
    player.refresh_from_db()
    assert player.is_blocked and player.blocked_reason == "Misconduct: abusive chat"


@pytest.mark.django_db
def test_staff_without_the_permission_cannot_block(client, make_user):
    player, staff = make_user(), make_user(is_staff=True)
    client.force_login(staff)
    client.post(reverse("admin:accounts_user_block", args=[player.pk]), {"reason": "x"})
    player.refresh_from_db()
    assert not player.is_blocked
