"""Account status changes. Staff block and unblock; a block ends every session at once."""

from __future__ import annotations

from django.contrib.sessions.models import Session
from django.db import transaction
from django.utils import timezone

from accounts import sockets
from accounts.models import User
from accounts.protection import exclusion_active, exclusion_message
from staff import audit


class AccountError(Exception):
    pass


def end_sessions(user: User) -> int:
    """Log the user out everywhere (the session store is the database)."""
    ended = 0
    for session in Session.objects.filter(expire_date__gt=timezone.now()).iterator():
        if str(session.get_decoded().get("_auth_user_id")) == str(user.pk):
            session.delete()
            ended += 1
    return ended


def standing(user_id: int) -> tuple[str, str] | None:
    """Why this account may not play right now (reason, message for the player), or None.
    Read afresh from the database: a socket keeps the user it connected with."""
    user = User.objects.select_related("protection").filter(pk=user_id).first()
    if user is None or not user.is_active:
        return sockets.BLOCKED, "Your account is blocked."
    protection = getattr(user, "protection", None)
    if protection is not None and exclusion_active(protection):
        return sockets.EXCLUDED, exclusion_message(protection)
    return None


@transaction.atomic
def block_user(user: User, *, reason: str, by: User) -> None:
    if not reason.strip():
        raise AccountError("A reason is required to block an account.")
    user = User.objects.select_for_update().get(pk=user.pk)
    user.blocked_at = timezone.now()
    user.blocked_reason = reason.strip()
    user.blocked_by = by
    user.is_active = False
    user.save(update_fields=["blocked_at", "blocked_reason", "blocked_by", "is_active"])
    audit.record(by, "accounts.block", user, user.blocked_reason)
    transaction.on_commit(lambda: end_sessions(user))
    transaction.on_commit(
        lambda: sockets.close_sockets(user.pk, sockets.BLOCKED, "Your account has been blocked.")
    )


@transaction.atomic
def unblock_user(user: User, *, by: User) -> None:
    user = User.objects.select_for_update().get(pk=user.pk)
    audit.record(by, "accounts.unblock", user, "", was_blocked_for=user.blocked_reason)
    user.blocked_at = None
    user.blocked_reason = ""
    user.blocked_by = None
    user.is_active = True
    user.save(update_fields=["blocked_at", "blocked_reason", "blocked_by", "is_active"])
