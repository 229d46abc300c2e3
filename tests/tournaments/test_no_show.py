"""A player who never comes to their tournament game loses it by the general rules: a
timeout for each step time missed, disconnected at the fifth, the match to the opponent.
Over a controlled clock."""

from datetime import timedelta

import pytest
from django.utils import timezone

from games import services as games
from tests.games.conftest import Clock
from tournaments import services
from tournaments.models import Entry, Match
from wallet.invariants import ledger_problems

from .test_knockout import field_of

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def clock(monkeypatch) -> Clock:
    fake = Clock()
    monkeypatch.setattr("games.clock.now", fake)
    return fake


def test_a_no_show_loses_the_match_after_the_step_time_and_the_timeouts_allowed(
    clock, make_tournament, funded_player
):
    tournament, (present, absent) = field_of(
        2,
        make_tournament,
        funded_player,
        game_slug="penalty",
        options={"shots": 9},
        step_seconds=5,
    )
    services.start_due(timezone.now() + timedelta(hours=2))
    match = Match.objects.get(tournament=tournament)
    game = match.game
    timeouts = 0
    while not game.is_over:
        (seat,) = games.engine_of(game).to_act(game.state)
        if games.seats_of(game)[seat].player == absent:
            clock.advance(4.9)
            assert not games.expire(game.pk, game.seq)  # not before the step time
            clock.advance(0.1)
            assert games.expire(game.pk, game.seq)
            timeouts += 1
        else:
            games.submit(game.pk, present, game.seq, {"sector": 3})
        game.refresh_from_db()
    assert timeouts == 5  # four allowed, the fifth disconnects
    match.refresh_from_db()
    assert match.winner.player == present
    tournament.refresh_from_db()
    assert tournament.status == "finished"
    assert Entry.objects.get(tournament=tournament, player=present).prize == 2_000
    assert ledger_problems() == []
