"""The product served with a hello-world view beside it, for bench/pages.py: the same
daphne process, middleware and session, with nothing of the page's own work."""

from __future__ import annotations

from config.asgi import application  # noqa: F401  (what daphne serves; sets Django up)


def hello(request):
    from django.http import HttpResponse

    return HttpResponse("Hello, world")


def _route_hello() -> None:
    from django.urls import path

    import config.urls

    config.urls.urlpatterns.insert(0, path("bench/hello/", hello))


_route_hello()
