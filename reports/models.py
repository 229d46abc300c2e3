from django.db import models


class Heartbeat(models.Model):
    """Proof of life from a background process (the Celery worker, driven by beat)."""

    source = models.CharField(max_length=50)
    created = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        ordering = ["-created"]
        get_latest_by = "created"

    def __str__(self) -> str:
        return f"{self.source} at {self.created:%Y-%m-%d %H:%M:%S}"
