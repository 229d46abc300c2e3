"""Complaints: the 15-day window, the staff workflow in the admin, the player's view."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse

from reports import complaints
from reports.models import AuditLog, Complaint

pytestmark = pytest.mark.django_db


def test_complaints_are_accepted_up_to_15_days_after_the_end(played_game, make_user):
    game, (player, _) = played_game()
    ended = game.finished
    complaints.file_complaint(
        player, "The last throw was not mine.", game_id=game.pk, now=ended + timedelta(days=15)
    )
    with pytest.raises(complaints.ComplaintRefused, match="15 days"):
        complaints.file_complaint(
            player, "Late.", game_id=game.pk, now=ended + timedelta(days=15, seconds=1)
        )
    with pytest.raises(complaints.ComplaintRefused):
        complaints.file_complaint(make_user(), "Not my game.", game_id=game.pk)


def test_a_complaint_about_a_transaction_is_dated_by_the_transaction(funded_player):
    player = funded_player()
    tx = player.ledger_accounts.get(kind="cash").entries.get().transaction
    made = complaints.file_complaint(player, "Deposit was doubled?", transaction_uuid=tx.uuid)
    assert made.subject_ended == tx.created and made.ledger_transaction == tx


def test_staff_answer_in_the_admin_and_the_player_sees_it(client, played_game, make_user, settings):
    game, (player, _) = played_game()
    client.force_login(player)
    page = client.get(reverse("reports:complaints"))
    assert f"game:{game.pk}".encode() in page.content
    client.post(reverse("reports:complaints"), {"subject": f"game:{game.pk}", "text": "Lag."})
    complaint = Complaint.objects.get(player=player)
    assert complaint.status == "open"
    staff = make_user(is_staff=True, is_superuser=True)
    client.force_login(staff)
    url = reverse("admin:reports_complaint_change", args=[complaint.pk])
    client.post(url, {"status": "investigating", "answer": ""})
    refused = client.post(url, {"status": "answered", "answer": ""})
    assert refused.status_code == 200  # an answered complaint needs its answer
    client.post(url, {"status": "answered", "answer": "The log shows your throw in time."})
    complaint.refresh_from_db()
    assert complaint.status == "answered" and complaint.answered_by == staff
    assert list(
        AuditLog.objects.filter(action="complaints.status").values_list(
            "details__status", flat=True
        )
    ) == ["answered", "investigating"]
    client.force_login(player)
    page = client.get(reverse("reports:complaints"))
    assert b"The log shows your throw in time." in page.content
    assert settings.REGULATOR_NAME.encode() in page.content
