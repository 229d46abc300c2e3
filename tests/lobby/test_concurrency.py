"""Simultaneous lobby requests of one player on real PostgreSQL: the per-game table limit
and one seat per player per table hold however many arrive at once."""

from __future__ import annotations

import pytest

from lobby import services
from lobby.models import Seat, Table
from tests.threads import in_threads
from wallet.invariants import ledger_problems
from wallet.models import Transaction
from wallet.selectors import cash_balance

pytestmark = pytest.mark.django_db(transaction=True)

STAKE = 1_000


def spec():
    return services.TableSpec(
        game_slug="rps", options={"points": 3}, stake=STAKE, seats=2, step_seconds=30
    )


def test_twenty_simultaneous_creates_open_no_more_tables_than_the_limit(funded_player, settings):
    settings.GAME_LIMITS = {"rps": {"max_tables": 5}}
    player = funded_player(100_000)
    results = in_threads(20, lambda _: services.create_table(player, spec()))
    created = [r for r in results if isinstance(r, Table)]
    refused = [r for r in results if isinstance(r, services.LobbyError)]
    assert len(created) == 5 and len(refused) == 15, results
    assert all("already at 5 tables" in str(r) for r in refused)
    assert Table.objects.filter(creator=player).count() == 5
    assert Transaction.objects.filter(kind="hold", actor=player).count() == 5
    assert cash_balance(player) == 100_000 - 5 * STAKE
    assert ledger_problems() == []


def test_thirteen_simultaneous_joins_take_no_more_seats_than_the_limit(funded_player, settings):
    settings.GAME_LIMITS = {"rps": {"max_tables": 5}}
    creators = [funded_player() for _ in range(13)]
    tables = [services.create_table(creator, spec()) for creator in creators]
    joiner = funded_player(100_000)
    results = in_threads(13, lambda i: services.join(joiner, tables[i].pk))
    seated = [r for r in results if isinstance(r, Seat)]
    assert len(seated) == 5, results
    assert Seat.objects.filter(player=joiner).count() == 5
    assert cash_balance(joiner) == 100_000 - 5 * STAKE
    assert ledger_problems() == []


def test_twenty_identical_joins_take_one_seat_and_hold_one_stake(funded_player):
    table = services.create_table(funded_player(), spec())
    joiner = funded_player(100_000)
    results = in_threads(20, lambda _: services.join(joiner, table.pk))
    seated = [r for r in results if isinstance(r, Seat)]
    refused = [r for r in results if isinstance(r, services.LobbyError)]
    assert len(seated) == 1 and len(refused) == 19, results
    assert Seat.objects.filter(player=joiner).count() == 1
    assert Transaction.objects.filter(kind="hold", actor=joiner).count() == 1
    assert cash_balance(joiner) == 100_000 - STAKE
    assert ledger_problems() == []
