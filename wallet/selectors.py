"""Read-only questions about money, for pages and other apps."""

from __future__ import annotations

from wallet.models import Account


def header_balance(user) -> int | None:
    """The logged-in player's cash balance in minor units (None when nobody is logged in)."""
    if not getattr(user, "is_authenticated", False):
        return None
    return cash_balance(user)


def cash_balance(user) -> int:
    return (
        Account.objects.filter(key=f"cash:user:{user.pk}").values_list("balance", flat=True).first()
        or 0
    )
