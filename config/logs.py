"""The log lines: JSON when stderr is not a terminal (a service manager, a container, a file),
plain text for a person at one; each with the request, socket or task it belongs to and the
game or round it is about (telemetry.context); secrets never written.

Secrets are taken out of the finished line, whatever wrote it: the process's own (the
SECRET_KEY and its fallbacks, the metrics token, the passwords in DATABASE_URL and
REDIS_URL, Sentry's key) and those of the request being served (the values of its form and
JSON fields, cookies, URL arguments and headers whose names say secret: password, token,
key, csrf, session, ...), in the forms a line may carry them (as typed, JSON-escaped,
URL-encoded).
"""

from __future__ import annotations

import contextlib
import functools
import json
import logging
import re
import sys
from collections.abc import Iterable, Iterator
from typing import Any, TextIO
from urllib.parse import quote, quote_plus, urlsplit

from pythonjsonlogger.json import JsonFormatter as BaseJsonFormatter

from telemetry import context

FORMATS = ("json", "plain")
REDACTED = "[redacted]"
# Names whose values are secrets (Django's own list for its error pages, and more).
SECRET_NAME = re.compile(
    r"api|auth|token|key|secret|pass|pwd|signature|cookie|csrf|session|card|cvv|otp", re.I
)
# Values shorter than this are not looked for: redacting "1" everywhere would mangle lines.
SHORTEST_SECRET = 4


def pick_format(requested: str, stream: TextIO | None = None) -> str:
    """`LOG_FORMAT` if set (json or plain), else JSON unless `stream` (stderr) is a
    terminal."""
    requested = requested.strip().lower()
    if requested:
        if requested not in FORMATS:
            from django.core.exceptions import ImproperlyConfigured

            raise ImproperlyConfigured(f"LOG_FORMAT must be json or plain, got {requested!r}")
        return requested
    stream = sys.stderr if stream is None else stream
    try:
        return "plain" if stream.isatty() else "json"
    except (AttributeError, ValueError):  # a closed or odd stream
        return "json"


def logging_config(log_format: str, level: str) -> dict[str, Any]:
    """Django's LOGGING: one handler on stderr, the chosen formatter, the context filter."""
    formatter = JsonFormatter if log_format == "json" else PlainFormatter
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "filters": {"context": {"()": "telemetry.context.ContextFilter"}},
        "formatters": {"main": {"()": f"{__name__}.{formatter.__name__}"}},
        "handlers": {
            "console": {
                "class": "logging.StreamHandler",
                "formatter": "main",
                "filters": ["context"],
            }
        },
        "root": {"handlers": ["console"], "level": level},
        "loggers": {"axes": {"level": "WARNING"}},
    }


# --- secrets ----------------------------------------------------------------------------


def _url_password(url: str) -> list[str]:
    try:
        parts = urlsplit(url)
    except ValueError:
        return []
    return [parts.password] if parts.password else []


@functools.lru_cache(maxsize=8)
def _process_secrets(
    secret_key: str, fallbacks: tuple[str, ...], extra: tuple[str, ...], urls: tuple[str, ...]
) -> tuple[str, ...]:
    found = [secret_key, *fallbacks, *extra]
    for url in urls:
        found.extend(_url_password(url))
    return tuple(found)


def process_secrets() -> tuple[str, ...]:
    from django.conf import settings

    if not settings.configured:
        return ()
    return _process_secrets(
        str(getattr(settings, "SECRET_KEY", "")),
        tuple(str(key) for key in getattr(settings, "SECRET_KEY_FALLBACKS", ())),
        (str(getattr(settings, "METRICS_TOKEN", "")),),
        (
            str(getattr(settings, "DATABASE_URL", "")),
            str(getattr(settings, "REDIS_URL", "")),
            str(getattr(settings, "SENTRY_DSN", "")),
        ),
    )


def _secret_values(data: Any, named: bool = False) -> Iterator[str]:
    """The values under secret names, however deep (JSON bodies nest)."""
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _secret_values(value, named or bool(SECRET_NAME.search(str(key))))
    elif isinstance(data, list | tuple):
        for value in data:
            yield from _secret_values(value, named)
    elif named and data is not None and not isinstance(data, bool):
        yield str(data)


def request_secrets(request: Any) -> list[str]:
    """The secrets a request carries; reads only what the request has already parsed."""
    if request is None:
        return []
    found: list[str] = []
    post = getattr(request, "_post", None)  # set once the form was parsed
    if post is not None:
        found.extend(_secret_values({key: post.getlist(key) for key in post}))
    body = getattr(request, "_body", None)  # set once the body was read
    if body is not None and getattr(request, "content_type", "") == "application/json":
        with contextlib.suppress(ValueError, UnicodeDecodeError):
            found.extend(_secret_values(json.loads(body)))
    found.extend(_secret_values(dict(getattr(request, "COOKIES", {}) or {})))
    headers = getattr(request, "headers", None)
    if headers is not None:
        found.extend(_secret_values({key: headers[key] for key in headers}))
    match = getattr(request, "resolver_match", None)
    if match is not None:
        found.extend(_secret_values(dict(match.kwargs)))
    return found


def _forms(secret: str) -> Iterable[str]:
    yield secret
    yield json.dumps(secret)[1:-1]
    yield json.dumps(secret, ensure_ascii=False)[1:-1]
    yield quote_plus(secret)
    yield quote(secret, safe="")
    if secret.lower().startswith("bearer "):
        yield secret[7:]


def redact(text: str, secrets: Iterable[str]) -> str:
    forms = {form for secret in secrets for form in _forms(secret)}
    for form in sorted(forms, key=len, reverse=True):
        if len(form) >= SHORTEST_SECRET and form in text:
            text = text.replace(form, REDACTED)
    return text


class Redacting(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        line = super().format(record)
        return redact(line, [*process_secrets(), *request_secrets(context.current_request())])


# --- the two formats --------------------------------------------------------------------


class PlainFormatter(Redacting):
    """`2026-01-01 12:00:00,000 INFO games.finishing: message [request_id=… game_id=7]`"""

    def __init__(self) -> None:
        super().__init__("%(asctime)s %(levelname)s %(name)s: %(message)s")

    def format(self, record: logging.LogRecord) -> str:
        line = super().format(record)
        fields = " ".join(
            f"{name}={value}"
            for name in context.FIELDS
            if (value := getattr(record, name, None)) is not None
        )
        if not fields:
            return line
        first, newline, rest = line.partition("\n")
        return f"{first} [{fields}]{newline}{rest}"


# Attributes some libraries put on records that are objects, not facts: left out.
DROPPED = {"request", "server_time", "taskName", "color_message"}


class JsonFormatter(Redacting, BaseJsonFormatter):
    """One JSON object a line: time (UTC), level, logger, message, the context's fields
    when set, whatever `extra=` the call gave, and the traceback as `exc_info`."""

    def __init__(self) -> None:
        super().__init__(
            "{levelname}{name}{message}",
            style="{",
            rename_fields={"levelname": "level", "name": "logger"},
            timestamp="time",
            json_ensure_ascii=False,
        )

    def process_log_record(self, log_data: dict[str, Any]) -> dict[str, Any]:
        return {
            key: value
            for key, value in log_data.items()
            if key not in DROPPED and not (key in context.FIELDS and value is None)
        }
