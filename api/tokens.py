"""Issuing, revoking and checking API tokens; every issue and revocation is audited."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from api.models import ApiToken, digest, new_key
from staff import audit
from staff.roles import is_regulator


class TokenRefused(ValueError):
    pass


def may_hold(user, scope: str) -> bool:
    """A regulator token acts as a regulator; a player token as a player who is neither
    staff nor regulator. Checked at issue and again at every use (a role can change)."""
    if not user.is_active:
        return False
    if scope == ApiToken.Scope.REGULATOR:
        return is_regulator(user)
    return not (user.is_staff or user.is_superuser or is_regulator(user))


@transaction.atomic
def issue(*, by, name: str, user, scope: str) -> tuple[ApiToken, str]:
    """A new token and its key, which is shown this once and never stored."""
    if not may_hold(user, scope):
        raise TokenRefused(f"{user} cannot hold a {scope} token.")
    key = new_key()
    token = ApiToken.objects.create(
        name=name, user=user, scope=scope, key_digest=digest(key), hint=key[:8], created_by=by
    )
    audit.record(by, "api.token.issue", token, "Issued in the admin", scope=scope, user=user.pk)
    return token, key


@transaction.atomic
def revoke(*, by, token: ApiToken, reason: str) -> bool:
    """Revokes the token at once; False if it already was."""
    revoked = ApiToken.objects.filter(pk=token.pk, revoked_at=None).update(
        revoked_at=timezone.now()
    )
    if revoked:
        audit.record(by, "api.token.revoke", token, reason)
    return bool(revoked)


def find(key: str) -> ApiToken | None:
    """The active token with this key, with its account."""
    return (
        ApiToken.objects.select_related("user")
        .filter(key_digest=digest(key), revoked_at=None)
        .first()
    )


def record_use(token: ApiToken, request) -> None:
    """A regulator token's every call is in the audit log: who, which system, what."""
    ApiToken.objects.filter(pk=token.pk).update(last_used=timezone.now())
    if token.scope == ApiToken.Scope.REGULATOR:
        audit.record(
            token.user,
            "api.read",
            token,
            f"{request.method} {request.path}",
            query={key: request.GET.getlist(key) for key in sorted(request.GET)},
        )
