from django.urls import path

from casino.consumers import CrashConsumer, KenoConsumer

websocket_urlpatterns = [
    path("ws/casino/crash/", CrashConsumer.as_asgi()),
    path("ws/casino/keno/", KenoConsumer.as_asgi()),
]
