from django.urls import path

from lobby.consumers import LobbyConsumer

websocket_urlpatterns = [
    path("ws/lobby/", LobbyConsumer.as_asgi()),
    path("ws/lobby/tables/<int:table_id>/", LobbyConsumer.as_asgi()),
]
