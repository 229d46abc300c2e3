"""A tournament in the player's history, in the exports, and corrected or voided after the
fact through the corrections service (audited, balanced)."""

import csv
import io
import json
from datetime import timedelta

import jsonschema
import pytest
from django.contrib.auth.models import Permission
from django.urls import reverse
from django.utils import timezone

from reports import corrections, exports, history
from reports.models import AuditLog, Correction
from reports.staff_forms import CorrectionForm
from tournaments import services
from tournaments.models import Entry
from wallet.invariants import ledger_problems
from wallet.selectors import cash_balance

from .test_knockout import field_of, play_to_the_end

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def finished(make_tournament, funded_player):
    tournament, players = field_of(4, make_tournament, funded_player, guaranteed=5_000)
    services.start_due(timezone.now() + timedelta(hours=2))
    play_to_the_end(tournament)
    tournament.refresh_from_db()
    return tournament, players


def test_history_lists_the_entry_and_its_prize(finished, funded_player, make_tournament):
    tournament, players = finished
    champion = Entry.objects.get(tournament=tournament, place=1)
    lines = history.History(champion.player, history.default_period())[0:50]
    line = next(line for line in lines if line.kind == "tournament")
    assert (line.stake, line.fees, line.returned) == (1_000, 100, 5_000)
    assert line.net == 5_000 - 1_100 and line.status == "Place 1"
    assert line.link == reverse("tournaments:detail", args=[tournament.pk])
    loser = Entry.objects.filter(tournament=tournament, prize=0).first()
    lost = next(
        line
        for line in history.History(loser.player, history.default_period())[0:50]
        if line.kind == "tournament"
    )
    assert (lost.returned, lost.net) == (0, -1_100)
    # A refunded registration nets to nothing; one still registering is "in play".
    later = make_tournament(name="Later cup")
    services.register(players[0], later.pk)
    services.unregister(players[0], later.pk)
    services.register(players[0], later.pk)
    mine = [
        line
        for line in history.History(players[0], history.default_period())[0:50]
        if line.kind == "tournament" and "Later cup" in line.game
    ]
    assert sorted((line.returned, line.net) for line in mine if line.returned is not None) == [
        (1_100, 0)
    ]
    assert any(line.returned is None for line in mine)


def test_the_export_lists_entries_fees_prizes_and_results(finished):
    tournament, _ = finished
    # The export lists tournaments by their start, an hour after the fixture's "now": the
    # period ends on that day, also when the hour crosses midnight.
    period = history.default_period(timezone.localdate(tournament.starts_at))
    report = exports.tournament_entries(exports.Filters(period))
    rows = list(report.rows())
    assert len(rows) == 4 and report.count() == 4
    assert {row[0] for row in rows} == {f"tournament:{tournament.pk}"}
    assert sorted(row[12] for row in rows) == [0, 0, 0, 5_000]
    assert {row[14] for row in rows} == {1_000}  # the house topped 40.00 up to 50.00
    assert report.totals() == {"rows": 4, "entries": 4_000, "fees": 400, "prizes": 5_000}
    body = exports.render("tournaments", exports.Filters(period, game="rps"), "csv").decode()
    assert "house_top_up" in body and str(tournament.pk) in body
    assert list(csv.reader(io.StringIO(body)))[-1][0] == f"tournament:{tournament.pk}"
    exported = json.loads(exports.render("tournaments", exports.Filters(period), "json"))
    assert len(exported["rows"]) == 4
    jsonschema.validate(exported, exports.json_schema("tournaments"))
    # The revenue report counts the fees as rake and the top-up against the house bank.
    revenue = [
        r for r in exports.revenue_rows(exports.Filters(period), "day") if r[1] == "tournaments"
    ]
    assert revenue[0][3:6] == [-1_000, 400, 0]


def test_a_voided_tournament_refunds_entries_and_takes_back_prizes_audited(finished, make_user):
    tournament, players = finished
    staff = make_user(is_staff=True)
    before = {p: cash_balance(p) for p in players}
    kwargs = dict(reason="collusion found", player_note="This tournament was voided.", key="v1")
    correction = corrections.void_tournament(staff, tournament, **kwargs)
    again = corrections.void_tournament(staff, tournament, **kwargs)  # a resubmitted form
    assert again.pk == correction.pk and Correction.objects.count() == 1
    for entry in Entry.objects.filter(tournament=tournament).select_related("player"):
        assert cash_balance(entry.player) == before[entry.player] + 1_100 - entry.prize
    assert correction.tournament == tournament
    assert sum(correction.amounts.values()) == 4 * 1_100 - 5_000
    log = AuditLog.objects.get(action="results.correct")
    assert log.reason == "Void: collusion found" and log.actor == staff
    assert ledger_problems() == []
    loser = next(e for e in Entry.objects.filter(tournament=tournament) if not e.prize)
    lines = history.History(loser.player, history.default_period())[0:50]
    assert any(line.kind == "correction" and line.net == 1_100 for line in lines)


def test_a_tournament_correction_names_only_its_players(finished, make_user, funded_player):
    tournament, _ = finished
    with pytest.raises(corrections.CorrectionRefused, match="Not part"):
        corrections.correct_result(
            make_user(is_staff=True),
            tournament=tournament,
            amounts={funded_player(): 100},
            reason="r",
            player_note="n",
            key="k",
        )


def test_a_running_tournament_cannot_be_corrected(make_tournament, funded_player, make_user):
    tournament, _ = field_of(2, make_tournament, funded_player)
    with pytest.raises(corrections.CorrectionRefused, match="settled"):
        corrections.void_tournament(
            make_user(is_staff=True), tournament, reason="r", player_note="n", key="k"
        )


def test_the_admin_correction_form_voids_a_tournament(client, finished, make_user):
    tournament, _ = finished
    staff = make_user(is_staff=True)
    staff.user_permissions.set(
        Permission.objects.filter(codename__in=["correct_result", "add_correction"])
    )
    client.force_login(staff)
    form = {
        "target": f"tournament:{tournament.pk}",
        "void": "on",
        "amounts": "",
        "reason": "server fault",
        "player_note": "Voided after a server fault.",
        "token": "t1",
    }
    response = client.post(reverse("admin:reports_correction_add"), form)
    assert response.status_code == 302, response.content[:2000]
    assert Correction.objects.get().tournament == tournament
    assert not CorrectionForm({**form, "target": "game:1"}).is_valid()
    assert not CorrectionForm({**form, "amounts": "1: 5.00"}).is_valid()
