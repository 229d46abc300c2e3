"""Settlement of house rounds at scale, against a plain bulk insert in the same run.

    .venv/bin/python bench/rounds.py [--crash-bets 10000] [--keno-tickets 100000]
                                     [--roulette-bets 10000]

Settles one Crash round with 10,000 bets (half cash out), one Keno draw with 100,000
tickets (10 per player) through casino.services, and one European roulette round with
10,000 bets of every type (straight to neighbour bets) through casino.draws, on a scratch
PostgreSQL database created, migrated and dropped here (never the dev database); the
server comes from DATABASE_URL, else the machine's PostgreSQL on 127.0.0.1:5432. The
baseline is one bulk insert of as many ledger-entry-sized rows (four bigints) on the same
server. The bets and tickets are written straight into their tables to set the scene
quickly: only settlement is timed.
Targets: a Crash round settled within 0.25 s of its crash, a Keno draw within 1.5 s, a
roulette round within 1 s of its draw.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import psycopg

PROJECT = Path(__file__).resolve().parent.parent
DEFAULT_SERVER = "postgres://postgres@127.0.0.1:5432/longtable"
CRASH_TARGET_S = 0.25
KENO_TARGET_S = 1.5
ROULETTE_TARGET_S = 1.0


def database_url(server: str, name: str) -> str:
    parts = urlsplit(server)
    return urlunsplit((parts.scheme, parts.netloc, f"/{name}", "", ""))


def setup_django(url: str) -> None:
    os.environ["DATABASE_URL"] = url
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    sys.path.insert(0, str(PROJECT))
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command

    settings.CASINO_CHAIN_LENGTH = 1_000  # the chain's length does not enter settlement
    call_command("migrate", verbosity=0)


def make_players(count: int) -> list:
    from accounts.models import User
    from wallet.services import cash_account

    users = User.objects.bulk_create(
        User(email=f"bench{i}@example.com", password="!") for i in range(count)
    )
    for user in users:
        cash_account(user)  # players who bet already have their cash account
    return users


PAY_WINS_SECONDS: list[float] = []
PROFILE = False  # --profile: where each settlement's time goes, printed after it


def settled_in(settle, round_id: int) -> float:
    """Seconds `settle(round_id)` took (it must settle the round)."""
    import cProfile
    import pstats

    profiler = cProfile.Profile() if PROFILE else None
    started = time.perf_counter()
    if profiler is not None:
        profiler.enable()
    assert settle(round_id)
    elapsed = time.perf_counter() - started
    if profiler is not None:
        profiler.disable()
        pstats.Stats(profiler).sort_stats("tottime").print_stats(12)
    return elapsed


def time_pay_wins() -> None:
    """Time the wallet's share of each settlement (its one pay_wins batch) apart."""
    from casino import services

    pay_wins = services.pay_wins

    def timed(*args, **kwargs):
        started = time.perf_counter()
        try:
            return pay_wins(*args, **kwargs)
        finally:
            PAY_WINS_SECONDS.append(time.perf_counter() - started)

    services.pay_wins = timed  # every round game's settlement pays through it


def running_round(game: str):
    from casino import clock, services
    from casino.crash import curve
    from casino.models import Round

    services.schedule_rounds(game)
    game_round = Round.objects.filter(game=game).order_by("number").first()
    game_round.state = Round.State.RUNNING
    if game == "crash":
        game_round.outcome = {"crash_point": 200, "edge_percent": 1}
        game_round.started_at_ms = clock.now_ms() - curve.crash_instant(200)
    game_round.save()
    return game_round


def bench_crash(players: list, bets: int) -> float:
    import uuid

    from casino import services
    from casino.crash.game import CRASH
    from casino.models import Bet

    game_round = running_round("crash")
    rows = []
    for i in range(bets):
        selection = {"auto_cash_out": 150 if i % 2 else 300}  # half win at 1.50x, half lose
        rows.append(
            Bet(
                round=game_round,
                user=players[i % len(players)],
                bet_type="bet",
                selection=selection,
                label=CRASH.label("bet", selection),
                stake=100 + i % 50,
                slip=uuid.uuid4(),
                key=f"bench:crash:{i}",
            )
        )
    Bet.objects.bulk_create(rows, batch_size=10_000)
    return settled_in(services.settle_crash, game_round.pk)


