"""Writes the AuditLog row for every staff.audit.record() call, in the caller's
database transaction (the signal is synchronous), and a PlayerSession on every log-in,
closed at its log-out (the player session report)."""

from __future__ import annotations

import hashlib

from django.contrib.auth.signals import user_logged_in, user_logged_out
from django.db import models
from django.dispatch import receiver
from django.utils import timezone

from reports.models import AuditLog, PlayerSession
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


def _session_hash(request) -> str | None:
    session = getattr(request, "session", None)
    if session is None:
        return None
    if session.session_key is None:
        session.save()
    return hashlib.sha256(session.session_key.encode()).hexdigest()


@receiver(user_logged_in, dispatch_uid="reports.session_started")
def session_started(sender, request, user, **kwargs) -> None:
    key = _session_hash(request)
    if key is None:
        return
    PlayerSession.objects.get_or_create(
        session_hash=key,
        defaults={
            "user": user,
            "started": timezone.now(),
            "expires": request.session.get_expiry_date(),
        },
    )


@receiver(user_logged_out, dispatch_uid="reports.session_ended")
def session_ended(sender, request, user, **kwargs) -> None:
    key = _session_hash(request) if user is not None else None
    if key is not None:
        PlayerSession.objects.filter(session_hash=key, logged_out__isnull=True).update(
            logged_out=timezone.now()
        )
