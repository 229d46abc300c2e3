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

from tests.browser.support import chromium
from tests.conftest import database_url

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="package")
def shared_daphne(django_db_setup):
    """One daphne for the browser tests that take `server`, started at the first of them and
    stopped after the last: a new one each test cost seconds (importing the project, 2 s of
    CPU, then its first log-in and home pages at 0.5-1 s each, warming up). It keeps no
    row in memory between requests, so it serves each test's emptied database as a new one
    would; whatever else a test needs of a server (a restart, a toy engine) has its own."""
    daphne = Daphne("config.asgi:application", free_port())
    daphne.start()
    yield daphne
    daphne.stop()


@pytest.fixture
def server(transactional_db, shared_daphne):
    """daphne serving the app against the test database the test writes to."""
    if shared_daphne.process.poll() is not None:  # a test before this one brought it down
        shared_daphne.start()
    yield shared_daphne.url
    shared_daphne.settle()
    shared_daphne.report()


@pytest.fixture
def fresh_server(transactional_db):
    """A daphne of the test's own, for a test that starts it with its own environment."""
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
        self.report()

    def settle(self, timeout: float = 10.0) -> None:
        """Waits until each socket opened since the last report has closed (the browser is
        closed first): a socket's closing work, such as closing a player's seat, is done
        before the test's database is emptied under the server, as when it was stopped."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            said = list(self.said)
            opened = sum("socket opened " in line for line in said)
            if sum("socket closed " in line for line in said) >= opened:
                return
            time.sleep(0.05)

    def report(self) -> None:
        """What the server said since the last report, printed in a failed test's report."""
        sys.stderr.write("".join(self.said)[-10_000:])
        self.said.clear()


@pytest.fixture
def browser():
    yield from chromium()
