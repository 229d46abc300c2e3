"""Staff views of the house rounds. Rounds and bets are records: read-only. Paytables
are edited by saving a new version; a Keno ticket keeps the prices it was sold at."""

from __future__ import annotations

from django import forms
from django.contrib import admin
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Max
from django.shortcuts import get_object_or_404
from django.urls import path, reverse
from django.utils.html import format_html

from casino import voiding
from casino.models import Bet, CrashAutoRun, KenoPaytable, Round, SeedChain
from staff.audited_admin import AuditedAdmin
from staff.readonly import ReadOnlyAdmin
from staff.tools import ReasonTool
from wallet.admin_columns import money_column

# The staff tools' permissions live with the audit log (reports.AuditLog's Meta).
VOID_TOOL = ReasonTool(
    permission="reports.void_round",
    denied="You do not have permission to void rounds.",
    verb="Void",
    explanation="Every bet on the round is refunded in full and the round is "
    "never played. The reason goes to the audit log.",
    submit="Void round",
    refusals=(voiding.VoidRefused,),
)


@admin.register(SeedChain)
class SeedChainAdmin(ReadOnlyAdmin):
    list_display = ["pk", "game", "published_at", "salt", "terminal_hex", "used", "length"]
    list_filter = ["game"]
    exclude = ["secret", "terminal"]  # the secret never shows, even to staff
    readonly_fields = ["terminal_hex"]


@admin.register(Round)
class RoundAdmin(ReadOnlyAdmin):
    list_display = ["game", "number", "state", "starts_at", "settled_at"]
    list_filter = ["game", "state"]
    search_fields = ["=number"]
    # Unplayed outcomes and links stay hidden: staff see what players see.
    exclude = ["link", "outcome"]

    readonly_fields = ["played_outcome", "rules_version", "audit_record", "staff_tools"]

    @admin.display(description="Outcome")
    def played_outcome(self, obj: Round) -> str:
        return str(obj.outcome) if obj.is_settled else "(hidden until played)"

    @admin.display(description="Audit record")
    def audit_record(self, obj: Round) -> str:
        return format_html(
            '<a href="{}">JSON</a> · <a href="{}">CSV</a>',
            reverse("reports:audit_round", args=[obj.game, obj.number, "json"]),
            reverse("reports:audit_round", args=[obj.game, obj.number, "csv"]),
        )

    @admin.display(description="Staff tools")
    def staff_tools(self, obj: Round) -> str:
        if obj.state in (Round.State.SETTLED, Round.State.VOID):
            return "—"
        return format_html(
            '<a class="button" href="{}">Void this round and refund every bet</a>',
            reverse("admin:casino_round_void", args=[obj.pk]),
        )

    def get_urls(self):
        return [
            path(
                "<int:pk>/void/",
                self.admin_site.admin_view(self.void_view),
                name="casino_round_void",
            ),
            *super().get_urls(),
        ]

    def void_view(self, request, pk: int):
        game_round = get_object_or_404(Round, pk=pk)

        def void(reason: str) -> str:
            voiding.void_round(game_round.pk, staff=request.user, reason=reason)
            return f"{game_round} is void; every bet is refunded."

        return VOID_TOOL.view(request, self, game_round, void)


stake_money = money_column("stake")
payout_money = money_column("payout")


@admin.register(Bet)
class BetAdmin(ReadOnlyAdmin):
    """The bets of every round game: Crash bets, Keno tickets, roulette and dice bets."""

    list_display = ["round", "user", "label", stake_money, payout_money, "status", "created"]
    list_filter = ["status", "round__game"]
    search_fields = ["user__email", "=slip"]
    raw_id_fields = ["round", "user", "auto_run"]


@admin.register(CrashAutoRun)
class CrashAutoRunAdmin(ReadOnlyAdmin):
    list_display = ["user", "base_bet", "total_bets_limit", "current_bet", "total_bet", "active"]
    list_filter = ["active"]
    search_fields = ["user__email"]


def check_table(table: object) -> None:
    """A paytable is {picks: {hits: multiplier in hundredths}} with sane keys and values."""
    if not isinstance(table, dict) or not table:
        raise ValidationError("A paytable maps each pick count to {hits: multiplier}.")
    for picks, row in table.items():
        if not str(picks).isdigit() or not 1 <= int(picks) <= 20 or not isinstance(row, dict):
            raise ValidationError(f"Bad row {picks!r}: pick counts are 1 to 20.")
        for hits, multiplier in row.items():
            if not str(hits).isdigit() or int(hits) > int(picks):
                raise ValidationError(f"{picks} picks cannot make {hits!r} hits.")
            if isinstance(multiplier, bool) or not isinstance(multiplier, int) or multiplier < 0:
                raise ValidationError(f"Multipliers are whole hundredths, got {multiplier!r}.")


class KenoPaytableForm(forms.ModelForm):
    class Meta:
        model = KenoPaytable
        fields = ["game", "name", "table", "note"]

    def clean_table(self) -> dict:
        table = self.cleaned_data["table"]
        check_table(table)
        return table


@admin.register(KenoPaytable)
class KenoPaytableAdmin(AuditedAdmin):
    """A new version of a paytable is in the audit log with the table before and after."""

    audit_action = "casino.paytable"
    form = KenoPaytableForm
    list_display = ["name", "game", "version", "created", "created_by", "note"]
    list_filter = ["game"]
    readonly_fields = ["version", "created", "created_by"]
    fields = ["game", "name", "version", "table", "note", "created", "created_by"]

    def has_delete_permission(self, request, obj=None) -> bool:
        return False  # sold tickets refer to every version

    def save_model(self, request, obj: KenoPaytable, form, change: bool) -> None:
        with transaction.atomic():
            # Saving never edits a version: it adds the next one.
            latest = KenoPaytable.objects.select_for_update().filter(game=obj.game)
            obj.version = (latest.aggregate(v=Max("version"))["v"] or 0) + 1
            obj.pk = None
            obj._state.adding = True
            obj.created_by = request.user
            obj.save()
