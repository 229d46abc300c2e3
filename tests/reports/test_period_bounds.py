"""Dates of a statement or history period are bounded by one shared field: dates far out of
range (which overflowed while building the period's bounds and answered 500) are refused
with a clear message on the history, the wallet statement and the exports."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Group, Permission
from django.urls import reverse

from reports.forms import ExportForm, PeriodForm
from reports.models import ExportJob
from staff.roles import REGULATORS_GROUP
from wallet.forms import StatementFilterForm

pytestmark = pytest.mark.django_db

MESSAGE = "Choose a date from 1 January 2000 to 31 December 2099."
OUT_OF_RANGE = ["9999-12-31", "0001-01-01", "1999-12-31", "2100-01-01"]


@pytest.mark.parametrize("day", OUT_OF_RANGE)
@pytest.mark.parametrize("field", ["start", "end"])
def test_the_history_refuses_a_date_out_of_range_and_shows_the_default_period(
    client, make_user, field, day
):
    client.force_login(make_user())
    response = client.get(reverse("reports:history"), {field: day})
    assert response.status_code == 200
    assert response.context["form"].errors[field] == [MESSAGE]
    assert MESSAGE in response.content.decode()
    assert response.context["period"] == PeriodForm().period()


@pytest.mark.parametrize("day", OUT_OF_RANGE)
@pytest.mark.parametrize("field", ["date_from", "date_to"])
def test_the_statement_refuses_a_date_out_of_range(client, make_user, field, day):
    client.force_login(make_user())
    response = client.get(reverse("wallet:index"), {field: day})
    assert response.status_code == 200
    assert response.context["filters"].errors[field] == [MESSAGE]
    assert MESSAGE in response.content.decode()


def test_the_edges_of_the_range_are_accepted():
    assert PeriodForm({"start": "2000-01-01", "end": "2099-12-31"}).is_valid()
    assert StatementFilterForm({"date_from": "2000-01-01", "date_to": "2099-12-31"}).is_valid()


@pytest.mark.parametrize("day", ["9999-12-31", "0001-01-01"])
def test_an_export_of_an_out_of_range_period_is_refused_and_queues_nothing(client, make_user, day):
    regulator = make_user(is_staff=True)
    group, _ = Group.objects.get_or_create(name=REGULATORS_GROUP)
    group.permissions.set(Permission.objects.filter(codename__startswith="view_"))
    regulator.groups.add(group)
    client.force_login(regulator)
    response = client.post(
        reverse("reports:exports"),
        {"report": "revenue_daily", "file_format": "csv", "start": "2020-01-01", "end": day},
    )
    assert response.status_code == 200
    assert response.context["form"].errors["end"] == [MESSAGE]
    assert MESSAGE in response.content.decode()
    assert not ExportJob.objects.exists()
    assert not ExportForm({"report": "revenue_daily", "file_format": "csv", "end": day}).is_valid()
