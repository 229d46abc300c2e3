"""Admin pages of records only the services write (the ledger, the audit log, seats, chat,
sign-ins, seed chains): staff read them in the admin and never add, change or delete one
there."""

from __future__ import annotations

from django.contrib import admin
from django.http import HttpRequest


class ReadOnly:
    """Mixed into a ModelAdmin or an inline (an inline's add check also takes the parent)."""

    def has_add_permission(self, request: HttpRequest, obj=None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj=None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj=None) -> bool:
        return False


class ReadOnlyAdmin(ReadOnly, admin.ModelAdmin):
    pass
