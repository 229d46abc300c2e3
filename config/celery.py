import os

from celery import Celery
from celery.signals import task_prerun

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
