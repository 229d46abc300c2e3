from django.core.cache import cache
from django.db import connection
from django.http import HttpResponseServerError, JsonResponse
from django.shortcuts import render
from django.template import loader

from reports.models import Heartbeat


def home(request):
    return render(request, "pages/home.html")


def not_found(request, exception):
    return render(request, "404.html", status=404)


def server_error(request):
    # Rendered without context processors: the failure may be in one of them.
    return HttpResponseServerError(loader.get_template("500.html").render())


def health(request):
    """Database, Redis and the last heartbeat the worker wrote (driven by beat)."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
    cache.set("health", "ok", 10)
    last = Heartbeat.objects.order_by("-created").first()
    return JsonResponse(
        {
            "database": "ok",
            "redis": cache.get("health"),
            "last_heartbeat": last.created.isoformat() if last else None,
        }
    )
