"""The production start behind nginx: `python -m config.prod` with two daphne processes,
its workers and beat, and an nginx of its own (Debian's binary, `make nginx`) on a free
loopback port, all on this run's test database and Redis. Two players log in through
nginx, open the table page, and play Rock Paper Scissors to the end over WebSockets
through the proxy, each socket on a different daphne process (nginx's access log names
the process that served each request); a static file comes from nginx itself; SIGTERM
stops every process.
"""

from __future__ import annotations

import asyncio
import contextlib
import gzip
import http.cookiejar
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.parse
import urllib.request
from pathlib import Path

import psutil
import pytest
from django.conf import settings
from django.db import connection

from config.devserver import answers
from tests.conftest import PASSWORD, database_url

ROOT = Path(__file__).resolve().parents[2]
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"

pytestmark = [
    pytest.mark.slow,
    pytest.mark.nginx,
    pytest.mark.timeout(240),
    pytest.mark.skipif(
        not os.access(NGINX, os.X_OK),
        reason="nginx is not installed and could not be: `make nginx` installs Debian's "
        "package (as root, with apt-get)",
    ),
]


def free_ports(count: int) -> int:
    """The first of ``count`` consecutive free loopback ports."""
    for _ in range(200):
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            first = probe.getsockname()[1]
        if first + count > 65535:
            continue
        held = []
        try:
            for port in range(first, first + count):
                s = socket.socket()
                held.append(s)
                s.bind(("127.0.0.1", port))
            return first
        except OSError:
            continue
        finally:
            for s in held:
                s.close()
    raise RuntimeError("no consecutive free ports")


class Production:
    """`python -m config.prod` on the test database, and everything it started."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.web_port = free_ports(2)
        self.nginx_port = free_ports(1)
        self.url = f"http://127.0.0.1:{self.nginx_port}"
        self.log = folder / "prod.log"
        self.static_root = folder / "static"
        self.access_log = folder / "data" / "nginx" / "access.log"
        self.process: subprocess.Popen | None = None
        self.env = {
            key: value
            for key, value in os.environ.items()
            if key not in {"PYTEST_VERSION", "PYTEST_CURRENT_TEST", "DJANGO_SETTINGS_MODULE"}
        }
        self.env.update(
            DATABASE_URL=database_url(connection.settings_dict),
            REDIS_URL=settings.REDIS_URL,
            CHANNEL_PREFIX=settings.CHANNEL_LAYERS["default"]["CONFIG"]["prefix"],
            CELERY_QUEUE=settings.CELERY_TASK_DEFAULT_QUEUE,
            SECRET_KEY=settings.SECRET_KEY,
            DEBUG="0",
            DATA_DIR=str(folder / "data"),
            STATIC_ROOT=str(self.static_root),
            WEB_PROCESSES="2",
            WEB_PORT=str(self.web_port),
            NGINX_LISTEN=f"127.0.0.1:{self.nginx_port}",
            DB_POOL_SIZE="2",
            WORKERS_GAMES="1",
            WORKERS_ROUNDS="1",
            LOG_LEVEL="WARNING",
        )

    def start(self) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "config.prod", "--no-migrate"],
            cwd=ROOT,
            env=self.env,
            stdout=self.log.open("w"),
            stderr=subprocess.STDOUT,
        )

    def said(self) -> str:
        return self.log.read_text(errors="replace")[-6000:]

    def wait_until_served(self, seconds: float = 150) -> None:
        deadline = time.monotonic() + seconds
        ports = [self.nginx_port, self.web_port, self.web_port + 1]
        while not all(answers("127.0.0.1", port) for port in ports):
            assert self.process is not None
            assert self.process.poll() is None, self.said()
            assert time.monotonic() < deadline, f"not up within {seconds} s\n{self.said()}"
            time.sleep(0.3)

    def processes(self) -> list[psutil.Process]:
        assert self.process is not None
        with contextlib.suppress(psutil.NoSuchProcess):
            return [
                psutil.Process(self.process.pid),
                *psutil.Process(self.process.pid).children(True),
            ]
        return []

    def stop(self) -> int:
        """SIGTERM, as systemd sends it; its exit code."""
        assert self.process is not None
        self.process.send_signal(signal.SIGTERM)
        return self.process.wait(timeout=60)

    def kill_everything(self) -> None:
        for process in self.processes():
            with contextlib.suppress(psutil.NoSuchProcess):
                process.kill()
        if self.process is not None:
            self.process.wait(timeout=10)


class Browser:
    """A player's HTTP client: cookies kept, the headers a browser sends."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.cookies = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.cookies))

    def get(self, path: str, **headers: str):
        request = urllib.request.Request(self.base + path, headers=headers)
        return self.opener.open(request, timeout=30)

    def log_in(self, email: str) -> None:
        page = self.get("/accounts/login/").read().decode()
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)
        assert token, page[:2000]
        form = urllib.parse.urlencode(
            {"csrfmiddlewaretoken": token.group(1), "login": email, "password": PASSWORD}
        ).encode()
        # The browser's Origin: Django's CSRF check compares it with the Host nginx passed.
        request = urllib.request.Request(
            self.base + "/accounts/login/",
            data=form,
            headers={"Origin": self.base, "Referer": self.base + "/accounts/login/"},
        )
        with self.opener.open(request, timeout=30) as answer:
            assert answer.status == 200 and "/accounts/login/" not in answer.url, answer.url

    def cookie(self) -> str:
        return "; ".join(f"{c.name}={c.value}" for c in self.cookies)


