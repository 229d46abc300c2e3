"""The production start: `python -m config.prod [start | nginx-conf | plan]`.

`start` (the default) runs, on one machine, what docs/operations.md ("Production")
describes: `collectstatic` and `migrate` first, then WEB_PROCESSES daphne processes on
127.0.0.1 at consecutive ports from WEB_PORT, one Celery worker per queue of
settings.WORK_QUEUES (its concurrency from WORKERS_<KIND>), exactly one beat, and, when
NGINX_LISTEN is set, an nginx of its own under DATA_DIR/nginx in front of them (otherwise
Debian's nginx includes the site file this writes: `nginx-conf` prints it). Processes that
exit are started again with backoff (config/devserver.py's supervisor); SIGTERM or Ctrl-C
stops them all (daphne closes its sockets, workers finish the task in hand) and exits 0.

Unlike `make run` it starts no database or Redis and makes up no secret: DATABASE_URL,
REDIS_URL and SECRET_KEY must be set, and DEBUG must be off.
"""

from __future__ import annotations

import argparse
import ctypes
import getpass
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from config.devserver import ROOT, Child, Supervisor, answers, supervise
from config.env import env_bool, env_int, env_str

DEPLOY = ROOT / "deploy"
REQUIRED = ("DATABASE_URL", "REDIS_URL", "SECRET_KEY")
# Concurrency of each queue's worker: a Crash run streams for the whole round on one
# process, so the round cycles get a second; timers and settlements are short.
DEFAULT_CONCURRENCY = {"games": 2, "rounds": 2, "exports": 1, "default": 1}


def _settings():  # type: ignore[no-untyped-def]
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    from django.conf import settings

    return settings


@dataclass
class Plan:
    """What to start, from the environment (or the command line's overrides)."""

    web: int = field(default_factory=lambda: env_int("WEB_PROCESSES", os.cpu_count() or 1, 1))
    web_port: int = field(default_factory=lambda: env_int("WEB_PORT", 8001, 1))
    nginx_listen: str = field(default_factory=lambda: env_str("NGINX_LISTEN"))
    server_name: str = field(default_factory=lambda: env_str("SERVER_NAME", "_"))
    log_level: str = field(default_factory=lambda: env_str("LOG_LEVEL", "WARNING"))
    # A worker's pool process runs one task at a time: a small pool each keeps PostgreSQL's
    # connections for the web processes, which serve many requests at once.
    worker_pool: int = field(default_factory=lambda: env_int("WORKER_DB_POOL_SIZE", 2, 1))
    concurrency: dict[str, int] = field(
        default_factory=lambda: {
            kind: env_int(f"WORKERS_{kind.upper()}", default, 1)
            for kind, default in DEFAULT_CONCURRENCY.items()
        }
    )

    @property
    def ports(self) -> list[int]:
        return [self.web_port + n for n in range(self.web)]

    @property
    def data_dir(self) -> Path:
        return Path(_settings().DATA_DIR)

    @property
    def nginx_prefix(self) -> Path:
        return self.data_dir / "nginx"

    @property
    def static_root(self) -> Path:
        return Path(_settings().STATIC_ROOT)


def fill(template: str, values: dict[str, str]) -> str:
    """`@NAME@` placeholders replaced; one left unfilled is an error, not a broken file."""
    for name, value in values.items():
        template = template.replace(f"@{name}@", value)
    left = re.findall(r"@[A-Z_]+@", template)
    if left:
        raise ValueError(f"the nginx template's {', '.join(left)} left unfilled")
    return template


def site_conf(plan: Plan, access_log: str | None = None) -> str:
    """deploy/nginx.conf filled in: the upstream of the daphne processes and the site."""
    upstreams = "\n".join(f"    server 127.0.0.1:{port};" for port in plan.ports)
    return fill(
        (DEPLOY / "nginx.conf").read_text(),
        {
            "UPSTREAMS": upstreams,
            "LISTEN": plan.nginx_listen or "80",
            "SERVER_NAME": plan.server_name,
            "STATIC_ROOT": str(plan.static_root).rstrip("/"),
            "ACCESS_LOG": access_log or "/var/log/nginx/longtable.access.log",
        },
    )


def standalone_conf(prefix: Path) -> str:
    """deploy/nginx-standalone.conf filled in for an nginx of its own under ``prefix``."""
    user = ""
    if os.geteuid() == 0:  # workers would otherwise be nobody, who cannot read STATIC_ROOT
        user = f"user {getpass.getuser()};"
    return fill(
        (DEPLOY / "nginx-standalone.conf").read_text(), {"USER": user, "PREFIX": str(prefix)}
    )


def nginx_binary() -> str:
    found = shutil.which("nginx") or "/usr/sbin/nginx"
    if not os.access(found, os.X_OK):
        raise SystemExit("nginx is missing: install Debian's 'nginx' package (make nginx)")
    return found


def write_nginx(plan: Plan) -> Path:
    """The site file (always) and, with NGINX_LISTEN, the standalone main file beside it.
    Returns the file to give nginx: the main one, or the site file to include."""
    prefix = plan.nginx_prefix
    prefix.mkdir(parents=True, exist_ok=True)
    site = prefix / "longtable.conf"
    if not plan.nginx_listen:
        site.write_text(site_conf(plan))
        return site
    for folder in ("body", "proxy", "fastcgi", "uwsgi", "scgi"):
        (prefix / "temp" / folder).mkdir(parents=True, exist_ok=True)
    site.write_text(site_conf(plan, access_log=str(prefix / "access.log")))
    main = prefix / "nginx.conf"
    main.write_text(standalone_conf(prefix))
    return main


