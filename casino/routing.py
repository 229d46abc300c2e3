from django.urls import path

from casino.consumers import CrashConsumer, KenoConsumer, RoundGameConsumer

websocket_urlpatterns = [
    path("ws/casino/crash/", CrashConsumer.as_asgi()),
    path("ws/casino/keno/", KenoConsumer.as_asgi()),
    path("ws/casino/<slug:game>/", RoundGameConsumer.as_asgi()),
]
