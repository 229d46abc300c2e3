import os

from celery import Celery
from celery.signals import (
    after_setup_logger,
    after_setup_task_logger,
    task_postrun,
    task_prerun,
)

from config import metrics

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("longtable")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@task_prerun.connect
def recover_from_outage_first(**_: object) -> None:
    """No task plays a deadline before the outage that stopped the timers is dealt with
    (reports/outage.py)."""
    from reports import outage

    outage.check()


# Each task's run time (telemetry.metrics.TASK_SECONDS) and its id on its log lines.
task_prerun.connect(metrics.task_started, weak=False)
task_postrun.connect(metrics.task_ended, weak=False)


def watched_handlers(logger=None, **_: object) -> None:
    """Celery sets up its own handlers at its -l level (the worker's and beat's); they
    write the site's format too, with the task, game and round on each line."""
    from django.conf import settings

    from config import logs
    from telemetry.context import ContextFilter

    formatter = logs.JsonFormatter() if settings.LOG_FORMAT == "json" else logs.PlainFormatter()
    for handler in getattr(logger, "handlers", []):
        handler.setFormatter(formatter)
        if not any(isinstance(f, ContextFilter) for f in handler.filters):
            handler.addFilter(ContextFilter())


after_setup_logger.connect(watched_handlers, weak=False)
after_setup_task_logger.connect(watched_handlers, weak=False)
