from django.urls import path

from tournaments.consumers import NoticesConsumer, TournamentConsumer

websocket_urlpatterns = [
    path("ws/tournaments/notices/", NoticesConsumer.as_asgi()),
    path("ws/tournaments/<int:tournament_id>/", TournamentConsumer.as_asgi()),
]
