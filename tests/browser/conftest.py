"""A real server (daphne: HTTP and WebSockets) on the test database, and Debian's Chromium."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection

from tests.conftest import database_url

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def server(transactional_db):
    """daphne serving the app against the test database the test writes to."""
    port = free_port()
    db = settings.DATABASES["default"]
    env = {
        **os.environ,
        "DATABASE_URL": database_url(db, connection.settings_dict["NAME"]),
        "REDIS_URL": settings.REDIS_URL,
        "CHANNEL_PREFIX": settings.CHANNEL_LAYERS["default"]["CONFIG"]["prefix"],
        "DEBUG": "1",
        "SECRET_KEY": settings.SECRET_KEY,
    }
    env.pop("PYTEST_VERSION", None)
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "daphne",
            "-b",
            "127.0.0.1",
            "-p",
            str(port),
            "config.asgi:application",
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    # Read as it comes: a full pipe would stall the server; what it said (a traceback
    # behind a page that never came) is printed at teardown, in a failed test's report.
    said: list[str] = []
    reader = threading.Thread(target=lambda: said.extend(process.stderr), daemon=True)
    reader.start()
    deadline = time.monotonic() + 30
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            break
        except OSError:
            if process.poll() is not None or time.monotonic() > deadline:
                process.kill()
                reader.join(timeout=5)
                raise RuntimeError("".join(said)[-3000:]) from None
            time.sleep(0.2)
    yield f"http://127.0.0.1:{port}"
    process.terminate()
    process.wait(timeout=15)
    reader.join(timeout=5)
    sys.stderr.write("".join(said)[-10_000:])


@pytest.fixture
def browser(monkeypatch):
    if not Path(settings.CHROMIUM_PATH).exists():
        pytest.fail(f"Chromium is missing at {settings.CHROMIUM_PATH}: `make test` installs it")
    from playwright.sync_api import sync_playwright

    # Playwright's sync API runs an event loop in this thread while the test reads the
    # database; restored after the test so no later process inherits it.
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=settings.CHROMIUM_PATH, args=CHROMIUM_FLAGS
        )
        yield chromium
        chromium.close()
