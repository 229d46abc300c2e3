"""Error reports through the Sentry SDK, only when SENTRY_DSN is set (settings.py calls
`init` as it loads, in every process: daphne, each Celery worker, beat)."""

from __future__ import annotations

from typing import Any

import sentry_sdk
from sentry_sdk.integrations.celery import CeleryIntegration
from sentry_sdk.integrations.django import DjangoIntegration
from sentry_sdk.integrations.redis import RedisIntegration


def init(
    dsn: str,
    *,
    environment: str = "production",
    release: str | None = None,
    traces_sample_rate: float = 0.0,
    transport: Any = None,
) -> bool:
    """Starts the SDK with the Django, Celery and Redis integrations; True if it did.

    `send_default_pii=False`: no cookies, no user's address or e-mail, no request bodies
    beyond what the SDK's scrubber lets through (it drops passwords, tokens, secrets).
    `transport` is for tests, which must not reach the network."""
    if not dsn:
        return False
    options: dict[str, Any] = {}
    if transport is not None:
        options["transport"] = transport
    sentry_sdk.init(
        dsn=dsn,
        integrations=[
            DjangoIntegration(),
            CeleryIntegration(monitor_beat_tasks=False),
            RedisIntegration(),
        ],
        send_default_pii=False,
        environment=environment,
        release=release or None,
        traces_sample_rate=traces_sample_rate,
        **options,
    )
    return True
