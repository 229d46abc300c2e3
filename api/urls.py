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
]
