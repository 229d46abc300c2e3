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
