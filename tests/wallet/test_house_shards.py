"""The house's accounts are shards (wallet.services.HOUSE_SHARDS): the postings of many
players spread over them, each player's always on one, and everything that reads a house
balance reads the sum of the shards."""

from __future__ import annotations

from datetime import date

import psycopg
import pytest
from django.db import OperationalError, connection
from django.db.migrations.executor import MigrationExecutor
from django.urls import reverse

from reports import exports, history
from tests.conftest import database_url
from wallet import services
from wallet.invariants import ledger_problems
from wallet.models import Account, Entry
from wallet.money import format_minor
from wallet.selectors import house_balance, house_balances

Kind = Account.Kind
PLAYERS = 40  # consecutive ids: every shard of 16 has two or three players


def shards_touched(kind: str, transaction_kind: str = "") -> set[str]:
    """The keys of the house accounts of `kind` that postings (of a kind) went to."""
    entries = Entry.objects.filter(account__kind=kind)
    if transaction_kind:
        entries = entries.filter(transaction__kind=transaction_kind)
    return set(entries.values_list("account__key", flat=True))


@pytest.mark.django_db
def test_many_players_spread_over_the_shards_and_every_reader_sums_them(funded, make_user, client):
    players = [funded(10_000) for _ in range(PLAYERS)]
    staff = make_user(is_staff=True, is_superuser=True)
    for player in players:
        services.place_bet(player, 300, key=f"bet:{player.pk}", reference="round:crash:1")
        services.charge_fee(player, 7, key=f"fee:{player.pk}", reference="game:1", memo="Re-roll")
    for batch in range(8):  # a round's winners paid in batches, each batch one shard
        winners = {player: 100 for player in players[batch::8]}
        services.pay_wins(winners, key=f"round:crash:1:wins:{batch}", reference="round:crash:1")
    for table in range(8):
        first, second = players[2 * table], players[2 * table + 1]
        services.hold_stake(first, f"table:{table}", 500, key=f"hold:{table}:1")
        services.hold_stake(second, f"table:{table}", 500, key=f"hold:{table}:2")
        services.settle(f"table:{table}", {first: 990}, rake=10, key=f"table:{table}:settle")
    for player in players[:5]:
        services.adjust(player, 25, reason="Goodwill", staff=staff, key=f"adj:{player.pk}")

    every_shard = {player.pk % services.HOUSE_SHARDS for player in players}
    assert len(every_shard) == services.HOUSE_SHARDS
    # Each player's postings take the shard of its id; the batches spread by their keys.
    for kind, transaction_kind in ((Kind.HOUSE_BANK, "bet"), (Kind.FEES, "fee")):
        assert shards_touched(kind, transaction_kind) == {
            services.house_key(kind, shard) for shard in every_shard
        }
    for player in players:
        (entry,) = Entry.objects.filter(
            transaction__idempotency_key=f"bet:{player.pk}", account__kind=Kind.HOUSE_BANK
        )
        assert entry.account.key == f"house:bank:{player.pk % services.HOUSE_SHARDS}"
    assert len(shards_touched(Kind.WORLD)) == services.HOUSE_SHARDS
    assert len(shards_touched(Kind.HOUSE_BANK, "win")) > 1
    assert len(shards_touched(Kind.RAKE)) > 1

    expected = {
        Kind.WORLD: -PLAYERS * 10_000,
        Kind.HOUSE_BANK: PLAYERS * 300 - PLAYERS * 100,
        Kind.FEES: PLAYERS * 7,
        Kind.RAKE: 8 * 10,
        Kind.ADJUSTMENTS: -5 * 25,
    }
    assert house_balances() == expected
    for kind, balance in expected.items():
        assert house_balance(kind) == balance
        shards = Account.objects.filter(kind=kind)
        assert shards.count() == services.HOUSE_SHARDS
        assert sum(shards.values_list("balance", flat=True)) == balance
    assert ledger_problems() == []

    # The revenue export sums the entries by kind: the same totals.
    every_day = exports.Filters(history.Period(date(2000, 1, 1), date(2100, 1, 1)))
    rows = exports.revenue_rows(every_day, "day")
    assert sum(row[3] for row in rows) == expected[Kind.HOUSE_BANK]
    assert sum(row[4] for row in rows) == expected[Kind.RAKE]
    assert sum(row[5] for row in rows) == expected[Kind.FEES]
    assert sum(row[7] for row in rows) == expected[Kind.ADJUSTMENTS]

    # The staff's list of accounts shows each kind's sum above the shards.
    client.force_login(staff)
    page = client.get(reverse("admin:wallet_account_changelist")).content.decode()
    for kind, balance in expected.items():
        assert f'<th scope="row">{Kind(kind).label}</th><td>{format_minor(balance)}</td>' in page


@pytest.mark.django_db(transaction=True)
def test_a_locked_shard_holds_back_only_the_players_on_it(funded):
    """What the shards are for: a posting waits only for those on its own shard."""
    waiting, passing = funded(1_000), funded(1_000)
    shard = services.house_account(Kind.HOUSE_BANK, anchor=waiting.pk)
    assert shard != services.house_account(Kind.HOUSE_BANK, anchor=passing.pk)
    with psycopg.connect(database_url(connection.settings_dict)) as other:
        other.execute("SELECT 1 FROM wallet_account WHERE id = %s FOR UPDATE", [shard.pk])
        with connection.cursor() as cursor:
            cursor.execute("SET lock_timeout = '200ms'")
        try:
            assert services.place_bet(passing, 100, key="passes", reference="round:1").created
            with pytest.raises(OperationalError, match="lock timeout"):
                services.place_bet(waiting, 100, key="waits", reference="round:1")
        finally:
            with connection.cursor() as cursor:
                cursor.execute("RESET lock_timeout")
    assert services.place_bet(waiting, 100, key="waits", reference="round:1").created
    assert house_balance(Kind.HOUSE_BANK) == 200
    assert ledger_problems() == []


@pytest.mark.django_db(transaction=True)
def test_the_migration_makes_each_house_account_its_kinds_shard_0(funded):
    player = funded(1_000)
    executor = MigrationExecutor(connection)
    executor.migrate([("wallet", "0005_withdrawal_cancelled")])
    try:
        # As before the shards: one `world` account with the deposit's entry on it. In
        # SQL: the model's later columns are not in this schema.
        world_key = services.house_key(Kind.WORLD, services.house_shard(player.pk))
        with connection.cursor() as cursor:
            cursor.execute(
                "DELETE FROM wallet_account WHERE kind = ANY(%s) AND key <> %s",
                [list(Account.HOUSE), world_key],
            )
            cursor.execute(
                "UPDATE wallet_account SET key = 'world' WHERE key = %s RETURNING id",
                [world_key],
            )
            (world_id,) = cursor.fetchone()
        executor = MigrationExecutor(connection)
        executor.loader.build_graph()
        executor.migrate(executor.loader.graph.leaf_nodes())
    finally:
        services.open_house_accounts()  # what post_migrate does after `migrate`
    renamed = Account.objects.get(pk=world_id)
    assert (renamed.key, renamed.balance) == ("world:0", -1_000)
    assert house_balance(Kind.WORLD) == -1_000
    assert Account.objects.filter(kind=Kind.WORLD).count() == services.HOUSE_SHARDS
    assert ledger_problems() == []
