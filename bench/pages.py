"""Pages per second and their p99 against a hello-world view on the same server.

    .venv/bin/python bench/pages.py [--lines 10000] [--clients 8] [--seconds 5] [--rounds 2]
                                    [--pages statement history]

On a scratch database (created, migrated and dropped here; the server from DATABASE_URL,
else the machine's PostgreSQL on 127.0.0.1:5432) a player gets `--lines` statement lines
through the wallet's services (bets and wins, alternately, of Crash rounds whose rows are
written beside them, so that the history lists those bets); one daphne process serves the
product with a hello-world view beside it (bench/pages_app.py). `--clients` processes,
each with its own keep-alive connection and the player's session, request one page as
fast as it answers for `--seconds`; the hello-world view is measured the same way right
before each page, and the rounds alternate, so that other load on the shared machine
weighs on both alike. Prints each page's requests/s, p50 and p99, and the ratio of its
rate to the hello-world's (target: at least 0.5).
"""

from __future__ import annotations

import argparse
import http.client
import multiprocessing
import os
import statistics
import sys
import time
from pathlib import Path

from ledger import DEFAULT_SERVER, CpuSides, Server
from live import free_port, start_daphne

PROJECT = Path(__file__).resolve().parent.parent
TARGET_RATIO = 0.5
HELLO = "/bench/hello/"
PAGES = {
    "lobby": "/lobby/",
    "game page (Crash)": "/casino/crash/",
    "casino": "/casino/",
    "statement": "/wallet/",
    "history": "/history/",
}