async def play_to_the_end(url: str, game_id: int, cookies: list[str]) -> list[dict]:
    """Both players' sockets through nginx; seat 0 throws rock, seat 1 scissors, until
    the game is over. The second socket opens once the first is served, so nginx's
    least_conn sends it to the other process. Returns each socket's `over` message."""
    import websockets

    sockets = []
    for cookie in cookies:
        ws = await websockets.connect(
            f"{url.replace('http', 'ws')}/ws/games/{game_id}/",
            additional_headers={"Origin": url, "Cookie": cookie},
            open_timeout=30,
        )
        sockets.append(ws)
        while json.loads(await asyncio.wait_for(ws.recv(), 30))["type"] != "state":
            pass

    async def play(ws) -> dict:
        await ws.send(json.dumps({"type": "sync"}))
        acted = -1
        while True:
            message = json.loads(await asyncio.wait_for(ws.recv(), 30))
            if message["type"] == "over":
                return message
            if message["type"] == "error":
                # A state read before the other seat's news: the fresh one follows.
                assert message["code"] in {"stale", "not_your_turn"}, message
                continue
            if (
                message["type"] == "state"
                and message["seat"] in message["to_act"]
                and message["seq"] > acted
            ):
                acted = message["seq"]
                sign = "rock" if message["seat"] == 0 else "scissors"
                await ws.send(json.dumps({"type": "act", "seq": acted, "action": {"sign": sign}}))

    try:
        return list(await asyncio.wait_for(asyncio.gather(*(play(ws) for ws in sockets)), 60))
    finally:
        await asyncio.gather(*(ws.close() for ws in sockets))


def alive(process: psutil.Process) -> bool:
    """Still running, after a moment for init to reap what its parent left behind."""
    for _ in range(20):
        try:
            if not process.is_running() or process.status() == psutil.STATUS_ZOMBIE:
                return False
        except psutil.NoSuchProcess:
            return False
        time.sleep(0.1)
    return True


def served_by(access_log: Path, path: str) -> list[str]:
    """The upstream nginx logged for each request of ``path`` ("-": nginx answered)."""
    found = []
    for line in access_log.read_text().splitlines():
        if f" {path} " in line:
            found.append(line.rsplit("upstream=", 1)[1].strip())
    return found


@pytest.mark.django_db(transaction=True)
def test_a_game_through_nginx_with_its_seats_on_two_daphne_processes(tmp_path, start_table):
    from games.models import Game

    production = Production(tmp_path)
    began = time.monotonic()
    production.start()
    try:
        production.wait_until_served()
        started = time.monotonic() - began
        # Started once the site serves: its first player's 30 s turn must not run out while
        # a loaded machine takes that long to start it (the game then ends in a forfeit).
        game, players = start_table("rps", {"points": 2})
        names = {p.name() for p in production.processes()}
        assert "nginx" in names, names

        # Pages through nginx: each player logs in (CSRF's origin check passes through
        # the proxy) and opens the table page.
        browsers = [Browser(production.url) for _ in players]
        for browser, player in zip(browsers, players, strict=True):
            browser.log_in(player.email)
            with browser.get(f"/games/{game.pk}/") as page:
                html = page.read().decode()
            assert page.status == 200 and "Rock Paper Scissors" in html

        # A static file the page names (its hashed, collected name), from nginx's disk.
        kit = re.search(r'src="(/static/kit/kit\.[0-9a-f]{12}\.js)"', html)
        assert kit, html[:3000]
        with browsers[0].get(kit.group(1), **{"Accept-Encoding": "gzip"}) as answer:
            body = answer.read()
            if answer.headers.get("Content-Encoding") == "gzip":
                body = gzip.decompress(body)
            assert answer.status == 200
            assert "immutable" in answer.headers["Cache-Control"]
        collected = production.static_root / kit.group(1).removeprefix("/static/")
        assert body == collected.read_bytes()

        overs = asyncio.run(
            play_to_the_end(production.url, game.pk, [b.cookie() for b in browsers])
        )
        assert [over["outcome"]["placing"] for over in overs] == [[1, 2]] * 2, overs

        game.refresh_from_db()
        assert game.status == Game.Status.FINISHED and game.state["scores"] == [2, 0]
        deadline = time.monotonic() + 30
        while not Game.objects.get(pk=game.pk).settled:  # at commit, else the games worker
            assert time.monotonic() < deadline, "the game was not settled"
            time.sleep(0.2)

        started_processes = production.processes()
        assert len(started_processes) >= 9, started_processes  # 2 web, 4 workers, beat, nginx
        exit_code = production.stop()
        running = [p for p in started_processes if alive(p)]
    finally:
        if production.process is not None and production.process.poll() is None:
            production.kill_everything()

    assert exit_code == 0, production.said()
    assert not running, running
    assert not answers("127.0.0.1", production.nginx_port)
    # nginx logs a socket when it closes: one seat on each daphne process.
    sockets = served_by(production.access_log, f"/ws/games/{game.pk}/")
    assert sorted(sockets) == [
        f"127.0.0.1:{production.web_port}",
        f"127.0.0.1:{production.web_port + 1}",
    ], production.access_log.read_text()
    assert served_by(production.access_log, kit.group(1)) == ["-"]
    assert set(served_by(production.access_log, f"/games/{game.pk}/")) <= {
        f"127.0.0.1:{production.web_port}",
        f"127.0.0.1:{production.web_port + 1}",
    }
    print(f"config.prod was serving through nginx {started:.1f} s after it started")
