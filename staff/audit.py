"""The staff audit hook. Any app records a staff action with `record(...)`; the reports
app (which every other app may not import) receives the signal and writes the append-only
AuditLog row. The signal is synchronous, so the row is written in the caller's database
transaction: the action and its record commit together or not at all."""

from __future__ import annotations

from django.dispatch import Signal

# Sent with actor, action, target, reason and details (a dict).
staff_action = Signal()


class AuditNotRecorded(RuntimeError):
    """Nothing listens: a staff action must not go unrecorded."""


def record(actor, action: str, target, reason: str, **details) -> None:
    """Record who (`actor`) did what (`action`, e.g. "games.void") to what (`target`, a
    model instance or None) and why (`reason`); `details` must be JSON-serialisable."""
    if not staff_action.has_listeners():
        raise AuditNotRecorded("No audit log is connected (is the reports app installed?).")
    # send, not send_robust: a failed audit write must undo the action it records.
    staff_action.send(
        sender=None, actor=actor, action=action, target=target, reason=reason, details=details
    )
