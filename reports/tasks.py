from __future__ import annotations

import logging
from pathlib import Path

from celery import shared_task
from django.conf import settings
from django.utils import timezone

from reports import exports
from reports.models import ExportJob, Heartbeat

HEARTBEAT_KEEP = timezone.timedelta(days=1)
log = logging.getLogger(__name__)


@shared_task
def record_heartbeat(source: str = "worker") -> int:
    beat = Heartbeat.objects.create(source=source)
    Heartbeat.objects.filter(created__lt=timezone.now() - HEARTBEAT_KEEP).delete()
    return beat.pk


def exports_dir() -> Path:
    folder = Path(getattr(settings, "DATA_DIR", Path.cwd() / ".data")) / "exports"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@shared_task(acks_late=True)
def run_export(job_id: int) -> str:
    """Writes one export job's file, updating its progress as rows are written."""
    job = ExportJob.objects.get(pk=job_id)
    if job.status == ExportJob.Status.DONE:
        return job.file_name
    filters = exports.Filters.from_json(job.filters)
    report = exports.REPORTS[job.report][1](filters)
    total = max(1, report.count())
    name = f"{job.pk}-{job.report}.{job.file_format}"
    ExportJob.objects.filter(pk=job.pk).update(status=ExportJob.Status.RUNNING, progress=0)

    def progress(rows: int) -> None:
        ExportJob.objects.filter(pk=job.pk).update(rows=rows, progress=min(99, rows * 100 // total))

    binary = job.file_format == "xlsx"
    path = exports_dir() / name
    try:
        with open(
            path,
            "wb" if binary else "w",
            newline="" if not binary else None,
            **({} if binary else {"encoding": "utf-8"}),
        ) as out:
            rows = exports.write(report, filters, job.file_format, out, progress)
    except Exception as error:
        log.exception("export %s failed", job.pk)
        ExportJob.objects.filter(pk=job.pk).update(
            status=ExportJob.Status.FAILED, error=str(error)[:2000], finished=timezone.now()
        )
        raise
    ExportJob.objects.filter(pk=job.pk).update(
        status=ExportJob.Status.DONE,
        progress=100,
        rows=rows,
        file_name=name,
        finished=timezone.now(),
    )
    return name
