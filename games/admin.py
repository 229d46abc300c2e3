"""Staff views of live games. Games, seats and actions are records: read-only. One tool,
behind its own permission: void a game, which refunds every stake through the runtime's
own settlement (exactly once, by its key) and goes to the audit log."""

from __future__ import annotations

from django.contrib import admin
from django.shortcuts import get_object_or_404
from django.urls import path, reverse
from django.utils.html import format_html

from games import registry, services, voiding
from games.models import Game, GameSeat
from staff.tools import ReasonTool
from wallet.admin_columns import money_column

# The staff tools' permissions live with the audit log (reports.AuditLog's Meta).
VOID_TOOL = ReasonTool(
    permission="reports.void_game",
    denied="You do not have permission to void games.",
    verb="Void",
    explanation="The game ends at once as void; settlement refunds every seat what it put "
    "in, fees included. The reason goes to the audit log.",
    submit="Void game",
    refusals=(services.ActionRejected,),
)


class SeatInline(admin.TabularInline):
    model = GameSeat
    fields = ["position", "player", "held", "timeouts", "disconnected", "bot"]
    readonly_fields = fields
    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False


stake_money = money_column("stake")


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ["pk", "game_name", "status", stake_money, "started", "finished", "settled"]
    list_filter = ["status", "slug", "settled"]
    search_fields = ["=id", "escrow_reference", "seats__player__email"]
    date_hierarchy = "started"
    inlines = [SeatInline]
    # The seed stays server-side until the game ends (revealed_seed shows it then).
    exclude = ["seed", "state"]
    readonly_fields = ["revealed_seed", "audit_record", "staff_tools"]

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False

    @admin.display(description="game", ordering="slug")
    def game_name(self, game: Game) -> str:
        return registry.get(game.slug).name

    @admin.display(description="Audit record")
    def audit_record(self, game: Game) -> str:
        return format_html(
            '<a href="{}">JSON</a> · <a href="{}">CSV</a>',
            reverse("reports:audit_game", args=[game.pk, "json"]),
            reverse("reports:audit_game", args=[game.pk, "csv"]),
        )

    @admin.display(description="Staff tools")
    def staff_tools(self, game: Game) -> str:
        if game.is_over:
            return "—"
        return format_html(
            '<a class="button" href="{}">Void this game and refund every stake</a>',
            reverse("admin:games_game_void", args=[game.pk]),
        )

    def get_urls(self):
        return [
            path(
                "<int:pk>/void/",
                self.admin_site.admin_view(self.void_view),
                name="games_game_void",
            ),
            *super().get_urls(),
        ]

    def void_view(self, request, pk: int):
        game = get_object_or_404(Game, pk=pk)

        def void(reason: str) -> str:
            voided = voiding.void_and_refund(game.pk, staff=request.user, reason=reason)
            if not voided.settled:
                return (
                    f"{game} is void. Its refunds could not be paid yet; they are retried "
                    "automatically (see the error log)."
                )
            return f"{game} is void; every stake and fee is refunded."

        return VOID_TOOL.view(
            request,
            self,
            game,
            void,
            refusal=f"{game} is already over ({game.status})." if game.is_over else None,
        )
