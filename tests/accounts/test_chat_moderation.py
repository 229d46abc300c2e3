"""Staff handle chat reports and mutes in the admin: each action behind its permission,
written to the audit log exactly once, a handled report not handled twice; the reported
line shown escaped. Log-ins record their address and device as keyed hashes."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Permission
from django.test import RequestFactory
from django.urls import reverse
from django.utils import timezone

from accounts import services as accounts
from accounts.models import ChatMute, SignIn
from accounts.signins import fingerprint, record_sign_in
from games import chat
from games.models import ChatReport
from reports.models import AuditLog
from tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db

HOSTILE_TEXT = '<script>alert("x")</script>'


@pytest.fixture
def reported(start_table):
    """A line of seat 0's player, reported by seat 1's: (report, author, reporter)."""
    game, (author, reporter) = start_table("rps", {"points": 3})
    line = chat.chat_say(game_id=game.pk, user=author, text=HOSTILE_TEXT)
    return chat.chat_report(game_id=game.pk, line_id=line["id"], user=reporter), author, reporter


@pytest.fixture
def moderator(make_user):
    staff = make_user(is_staff=True)
    staff.user_permissions.add(
        *Permission.objects.filter(
            codename__in=["review_conduct", "mute_user", "block_user", "view_chatreport"]
        )
    )
    return staff


def audit_rows() -> list[tuple[str, str, str]]:
    return list(AuditLog.objects.values_list("action", "target_type", "reason"))


def test_staff_see_the_report_with_the_line_escaped(client, moderator, reported):
    report, _author, _ = reported
    client.force_login(moderator)
    listing = client.get(reverse("admin:games_chatreport_changelist"))
    page = client.get(reverse("admin:games_chatreport_change", args=[report.pk]))
    for response in (listing, page):
        assert response.status_code == 200
        body = response.content.decode()
        assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;" in body
        assert HOSTILE_TEXT not in body
    assert reverse("admin:games_chatreport_mute", args=[report.pk]) in page.content.decode()


def test_muting_from_a_report_writes_one_audit_row_and_closes_it(client, moderator, reported):
    report, author, _ = reported
    client.force_login(moderator)
    url = reverse("admin:games_chatreport_mute", args=[report.pk])
    assert client.get(url).status_code == 200
    client.post(url, {"reason": "", "hours": "24"})  # a reason is required
    assert not ChatMute.objects.exists() and audit_rows() == []

    client.post(url, {"reason": "Insults", "hours": "24"})
    mute = ChatMute.objects.get()
    assert mute.user == author and mute.by == moderator
    assert abs((mute.until - timezone.now()).total_seconds() - 24 * 3600) < 60
    assert audit_rows() == [("accounts.chat_mute", "accounts.User", "Insults")]
    assert AuditLog.objects.get().details["report"] == report.pk
    report.refresh_from_db()
    assert report.status == ChatReport.Status.ACTED and report.handled_by == moderator

    # The same report handled again (another tab): refused, nothing more written.
    client.post(url, {"reason": "Insults", "hours": "24"})
    client.post(reverse("admin:games_chatreport_block", args=[report.pk]), {"reason": "x"})
    author.refresh_from_db()
    assert ChatMute.objects.count() == 1 and not author.is_blocked
    assert len(audit_rows()) == 1


def test_blocking_from_a_report_writes_one_audit_row(client, moderator, reported):
    report, author, _ = reported
    client.force_login(moderator)
    client.post(reverse("admin:games_chatreport_block", args=[report.pk]), {"reason": "Threats"})
    author.refresh_from_db()
    assert author.is_blocked and author.blocked_reason == "Threats"
    assert audit_rows() == [("accounts.block", "accounts.User", "Threats")]
    report.refresh_from_db()
    assert report.status == ChatReport.Status.ACTED


def test_dismissing_a_report_writes_one_audit_row(client, moderator, reported):
    report, _author, _ = reported
    client.force_login(moderator)
    url = reverse("admin:games_chatreport_dismiss", args=[report.pk])
    client.post(url, {"reason": "Banter between friends"})
    client.post(url, {"reason": "again"})
    report.refresh_from_db()
    assert report.status == ChatReport.Status.DISMISSED
    assert audit_rows() == [
        ("games.chat_report_dismiss", "games.ChatReport", "Banter between friends")
    ]
    assert not ChatMute.objects.exists()


def test_one_decision_closes_every_report_of_the_line(client, moderator, reported, make_user):
    report, _author, _ = reported
    # Another player at a bigger table reported the same line.
    other = ChatReport.objects.create(line=report.line, reporter=make_user())
    client.force_login(moderator)
    client.post(
        reverse("admin:games_chatreport_mute", args=[report.pk]),
        {"reason": "Insults", "hours": "1"},
    )
    client.post(
        reverse("admin:games_chatreport_mute", args=[other.pk]), {"reason": "Insults", "hours": "1"}
    )
    assert set(ChatReport.objects.values_list("status", flat=True)) == {ChatReport.Status.ACTED}
    assert ChatMute.objects.count() == 1 and len(audit_rows()) == 1


def test_staff_without_the_permissions_change_nothing(client, make_user, reported):
    report, author, _ = reported
    staff = make_user(is_staff=True)
    staff.user_permissions.add(Permission.objects.get(codename="view_chatreport"))
    client.force_login(staff)
    for tool, data in (("mute", {"reason": "x", "hours": "1"}), ("block", {"reason": "x"})):
        client.post(reverse(f"admin:games_chatreport_{tool}", args=[report.pk]), data)
    client.post(reverse("admin:games_chatreport_dismiss", args=[report.pk]), {"reason": "x"})
    client.post(
        reverse("admin:accounts_user_mute", args=[author.pk]), {"reason": "x", "hours": "1"}
    )
    author.refresh_from_db()
    report.refresh_from_db()
    assert report.status == ChatReport.Status.OPEN and not author.is_blocked
    assert not ChatMute.objects.exists() and audit_rows() == []


def test_mute_and_lift_from_the_players_record_one_audit_row_each(client, moderator, make_user):
    player = make_user()
    moderator.user_permissions.add(
        *Permission.objects.filter(codename__in=["view_user", "change_user"])
    )
    client.force_login(moderator)
    record = client.get(reverse("admin:accounts_user_change", args=[player.pk])).content.decode()
    assert reverse("admin:accounts_user_mute", args=[player.pk]) in record
    client.post(
        reverse("admin:accounts_user_mute", args=[player.pk]), {"reason": "Spam", "hours": "1"}
    )
    assert accounts.chat_mute_of(player.pk, timezone.now()) is not None
    client.post(reverse("admin:accounts_user_unmute", args=[player.pk]), {"reason": "Apologised"})
    assert accounts.chat_mute_of(player.pk, timezone.now()) is None
    # Lifting a mute that is not in force is refused and not recorded.
    client.post(reverse("admin:accounts_user_unmute", args=[player.pk]), {"reason": "again"})
    assert audit_rows() == [
        ("accounts.chat_unmute", "accounts.User", "Apologised"),
        ("accounts.chat_mute", "accounts.User", "Spam"),
    ]


def test_a_mute_is_bounded_in_time(make_user):
    player, staff = make_user(), make_user(is_staff=True)
    for hours in (0, accounts.MAX_MUTE_HOURS + 1):
        with pytest.raises(accounts.AccountError):
            accounts.chat_mute(player, hours=hours, reason="x", by=staff)
    assert audit_rows() == []


def test_a_log_in_records_its_address_and_device_as_keyed_hashes(client, make_user):
    player = make_user()
    response = client.post(
        reverse("account_login"),
        {"login": player.email, "password": PASSWORD},
        REMOTE_ADDR="203.0.113.7",
        HTTP_USER_AGENT="Mozilla/5.0 (Test) Phone",
    )
    assert response.status_code == 302
    sign_in = SignIn.objects.get(user=player)
    assert (sign_in.address, sign_in.device) == fingerprint(
        "203.0.113.7", "Mozilla/5.0 (Test) Phone"
    )
    assert "203.0.113" not in sign_in.address + sign_in.device
    assert len(sign_in.address) == len(sign_in.device) == 64


def test_one_device_is_one_browser_on_one_address(make_user):
    player = make_user()
    requests = RequestFactory()
    same = [
        record_sign_in(player, requests.get("/", REMOTE_ADDR="198.51.100.1", HTTP_USER_AGENT=agent))
        for agent in ("Browser A", "Browser A", "Browser B")
    ]
    other_address = record_sign_in(
        player, requests.get("/", REMOTE_ADDR="198.51.100.2", HTTP_USER_AGENT="Browser A")
    )
    assert same[0].device == same[1].device != same[2].device
    assert same[0].address == same[2].address != other_address.address
    assert other_address.device != same[0].device
