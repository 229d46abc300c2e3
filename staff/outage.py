"""The outage record that reports/outage.py detects and games/ and casino/ recover from."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.conf import settings


@dataclass(frozen=True)
class Outage:
    began: datetime  # the last heartbeat before the silence
    ended: datetime  # when it was noticed

    @property
    def seconds(self) -> float:
        return (self.ended - self.began).total_seconds()

    @property
    def voids(self) -> bool:
        return self.seconds > settings.OUTAGE_VOID_SECONDS
