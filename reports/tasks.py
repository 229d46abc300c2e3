from celery import shared_task
from django.utils import timezone

from reports.models import Heartbeat

HEARTBEAT_KEEP = timezone.timedelta(days=1)


@shared_task
def record_heartbeat(source: str = "worker") -> int:
    beat = Heartbeat.objects.create(source=source)
    Heartbeat.objects.filter(created__lt=timezone.now() - HEARTBEAT_KEEP).delete()
    return beat.pk
