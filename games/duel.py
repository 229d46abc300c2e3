"""What every two-seat duel shares (Rock Paper Scissors, Penalty Shootout): the seats,
the end by forfeit, the placing, and the bot. Plain Python: no Django import."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import ClassVar, TypedDict, TypeVar

from games.engine import BaseOptions, Engine, IllegalAction, OnDisconnect
from games.rng import Rng

SEATS = 2


class DuelState(TypedDict):
    """The keys every duel's state has besides its own."""

    winner: int | None
    forfeited: int | None


OptionsT = TypeVar("OptionsT", bound=BaseOptions)
StateT = TypeVar("StateT", bound=DuelState)
ActionT = TypeVar("ActionT", bound=Mapping[str, object])


def other(seat: int) -> int:
    return 1 - seat


def check_seat(seat: object) -> int:
    if type(seat) is not int or not 0 <= seat < SEATS:
        raise IllegalAction("There is no seat like that at this table.")
    return seat


def check_playing(state: DuelState) -> None:
    if state["winner"] is not None:
        raise IllegalAction("The game is over.")


def placing(winner: int) -> tuple[int, ...]:
    return tuple(1 if seat == winner else 2 for seat in range(SEATS))


class Duel(Engine[OptionsT, StateT, ActionT]):
    """Engine behaviour common to duels whose state keeps `winner` and `forfeited`."""

    min_seats: ClassVar[int] = SEATS
    max_seats: ClassVar[int] = SEATS
    on_disconnect: ClassVar[OnDisconnect] = OnDisconnect.FORFEIT

    def check_start(self, options: BaseOptions, seats: int) -> None:
        if not isinstance(options, self.Options):
            raise TypeError(f"expected {self.Options.__name__}, got {type(options).__name__}")
        options.validate()
        if seats != SEATS:
            raise ValueError(f"{self.name} is played by {SEATS} players, not {seats}.")

    def bot_action(self, state: StateT, seat: int, rng: Rng) -> ActionT:
        # A uniformly random legal choice is the equilibrium of both games: no opponent
        # can exploit it, and it needs no memory of earlier rounds.
        legal = self.legal_actions(state, seat)
        if not legal:
            raise IllegalAction("It is not your turn.")
        return rng.choice(legal)

    def forfeit(self, state: StateT, seat: int) -> StateT:
        seat = check_seat(seat)
        check_playing(state)
        state = copy.deepcopy(state)
        state["winner"] = other(seat)
        state["forfeited"] = seat
        return state
