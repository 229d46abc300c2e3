"""Staff create and watch tournaments here; money moves only through the services."""

from __future__ import annotations

from django.contrib import admin, messages
from django.db import transaction

from staff import audit
from staff.audited_admin import AuditedAdmin
from tournaments import services
from tournaments.models import Entry, Match, Schedule, Tournament


class EntryInline(admin.TabularInline):
    model = Entry
    fields = ("player", "status", "entry", "fee", "seed", "place", "prize")
    readonly_fields = fields
    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None) -> bool:
        return False


@admin.register(Tournament)
class TournamentAdmin(AuditedAdmin):
    audit_action = "tournaments.tournament"
    list_display = ("name", "format", "game_slug", "entry", "fee", "starts_at", "status")
    list_filter = ("status", "format", "game_slug")
    readonly_fields = (
        "status",
        "started",
        "finished",
        "settlement",
        "created_by",
        "schedule",
        "occurrence",
        "table",
    )
    inlines = [EntryInline]
    actions = ["cancel_and_refund"]

    def save_model(self, request, obj, form, change) -> None:
        if not change:
            obj.created_by = request.user
        super().save_model(request, obj, form, change)

    def get_readonly_fields(self, request, obj=None):
        # Once players have paid in, the terms they paid for stay as they were.
        if obj is not None and obj.entries.exists():
            return [f.name for f in Tournament._meta.fields if f.name != "name"]
        return self.readonly_fields

    @admin.action(description="Cancel and refund every entry (before the start)")
    def cancel_and_refund(self, request, queryset) -> None:
        for tournament in queryset:
            try:
                with transaction.atomic():
                    services.cancel(tournament.pk, "cancelled by staff")
                    audit.record(
                        request.user, "tournaments.cancel", tournament, "Cancelled in the admin"
                    )
            except services.TournamentError as refused:
                messages.error(request, f"{tournament}: {refused}")


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    list_display = ("tournament", "round", "slot", "first", "second", "winner", "game")
    list_filter = ("tournament",)
    readonly_fields = [f.name for f in Match._meta.fields]

    def has_add_permission(self, request) -> bool:
        return False


@admin.register(Schedule)
class ScheduleAdmin(AuditedAdmin):
    audit_action = "tournaments.schedule"
    list_display = ("name", "when", "format", "game_slug", "entry", "fee", "active")
    list_filter = ("active", "every", "format")
    readonly_fields = ("created_by",)

    def save_model(self, request, obj, form, change) -> None:
        if not change:
            obj.created_by = request.user
        super().save_model(request, obj, form, change)