def bench_keno(players: list, tickets: int) -> float:
    import uuid

    from casino import draws, services
    from casino.models import Bet, KenoPaytable

    game_round = running_round("keno")
    tables = list(KenoPaytable.objects.all())
    rng = random.Random(7)
    batch = []
    for i in range(tickets):
        table = tables[i % len(tables)]
        numbers = rng.sample(range(1, 81), rng.randint(1, table.max_picks))
        bet_type, selection = services.keno_selection(table, numbers)
        batch.append(
            Bet(
                round=game_round,
                user=players[i % len(players)],
                bet_type=bet_type,
                selection=selection,
                label=bet_type,
                stake=100,
                slip=uuid.uuid4(),
                key=f"bench:keno:{i}",
            )
        )
    Bet.objects.bulk_create(batch, batch_size=10_000)
    return settled_in(draws.settle, game_round.pk)


def bench_roulette(players: list, bets: int) -> float:
    import uuid

    from casino import draws, registry
    from casino.models import Bet

    game = registry.get("roulette-european")
    game_round = running_round(game.slug)
    choices = [
        (bet_type.code, selection)
        for bet_type in game.bet_types
        for _, selection in game.selections(bet_type.code)
    ]
    rng, slip = random.Random(12), uuid.uuid4()
    rows = []
    for i in range(bets):
        bet_type, selection = rng.choice(choices)
        rows.append(
            Bet(
                round=game_round,
                user=players[i % len(players)],
                bet_type=bet_type,
                selection=selection,
                stake=180,  # divides among the chips of every neighbour bet
                slip=slip,
                key=f"bench:roulette:{i}",
            )
        )
    Bet.objects.bulk_create(rows, batch_size=10_000)
    return settled_in(draws.settle, game_round.pk)


def bench_baseline(rows: int) -> float:
    """One statement inserting ``rows`` rows the size of a ledger entry."""
    from django.db import connection, transaction

    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(
            "CREATE TEMP TABLE baseline_entry (id bigserial primary key, transaction_id bigint,"
            " account_id bigint, amount bigint, balance_after bigint) ON COMMIT DROP"
        )
        values = list(range(rows))
        started = time.perf_counter()
        cursor.execute(
            "INSERT INTO baseline_entry (transaction_id, account_id, amount, balance_after) "
            "SELECT 1, a, a, a FROM unnest(%s::bigint[]) AS a",
            [values],
        )
        return time.perf_counter() - started


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--crash-bets", type=int, default=10_000)
    parser.add_argument("--keno-tickets", type=int, default=100_000)
    parser.add_argument("--roulette-bets", type=int, default=10_000)
    parser.add_argument("--profile", action="store_true", help="profile each settlement")
    args = parser.parse_args()
    global PROFILE
    PROFILE = args.profile
    server = os.environ.get("DATABASE_URL", DEFAULT_SERVER)
    name = f"longtable_bench_rounds_{os.getpid()}"
    with psycopg.connect(database_url(server, "postgres"), autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    try:
        setup_django(database_url(server, name))
        from django.db import connections

        time_pay_wins()
        players = make_players(max(args.crash_bets, args.keno_tickets // 10))
        crash = bench_crash(players, args.crash_bets)
        crash_base = bench_baseline(args.crash_bets)
        keno = bench_keno(players, args.keno_tickets)
        keno_base = bench_baseline(args.keno_tickets)
        roulette = bench_roulette(players, args.roulette_bets)
        roulette_base = bench_baseline(args.roulette_bets)
        from wallet.invariants import ledger_problems

        problems = ledger_problems()
        connections.close_all()
    finally:
        with psycopg.connect(database_url(server, "postgres"), autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

    def line(label: str, seconds: float, wallet: float, base: float, target: float) -> str:
        verdict = "ok" if seconds <= target else "OVER TARGET"
        return (
            f"{label:<30} {seconds:7.3f} s (wallet pay_wins {wallet:6.3f} s, casino "
            f"{seconds - wallet:6.3f} s)   baseline insert {base:6.3f} s   "
            f"ratio {seconds / base:6.1f}x   target {target:g} s: {verdict}"
        )

    crash_wallet, keno_wallet, roulette_wallet = PAY_WINS_SECONDS
    crash_label = f"Crash round, {args.crash_bets:,} bets"
    keno_label = f"Keno draw, {args.keno_tickets:,} tickets"
    print(line(crash_label, crash, crash_wallet, crash_base, CRASH_TARGET_S))
    print(line(keno_label, keno, keno_wallet, keno_base, KENO_TARGET_S))
    roulette_label = f"Roulette round, {args.roulette_bets:,} bets"
    print(line(roulette_label, roulette, roulette_wallet, roulette_base, ROULETTE_TARGET_S))
    print("ledger invariants:", problems or "sound")
    on_target = crash <= CRASH_TARGET_S and keno <= KENO_TARGET_S and roulette <= ROULETTE_TARGET_S
    return 0 if on_target and not problems else 1


if __name__ == "__main__":
    sys.exit(main())
