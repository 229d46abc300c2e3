from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.http import FileResponse, Http404, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone

from reports import complaints, exports, history
from reports.forms import ComplaintForm, ExportForm, PeriodForm
from reports.models import Complaint, ExportJob
from reports.tasks import exports_dir, run_export
from staff.roles import is_regulator, may_export

# Up to this many rows an export is answered at once; above, it runs as a Celery job.
INLINE_EXPORT_ROWS = 5_000


@login_required
def history_view(request):
    form = PeriodForm(request.GET or None)
    period, game = form.period(), form.chosen_game()
    lines = history.History(request.user, period, game)
    page = Paginator(lines, 50).get_page(request.GET.get("page"))
    query = request.GET.copy()
    query.pop("page", None)
    return render(
        request,
        "reports/history.html",
        {
            "form": form,
            "page": page,
            "period": period,
            "totals": history.totals(request.user, period),
            "query": query.urlencode(),
        },
    )


@login_required
def complaints_view(request):
    games, rounds = complaints.games_open_to_complaint(request.user)
    form = ComplaintForm(request.POST or None, games=games, rounds=rounds)
    if request.method == "POST" and form.is_valid():
        try:
            complaints.file_complaint(request.user, form.cleaned_data["text"], **form.about())
        except complaints.ComplaintRefused as refusal:
            form.add_error(None, str(refusal))
        else:
            messages.success(request, "Your complaint is registered. We will answer here.")
            return redirect("reports:complaints")
    return render(
        request,
        "reports/complaints.html",
        {
            "form": form,
            "complaints": Complaint.objects.filter(player=request.user).select_related(
                "game_round", "ledger_transaction"
            ),
            "REGULATOR_NAME": getattr(settings, "REGULATOR_NAME", "the regulator"),
        },
    )


def _exporter(request) -> None:
    if not may_export(request.user):
        raise PermissionDenied


@login_required
def exports_view(request):
    _exporter(request)
    form = ExportForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        report_name, file_format = form.cleaned_data["report"], form.cleaned_data["file_format"]
        filters = form.filters()
        report = exports.REPORTS[report_name][1](filters)
        if report.count() <= INLINE_EXPORT_ROWS:
            response = HttpResponse(
                exports.render(report_name, filters, file_format),
                content_type=exports.FORMATS[file_format],
            )
            response["Content-Disposition"] = (
                f'attachment; filename="{report_name}-{timezone.now():%Y%m%d%H%M%S}.{file_format}"'
            )
            return response
        job = ExportJob.objects.create(
            requester=request.user,
            report=report_name,
            file_format=file_format,
            filters=filters.as_json(),
        )
        run_export.delay(job.pk)
        return redirect("reports:export_job", job.pk)
    jobs = ExportJob.objects.filter(requester=request.user)[:20]
    return render(request, "reports/exports.html", {"form": form, "jobs": jobs})


def _job_for(request, pk: int) -> ExportJob:
    job = get_object_or_404(ExportJob, pk=pk)
    # The file holds personal and financial data: its requester, staff and regulators.
    if job.requester_id != request.user.pk and not (
        request.user.is_superuser or is_regulator(request.user) or may_export(request.user)
    ):
        raise Http404
    return job


@login_required
def export_job(request, pk: int):
    job = _job_for(request, pk)
    if request.headers.get("accept", "").startswith("application/json"):
        return JsonResponse(
            {"status": job.status, "progress": job.progress, "rows": job.rows, "error": job.error}
        )
    return render(request, "reports/export_job.html", {"job": job})


@login_required
def export_download(request, pk: int):
    job = _job_for(request, pk)
    if job.status != ExportJob.Status.DONE:
        raise Http404("The export is not ready.")
    path = exports_dir() / job.file_name
    return FileResponse(
        open(path, "rb"),
        as_attachment=True,
        filename=job.file_name,
        content_type=exports.FORMATS[job.file_format],
    )
