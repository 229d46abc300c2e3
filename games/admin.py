"""Staff views of live games. Games, seats, actions and chat lines are records: read-only.
Tools, each behind its own permission and written to the audit log: void a game, which
refunds every stake through the runtime's own settlement (exactly once, by its key); and on
a reported chat line, dismiss the report, or mute or block its author."""

from __future__ import annotations

from django.contrib import admin
from django.shortcuts import get_object_or_404
from django.urls import path, reverse
from django.utils.html import format_html, format_html_join

from accounts.forms import ChatMuteForm
from accounts.services import AccountError
from games import chat, registry, services, voiding
from games.models import ChatLine, ChatReport, Game, GameSeat
from staff.readonly import ReadOnly, ReadOnlyAdmin
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


DISMISS_TOOL = ReasonTool(
    permission="games.review_conduct",
    denied="You do not have permission to handle chat reports.",
    verb="Dismiss",
    explanation="The line breaks no rule: the report is closed and nothing happens to its "
    "author. The reason goes to the audit log.",
    submit="Dismiss the report",
    refusals=(chat.ReportClosed,),
)
MUTE_TOOL = ReasonTool(
    permission="accounts.mute_user",
    denied="You do not have permission to mute players.",
    verb="Mute the author of",
    explanation="The author's table chat is refused for the time chosen, at every table; "
    "they go on playing. The reason goes to the audit log.",
    submit="Mute the author",
    refusals=(chat.ReportClosed, AccountError),
    form=ChatMuteForm,
)
BLOCK_TOOL = ReasonTool(
    permission="accounts.block_user",
    denied="You do not have permission to block accounts.",
    verb="Block the author of",
    explanation="The author's account is blocked: logged out everywhere, refused at every "
    "table; a game in play goes on by its disconnection rule. The reason goes to the audit "
    "log.",
    submit="Block the author",
    refusals=(chat.ReportClosed, AccountError),
)


class SeatInline(ReadOnly, admin.TabularInline):
    model = GameSeat
    fields = ["position", "player", "held", "timeouts", "disconnected", "bot"]
    readonly_fields = fields
    extra = 0
    can_delete = False


class ChatInline(ReadOnly, admin.TabularInline):
    """The game's table chat, as its players wrote it (escaped by the admin)."""

    model = ChatLine
    fields = ["created", "seat", "author", "text"]
    readonly_fields = fields
    extra = 0
    can_delete = False
    verbose_name_plural = "table chat"


stake_money = money_column("stake")


@admin.register(Game)
class GameAdmin(ReadOnlyAdmin):
    list_display = ["pk", "game_name", "status", stake_money, "started", "finished", "settled"]
    list_filter = ["status", "slug", "settled"]
    search_fields = ["=id", "escrow_reference", "seats__player__email"]
    date_hierarchy = "started"
    inlines = [SeatInline, ChatInline]
    # The seed stays server-side until the game ends (revealed_seed shows it then).
    exclude = ["seed", "state"]
    readonly_fields = ["revealed_seed", "audit_record", "staff_tools"]

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


@admin.register(ChatReport)
class ChatReportAdmin(ReadOnlyAdmin):
    list_display = ["created", "status", "author", "line_text", "game_link", "reporter"]
    list_filter = ["status"]
    search_fields = ["line__author__email", "reporter__email", "=line__game__id"]
    fields = ["created", "status", "reporter", "author", "line_text", "game_link", "staff_tools"]
    readonly_fields = fields

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("line__author", "reporter")

    @admin.display(description="author")
    def author(self, report: ChatReport) -> str:
        return str(report.line.author)

    @admin.display(description="message")
    def line_text(self, report: ChatReport) -> str:
        return report.line.text  # escaped by the admin like any value

    @admin.display(description="game")
    def game_link(self, report: ChatReport) -> str:
        return format_html(
            '<a href="{}">#{}</a>',
            reverse("admin:games_game_change", args=[report.line.game_id]),
            report.line.game_id,
        )

    @admin.display(description="Staff tools")
    def staff_tools(self, report: ChatReport) -> str:
        if report.status != ChatReport.Status.OPEN:
            when = f"{report.handled_at:%Y-%m-%d %H:%M}"
            return f"{report.get_status_display()} by {report.handled_by} at {when}"
        links = [
            (f"admin:games_chatreport_{tool}", label)
            for tool, label in (
                ("dismiss", "Dismiss"),
                ("mute", "Mute the author…"),
                ("block", "Block the author…"),
            )
        ]
        return format_html_join(
            " ",
            '<a class="button" href="{}">{}</a>',
            ((reverse(name, args=[report.pk]), label) for name, label in links),
        )

    def get_urls(self):
        return [
            path(
                f"<int:pk>/{tool}/",
                self.admin_site.admin_view(view),
                name=f"games_chatreport_{tool}",
            )
            for tool, view in (
                ("dismiss", self.dismiss_view),
                ("mute", self.mute_view),
                ("block", self.block_view),
            )
        ] + super().get_urls()

    def dismiss_view(self, request, pk: int):
        report = get_object_or_404(ChatReport, pk=pk)

        def dismiss(reason: str) -> str:
            chat.report_dismiss(report, by=request.user, reason=reason)
            return "The report is dismissed."

        return DISMISS_TOOL.view(request, self, report, dismiss, refusal=self._closed(report))

    def mute_view(self, request, pk: int):
        report = get_object_or_404(ChatReport.objects.select_related("line__author"), pk=pk)

        def mute(reason: str, hours: int) -> str:
            chat.report_mute(report, by=request.user, reason=reason, hours=hours)
            return f"{report.line.author} is muted in table chat for {hours} hours."

        return MUTE_TOOL.view(request, self, report, mute, refusal=self._closed(report))

    def block_view(self, request, pk: int):
        report = get_object_or_404(ChatReport.objects.select_related("line__author"), pk=pk)

        def block(reason: str) -> str:
            chat.report_block(report, by=request.user, reason=reason)
            return f"{report.line.author} is blocked and logged out everywhere."

        return BLOCK_TOOL.view(request, self, report, block, refusal=self._closed(report))

    @staticmethod
    def _closed(report: ChatReport) -> str | None:
        if report.status == ChatReport.Status.OPEN:
            return None
        return f"This report was already handled ({report.get_status_display()})."
