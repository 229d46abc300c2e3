"""Tournaments for tests, and games inside them played to the end by bots."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games import services as games
from games.models import Game
from tournaments.models import Tournament


@pytest.fixture
def make_tournament(db):
    def make(**fields) -> Tournament:
        now = timezone.now()
        fields.setdefault("name", "Tuesday knockout")
        fields.setdefault("game_slug", "rps")
        fields.setdefault("options", {"points": 1})
        fields.setdefault("entry", 1_000)
        fields.setdefault("fee", 100)
        fields.setdefault("registration_opens", now - timedelta(hours=1))
        fields.setdefault("starts_at", now + timedelta(hours=1))
        return Tournament.objects.create(**fields)

    return make


def play_out(game: Game) -> None:
    """Plays the game to its end, each seat's move chosen by the game's own bot."""
    game.refresh_from_db()
    engine = games.engine_of(game)
    while not game.is_over:
        seats = games.seats_of(game)
        position = sorted(engine.to_act(game.state))[0]
        action = engine.bot_action(game.state, position, games.bot_rng_for(game, game.seq + 1))
        games.submit(game.pk, seats[position].player, game.seq, action)
        game.refresh_from_db()
