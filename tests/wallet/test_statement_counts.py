"""What each path a player's money takes costs the database, in statements, transaction
control included, with every guard in force (bench/ledger.py measures the same paths
against pgbench). Counted at the connection, so nothing slips past: inside a test's
transaction, a transaction a service opened would show as a SAVEPOINT and a RELEASE. No
path opens one: the guard is judged in the posting's statement, so out of a transaction (a
request, a worker) every path is a single statement that commits itself, and in a test it
runs in the test's. Each count is pinned: this file fails if a path
grows."""

import re
from datetime import timedelta

import pytest
from django.db import connection
from django.utils import timezone

from accounts import protection
from accounts.models import PlayerProtection
from wallet import services
from wallet.selectors import cash_balance

pytestmark = pytest.mark.django_db

# Lock the player's row, judge, and only then lock, look the key up, refuse or write.
GUARDED_POSTING = "accounts_guarded_post"
POSTING = "wallet_post"  # lock, look the key up, refuse or write


class Statements:
    """Each statement the connection executes: the function a `SELECT * FROM f(...)`
    calls, else its first word."""

    def __init__(self) -> None:
        self.words: list[str] = []

    def __call__(self, execute, sql, params, many, context):
        called = re.match(r"SELECT \* FROM (\w+)\(", str(sql))
        self.words.append(called[1] if called else str(sql).split()[0])
        return execute(sql, params, many, context)


def statements(action) -> list[str]:
    recorder = Statements()
    with connection.execute_wrapper(recorder):
        action()
    return recorder.words


@pytest.fixture
def regular(funded):
    """A player who has deposited, held a stake, bet and been paid before: every account
    and row a path touches exists, as for nearly every request in production."""
    player = funded(100_000)
    services.hold_stake(player, "table:1", 100, key="warm-hold")
    services.place_bet(player, 100, key="warm-bet", reference="round:crash:1")
    services.pay_wins({player: 50}, key="warm-wins", reference="round:crash:1")
    return player


def test_a_deposit_is_one_statement(regular):
    words = statements(
        lambda: services.deposit(regular, 500, provider="t", provider_reference="d", key="d")
    )
    assert words == [GUARDED_POSTING]  # the deposit row in the write
    assert cash_balance(regular) == 100_000 - 200 + 50 + 500


def test_holding_a_stake_is_one_statement_whether_the_table_is_new_or_open(regular, funded):
    first = statements(lambda: services.hold_stake(regular, "table:2", 100, key="first"))
    assert first == [GUARDED_POSTING]  # the escrow created there
    assert services.escrow_account("table:2").balance == 100
    other = funded(1_000)
    services.hold_stake(other, "table:3", 100, key="warm")
    words = statements(lambda: services.hold_stake(other, "table:2", 100, key="h"))
    assert words == [GUARDED_POSTING]


def test_a_bet_is_one_statement_with_all_three_loss_limits_and_a_reality_check(regular):
    for period in ("day", "week", "month"):
        protection.set_limit(regular, "loss", period, 50_000)
    protection.set_reality_check(regular, 60)
    services.place_bet(regular, 100, key="session start", reference="round:crash:2")
    words = statements(lambda: services.place_bet(regular, 100, key="b", reference="round:1"))
    assert words == [GUARDED_POSTING]


def test_a_bet_refused_by_a_loss_limit_is_one_statement_that_writes_nothing(regular):
    protection.set_limit(regular, "loss", "day", 300)
    before = cash_balance(regular)
    words = statements(lambda: _refused(regular))
    assert words == [GUARDED_POSTING]  # nothing to roll back: the refusal wrote nothing
    assert cash_balance(regular) == before


def _refused(player):
    with pytest.raises(services.ProtectionRefusal):
        services.place_bet(player, 500, key="b2", reference="round:1")


def test_paying_a_round_of_winners_is_one_statement_however_many(regular, funded):
    winners = {regular: 10, **{funded(1): 10 for _ in range(20)}}
    words = statements(lambda: services.pay_wins(winners, key="w", reference="round:keno:1"))
    assert words == [POSTING]


def test_settling_a_game_is_one_statement(regular, funded):
    other = funded(1_000)
    services.hold_stake(other, "table:0", 100, key="warm")
    services.settle("table:0", {other: 90}, rake=10, key="warm-settle")  # the rake account exists
    services.hold_stake(other, "table:1", 100, key="other-hold")
    words = statements(
        lambda: services.settle("table:1", {regular: 150, other: 40}, rake=10, key="s")
    )
    assert words == [POSTING]  # the escrow checked and closed there
    assert services.escrow_account("table:1").balance == 0
    assert services.escrow_account("table:1").closed_at is not None


def test_a_transfer_is_one_statement(regular, funded):
    payer, payee = services.cash_account(regular), services.cash_account(funded(1))
    words = statements(lambda: services.post("transfer", [(payer, -5), (payee, 5)], key="t"))
    assert words == [POSTING]


def test_a_new_players_first_deposit_creates_their_rows_in_one_more(make_user):
    player = make_user()
    words = statements(
        lambda: services.deposit(player, 500, provider="t", provider_reference="n", key="n")
    )
    # the protection row inserted in the guard's statement; the posting finds the cash
    # account missing, and the statement runs again creating it
    assert words == [GUARDED_POSTING, GUARDED_POSTING]
    assert PlayerProtection.objects.filter(user=player).count() == 1
    assert cash_balance(player) == 500


def test_a_limit_raised_yesterday_is_in_force_in_the_guards_statement(regular):
    protection.set_limit(regular, "loss", "day", 100)
    protection.set_limit(regular, "loss", "day", 10_000)  # an increase: waits 24 hours
    with pytest.raises(services.ProtectionRefusal):
        services.place_bet(regular, 500, key="too soon", reference="round:1")
    limit = protection.ProtectionLimit.objects.get(protection__user=regular)
    limit.pending_from = timezone.now() - timedelta(seconds=1)
    limit.save()
    services.place_bet(regular, 500, key="in time", reference="round:1")
