"""A regulator, on a phone, logs in with their second step, finds the exports page whole
at 390 px, asks for a finished game's audit record and gets the file that proves it."""

import json

import pytest
from allauth.mfa.totp.internal.auth import TOTP, generate_totp_secret
from django.contrib.auth.models import Group, Permission
from django.urls import reverse

from staff.roles import REGULATORS_GROUP
from tests.accounts.test_two_factor import current_code
from tests.browser.support import PHONE_SIZE, in_thread
from tests.conftest import PASSWORD
from tests.reports.test_round_audit import play_out, rebuild_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_regulator_downloads_a_games_audit_record_on_a_phone(
    server, browser, make_user, start_table
):
    regulator = make_user(is_staff=True)
    group, _ = Group.objects.get_or_create(name=REGULATORS_GROUP)
    group.permissions.set(Permission.objects.filter(codename__startswith="view_"))
    regulator.groups.add(group)
    secret = generate_totp_secret()
    TOTP.activate(regulator, secret)
    game = in_thread(
        lambda: play_out(start_table("backgammon", {"points": 1}, stake=1_000, private=True)[0])
    )

    page = browser.new_context(viewport=PHONE_SIZE, accept_downloads=True).new_page()
    page.goto(f"{server}/accounts/login/")
    page.fill("input[name=login]", regulator.email)
    page.fill("input[name=password]", PASSWORD)
    page.click("button[type=submit]")
    page.wait_for_url(f"{server}{reverse('mfa_authenticate')}")
    page.fill("input[name=code]", current_code(secret))
    page.click("button[type=submit]")
    page.wait_for_url(f"{server}{reverse('reports:exports')}")
    assert page.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 0

    page.fill("#id_audit-game_id", str(game.pk))
    page.select_option("#id_audit-file_format", "json")
    with page.expect_download() as got:
        page.click("#audit button")
    download = got.value
    assert download.suggested_filename == f"audit-game-{game.pk}.json"
    with open(download.path()) as file:
        document = json.load(file)
    assert document["record"]["rules_version"] == game.rules_version
    rebuild_game(document)
