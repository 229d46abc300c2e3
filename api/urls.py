from django.urls import path

from api import docs, views

app_name = "api"

urlpatterns = [
    path("schema/", docs.Schema.as_view(), name="schema"),
    path("docs/", docs.Docs.as_view(url_name="api:schema"), name="docs"),
    path("fairness/chains/", views.ChainHeads.as_view(), name="chains"),
    path("fairness/rounds/", views.PlayedRounds.as_view(), name="rounds"),
    path("fairness/rounds/<slug:game>/<int:number>/", views.PlayedRound.as_view(), name="round"),
    path("fairness/games/", views.FinishedGames.as_view(), name="games"),
    path("fairness/games/<int:game_id>/", views.FinishedGame.as_view(), name="game"),
    path("regulator/reports/", views.Reports.as_view(), name="reports"),
    path("regulator/reports/<slug:name>/", views.OneReport.as_view(), name="report"),
    path(
        "regulator/rounds/<slug:game>/<int:number>/",
        views.RoundRecord.as_view(),
        name="round_record",
    ),
    path("regulator/games/<int:game_id>/", views.GameRecord.as_view(), name="game_record"),
    path("player/balance/", views.PlayerBalance.as_view(), name="balance"),
    path("player/statement/", views.PlayerStatement.as_view(), name="statement"),
    path("player/history/", views.PlayerHistory.as_view(), name="history"),
    path("player/tables/", views.PlayerTables.as_view(), name="tables"),
    path("player/bets/", views.PlayerBets.as_view(), name="bets"),
]
