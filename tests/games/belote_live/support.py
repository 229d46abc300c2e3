"""Helpers for Belote-family games run through the live runtime: seats, bot-chosen moves,
a look ahead at how the game ends, and money read straight from the ledger."""

from __future__ import annotations

from games import services
from games.engine import Outcome
from games.models import Game
from wallet.models import Account
from wallet.selectors import house_balance

START_BALANCE = 100_000
MAX_MOVES = 3_000


def reload(game: Game) -> Game:
    return Game.objects.get(pk=game.pk)


def players_by_seat(game: Game) -> dict:
    return {s.position: s.player for s in game.seats.select_related("player")}


def seat_to_act(game: Game) -> int:
    (seat,) = services.engine_of(game).to_act(game.state)
    return seat


def bot_move(game: Game, seat: int) -> dict:
    """The move a bot in this seat would make now, with the runtime's stream for bots,
    so a person playing it and a bot taking the seat play the very same game."""
    return services.engine_of(game).bot_action(
        game.state, seat, services.bot_rng_for(game, game.seq + 1)
    )


def play_one(game: Game) -> Game:
    seat = seat_to_act(game)
    services.submit(game.pk, players_by_seat(game)[seat], game.seq, bot_move(game, seat))
    return reload(game)


def play_until(game: Game, done=lambda game: False) -> Game:
    """People play bot-chosen moves through services.submit until `done` or the end."""
    for _ in range(MAX_MOVES):
        game = reload(game)
        if game.is_over or done(game):
            return game
        play_one(game)
    raise AssertionError("the game does not end")


def predicted_outcome(game: Game, disconnections: int = 0) -> Outcome:
    """How the game ends if every seat plays the bot's move from here, after
    `disconnections` seats are disconnected now (each logs one move number)."""
    engine = services.engine_of(game)
    state, seq = game.state, game.seq + disconnections
    while (outcome := engine.outcome(state)) is None:
        seat = min(engine.to_act(state))
        action = engine.bot_action(state, seat, services.bot_rng_for(game, seq + 1))
        seq += 1
        state = engine.apply(state, seat, action, services.rng_for(game, seq))
    return outcome


def house_rake() -> int:
    return house_balance(Account.Kind.RAKE)


def house_fees() -> int:
    return house_balance(Account.Kind.FEES)
