"""The site's own middleware: input no page can take, refused once at the door with a 400;
and each request's id, log line and metrics (watching, docs/operations.md)."""

from __future__ import annotations

import logging
import re
import time
import uuid

from django.conf import settings
from django.http import HttpRequest, HttpResponseBadRequest, JsonResponse

from telemetry import context, metrics

NUL = "\x00"
REFUSAL = "This request contains a character that is not allowed (NUL). Nothing was changed."


def carries_nul(request: HttpRequest) -> bool:
    """A NUL in the path, a query key or value, or a form key or value.

    PostgreSQL text cannot hold NUL, so any such value that reached a query or a write
    answered 500; no browser form sends one, so refusing the request loses nothing.
    Uploaded files are not read here: a file's bytes may hold anything.
    """
    if NUL in request.path_info:
        return True
    sources = [request.GET]
    if request.method == "POST":
        sources.append(request.POST)
    return any(
        NUL in key or any(NUL in value for value in values)
        for source in sources
        for key, values in source.lists()
    )


class RefuseNulMiddleware:
    def __init__(self, get_response) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest):
        if carries_nul(request):
            # The API's clients read JSON, as its schema says every refusal is.
            if request.path_info.startswith("/api/"):
                return JsonResponse({"detail": REFUSAL}, status=400)
            return HttpResponseBadRequest(REFUSAL, content_type="text/plain; charset=utf-8")
        return self.get_response(request)


# --- watching: the request's id, its log line and its metrics ---------------------------

REQUEST_ID_HEADER = "X-Request-ID"
# An id a proxy or a client sent is kept if it looks like one (no spaces, quotes or
# control characters that could forge a log line or a header), else a new one is made.
SANE_REQUEST_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9._:@+/=-]{0,127}")
METHODS = {"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"}
# Probes and static files are asked for all the time: their lines are DEBUG unless they fail.
QUIET_VIEWS = {"health", "ready", "metrics", "static"}
request_log = logging.getLogger("config.requests")


def request_id_of(request: HttpRequest) -> str:
    given = request.headers.get(REQUEST_ID_HEADER, "")
    return given if SANE_REQUEST_ID.fullmatch(given) else uuid.uuid4().hex


def view_name(request: HttpRequest) -> str:
    """The URL pattern's name (few values, fit for a metric's label), never the path."""
    match = getattr(request, "resolver_match", None)
    if match is not None:
        return match.view_name  # the pattern's name, else the view's dotted path
    if request.path_info.startswith(settings.STATIC_URL):
        return "static"
    return "unresolved"


class RequestWatchMiddleware:
    """First of all: gives the request its id (kept in the log context and echoed in the
    response's X-Request-ID), counts and times the answer by view and status, and writes
    one line for it."""

    def __init__(self, get_response) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest):
        request_id = request_id_of(request)
        request.request_id = request_id  # type: ignore[attr-defined]
        started = time.perf_counter()
        with context.bound(request_id=request_id), context.serving(request):
            response = self.get_response(request)
            elapsed = time.perf_counter() - started
            view = view_name(request)
            method = request.method if request.method in METHODS else "other"
            metrics.REQUESTS.labels(view, method, str(response.status_code)).inc()
            metrics.REQUEST_SECONDS.labels(view).observe(elapsed)
            quiet = view in QUIET_VIEWS and response.status_code < 400
            request_log.log(
                logging.DEBUG if quiet else logging.INFO,
                "%s %s %s",
                method,
                request.path,
                response.status_code,
                extra={
                    "method": method,
                    "path": request.path,
                    "status": response.status_code,
                    "view": view,
                    "duration_ms": round(elapsed * 1000, 1),
                    "user_id": getattr(getattr(request, "user", None), "pk", None),
                },
            )
        response[REQUEST_ID_HEADER] = request_id
        return response
