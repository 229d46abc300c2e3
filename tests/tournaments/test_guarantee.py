from datetime import timedelta

import pytest
from django.utils import timezone

from tournaments import services
from tournaments.models import Entry
from wallet.invariants import ledger_problems
from wallet.models import Account, Transaction
from wallet.selectors import cash_balance, house_balance

from .test_knockout import field_of, play_to_the_end

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_house_tops_the_pool_up_to_its_guarantee_exactly_once(make_tournament, funded_player):
    tournament, players = field_of(
        4, make_tournament, funded_player, guaranteed=10_001, prize_table=[5_000, 3_000, 2_000]
    )
    bank_before = house_balance(Account.Kind.HOUSE_BANK)
    services.start_due(timezone.now() + timedelta(hours=2))
    play_to_the_end(tournament)
    for _ in range(2):  # retries change nothing
        services.settle(tournament.pk)
        services.sweep()
    tournament.refresh_from_db()
    # Entries 4 x 10.00 = 40.00; the house adds 60.01 to reach the guaranteed 100.01.
    assert tournament.settlement["entries"] == 4_000
    assert tournament.settlement["guarantee"] == 6_001
    assert tournament.settlement["pool"] == 10_001
    prizes = sorted((e.prize for e in Entry.objects.filter(tournament=tournament)), reverse=True)
    # 5000.5 -> 5000 + 1 remainder, 3000, 1000 each to the two losing semi-finalists.
    assert prizes == [5_001, 3_000, 1_000, 1_000]
    assert house_balance(Account.Kind.HOUSE_BANK) == bank_before - 6_001
    top_ups = Transaction.objects.filter(
        reference=tournament.escrow_reference, idempotency_key__endswith=":guarantee"
    )
    assert top_ups.count() == 1
    assert sum(cash_balance(p) for p in players) == 4 * (100_000 - 1_100) + 10_001
    assert ledger_problems() == []


def test_a_pool_above_its_guarantee_needs_no_top_up(make_tournament, funded_player):
    tournament, _ = field_of(2, make_tournament, funded_player, guaranteed=1_500)
    services.start_due(timezone.now() + timedelta(hours=2))
    play_to_the_end(tournament)
    tournament.refresh_from_db()
    assert tournament.settlement["guarantee"] == 0 and tournament.settlement["pool"] == 2_000
