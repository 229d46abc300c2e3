"""Account status changes. Staff block and unblock (a block ends every session at once),
and mute a player's table chat for a time."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.contrib.sessions.models import Session
from django.db import transaction
from django.utils import timezone

from accounts import sockets
from accounts.models import ChatMute, User
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
def block_user(user: User, *, reason: str, by: User, **details) -> None:
    """`details` (the chat report acted on) go to the audit row with the block."""
    if not reason.strip():
        raise AccountError("A reason is required to block an account.")
    user = User.objects.select_for_update().get(pk=user.pk)
    user.blocked_at = timezone.now()
    user.blocked_reason = reason.strip()
    user.blocked_by = by
    user.is_active = False
    user.save(update_fields=["blocked_at", "blocked_reason", "blocked_by", "is_active"])
    audit.record(by, "accounts.block", user, user.blocked_reason, **details)
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


# --- table chat -------------------------------------------------------------------------

MAX_MUTE_HOURS = 24 * 30


def chat_mute_of(user_id: int, now: datetime) -> ChatMute | None:
    """The mute in force for this player at `now`, if any (the one that ends last)."""
    return ChatMute.objects.filter(user_id=user_id, until__gt=now).order_by("-until").first()


@transaction.atomic
def chat_mute(user: User, *, hours: int, reason: str, by: User, **details) -> ChatMute:
    """Silences the player's table chat for `hours`; play goes on. `details` (the report
    acted on) go to the audit row with it."""
    if not reason.strip():
        raise AccountError("A reason is required to mute a player.")
    if not 1 <= hours <= MAX_MUTE_HOURS:
        raise AccountError(f"A mute lasts from 1 hour to {MAX_MUTE_HOURS} hours.")
    User.objects.select_for_update().get(pk=user.pk)  # one mute change of a player at a time
    mute = ChatMute.objects.create(
        user=user, until=timezone.now() + timedelta(hours=hours), reason=reason.strip(), by=by
    )
    audit.record(
        by, "accounts.chat_mute", user, mute.reason, hours=hours, until=mute.until, **details
    )
    return mute


@transaction.atomic
def chat_unmute(user: User, *, reason: str, by: User) -> int:
    """Lifts every mute in force now; the rows stay, ending at this moment."""
    User.objects.select_for_update().get(pk=user.pk)
    now = timezone.now()
    lifted = ChatMute.objects.filter(user=user, until__gt=now).update(until=now)
    if not lifted:
        raise AccountError(f"{user} is not muted.")
    audit.record(by, "accounts.chat_unmute", user, reason.strip(), lifted=lifted)
    return lifted
