from django.urls import path, re_path, register_converter

from api import docs, views


class Id:
    """A positive id that fits the database's integers; anything else is no address."""

    regex = "[0-9]{1,18}"

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value: int) -> str:
        return str(value)


register_converter(Id, "id")

app_name = "api"

urlpatterns = [
    path("schema/", docs.Schema.as_view(), name="schema"),
    path("docs/", docs.Docs.as_view(url_name="api:schema"), name="docs"),
    path("fairness/chains/", views.ChainHeads.as_view(), name="chains"),
    path("fairness/rounds/", views.PlayedRounds.as_view(), name="rounds"),
    path("fairness/rounds/<slug:game>/<id:number>/", views.PlayedRound.as_view(), name="round"),
    path("fairness/games/", views.FinishedGames.as_view(), name="games"),
    path("fairness/games/<id:game_id>/", views.FinishedGame.as_view(), name="game"),
    path("regulator/reports/", views.Reports.as_view(), name="reports"),
    path("regulator/reports/<slug:name>/", views.OneReport.as_view(), name="report"),
    path(
        "regulator/reports/<slug:name>/schema/",
        views.ReportSchema.as_view(),
        name="report_schema",
    ),
    path("regulator/audit-schema/", views.AuditSchema.as_view(), name="audit_schema"),
    path(
        "regulator/rounds/<slug:game>/<id:number>/audit.csv",
        views.RoundAuditCsv.as_view(),
        name="round_audit_csv",
    ),
    path(
        "regulator/games/<id:game_id>/audit.csv",
        views.GameAuditCsv.as_view(),
        name="game_audit_csv",
    ),
    path(
        "regulator/rounds/<slug:game>/<id:number>/",
        views.RoundRecord.as_view(),
        name="round_record",
    ),
    path("regulator/games/<id:game_id>/", views.GameRecord.as_view(), name="game_record"),
    path("player/balance/", views.PlayerBalance.as_view(), name="balance"),
    path("player/statement/", views.PlayerStatement.as_view(), name="statement"),
    path("player/history/", views.PlayerHistory.as_view(), name="history"),
    path("player/tables/", views.PlayerTables.as_view(), name="tables"),
    path("player/bets/", views.PlayerBets.as_view(), name="bets"),
    re_path(r"^(?P<path>.*)$", views.not_found),
]