def setup_player(lines: int, bare_bets: bool = False) -> str:
    """A player with `lines` statement lines; returns their session cookie."""
    import django

    django.setup()
    from datetime import date

    from allauth.account.models import EmailAddress
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.sessions.backends.db import SessionStore
    from django.core.management import call_command
    from django.db import connection

    from accounts import terms
    from accounts.models import TermsAcceptance, User
    from tests.casino.settled_bets import settled_crash_bets
    from wallet import services

    call_command("migrate", verbosity=0)
    call_command("collectstatic", interactive=False, verbosity=0)  # the pages' manifest
    email = "pages@bench.example"
    player = User.objects.create_user(
        email, None, legal_name="Page Reader", date_of_birth=date(1990, 1, 1), country="GB"
    )
    EmailAddress.objects.create(user=player, email=email, verified=True, primary=True)
    TermsAcceptance.objects.create(user=player, terms=terms.in_force())
    services.deposit(player, 10**9, provider="bench", provider_reference="pages", key="pages")
    for n in range((lines - 1) // 2):
        services.place_bet(player, 100, key=f"bet:{n}", reference=f"round:crash:{n}")
        services.pay_wins({player: 150}, key=f"win:{n}", reference=f"round:crash:{n}")
    if not bare_bets:
        # Their Crash rounds and bet rows, so that the history lists the bets as it would
        # have (written in bulk: they are only read).
        settled_crash_bets(player, (lines - 1) // 2)
    # The planner's statistics as autovacuum leaves them a minute after such a batch of
    # writes: without them the first query plans guess at empty tables.
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")
    session = SessionStore()
    session[SESSION_KEY] = str(player.pk)
    session[BACKEND_SESSION_KEY] = "allauth.account.auth_backends.AuthenticationBackend"
    session[HASH_SESSION_KEY] = player.get_session_auth_hash()
    session.save()
    return f"sessionid={session.session_key}"


def fetch(connection: http.client.HTTPConnection, url: str, cookie: str) -> int:
    connection.request("GET", url, headers={"Cookie": cookie, "Host": "127.0.0.1"})
    response = connection.getresponse()
    response.read()
    return response.status


def client(args) -> list[float]:
    """One client: requests `url` one after the other until the shared deadline; the
    latency of each, in seconds."""
    port, url, cookie, start_at, seconds = args
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    while time.time() < start_at:
        time.sleep(0.001)
    latencies, deadline = [], start_at + seconds
    while time.time() < deadline:
        started = time.perf_counter()
        status = fetch(connection, url, cookie)
        latencies.append(time.perf_counter() - started)
        if status != 200:
            raise RuntimeError(f"{url} answered {status}")
    connection.close()
    return latencies


def measure(
    port: int, url: str, cookie: str, clients: int, seconds: float, cpu: CpuSides
) -> tuple[float, list, tuple[float, float]]:
    """(requests/s, sorted latencies, (daphne, PostgreSQL) CPU ms per request) of
    `clients` clients on one page."""
    start_at = time.time() + 0.5
    with multiprocessing.get_context("fork").Pool(clients) as pool:
        before = cpu.sample()
        runs = pool.map(client, [(port, url, cookie, start_at, seconds)] * clients)
        after = cpu.sample()
    latencies = sorted(latency for run in runs for latency in run)
    (daphne, postgres, _), (daphne_before, postgres_before, _) = after, before
    per_request = 1000 / len(latencies)
    daphne_ms = (daphne - daphne_before) * per_request
    postgres_ms = (postgres - postgres_before) * per_request
    return len(latencies) / seconds, latencies, (daphne_ms, postgres_ms)


def percentile(ordered: list[float], fraction: float) -> float:
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", type=int, default=10_000, help="the player's statement lines")
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=5)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument(
        "--pages",
        nargs="+",
        choices=PAGES,
        default=list(PAGES),
        metavar="PAGE",
        help=f"the pages to measure, of: {', '.join(PAGES)} (default: all)",
    )
    parser.add_argument(
        "--bare-bets",
        action="store_true",
        help="bets without their round and bet rows (the history then lists none)",
    )
    options = parser.parse_args()

    server = Server(os.environ.get("DATABASE_URL", DEFAULT_SERVER))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.setdefault("REDIS_URL", "redis://127.0.0.1:6379/2")
    os.environ["CHANNEL_PREFIX"] = "bench-pages"
    # Served as in production (no DEBUG): collected once, kept between runs.
    os.environ.setdefault("STATIC_ROOT", "/tmp/longtable-bench-static")
    sys.path.insert(0, str(PROJECT))
    database = f"bench_pages_{os.getpid()}"
    with server.scratch_database(database) as url:
        os.environ["DATABASE_URL"] = url
        print(f"A player with {options.lines:,} statement lines…", flush=True)
        cookie = setup_player(options.lines, options.bare_bets)
        from django.db import connections

        connections.close_all()
        port = free_port()
        daphne = start_daphne(port, {**os.environ}, app="bench.pages_app:application")
        # Steadier than the rates when other work shares the cores: what each request
        # cost the server process and the database's backends.
        cpu = CpuSides([daphne.pid], server, database)
        try:
            warm = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            pages = {name: PAGES[name] for name in options.pages}
            for path in [HELLO, *pages.values()]:
                status = fetch(warm, path, cookie)
                if status != 200:
                    sys.exit(f"{path} answered {status}")
            warm.close()
            results = {name: [] for name in [*pages, "hello"]}
            ratios: dict[str, list[float]] = {name: [] for name in pages}
            loads = []
            for _ in range(options.rounds):
                for name, path in pages.items():
                    hello = measure(port, HELLO, cookie, options.clients, options.seconds, cpu)
                    page = measure(port, path, cookie, options.clients, options.seconds, cpu)
                    results["hello"].append(hello)
                    results[name].append(page)
                    ratios[name].append(page[0] / hello[0])
                    loads.append(os.getloadavg()[0])
        finally:
            daphne.terminate()
            daphne.wait(timeout=15)
    print(
        f"\n{options.clients} clients, {options.seconds:g} s per measurement, "
        f"{options.rounds} rounds; load average {min(loads):.1f}-{max(loads):.1f} (2 cores)"
    )
    print(
        f"{'page':<20} {'req/s':>7} {'p50 ms':>7} {'p99 ms':>7} {'/hello':>7}"
        "   CPU ms/request: daphne postgres"
    )
    for name in ["hello", *options.pages]:
        rate = statistics.median(r for r, _, _ in results[name])
        ordered = sorted(latency for _, run, _ in results[name] for latency in run)
        ratio = f"{statistics.median(ratios[name]):7.2f}" if name in ratios else f"{'':>7}"
        daphne_ms = statistics.median(d for _, _, (d, _) in results[name])
        postgres_ms = statistics.median(p for _, _, (_, p) in results[name])
        print(
            f"{name:<20} {rate:>7.0f} {percentile(ordered, 0.5) * 1000:>7.1f} "
            f"{percentile(ordered, 0.99) * 1000:>7.1f} {ratio}"
            f"   {daphne_ms:>22.2f} {postgres_ms:>8.2f}"
        )
    missed = [name for name in options.pages if statistics.median(ratios[name]) < TARGET_RATIO]
    print(f"\nBelow {TARGET_RATIO} of hello-world's rate: {', '.join(missed) or 'none'}")


if __name__ == "__main__":
    main()
