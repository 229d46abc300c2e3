"""Sentry: started by the settings with the Django, Celery and Redis integrations when
SENTRY_DSN is set, without personal data; not at all without it. Each case runs in a
process of its own (the SDK patches Django, Celery and Redis for good once started), and
events go to a local transport: nothing reaches the network."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# A DSN at a closed local port: were anything sent, it would go nowhere.
DSN = "http://0123456789abcdef0123456789abcdef@127.0.0.1:9/42"

PROBE = """
import json
import django
django.setup()
import sentry_sdk
from django.conf import settings
client = sentry_sdk.get_client()
report = {
    "enabled": settings.SENTRY_ENABLED,
    "active": client.is_active(),
    "integrations": sorted(getattr(client, "integrations", {})),
    "pii": client.options.get("send_default_pii") if client.is_active() else None,
    "environment": client.options.get("environment") if client.is_active() else None,
}
if client.is_active():
    from sentry_sdk.transport import Transport

    from config import sentry

    class Kept(Transport):
        envelopes = []

        def capture_envelope(self, envelope):
            self.envelopes.append(envelope)

    kept = Kept()
    sentry.init(settings.SENTRY_DSN, transport=kept)
    try:
        raise RuntimeError("the test's own error")
    except RuntimeError:
        sentry_sdk.capture_exception()
    sentry_sdk.flush()
    events = [item.payload.json for env in kept.envelopes for item in env.items
              if item.headers.get("type") == "event"]
    report["events"] = [event["exception"]["values"][0]["value"] for event in events]
    report["user"] = [event.get("user") for event in events]
print(json.dumps(report))
"""


def probe(**env: str) -> dict:
    base = {k: v for k, v in os.environ.items() if not k.startswith("SENTRY_")}
    done = subprocess.run(
        [sys.executable, "-c", PROBE],
        cwd=ROOT,
        env={**base, "DJANGO_SETTINGS_MODULE": "config.settings", **env},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_without_a_dsn_sentry_is_not_started():
    report = probe()
    assert report["enabled"] is False and report["active"] is False


def test_with_a_dsn_it_starts_with_the_integrations_and_no_personal_data():
    report = probe(SENTRY_DSN=DSN, SENTRY_ENVIRONMENT="staging")
    assert report["enabled"] is True and report["active"] is True
    assert {"django", "celery", "redis"} <= set(report["integrations"])
    assert report["pii"] is False
    assert report["environment"] == "staging"
    assert report["events"] == ["the test's own error"]  # reported, through the local transport
    assert report["user"] == [None]


def test_init_refuses_nothing_and_starts_nothing_without_a_dsn():
    from config import sentry

    assert sentry.init("") is False
