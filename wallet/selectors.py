"""Read-only questions about money, for pages and other apps."""

from __future__ import annotations


def header_balance(user) -> int | None:
    """The logged-in player's cash balance in minor units (None when nobody is logged in)."""
    if not getattr(user, "is_authenticated", False):
        return None
    return 0
