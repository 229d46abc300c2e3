"""WebSocket routes: each app that owns a socket lists its own."""

from django.urls import path

from casino.routing import websocket_urlpatterns as casino_sockets
from games.routing import websocket_urlpatterns as game_sockets
from lobby.routing import websocket_urlpatterns as lobby_sockets
from realtime.consumers import EchoConsumer, PingConsumer
from tournaments.routing import websocket_urlpatterns as tournament_sockets

websocket_urlpatterns = [
    path("ws/ping/", PingConsumer.as_asgi()),
    path("ws/echo/", EchoConsumer.as_asgi()),
    *lobby_sockets,
    *game_sockets,
    *casino_sockets,
    *tournament_sockets,
]
