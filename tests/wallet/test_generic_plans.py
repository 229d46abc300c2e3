"""A connection's postings plan nothing once it has posted a few times (wallet 0013):
every statement of wallet_post, of the guard's function and of the entries' triggers
keeps its plan. Counted by PostgreSQL itself: log_planner_stats reports each planning
to the client, and the money paths' statements are prepared (wallet/prepared.py)."""

import pytest
from django.conf import settings
from django.db import connection

from wallet import services
from wallet.models import Account

pytestmark = pytest.mark.django_db

# More calls than PostgreSQL's plan cache tries custom plans for (five) before it judges.
WARM_UP = 8


def plannings(action) -> int:
    """How many statements PostgreSQL planned while `action` ran on this connection."""
    notices: list[str] = []
    connection.ensure_connection()
    raw = connection.connection

    def heard(diagnostic) -> None:
        notices.append(diagnostic.message_primary or "")

    raw.add_notice_handler(heard)
    try:
        with connection.cursor() as cursor:
            cursor.execute("SET client_min_messages = log")
            cursor.execute("SET log_planner_stats = on")
        action()
        with connection.cursor() as cursor:
            cursor.execute("RESET log_planner_stats")
            cursor.execute("RESET client_min_messages")
    finally:
        raw.remove_notice_handler(heard)
    return sum("PLANNER STATISTICS" in notice for notice in notices)


@pytest.fixture(autouse=True)
def ledger_of_some_size():
    """A thousand accounts, analysed: on a test's few rows a generic plan costs what a
    custom one does and PostgreSQL settles on it by itself; on a ledger of any size it
    kept planning the array statements anew, and without wallet 0013 this file fails."""
    Account.objects.bulk_create(
        Account(
            key=f"escrow:table:{n}",
            kind="escrow",
            reference=f"table:{n}",
            currency=settings.CURRENCY,
        )
        for n in range(1000)
    )
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE wallet_account")


def test_a_transfer_plans_nothing_once_warm(funded):
    payer, payee = (services.cash_account(funded(100_000)) for _ in range(2))

    def transfer(n: int) -> None:
        services.post("transfer", [(payer, -1), (payee, 1)], key=f"transfer:{n}")

    for n in range(WARM_UP):
        transfer(n)
    assert plannings(lambda: transfer(WARM_UP)) == 0


def test_a_bet_plans_nothing_once_warm(funded):
    player = funded(100_000)

    def bet(n: int) -> None:
        services.place_bet(player, 1, key=f"bet:{n}", reference="round:crash:1")

    for n in range(WARM_UP):
        bet(n)
    assert plannings(lambda: bet(WARM_UP)) == 0
