"""The staff page for tournaments, outside the admin: create a tournament, create or pause a
recurring schedule. Each needs its model's add (or change) permission, and each write is in
the audit log in its own transaction."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from staff import audit
from staff.audited_admin import snapshot
from tournaments import selectors
from tournaments.forms import ScheduleForm, TermsForm, TournamentForm
from tournaments.models import Schedule, Tournament

AUDITED = ["prize_table", *TournamentForm.Meta.fields, *ScheduleForm.Meta.fields]


def _allowed(request, permission: str) -> None:
    if not (request.user.is_staff and request.user.has_perm(permission)):
        raise PermissionDenied


def _create(request, form: TermsForm, action: str):
    with transaction.atomic():
        record = form.save(commit=False)
        record.created_by = request.user
        record.save()
        fields = [name for name in dict.fromkeys(AUDITED) if hasattr(record, name)]
        audit.record(
            request.user, action, record, "Created on the staff page", **snapshot(record, fields)
        )
    return record


@login_required
def index(request):
    _allowed(request, "tournaments.view_tournament")
    return render(
        request,
        "tournaments/staff/index.html",
        {
            "upcoming": selectors.listed().filter(
                status__in=[Tournament.Status.REGISTERING, Tournament.Status.RUNNING]
            ),
            "schedules": Schedule.objects.all(),
            "may_change_schedules": request.user.has_perm("tournaments.change_schedule"),
        },
    )


@login_required
def new_tournament(request):
    _allowed(request, "tournaments.add_tournament")
    form = TournamentForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        tournament = _create(request, form, "tournaments.tournament.add")
        messages.success(request, f"{tournament} is scheduled.")
        return redirect("tournaments:detail", tournament.pk)
    return render(request, "tournaments/staff/form.html", {"form": form, "what": "tournament"})


@login_required
def new_schedule(request):
    _allowed(request, "tournaments.add_schedule")
    form = ScheduleForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        schedule = _create(request, form, "tournaments.schedule.add")
        messages.success(request, f"{schedule} will be created by the schedule.")
        return redirect("tournaments:staff")
    return render(request, "tournaments/staff/form.html", {"form": form, "what": "schedule"})


@login_required
@require_POST
def toggle_schedule(request, schedule_id: int):
    _allowed(request, "tournaments.change_schedule")
    with transaction.atomic():
        schedule = get_object_or_404(Schedule.objects.select_for_update(), pk=schedule_id)
        schedule.active = not schedule.active
        schedule.save(update_fields=["active"])
        audit.record(
            request.user,
            "tournaments.schedule.change",
            schedule,
            "Resumed on the staff page" if schedule.active else "Paused on the staff page",
            active=schedule.active,
        )
    messages.success(request, f"{schedule} is {'active' if schedule.active else 'paused'}.")
    return redirect("tournaments:staff")
