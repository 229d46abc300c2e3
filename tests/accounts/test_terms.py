"""The general terms: accepted at sign-up (refused without), each new version accepted at
the next visit before anything else, once per player however often the button is pressed;
staff publish versions, never edit them, and the audit log keeps who did."""

from __future__ import annotations

import pytest
from django.urls import reverse

from accounts import terms
from accounts.models import Terms, TermsAcceptance, User
from reports.models import AuditLog
from tests.accounts.test_signup import fixed_today, sign_up  # noqa: F401  (the fixture)

pytestmark = pytest.mark.django_db


def test_signing_up_without_accepting_the_terms_is_refused(client):
    response = sign_up(client, accept_terms=None)
    assert "Accept the terms and rules to open an account." in response.content.decode()
    assert not User.objects.exists()


def test_signing_up_accepts_the_version_shown(client):
    assert sign_up(client).status_code == 302
    user = User.objects.get()
    assert list(
        TermsAcceptance.objects.filter(user=user).values_list("terms__version", flat=True)
    ) == [1]


def test_a_version_published_while_the_form_was_open_must_be_read_first(client):
    Terms.objects.create(version=2, text="New")
    response = sign_up(client, terms_version="1")
    assert "The terms have just changed" in response.content.decode()
    assert not User.objects.exists()


def test_a_new_version_is_accepted_at_the_next_visit_before_anything_else(client, make_user):
    player = make_user()
    client.force_login(player)
    assert client.get(reverse("lobby:index")).status_code == 200
    Terms.objects.create(version=2, text="## Changed\\n\\nNew rules.", summary="new rake rules")
    held = client.get(reverse("lobby:index"))
    assert (
        held.status_code == 302 and held["Location"] == f"{reverse('accounts:terms')}?next=/lobby/"
    )
    page = client.get(held["Location"]).content.decode()
    assert "version 2" in page and "new rake rules" in page
    assert client.get(reverse("pages:terms")).status_code == 200  # readable meanwhile
    stale = client.post(reverse("accounts:terms"), {"version": "1", "next": "/lobby/"})
    assert stale.status_code == 200 and terms.needs_acceptance(player)
    for _ in range(2):  # a double click
        done = client.post(reverse("accounts:terms"), {"version": "2", "next": "/lobby/"})
    assert done["Location"] == "/lobby/"
    assert TermsAcceptance.objects.filter(user=player, terms__version=2).count() == 1
    assert client.get(reverse("lobby:index")).status_code == 200


def test_next_never_leaves_the_site(client, make_user):
    player = make_user()
    client.force_login(player)
    Terms.objects.create(version=2, text="x")
    done = client.post(reverse("accounts:terms"), {"version": "2", "next": "https://evil.example/"})
    assert done["Location"] == "/"


def test_staff_publish_a_new_version_audited_and_never_edit_one(client, make_user):
    staff = make_user(is_staff=True, is_superuser=True)
    client.force_login(staff)
    client.post(reverse("admin:accounts_terms_add"), {"summary": "clearer", "text": "Terms v2"})
    new = Terms.objects.get(version=2)
    assert AuditLog.objects.get(action="accounts.terms.add").target_id == str(new.pk)
    edit = client.post(
        reverse("admin:accounts_terms_change", args=[new.pk]), {"summary": "x", "text": "y"}
    )
    assert edit.status_code == 403 and Terms.objects.get(pk=new.pk).text == "Terms v2"
    assert terms.needs_acceptance(staff) is None  # staff are not asked
