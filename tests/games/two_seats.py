"""Two-seat games (Tavli, backgammon, dominoes) played through the live runtime by the
engines' bots: the helpers and fixtures their live tests share."""

from __future__ import annotations

import pytest

from games import services
from games.models import Game
from games.rng import Rng
from tests.games.conftest import same_deals

STAKE = 1_234  # 4% of the pot of 2,468 is 98.72: the house takes 98, floored
FUNDS = 100_000
# Bot games end in a few hundred moves; a loop that runs past this has stopped moving.
MAX_MOVES = 2_000


def reload(game: Game) -> Game:
    return Game.objects.get(pk=game.pk)


def mover(game: Game) -> int:
    (seat,) = services.engine_of(game).to_act(game.state)
    return seat


def bot_move(game: Game, seat: int) -> dict:
    """The bot's choice, checked against the engine's legal actions for the seat."""
    engine = services.engine_of(game)
    action = engine.bot_action(game.state, seat, Rng(b"longtable-tests", "bot", game.seq))
    assert action in engine.legal_actions(game.state, seat)
    return action


def play_to_the_end(game: Game, players: list) -> Game:
    """Both seats submit bot-chosen legal actions through services.submit until the end."""
    while not game.is_over:
        assert game.seq < MAX_MOVES
        seat = mover(game)
        game = services.submit(game.pk, players[seat], game.seq, bot_move(game, seat))
    return game


@pytest.fixture(autouse=True)
def fixed_seed(monkeypatch, django_db_blocker):
    """The same dice and deals on every run."""
    same_deals(monkeypatch, django_db_blocker)


@pytest.fixture
def players(funded_player):
    return [funded_player(FUNDS), funded_player(FUNDS)]
