"""Writes the AuditLog row for every staff.audit.record() call, in the caller's
database transaction (the signal is synchronous)."""

from __future__ import annotations

from django.db import models
from django.dispatch import receiver

from reports.models import AuditLog
from staff.audit import staff_action


@receiver(staff_action, dispatch_uid="reports.write_audit_log")
def write_audit_log(sender, actor, action: str, target, reason: str, details: dict, **kwargs):
    is_row = isinstance(target, models.Model)
    AuditLog.objects.create(
        actor=actor if getattr(actor, "pk", None) else None,
        actor_email=getattr(actor, "email", "") or "",
        action=action,
        target_type=target._meta.label if is_row else "",
        target_id=str(target.pk) if is_row else "",
        target_repr=str(target)[:200] if target is not None else "",
        reason=reason or "",
        details=details,
    )
