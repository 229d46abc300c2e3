"""An arena played by bots over a controlled clock: the start and end times are passed in,
never waited for."""

from datetime import timedelta

import pytest
from django.utils import timezone

from tournaments import arena, services
from tournaments.models import Entry, Match, Tournament
from wallet.invariants import ledger_problems
from wallet.models import Transaction

from .conftest import play_out
from .test_knockout import field_of

pytestmark = pytest.mark.django_db(transaction=True)


def test_bots_play_an_arena_re_paired_as_they_finish_until_the_end_time(
    make_tournament, funded_player
):
    tournament, _ = field_of(
        5,
        make_tournament,
        funded_player,
        format="arena",
        minutes=30,
        prize_table=[5_000, 3_000, 2_000],
    )
    start = timezone.now() + timedelta(hours=2)  # the controlled clock
    services.start_due(start)
    tournament.refresh_from_db()
    assert tournament.ends_at == start + timedelta(minutes=30)
    # Five players: two boards, one player waiting for the next to finish.
    assert Match.objects.filter(tournament=tournament, round=1).count() == 2

    played = 0
    while played < 12:
        waiting = Match.objects.filter(tournament=tournament, game__status="playing")
        match = waiting.order_by("pk").first()
        play_out(match.game)  # the game hook re-pairs its two players at once
        played += 1
        boards = Match.objects.filter(tournament=tournament, game__status="playing")
        assert boards.count() == 2  # somebody is always paired again
    # Nobody met the opponent just played while anyone else was at a board.
    seen: dict[int, int] = {}
    for m in Match.objects.filter(tournament=tournament).order_by("pk"):
        assert seen.get(m.first_id) != m.second_id
        seen[m.first_id], seen[m.second_id] = m.second_id, m.first_id

    still_playing = list(Match.objects.filter(tournament=tournament, game__status="playing"))
    services.sweep(tournament.ends_at)  # the clock reaches the end
    tournament.refresh_from_db()
    assert tournament.status == "finished"
    counted = Match.objects.filter(tournament=tournament, winner__isnull=False).count()
    counted += Match.objects.filter(tournament=tournament, drawn=True).count()
    assert counted == played
    # A game still on the board at the end is played out but does not count.
    for match in still_playing:
        play_out(match.game)
        match.refresh_from_db()
        assert match.winner_id is None and not match.drawn

    results = [
        arena.Result(m.first_id, m.second_id, m.winner_id)
        for m in Match.objects.filter(tournament=tournament)
        .exclude(winner__isnull=True, drawn=False)
        .order_by("game__finished", "pk")
    ]
    seeds = list(
        Entry.objects.filter(tournament=tournament).order_by("seed").values_list("pk", flat=True)
    )
    groups = arena.ranking(seeds, results)
    places = {e.pk: e.place for e in Entry.objects.filter(tournament=tournament)}
    assert places[groups[0][0]] == 1
    entries = Entry.objects.filter(tournament=tournament)
    assert sum(e.prize for e in entries) == 5 * 1_000
    assert (
        Transaction.objects.filter(reference=tournament.escrow_reference, kind="settle").count()
        == 1
    )
    assert ledger_problems() == []


def test_an_arena_of_two_plays_the_same_opponent_again(make_tournament, funded_player):
    tournament, _ = field_of(2, make_tournament, funded_player, format="arena", minutes=5)
    start = timezone.now() + timedelta(hours=2)
    services.start_due(start)
    for _ in range(3):
        match = Match.objects.get(tournament=tournament, game__status="playing")
        play_out(match.game)
    assert Match.objects.filter(tournament=tournament).count() == 4
    services.sweep(start + timedelta(minutes=5))
    tournament.refresh_from_db()
    assert tournament.status == "finished" and tournament.settlement["pool"] == 2_000


def test_late_registration_joins_a_running_arena_and_is_paired_at_once(
    make_tournament, funded_player
):
    tournament, _players = field_of(
        3, make_tournament, funded_player, format="arena", minutes=10, late_registration=True
    )
    Tournament.objects.filter(pk=tournament.pk).update(max_players=8)
    start = timezone.now() + timedelta(hours=2)
    services.start_due(start)
    waiting = Match.objects.filter(tournament=tournament)
    assert waiting.count() == 1  # three players: one waits
    late = funded_player()
    services.register(late, tournament.pk, now=start + timedelta(minutes=3))
    latest = Match.objects.filter(tournament=tournament).order_by("pk").last()
    assert late in (latest.first.player, latest.second.player)
    assert Entry.objects.get(tournament=tournament, player=late).seed == 3
    with pytest.raises(services.TournamentError, match="closed"):
        services.register(funded_player(), tournament.pk, now=start + timedelta(minutes=10))


def test_without_late_registration_a_running_arena_is_closed(make_tournament, funded_player):
    tournament, _ = field_of(2, make_tournament, funded_player, format="arena", minutes=10)
    start = timezone.now() + timedelta(hours=2)
    services.start_due(start)
    with pytest.raises(services.TournamentError, match="closed"):
        services.register(funded_player(), tournament.pk, now=start + timedelta(minutes=1))


def test_a_player_who_leaves_is_paused_until_they_come_back(make_tournament, funded_player):
    from games import services as games

    tournament, _players = field_of(2, make_tournament, funded_player, format="arena", minutes=10)
    start = timezone.now() + timedelta(hours=2)
    services.start_due(start)
    match = Match.objects.get(tournament=tournament)
    leaver = match.second.player
    games.resign(match.game_id, leaver)
    match.refresh_from_db()
    assert match.winner.player == match.first.player
    paused = Entry.objects.get(tournament=tournament, player=leaver)
    assert paused.paused
    assert Match.objects.filter(tournament=tournament).count() == 1  # nobody to pair
    with pytest.raises(services.TournamentError, match="not paused"):
        services.come_back(match.first.player, tournament.pk, now=start)
    services.come_back(leaver, tournament.pk, now=start + timedelta(minutes=1))
    assert Match.objects.filter(tournament=tournament).count() == 2
    assert not Entry.objects.get(pk=paused.pk).paused
