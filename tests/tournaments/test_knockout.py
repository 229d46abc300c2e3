from datetime import timedelta

import pytest
from django.utils import timezone

from tournaments import services
from tournaments.models import Entry, Match, Tournament
from wallet.invariants import ledger_problems
from wallet.models import Transaction
from wallet.selectors import cash_balance

from .conftest import play_out

pytestmark = pytest.mark.django_db(transaction=True)


def field_of(count, make_tournament, funded_player, **fields):
    tournament = make_tournament(max_players=count, **fields)
    players = [funded_player() for _ in range(count)]
    for player in players:
        services.register(player, tournament.pk)
    return tournament, players


def play_to_the_end(tournament: Tournament) -> int:
    """Plays every game the tournament starts until it is over; returns how many."""
    played = 0
    while True:
        tournament.refresh_from_db()
        waiting = Match.objects.filter(
            tournament=tournament, winner__isnull=True, game__status="playing"
        )
        if not waiting:
            return played
        for match in waiting:
            play_out(match.game)
            played += 1


@pytest.mark.parametrize(("count", "byes"), [(8, 0), (6, 2), (5, 3), (2, 0)])
def test_bots_play_a_knockout_to_the_end_and_the_winner_is_paid(
    count, byes, make_tournament, funded_player
):
    tournament, players = field_of(count, make_tournament, funded_player)
    assert all(cash_balance(p) == 100_000 - 1_100 for p in players)
    services.start_due(timezone.now() + timedelta(hours=2))
    tournament.refresh_from_db()
    assert tournament.status == "running"
    assert Match.objects.filter(round=1, second__isnull=True).count() == byes

    play_to_the_end(tournament)
    tournament.refresh_from_db()
    assert tournament.status == "finished"
    assert tournament.settlement["pool"] == count * 1_000
    assert tournament.settlement["fees"] == count * 100
    champion = Entry.objects.get(tournament=tournament, place=1)
    assert champion.prize == count * 1_000
    assert cash_balance(champion.player) == 100_000 - 1_100 + count * 1_000
    others = [p for p in players if p != champion.player]
    assert all(cash_balance(p) == 100_000 - 1_100 for p in others)
    # The games inside moved no money; the tournament's one settlement paid out.
    assert (
        Transaction.objects.filter(reference=tournament.escrow_reference, kind="settle").count()
        == 1
    )
    assert ledger_problems() == []
    # Every match but the byes was played, and each player lost at most once.
    losers = [m.loser_id() for m in Match.objects.filter(tournament=tournament)]
    played = [loser for loser in losers if loser is not None]
    assert len(played) == len(set(played)) == count - 1


def test_top_three_shares_third_between_the_losing_semi_finalists(make_tournament, funded_player):
    tournament, _ = field_of(
        8, make_tournament, funded_player, entry=1_001, prize_table=[5_000, 3_000, 2_000]
    )
    services.start_due(timezone.now() + timedelta(hours=2))
    play_to_the_end(tournament)
    entries = Entry.objects.filter(tournament=tournament).order_by("place", "seed")
    assert [e.place for e in entries] == [1, 2, 3, 3, 5, 5, 5, 5]
    # 8008: 4004, 2402, 1601 + 1 remainder to first place; third's 1601 shared 801 / 800.
    assert [e.prize for e in entries] == [4005, 2402, 801, 800, 0, 0, 0, 0]
    assert ledger_problems() == []


def test_too_few_players_cancels_and_refunds_everyone(make_tournament, funded_player):
    tournament, players = field_of(3, make_tournament, funded_player)
    Tournament.objects.filter(pk=tournament.pk).update(min_players=4, max_players=8)
    services.start_due(timezone.now() + timedelta(hours=2))
    tournament.refresh_from_db()
    assert tournament.status == "cancelled"
    assert all(cash_balance(p) == 100_000 for p in players)
    assert set(Entry.objects.values_list("status", flat=True)) == {"refunded"}
    assert ledger_problems() == []


def test_unregistering_before_the_start_refunds_entry_and_fee(make_tournament, funded_player):
    tournament = make_tournament()
    player = funded_player()
    services.register(player, tournament.pk)
    assert cash_balance(player) == 98_900
    services.unregister(player, tournament.pk)
    assert cash_balance(player) == 100_000
    services.register(player, tournament.pk)  # and may register again
    assert cash_balance(player) == 98_900


