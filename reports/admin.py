"""Staff and regulator views of the audit log, complaints, corrections, exports and
player protection. Records are read-only here; the two things staff do are answering
complaints (the workflow) and correcting results (a tool behind its own permission)."""

from __future__ import annotations

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import ObjectDoesNotExist, PermissionDenied
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.urls import reverse

from accounts.models import PlayerProtection, ProtectionEvent, ProtectionLimit, User
from casino.models import Round
from games.models import Game
from reports import complaints, corrections
from reports.models import AuditLog, Complaint, Correction, ExportJob
from reports.staff_forms import CorrectionForm
from staff.readonly import ReadOnly, ReadOnlyAdmin
from tournaments.models import Tournament
from wallet.admin_columns import money_column
from wallet.money import format_minor
from wallet.services import WalletError

CORRECT_PERMISSION = "reports.correct_result"


@admin.register(AuditLog)
class AuditLogAdmin(ReadOnlyAdmin):
    list_display = ["created", "actor_email", "action_in_words", "target_repr", "reason"]
    list_filter = ["action"]
    search_fields = ["actor_email", "target_repr", "reason", "=target_id"]
    date_hierarchy = "created"

    @admin.display(description="action", ordering="action")
    def action_in_words(self, entry: AuditLog) -> str:
        """ "wallet.withdrawal_paid" -> "Wallet: withdrawal paid"."""
        area, _, action = entry.action.partition(".")
        return f"{area.capitalize()}: {action.replace('_', ' ')}" if action else area


class ComplaintForm(forms.ModelForm):
    class Meta:
        model = Complaint
        fields = ["status", "answer"]

    def clean(self):
        cleaned = super().clean()
        if cleaned.get("status") == Complaint.Status.ANSWERED and not cleaned.get("answer"):
            self.add_error("answer", "An answered complaint needs its answer.")
        return cleaned


@admin.register(Complaint)
class ComplaintAdmin(admin.ModelAdmin):
    """The workflow: open -> investigating -> answered; every step is audited."""

    form = ComplaintForm
    list_display = ["pk", "created", "player", "subject", "status", "answered_at"]
    list_filter = ["status"]
    search_fields = ["player__email", "text", "answer"]
    readonly_fields = [
        "player",
        "subject",
        "subject_ended",
        "text",
        "created",
        "answered_by",
        "answered_at",
    ]
    fields = [*readonly_fields[:5], "status", "answer", "answered_by", "answered_at"]

    def has_add_permission(self, request) -> bool:
        return False  # players file complaints from their pages

    def has_delete_permission(self, request, obj=None) -> bool:
        return False

    def save_model(self, request, obj: Complaint, form, change: bool) -> None:
        complaints.move(obj, form.cleaned_data["status"], staff=request.user, answer=obj.answer)


@admin.register(Correction)
class CorrectionAdmin(ReadOnlyAdmin):
    list_display = ["created", "subject", "amounts_in_money", "created_by", "player_note"]
    readonly_fields = ["ledger_transaction"]

    def has_add_permission(self, request, obj=None) -> bool:
        return request.user.has_perm(CORRECT_PERMISSION)

    @admin.display(description="amounts")
    def amounts_in_money(self, correction: Correction) -> str:
        return ", ".join(
            f"player {pk}: {format_minor(amount)}" for pk, amount in correction.amounts.items()
        )

    def add_view(self, request, form_url="", extra_context=None):
        if not self.has_add_permission(request):
            raise PermissionDenied
        form = CorrectionForm(request.POST or None)
        if request.method == "POST" and form.is_valid():
            try:
                correction = _correct(request.user, form.cleaned_data)
            except (
                corrections.CorrectionRefused,
                LookupError,
                ObjectDoesNotExist,
                ValueError,
                WalletError,
            ) as refusal:
                form.add_error(None, str(refusal))
            else:
                messages.success(request, f"{correction} posted and audited.")
                return redirect(reverse("admin:reports_correction_changelist"))
        context = {
            **self.admin_site.each_context(request),
            "form": form,
            "opts": self.model._meta,
            "title": "Correct a result",
            "explanation": "Posts one balanced correction transaction between the players' "
            "cash and the house account of the original money (a game's rake, a round's "
            "bank, a tournament's fees). Ledger entries are never edited. The note is shown "
            "in the players' history; the reason goes to the audit log.",
            "submit": "Post correction",
        }
        return TemplateResponse(request, "admin/staff_tool.html", context)


def _correct(staff, data: dict) -> Correction:
    target = data["target"].split(":")
    tournament = Tournament.objects.get(pk=int(target[1])) if target[0] == "tournament" else None
    if data["void"]:
        return corrections.void_tournament(
            staff,
            tournament,
            reason=data["reason"],
            player_note=data["player_note"],
            key=data["token"],
        )
    game = Game.objects.get(pk=int(target[1])) if target[0] == "game" else None
    game_round = (
        Round.objects.get(game=target[1], number=int(target[2])) if target[0] == "round" else None
    )
    players = User.objects.in_bulk(list(data["amounts"]))
    missing = set(data["amounts"]) - set(players)
    if missing:
        raise corrections.CorrectionRefused(f"No such player: {sorted(missing)}.")
    return corrections.correct_result(
        staff,
        game=game,
        game_round=game_round,
        tournament=tournament,
        amounts={players[pk]: amount for pk, amount in data["amounts"].items()},
        reason=data["reason"],
        player_note=data["player_note"],
        key=data["token"],
    )


@admin.register(ExportJob)
class ExportJobAdmin(ReadOnlyAdmin):
    list_display = ["created", "requester", "report", "file_format", "status", "progress"]
    list_filter = ["report", "status"]


amount_money = money_column("amount")
pending_amount_money = money_column("pending_amount", "pending amount")


class LimitInline(ReadOnly, admin.TabularInline):
    model = ProtectionLimit
    fields = ["kind", "period", amount_money, pending_amount_money, "pending_from"]
    readonly_fields = fields
    extra = 0
    can_delete = False


@admin.register(PlayerProtection)
class PlayerProtectionAdmin(ReadOnlyAdmin):
    """Read-only even for staff: exclusions cannot be shortened by anyone."""

    list_display = [
        "user",
        "exclusion",
        "excluded_until",
        "excluded_indefinitely",
        "reality_check_minutes",
    ]
    list_filter = ["exclusion", "excluded_indefinitely"]
    search_fields = ["user__email"]
    inlines = [LimitInline]


@admin.register(ProtectionEvent)
class ProtectionEventAdmin(ReadOnlyAdmin):
    list_display = ["created", "user", "kind", "details", "actor"]
    list_filter = ["kind"]
    search_fields = ["user__email"]
    date_hierarchy = "created"
