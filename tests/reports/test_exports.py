"""Exports: revenue that reconciles with the ledger to the minor unit, the header and
"No activity", every format, and a large export as a job through a real Celery worker."""

from __future__ import annotations

import csv
import io
import json
from datetime import date

import pytest
from celery.contrib.testing.worker import start_worker
from django.contrib.auth.models import Group, Permission
from django.urls import reverse
from django.utils import timezone
from openpyxl import load_workbook

from config.celery import app
from reports import corrections, exports, history
from reports.models import ExportJob
from staff.roles import REGULATORS_GROUP
from wallet.models import Account
from wallet.selectors import house_balance

TODAY_FILTERS = exports.Filters(history.Period(date(2000, 1, 1), date(2100, 1, 1)))


@pytest.mark.django_db
def test_revenue_reconciles_with_the_ledger_to_the_minor_unit(
    played_game, settled_crash, make_user
):
    game, (winner, loser) = played_game(stake=1_337)
    settled_crash([(winner, 999, 150), (loser, 701, 300)])
    corrections.correct_result(
        make_user(is_staff=True),
        game=game,
        amounts={loser: 33},
        reason="rake overcharged",
        player_note="Rake refunded.",
        key="r1",
    )
    for unit in ("day", "month"):
        rows = exports.revenue_rows(TODAY_FILTERS, unit)
        assert {row[1] for row in rows} == {"rps", "crash"}
        for _, _, _stakes, bank, rake, fees, ggr, adjustments, players in rows:
            assert ggr == bank + rake + fees
            assert ggr + adjustments + players == 0  # the house's gain: the players' loss
        assert sum(row[4] for row in rows) == house_balance(Account.Kind.RAKE)
        assert sum(row[3] for row in rows) == house_balance(Account.Kind.HOUSE_BANK)
        assert sum(row[5] for row in rows) == house_balance(Account.Kind.FEES)
    crash = next(r for r in exports.revenue_rows(TODAY_FILTERS, "day") if r[1] == "crash")
    assert crash[2] == 999 + 701 and crash[3] == 999 + 701 - 999 * 150 // 100


@pytest.mark.django_db
def test_every_report_has_its_header_and_says_no_activity_when_empty(settings):
    empty = exports.Filters(history.Period(date(2001, 1, 1), date(2001, 1, 31)), player_id=1)
    for name in exports.REPORTS:
        for file_format in exports.formats_for(name):
            body = exports.render(name, empty, file_format)
            if file_format == "csv":
                lines = list(csv.reader(io.StringIO(body.decode())))
                head = {line[0]: line[1] for line in lines if len(line) == 2}
                assert head["operator"] == settings.OPERATOR_NAME
                assert head["period"] == "2001-01-01 to 2001-01-31"
                assert {"title", "generated_at", "filters", "totals"} <= set(head)
                assert lines[-1] == [exports.NO_ACTIVITY]
            elif file_format == "json":
                data = json.loads(body)
                assert data["header"]["operator"] == settings.OPERATOR_NAME
                assert data["rows"] == [] and data["note"] == exports.NO_ACTIVITY
            else:
                sheet = load_workbook(io.BytesIO(body)).active
                values = [row for row in sheet.iter_rows(values_only=True)]
                assert values[-1][0] == exports.NO_ACTIVITY


@pytest.mark.django_db
def test_game_history_export_carries_seeds_and_ledger_ids(played_game):
    game, players = played_game()
    data = json.loads(exports.render("games", TODAY_FILTERS, "json"))
    row = dict(zip(data["columns"], data["rows"][0], strict=True))
    assert row["id"] == f"game:{game.pk}" and row["seed_hash"] == game.seed_hash
    assert row["revealed_seed"] == game.revealed_seed
    assert game.settlement["transaction"] in row["ledger_transactions"]
    assert row["players"] == f"{players[0].pk};{players[1].pk}"


@pytest.mark.django_db
def test_the_export_page_is_for_regulators_and_staff_only(client, make_user, played_game):
    played_game()
    client.force_login(make_user())
    assert client.get(reverse("reports:exports")).status_code == 403
    regulator = make_user(is_staff=True)
    group, _ = Group.objects.get_or_create(name=REGULATORS_GROUP)
    group.permissions.set(Permission.objects.filter(codename__startswith="view_"))
    regulator.groups.add(group)
    client.force_login(regulator)
    response = client.post(
        reverse("reports:exports"),
        {"report": "revenue_daily", "file_format": "xlsx", "start": "2000-01-01"},
    )
    assert response.status_code == 200
    assert response["Content-Type"] == exports.FORMATS["xlsx"]


@pytest.mark.django_db(transaction=True)
def test_a_large_export_runs_as_a_job_with_progress_through_a_real_worker(
    client, make_user, funded_player, settings, tmp_path, monkeypatch
):
    settings.DATA_DIR = tmp_path
    monkeypatch.setattr("reports.views.INLINE_EXPORT_ROWS", 1)
    for _ in range(3):
        funded_player()
    staff = make_user(is_staff=True, is_superuser=True)
    client.force_login(staff)
    with start_worker(app, pool="solo", perform_ping_check=False, loglevel="WARNING"):
        response = client.post(
            reverse("reports:exports"),
            {"report": "transactions", "file_format": "csv", "start": "2000-01-01"},
        )
        job = ExportJob.objects.get()
        assert response["Location"] == reverse("reports:export_job", args=[job.pk])
        deadline = timezone.now() + timezone.timedelta(seconds=30)
        while timezone.now() < deadline:
            job.refresh_from_db()
            if job.status in (ExportJob.Status.DONE, ExportJob.Status.FAILED):
                break
    assert job.status == ExportJob.Status.DONE, job.error
    polled = client.get(
        reverse("reports:export_job", args=[job.pk]), headers={"accept": "application/json"}
    ).json()
    assert polled["progress"] == 100 and polled["rows"] == 6  # 3 deposits, 2 entries each
    page = client.get(reverse("reports:export_job", args=[job.pk]))
    assert b'role="progressbar"' in page.content
    download = client.get(reverse("reports:export_download", args=[job.pk]))
    body = b"".join(download.streaming_content).decode()
    assert "Ledger transactions" in body and body.count("deposit") >= 3
    client.force_login(make_user())
    assert client.get(reverse("reports:export_download", args=[job.pk])).status_code == 404