def test_registration_checks_the_balance_and_the_field(make_tournament, funded_player):
    tournament = make_tournament(max_players=2)
    poor = funded_player(500)
    with pytest.raises(services.TournamentError, match="balance is too low"):
        services.register(poor, tournament.pk)
    assert cash_balance(poor) == 500 and not Entry.objects.exists()
    first, second, third = funded_player(), funded_player(), funded_player()
    services.register(first, tournament.pk)
    with pytest.raises(services.TournamentError, match="already registered"):
        services.register(first, tournament.pk)
    services.register(second, tournament.pk)
    with pytest.raises(services.TournamentError, match="full"):
        services.register(third, tournament.pk)


def test_start_when_full_starts_at_the_last_registration(make_tournament, funded_player):
    tournament, _ = field_of(4, make_tournament, funded_player, start_when_full=True)
    tournament.refresh_from_db()
    assert tournament.status == "running"
    assert Match.objects.filter(tournament=tournament, round=1).count() == 2


class KilledWorker:
    """Stands in for the notices the settlement sends last, after its ledger posting and
    before its commit: dying there must leave nothing behind."""

    @staticmethod
    def cash_moved(*user_ids):
        raise RuntimeError("worker killed")


def test_settlement_happens_once_under_retries_and_a_worker_killed_midway(
    make_tournament, funded_player, monkeypatch
):
    tournament, _ = field_of(2, make_tournament, funded_player)
    monkeypatch.setattr(services, "notices", KilledWorker)
    services.start_due(timezone.now() + timedelta(hours=2))
    play_to_the_end(tournament)
    tournament.refresh_from_db()
    assert tournament.status == "finished" and tournament.settlement is None
    assert not Transaction.objects.filter(kind="settle", reference=tournament.escrow_reference)
    monkeypatch.undo()
    for _ in range(3):
        services.settle(tournament.pk)
        services.sweep()
    tournament.refresh_from_db()
    assert tournament.settlement["pool"] == 2_000
    settlements = Transaction.objects.filter(kind="settle", reference=tournament.escrow_reference)
    assert settlements.count() == 1
    assert ledger_problems() == []


def test_pages_list_and_show_a_tournament_with_its_bracket(client, make_tournament, funded_player):
    from django.urls import reverse

    tournament, players = field_of(2, make_tournament, funded_player, name="Night cup")
    spectator = funded_player()
    client.force_login(spectator)
    listing = client.get(reverse("tournaments:index"), {"game": "rps", "format": "knockout"})
    assert b"Night cup" in listing.content
    assert b"Night cup" not in client.get(reverse("tournaments:index"), {"game": "spades"}).content
    page = client.get(reverse("tournaments:detail", args=[tournament.pk]))
    assert b"Register for" in page.content and b"11.00" in page.content
    services.start_due(timezone.now() + timedelta(hours=2))
    client.force_login(players[0])
    panel = client.get(reverse("tournaments:panel", args=[tournament.pk])).content
    assert b'id="bracket"' in panel and b'id="my-game"' in panel
    play_to_the_end(tournament)
    results = client.get(reverse("tournaments:detail", args=[tournament.pk])).content
    assert b"1. " in results and b"20.00" in results


def test_register_and_unregister_through_the_page(client, make_tournament, funded_player):
    from django.urls import reverse

    tournament, player = make_tournament(), funded_player()
    client.force_login(player)
    client.post(reverse("tournaments:register", args=[tournament.pk]))
    assert cash_balance(player) == 98_900
    page = client.get(reverse("tournaments:detail", args=[tournament.pk]))
    assert b'id="unregister"' in page.content
    client.post(reverse("tournaments:unregister", args=[tournament.pk]))
    assert cash_balance(player) == 100_000


def test_the_list_filters_by_entry_and_anyone_may_watch_a_tournament_game(
    client, make_tournament, funded_player
):
    from django.urls import reverse

    make_tournament(name="Cheap cup", entry=500)
    make_tournament(name="Dear cup", entry=5_000)
    client.force_login(funded_player())
    listing = client.get(reverse("tournaments:index"), {"max_entry": "10"}).content
    assert b"Cheap cup" in listing and b"Dear cup" not in listing
    assert b"Dear cup" in client.get(reverse("tournaments:index"), {"max_entry": "x"}).content
    tournament, _ = field_of(2, make_tournament, funded_player, name="Watched cup")
    services.start_due(timezone.now() + timedelta(hours=2))
    game = Match.objects.get(tournament=tournament).game
    spectator = funded_player()
    client.force_login(spectator)
    assert client.get(reverse("games:play", args=[game.pk])).status_code == 200
