"""HTTP and WebSocket entry point; the WebSocket routes come from the apps that own them."""

import gc
import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django_asgi_app = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

from config.routing import websocket_urlpatterns  # noqa: E402

application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        "websocket": AllowedHostsOriginValidator(
            AuthMiddlewareStack(URLRouter(websocket_urlpatterns))
        ),
    }
)

# What the process has built by now (Django, every app, their modules) lives as long as the
# process: kept out of the collector's full passes, which otherwise walked those ~330,000
# objects every thousand pages or so (~0.3 ms a page view, amortised, on the wallet page;
# the hello-world view seldom triggers one).
gc.collect()
gc.freeze()
# A collection of the young generation runs after every 700 net new objects by default:
# twice a second for a server playing 50 moves a second, every tenth one a pass over the
# middle generation (up to 13 ms), every hundredth or so over everything built since start-up
# (the sockets: 44-53 ms with 800 of them, bench/live.py), the moves' slowest round trips.
# Nearly every object a move makes goes as soon as it is let go (store.release breaks the
# one cycle a move made), so the collector has little to find: at 50,000, three young
# collections in a 3-minute run, 32-48 ms of collection in all against 360-630 ms.
gc.set_threshold(50_000, 10, 10)
