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
    yield from serve("config.asgi:application")


@pytest.fixture
def toy_server(transactional_db):
    """The same, with the toy engine Pebbles registered (tests/browser/toy_asgi.py)."""
    from games import registry
    from tests.browser.toy_engine import PEBBLES

    with registry.registered(PEBBLES):
        yield from serve("tests.browser.toy_asgi:application")


def serve(application: str):
    daphne = Daphne(application, free_port())
    daphne.start()
    yield daphne.url
    daphne.stop()


@pytest.fixture
def restartable_server(transactional_db):
    """A server the test may stop and start again on the same address (a server blip)."""
    daphne = Daphne("config.asgi:application", free_port())
    daphne.start()
    yield daphne
    if daphne.process is not None:
        daphne.stop()


class Daphne:
    """One daphne process serving `application` on `port` against the test database."""

    def __init__(self, application: str, port: int) -> None:
        self.application = application
        self.port = port
        self.url = f"http://127.0.0.1:{port}"
        self.process: subprocess.Popen | None = None
        self.said: list[str] = []

    def start(self) -> None:
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
        command = [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(self.port)]
        process = subprocess.Popen(
            [*command, self.application],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        self.process = process
        # Read as it comes: a full pipe would stall the server; what it said (a traceback
        # behind a page that never came) is printed at teardown, in a failed test's report.
        self.reader = threading.Thread(target=lambda: self.said.extend(process.stderr), daemon=True)
        self.reader.start()
        deadline = time.monotonic() + 30
        while True:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.5).close()
                break
            except OSError:
                if process.poll() is not None or time.monotonic() > deadline:
                    process.kill()
                    self.reader.join(timeout=5)
                    raise RuntimeError("".join(self.said)[-3000:]) from None
                time.sleep(0.2)

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=15)
        self.reader.join(timeout=5)
        self.process = None
        sys.stderr.write("".join(self.said)[-10_000:])
        self.said.clear()


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
