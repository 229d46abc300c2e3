from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from tournaments import services
from tournaments.models import Entry, Match
from wallet.invariants import ledger_problems
from wallet.models import Transaction

from .test_knockout import field_of, play_to_the_end

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize("count", [10, 5])
def test_bots_play_a_swiss_of_four_rounds_without_repeats(
    count, make_tournament, funded_player, client
):
    tournament, players = field_of(
        count,
        make_tournament,
        funded_player,
        format="swiss",
        rounds=4,
        prize_table=[5_000, 3_000, 2_000],
    )
    services.start_due(timezone.now() + timedelta(hours=2))
    play_to_the_end(tournament)
    tournament.refresh_from_db()
    assert tournament.status == "finished"
    matches = list(Match.objects.filter(tournament=tournament))
    assert {m.round for m in matches} == {1, 2, 3, 4}
    pairs = [frozenset((m.first_id, m.second_id)) for m in matches if m.second_id]
    assert len(pairs) == len(set(pairs)) == 4 * (count // 2)
    byes = [m.first_id for m in matches if m.second_id is None]
    assert len(byes) == len(set(byes)) == 4 * (count % 2)
    entries = Entry.objects.filter(tournament=tournament)
    assert all(e.place is not None for e in entries)
    assert sum(e.prize for e in entries) == count * 1_000
    assert (
        Transaction.objects.filter(reference=tournament.escrow_reference, kind="settle").count()
        == 1
    )
    assert ledger_problems() == []
    client.force_login(players[0])
    page = client.get(reverse("tournaments:detail", args=[tournament.pk])).content
    assert b"Buchholz" in page and b"points" in page
