"""The runtime's one source of time, so tests can drive timers without sleeping."""

from datetime import datetime

from django.utils import timezone


def now() -> datetime:
    return timezone.now()
