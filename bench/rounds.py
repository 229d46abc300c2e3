"""Settlement of house rounds at scale, against a plain bulk insert in the same run.

    .venv/bin/python bench/rounds.py [--crash-bets 10000] [--keno-tickets 100000]
                                     [--roulette-bets 10000] [--cycle-bets 20] [--cycle-only]

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
Then the draw cycle with every registered game: its first beat, a quiet beat (nothing
due) and a beat in which every game falls due at once with --cycle-bets bets each.
Targets for the cycle: a quiet beat within 0.1 s, and the busiest beat
(the most games whose phases fall in one second) within 1 s.
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import psycopg

PROJECT = Path(__file__).resolve().parent.parent
DEFAULT_SERVER = "postgres://postgres@127.0.0.1:5432/longtable"
CRASH_TARGET_S = 0.25
KENO_TARGET_S = 1.5
ROULETTE_TARGET_S = 1.0
# Beat sends the draw cycle every second: a beat with nothing due must leave that second
# nearly free, and one drawing every game at once must still end inside it.
CYCLE_QUIET_TARGET_S = 0.1
CYCLE_DUE_TARGET_S = 1.0


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
DEFERRED_CHECK_SECONDS: list[float] = []  # of each PAY_WINS_SECONDS: its deferred checks
PROFILE = False  # --profile: where each settlement's time goes, printed after it


def settled_in(settle, round_id: int) -> float:
    """Seconds `settle(round_id)` took (it must settle the round)."""
    import cProfile
    import pstats

    profiler = cProfile.Profile() if PROFILE else None
    # The scene's 100,000 model instances are the bench's, not a worker's: a collection
    # of them inside the timing cost the Crash settlement 0.3 s in one profile.
    gc.collect()
    started = time.perf_counter()
    if profiler is not None:
        profiler.enable()
    assert settle(round_id)
    elapsed = time.perf_counter() - started
    if profiler is not None:
        profiler.disable()
        pstats.Stats(profiler).sort_stats("tottime").print_stats(12)
    return elapsed


def time_pay_wins() -> Callable[[], None]:
    """Time the wallet's share of each settlement (its one pay_wins batch) apart, with
    whatever checks of its rows are deferred, which PostgreSQL would otherwise run at the
    commit, in the casino's share (the entries' foreign keys were: 0.1-0.17 s of a Crash
    round's 5,001 entries at load 10; since wallet 0012 their statement checks them, so
    this is near nothing). Run here, the commit finds nothing left to check."""
    from django.db import connection

    from casino import services

    pay_wins = services.pay_wins

    def timed(*args, **kwargs):
        started = time.perf_counter()
        paid = pay_wins(*args, **kwargs)
        checked = time.perf_counter()
        with connection.cursor() as cursor:
            cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")  # every deferred check, now
            cursor.execute("SET CONSTRAINTS ALL DEFERRED")  # as the schema declares them
        PAY_WINS_SECONDS.append(time.perf_counter() - started)
        DEFERRED_CHECK_SECONDS.append(time.perf_counter() - checked)
        return paid

    services.pay_wins = timed  # every round game's settlement pays through it

    def untimed() -> None:  # the draw cycle's beats pay as a worker does
        services.pay_wins = pay_wins

    return untimed


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


def random_bets(game, game_round, players: list, count: int, rng, name: str) -> list:
    """``count`` bets of the game's listed selections, of a stake every game's halves and
    neighbour chips divide, spread over the players (none if it lists no selection)."""
    import uuid

    from casino.models import Bet

    choices = [
        (bet_type.code, selection)
        for bet_type in game.bet_types
        for _, selection in game.selections(bet_type.code)
    ]
    slip = uuid.uuid4()
    return [
        Bet(
            round=game_round,
            user=players[i % len(players)],
            bet_type=bet_type,
            selection=selection,
            stake=180,
            slip=slip,
            key=f"bench:{name}:{i}",
        )
        for i, (bet_type, selection) in enumerate(
            rng.choice(choices) for _ in range(count if choices else 0)
        )
    ]


def bench_roulette(players: list, bets: int) -> float:
    from casino import draws, registry
    from casino.models import Bet

    game = registry.get("roulette-european")
    game_round = running_round(game.slug)
    rows = random_bets(game, game_round, players, bets, random.Random(12), "roulette")
    Bet.objects.bulk_create(rows, batch_size=10_000)
    return settled_in(draws.settle, game_round.pk)


def bench_cycle(players: list, bets_per_game: int) -> tuple[int, float, float, float]:
    """The draw cycle (casino.tasks.draw_cycle) over every registered game with a
    cadence: its first beat (which schedules every game's rounds ahead), the mean of ten
    quiet beats (nothing due), and one beat in which every game's next round falls due
    holding ``bets_per_game`` bets (drawn, settled and the next opened)."""
    from datetime import timedelta

    from django.utils import timezone

    from casino import broadcast, draws, registry
    from casino.models import Bet, Round
    from casino.tasks import draw_cycle

    broadcast.send = lambda game, event: None  # no channel layer in the bench
    slugs = draws.drawn_slugs()
    started = time.perf_counter()
    draw_cycle()
    first = time.perf_counter() - started
    quiet = []
    for _ in range(10):
        started = time.perf_counter()
        draw_cycle()
        quiet.append(time.perf_counter() - started)
    rows, rng = [], random.Random(7)
    for slug in slugs:
        game = registry.get(slug)
        game_round = draws.taking_bets(game)
        rows += random_bets(game, game_round, players, bets_per_game, rng, f"cycle:{slug}")
        Round.objects.filter(pk=game_round.pk).update(
            starts_at=timezone.now() - timedelta(seconds=1)
        )
    Bet.objects.bulk_create(rows, batch_size=10_000)
    started = time.perf_counter()
    played = draw_cycle()
    due = time.perf_counter() - started
    missed = [slug for slug in slugs if not played.get(slug)]
    assert not missed, f"not drawn: {missed}"
    return len(slugs), first, sum(quiet) / len(quiet), due


def most_due_at_once() -> int:
    """The most games whose draws fall in the same second, over a whole cycle of every
    cadence (their phases as casino.services.draw_times sets them)."""
    import math

    from casino import registry, services

    cadences = {g.slug: g.cadence for g in registry.all() if g.cadence is not None}
    period = math.lcm(*(c.every_seconds for c in cadences.values()))
    due = [0] * period
    for slug, cadence in cadences.items():
        phase = services.draw_phase(slug, cadence.every_seconds) if cadence.spread else 0
        for second in range(phase, period, cadence.every_seconds):
            due[second] += 1
    return max(due)


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
    parser.add_argument("--cycle-bets", type=int, default=20, help="bets per game, cycle")
    parser.add_argument("--cycle-only", action="store_true", help="time the draw cycle alone")
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

        untime_pay_wins = time_pay_wins()
        settled: dict[str, tuple[float, float]] = {}
        if args.cycle_only:
            players = make_players(args.cycle_bets)
        else:
            players = make_players(max(args.crash_bets, args.keno_tickets // 10))
            settled["crash"] = (bench_crash(players, args.crash_bets), CRASH_TARGET_S)
            settled["crash_base"] = (bench_baseline(args.crash_bets), 0)
            settled["keno"] = (bench_keno(players, args.keno_tickets), KENO_TARGET_S)
            settled["keno_base"] = (bench_baseline(args.keno_tickets), 0)
            settled["roulette"] = (bench_roulette(players, args.roulette_bets), ROULETTE_TARGET_S)
            settled["roulette_base"] = (bench_baseline(args.roulette_bets), 0)
        untime_pay_wins()
        games, first, quiet, due = bench_cycle(players, args.cycle_bets)
        from wallet.invariants import ledger_problems

        problems = ledger_problems()
        connections.close_all()
    finally:
        with psycopg.connect(database_url(server, "postgres"), autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

    def line(
        label: str, seconds: float, wallet: float, checks: float, base: float, target: float
    ) -> str:
        verdict = "ok" if seconds <= target else "OVER TARGET"
        return (
            f"{label:<30} {seconds:7.3f} s (wallet pay_wins {wallet:6.3f} s, its deferred checks"
            f" {checks:6.3f} s of it; casino {seconds - wallet:6.3f} s)"
            f"   baseline insert {base:6.3f} s   "
            f"ratio {seconds / base:6.1f}x   target {target:g} s: {verdict}"
        )

    labels = {
        "crash": f"Crash round, {args.crash_bets:,} bets",
        "keno": f"Keno draw, {args.keno_tickets:,} tickets",
        "roulette": f"Roulette round, {args.roulette_bets:,} bets",
    }
    on_target = True
    for (key, label), wallet, checks in zip(
        labels.items(), PAY_WINS_SECONDS, DEFERRED_CHECK_SECONDS, strict=False
    ):
        if key not in settled:
            continue
        seconds, target = settled[key]
        print(line(label, seconds, wallet, checks, settled[f"{key}_base"][0], target))
        on_target = on_target and seconds <= target
    together = most_due_at_once()
    busiest = due / games * together  # the beat in which the most games fall due together
    cycle_ok = quiet <= CYCLE_QUIET_TARGET_S and busiest <= CYCLE_DUE_TARGET_S
    print(
        f"Draw cycle, {games} games: first beat (schedules every game) {first:.3f} s;"
        f" a quiet beat {quiet * 1000:.1f} ms (target {CYCLE_QUIET_TARGET_S * 1000:g} ms);"
        f" every game due at once (after an outage), {args.cycle_bets} bets each: {due:.3f} s;"
        f" at most {together} games fall due in one second: {busiest:.3f} s"
        f" (target {CYCLE_DUE_TARGET_S:g} s): {'ok' if cycle_ok else 'OVER TARGET'}"
    )
    print("ledger invariants:", problems or "sound")
    return 0 if on_target and cycle_ok and not problems else 1


if __name__ == "__main__":
    sys.exit(main())
