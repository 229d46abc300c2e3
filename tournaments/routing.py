from django.urls import path

from tournaments.consumers import TournamentConsumer

websocket_urlpatterns = [
    path("ws/tournaments/<int:tournament_id>/", TournamentConsumer.as_asgi()),
]