def nginx_command(prefix: Path, *extra: str) -> list[str]:
    return [
        nginx_binary(),
        "-p",
        str(prefix),
        "-c",
        str(prefix / "nginx.conf"),
        "-e",
        str(prefix / "error.log"),
        *extra,
    ]


def child_commands(plan: Plan) -> list[tuple[str, list[str]]]:
    """Every process `start` runs, by name: the web processes, a worker per queue, beat,
    and nginx when it runs its own."""
    settings = _settings()
    quiet = ["-q"] if plan.log_level.upper() in ("WARNING", "ERROR", "CRITICAL") else []
    celery = [
        "env",
        f"DB_POOL_SIZE={plan.worker_pool}",
        sys.executable,
        "-m",
        "celery",
        "-A",
        "config",
        *quiet,
    ]
    commands: list[tuple[str, list[str]]] = [
        (
            f"web-{n}",
            [
                sys.executable,
                "-m",
                "daphne",
                "-b",
                "127.0.0.1",
                "-p",
                str(port),
                # Client address and scheme from nginx's X-Forwarded-For and -Proto: only
                # nginx reaches 127.0.0.1, and it sets both rather than passing a client's.
                "--proxy-headers",
                # nginx logs every request, with the process that served it.
                "--access-log",
                os.devnull,
                "config.asgi:application",
            ],
        )
        for n, port in enumerate(plan.ports, start=1)
    ]
    for kind, queue in settings.WORK_QUEUES.items():
        commands.append(
            (
                f"worker-{kind}",
                [
                    *celery,
                    "worker",
                    "-Q",
                    queue,
                    "-n",
                    f"{kind}@%h",
                    "-c",
                    str(plan.concurrency[kind]),
                    "-l",
                    plan.log_level,
                    "--without-gossip",
                    "--without-mingle",
                ],
            )
        )
    schedule = plan.data_dir / "celerybeat-schedule"
    commands.append(("beat", [*celery, "beat", "-l", plan.log_level, "-s", str(schedule)]))
    if plan.nginx_listen:
        commands.append(("nginx", nginx_command(plan.nginx_prefix)))
    return commands


def check_environment() -> None:
    missing = [name for name in REQUIRED if not os.environ.get(name)]
    if missing:
        raise SystemExit(f"config.prod needs {', '.join(missing)} in the environment")
    if env_bool("DEBUG", False):
        raise SystemExit("config.prod refuses to start with DEBUG on")


def _die_with_parent() -> None:
    """A child gets SIGTERM if the supervisor dies without stopping it (Linux)."""
    if sys.platform.startswith("linux"):
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG


def launch(command: list[str]) -> subprocess.Popen:
    # A session of its own: a terminal's Ctrl-C reaches the supervisor, which stops each
    # child once, rather than every child at once behind its back.
    return subprocess.Popen(command, cwd=ROOT, start_new_session=True, preexec_fn=_die_with_parent)


def manage(*args: str) -> None:
    subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, check=True)


def start(plan: Plan, migrate: bool = True) -> int:
    check_environment()
    plan.data_dir.mkdir(parents=True, exist_ok=True)
    manage("collectstatic", "--noinput", "-v", "0")
    if migrate:
        manage("migrate", "--noinput", "-v", "0")
    nginx_file = write_nginx(plan)
    if plan.nginx_listen:
        subprocess.run(nginx_command(plan.nginx_prefix, "-t", "-q"), check=True)
    supervisor = Supervisor(
        [Child(name, command) for name, command in child_commands(plan)], launch
    )
    supervisor.start_all()
    deadline = time.monotonic() + 120
    while not all(answers("127.0.0.1", port) for port in plan.ports):
        if time.monotonic() > deadline:
            print("The web processes did not answer within 120 s", flush=True)
            break
        supervisor.check()
        time.sleep(0.3)
    ports = ", ".join(str(port) for port in plan.ports)
    print(f"Up: {plan.web} web process(es) on 127.0.0.1:{ports}, workers, beat", flush=True)
    if plan.nginx_listen:
        print(f"nginx listens on {plan.nginx_listen} ({nginx_file})", flush=True)
    else:
        print(f"nginx's site file: {nginx_file} (include it in Debian's nginx)", flush=True)
    return supervise(supervisor)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m config.prod", description=__doc__)
    parser.add_argument(
        "command", nargs="?", default="start", choices=["start", "nginx-conf", "plan"]
    )
    parser.add_argument("--web", type=int, help="daphne processes (WEB_PROCESSES)")
    parser.add_argument("--port", type=int, help="the first one's port (WEB_PORT)")
    parser.add_argument("--nginx-listen", help="run nginx of its own listening here (NGINX_LISTEN)")
    parser.add_argument("--no-migrate", action="store_true", help="skip migrate")
    args = parser.parse_args(argv)
    plan = Plan()
    if args.web is not None:
        plan.web = args.web
    if args.port is not None:
        plan.web_port = args.port
    if args.nginx_listen is not None:
        plan.nginx_listen = args.nginx_listen
    if args.command == "nginx-conf":
        sys.stdout.write(site_conf(plan))
        return 0
    if args.command == "plan":
        for name, command in child_commands(plan):
            print(f"{name}: {' '.join(command)}")
        return 0
    return start(plan, migrate=not args.no_migrate)


if __name__ == "__main__":
    sys.exit(main())
