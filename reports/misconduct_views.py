"""The staff's suspicious-patterns page (reports/misconduct.py does the reading)."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.shortcuts import render

from games.models import ChatReport
from reports import misconduct
from reports.forms import ConductForm

REVIEW_PERMISSION = "games.review_conduct"


@login_required
def misconduct_view(request):
    if not (request.user.is_staff and request.user.has_perm(REVIEW_PERMISSION)):
        raise PermissionDenied
    form = ConductForm(request.GET or None)
    period, thresholds = form.period(), form.thresholds()
    return render(
        request,
        "reports/misconduct.html",
        {
            "form": form,
            "period": period,
            "patterns": misconduct.patterns(period, thresholds),
            "open_reports": ChatReport.objects.filter(status=ChatReport.Status.OPEN).count(),
            "thresholds": thresholds,
        },
    )
