"""Migration 0006 moves Crash bets and Keno tickets into the one bet table of the round
games and back: every field survives the round trip, and the moved bets read as the
games read them (a Crash bet's auto and manual cash-out, a Keno ticket's prices)."""

from __future__ import annotations

import uuid

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from casino.crash.game import CRASH
from casino.keno.game import KENO

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("casino", "0005_round_contract_bets")]
AFTER = [("casino", "0006_crash_and_keno_bets")]


@pytest.fixture(autouse=True)
def latest_schema_after():
    """Each test leaves the schema at the latest migrations, as the next test expects."""
    yield
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())


def migrate(target):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(target)
    return executor.loader.project_state(target).apps


def old_rows(apps, make_user):
    """Two Crash bets (one auto, one cashed out by hand) and a Keno ticket, as 0005 stored
    them, on settled rounds."""
    Round, SeedChain = apps.get_model("casino", "Round"), apps.get_model("casino", "SeedChain")
    CrashBet, KenoTicket = (
        apps.get_model("casino", "CrashBet"),
        apps.get_model("casino", "KenoTicket"),
    )
    KenoPaytable = apps.get_model("casino", "KenoPaytable")
    winner, loser = make_user(), make_user()
    rounds = {}
    for game, outcome in (
        ("crash", {"crash_point": 250, "edge_percent": 1}),
        ("keno", {"balls": list(range(1, 21))}),
    ):
        chain = SeedChain.objects.create(
            game=game, secret=b"s" * 32, length=10, terminal=b"t" * 32, salt="x"
        )
        rounds[game] = Round.objects.create(
            game=game,
            number=7,
            chain=chain,
            link_index=1,
            link=b"l" * 32,
            outcome=outcome,
            state="settled",
        )
    CrashBet.objects.create(
        round=rounds["crash"],
        user_id=winner.pk,
        amount=1_000,
        auto_cash_out=200,
        paid_multiplier=200,
        payout=2_000,
        status="won",
    )
    CrashBet.objects.create(
        round=rounds["crash"],
        user_id=loser.pk,
        amount=500,
        cashed_out_ms=30_000,
        status="lost",
    )
    table = KenoPaytable.objects.create(
        game="keno-8", name="Keno 8", version=9, table={"3": {"2": 200, "3": 5_000}}
    )
    purchase = uuid.uuid4().hex
    KenoTicket.objects.create(
        round=rounds["keno"],
        user_id=winner.pk,
        paytable=table,
        numbers=[3, 40, 80],
        amount=100,
        purchase=f"{purchase}:7",
        hits=1,
        payout=0,
        status="lost",
    )
    return winner, loser, purchase, table.pk


def test_crash_bets_and_keno_tickets_move_to_the_bet_table_and_back(make_user):
    apps = migrate(BEFORE)
    winner, loser, purchase, table_id = old_rows(apps, make_user)
    created = apps.get_model("casino", "CrashBet").objects.get(user_id=winner.pk).created

    apps = migrate(AFTER)
    Bet = apps.get_model("casino", "Bet")
    auto = Bet.objects.get(round__game="crash", user_id=winner.pk)
    assert (auto.bet_type, auto.selection, auto.result) == (
        "bet",
        {"auto_cash_out": 200},
        {"multiplier": 200},
    )
    assert (auto.label, auto.stake, auto.payout, auto.status) == (
        "Bet, auto cash-out 2.00x",
        1_000,
        2_000,
        "won",
    )
    assert auto.key == f"round:crash:7:bet:{winner.pk}" and auto.created == created
    assert auto.label == CRASH.label("bet", auto.selection)
    manual = Bet.objects.get(round__game="crash", user_id=loser.pk)
    assert (manual.selection, manual.result, manual.label) == ({"cashed_out_ms": 30_000}, {}, "Bet")
    ticket = Bet.objects.get(round__game="keno")
    assert ticket.bet_type == "keno-8:3" and ticket.slip == uuid.UUID(purchase)
    assert ticket.selection == {
        "numbers": [3, 40, 80],
        "pays": {"2": 200, "3": 5_000},
        "paytable": table_id,
    }
    assert (ticket.label, ticket.result, ticket.key) == (
        "Keno 8: 3 40 80",
        {"hits": 1},
        f"keno:ticket:{purchase}:7",
    )
    # The moved ticket pays as the game reads it: 2 hits on these prices pay 2x.
    assert (
        KENO.payout(100, ticket.bet_type, ticket.selection, {"balls": [3, 40, *range(50, 68)]})
        == 200
    )

    apps = migrate(BEFORE)
    assert not apps.get_model("casino", "Bet").objects.exists()
    crash = {
        (
            b.user_id,
            b.amount,
            b.auto_cash_out,
            b.cashed_out_ms,
            b.paid_multiplier,
            b.payout,
            b.status,
        )
        for b in apps.get_model("casino", "CrashBet").objects.all()
    }
    assert crash == {
        (winner.pk, 1_000, 200, None, 200, 2_000, "won"),
        (loser.pk, 500, None, 30_000, None, 0, "lost"),
    }
    keno = apps.get_model("casino", "KenoTicket").objects.get()
    assert (keno.numbers, keno.purchase, keno.hits, keno.paytable_id) == (
        [3, 40, 80],
        f"{purchase}:7",
        1,
        table_id,
    )
    assert migrate(AFTER).get_model("casino", "Bet").objects.count() == 3  # and forth again
