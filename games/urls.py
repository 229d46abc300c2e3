from django.urls import path

from games import views

app_name = "games"

urlpatterns = [
    path("<int:game_id>/", views.play, name="play"),
    path("<int:game_id>/replay/", views.replay_view, name="replay"),
    path("rules/<slug:slug>/", views.rules, name="rules"),
]
