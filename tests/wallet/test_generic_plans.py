"""A connection's postings plan nothing once it has posted a few times (wallet 0013,
accounts 0013): every statement of wallet_post, of the guard's functions and of the
entries' triggers keeps its plan. Counted by PostgreSQL itself: log_planner_stats reports
each planning to the client, and the money paths' statements are prepared
(wallet/prepared.py)."""

import itertools

import pytest
from django.conf import settings
from django.db import connection

from accounts import protection
from wallet import services
from wallet.models import Account, Transaction

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


# A player's past bets, written in two statements rather than through the services (a
# test cannot wait for 20,000 postings): what the planner's statistics see of a ledger in
# use. The balances stay true: each entry's balance after it, and the accounts' own.
HISTORY = """
WITH bets AS (
    INSERT INTO wallet_transaction
        (uuid, kind, idempotency_key, fingerprint, reference, memo, created)
    SELECT gen_random_uuid(), 'bet', 'history:' || n, 'history', 'round:crash:1', 'Bet',
           now() - (n %% 3600) * interval '1 second'
    FROM generate_series(1, %(bets)s) AS n
    RETURNING id, idempotency_key
)
INSERT INTO wallet_entry (transaction_id, account_id, amount, balance_after)
SELECT bets.id, leg.account_id, leg.amount, leg.balance + leg.amount * n
FROM bets
CROSS JOIN LATERAL (SELECT split_part(bets.idempotency_key, ':', 2)::bigint AS n) AS number
CROSS JOIN LATERAL (
    SELECT a.id AS account_id, a.balance,
           CASE WHEN a.id = %(cash)s THEN -1 ELSE 1 END AS amount
    FROM wallet_account a WHERE a.id IN (%(cash)s, %(house)s)
) AS leg
"""


def bet_history(player, bets: int) -> None:
    """`bets` bets of one unit each by `player`, to the house shard of their first bet."""
    services.place_bet(player, 1, key="history:first", reference="round:crash:1")
    cash = services.cash_account(player)
    first = Transaction.objects.get(idempotency_key="history:first")
    house = first.entries.exclude(account=cash).get().account
    with connection.cursor() as cursor:
        cursor.execute(HISTORY, {"bets": bets, "cash": cash.pk, "house": house.pk})
        cursor.execute(
            "UPDATE wallet_account SET balance = balance + CASE WHEN id = %s THEN -%s ELSE %s END"
            " WHERE id IN (%s, %s)",
            [cash.pk, bets, bets, cash.pk, house.pk],
        )
        cursor.execute("ANALYZE")


def test_the_guarded_paths_plan_nothing_on_a_ledger_in_use(funded):
    """On a ledger with some history, PostgreSQL judged the guard's custom plans cheaper
    than its generic one and planned the judgement again on every bet, stake and deposit
    (a third of the server's CPU at 8 clients, bench/ledger.py): one planning each here
    without accounts 0013."""
    player, limited = funded(10**9), funded(10**9)
    for period in ("day", "week", "month"):
        protection.set_limit(limited, "loss", period, 10**9)
    bet_history(player, 20_000)
    calls = itertools.count()

    def bet(who=player) -> None:
        services.place_bet(who, 1, key=f"bet:{next(calls)}", reference="round:crash:1")

    def deposit() -> None:
        key = f"deposit:{next(calls)}"
        services.deposit(player, 1, provider="test", provider_reference=key, key=key)

    def stake() -> None:
        services.hold_stake(player, f"table:{next(calls)}", 1, key=f"stake:{next(calls)}")

    paths = {"bet": bet, "limited bet": lambda: bet(limited), "deposit": deposit, "stake": stake}
    for _ in range(WARM_UP):
        for path in paths.values():
            path()
    assert {name: plannings(path) for name, path in paths.items()} == dict.fromkeys(paths, 0)
