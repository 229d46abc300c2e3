from __future__ import annotations

from collections.abc import Iterable

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.forms import BoundField
from django.http import FileResponse, Http404, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe

from casino.models import Round
from games.models import Game
from reports import complaints, exports, history, round_audit
from reports.forms import AuditForm, ComplaintForm, ExportForm, PeriodForm
from reports.models import Complaint, ExportJob
from reports.tasks import exports_dir, run_export
from staff.roles import is_regulator, may_export
from wallet.forms import fields_written
from wallet.rows import RowFormats, escape

# Up to this many rows an export is answered at once; above, it runs as a Celery job.
INLINE_EXPORT_ROWS = 5_000


def history_row(line: history.HistoryLine, formats: RowFormats) -> str:
    """The line's table row, written here rather than by the template (wallet/rows.py)."""
    day, at = formats.day_month_year(line.when)
    notes = [*line.notes, *([f"Rules version {line.rules_version}"] if line.rules_version else [])]
    notes_html = "".join(f'<br><small class="muted">{escape(str(note))}</small>' for note in notes)
    amount = formats.amount
    returned = (
        '<span class="muted">in play</span>' if line.returned is None else amount(line.returned)
    )
    net = line.net or 0
    net_class = "neg" if net < 0 else "pos" if net > 0 else ""
    link = f'<a href="{escape(line.link)}">{escape(line.link_text)}</a>' if line.link else ""
    return (
        f"<tr><td>{day}, {at}</td><td>{escape(line.game)}{notes_html}</td>"
        f"<td>{escape(str(line.status))}</td>"
        f'<td class="num">{amount(line.stake) if line.stake else ""}</td>'
        f'<td class="num">{returned}</td>'
        f'<td class="num">{amount(line.fees) if line.fees else ""}</td>'
        f'<td class="num">{amount(line.rake) if line.rake else ""}</td>'
        f'<td class="num amount {net_class}">{"" if line.net is None else amount(line.net)}</td>'
        f"<td>{link}</td></tr>"
    )


def history_rows(lines: Iterable[history.HistoryLine], formats: RowFormats) -> SafeString:
    """The page's rows as one piece of markup: the template writes it as one value."""
    return mark_safe("".join(history_row(line, formats) for line in lines))


def _labelled(field: BoundField, errors: str) -> str:
    """A filter's field as the history's form shows it: the widget inside its label."""
    return f"<label>{conditional_escape(field.label)}{field}{errors}</label>"


@login_required
def history_view(request):
    form = PeriodForm(request.GET or None)
    period, game = form.period(), form.chosen_game()
    page = history.history_page(
        history.History(request.user, period, game), request.GET.get("page")
    )
    query = request.GET.copy()
    query.pop("page", None)
    formats = RowFormats()
    return render(
        request,
        "reports/history.html",
        {
            "form": form,
            "form_fields": fields_written(form, _labelled),
            "page": page,
            "rows": history_rows(page, formats),
            # Written as the rows' days are (the date filter cost the page ~1.5 %).
            "period": period,
            "first_day": formats.day(period.start),
            "last_day": formats.day(period.end),
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
        if report.inline and report.count() <= INLINE_EXPORT_ROWS:
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
    return _exports_page(request, form, AuditForm())


def _exports_page(request, form, audit_form):
    jobs = ExportJob.objects.filter(requester=request.user)[:20]
    return render(
        request,
        "reports/exports.html",
        {
            "form": form,
            "audit_form": audit_form,
            "jobs": jobs,
            "schemas": [(name, title) for name, (title, _) in exports.REPORTS.items()],
        },
    )


@login_required
def export_schema(request, name: str):
    """The JSON Schema of a report's JSON file (its CSV holds the same columns)."""
    _exporter(request)
    if name not in exports.REPORTS:
        raise Http404
    return JsonResponse(exports.json_schema(name), json_dumps_params={"indent": 1})


# --- the audit record of one game or round -------------------------------------------------


@login_required
def audit_find(request):
    _exporter(request)
    form = AuditForm(request.GET)
    if not form.is_valid():
        return _exports_page(request, ExportForm(), form)
    data = form.cleaned_data
    if data["game_id"]:
        return redirect("reports:audit_game", data["game_id"], data["file_format"])
    return redirect(
        "reports:audit_round", data["round_game"], data["round_number"], data["file_format"]
    )


def _download(document: dict, file_format: str) -> HttpResponse:
    if file_format not in round_audit.FORMATS:
        raise Http404
    response = HttpResponse(
        round_audit.render(document, file_format), content_type=round_audit.FORMATS[file_format]
    )
    name = round_audit.file_name(document, file_format)
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


@login_required
def audit_game(request, pk: int, file_format: str):
    _exporter(request)
    game = get_object_or_404(Game, pk=pk)
    return _download(round_audit.game_document(game), file_format)


@login_required
def audit_round(request, game: str, number: int, file_format: str):
    _exporter(request)
    game_round = get_object_or_404(Round.objects.select_related("chain"), game=game, number=number)
    return _download(round_audit.round_document(game_round), file_format)


@login_required
def audit_schema(request):
    _exporter(request)
    return JsonResponse(round_audit.SCHEMA, json_dumps_params={"indent": 1})


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
