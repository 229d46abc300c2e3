"""Penalty Shootout (operator rules 12.12.6, played under our own name).

The forward picks one of the goal's 6 sectors, then the goalkeeper picks one to guard,
neither seeing the other's pick; different sectors are a goal. The seats swap roles after
every shot. After the regular shots a tie goes to sudden death, one more shot each per
pair; the shootout stops as soon as the result can no longer change. See RULES.md.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import ClassVar

from games.duel import SEATS, Duel, check_playing, check_seat, other, placing
from games.engine import (
    Action,
    BaseOptions,
    IllegalAction,
    Outcome,
    State,
    View,
    option,
)
from games.rng import Rng

# Numbered as the forward sees the goal: 1 2 3 along the top, 4 5 6 along the bottom.
SECTORS = (1, 2, 3, 4, 5, 6)
TIMEOUT: Action = {"type": "timeout"}


@dataclass(frozen=True)
class PenaltyOptions(BaseOptions):
    shots: int = option(5, "Shots each", (3, 5, 7, 9))


def _parse_sector(action: object, rng: Rng) -> int:
    """The sector a move names; a timed-out move gets a random one from the action's rng."""
    if action == TIMEOUT:
        return rng.choice(SECTORS)
    if not isinstance(action, dict) or set(action) != {"sector"}:
        raise IllegalAction('Choose a sector of the goal: {"sector": 1 to 6}.')
    sector = action["sector"]
    if type(sector) is not int or sector not in SECTORS:
        raise IllegalAction(f"There is no sector {sector!r}: the goal has sectors 1 to 6.")
    return sector


def _decided(state: State) -> int | None:
    """The seat that has won even if the other scores with every shot it has left."""
    goals, taken, quota = state["goals"], state["taken"], state["quota"]
    for seat in range(SEATS):
        rival = other(seat)
        if goals[seat] > goals[rival] + quota - taken[rival]:
            return seat
    return None


def _take_shot(state: State, save: int) -> None:
    """Resolves the shot in play against the goalkeeper's sector and hands over the ball."""
    forward, shot = state["forward"], state["shot"]
    goal = shot != save
    state["history"].append({"forward": forward, "shot": shot, "save": save, "goal": goal})
    state["goals"][forward] += goal
    state["taken"][forward] += 1
    state["shot"] = None
    state["forward"] = other(forward)
    state["winner"] = _decided(state)
    if state["winner"] is None and state["taken"] == [state["quota"]] * SEATS:
        state["quota"] += 1  # level after a full pair of shots: sudden death


class PenaltyShootout(Duel):
    slug: ClassVar[str] = "penalty"
    name: ClassVar[str] = "Penalty Shootout"
    Options: ClassVar[type[BaseOptions]] = PenaltyOptions

    def start(self, options: BaseOptions, seats: int, rng: Rng) -> State:
        self.check_start(options, seats)
        return {
            "shots": options.shots,
            # Shots each seat is due, grown by one per sudden-death pair.
            "quota": options.shots,
            "goals": [0, 0],
            "taken": [0, 0],
            "forward": rng.randbelow(SEATS),
            # The forward's sector for the shot in play: secret until the keeper picks.
            "shot": None,
            "history": [],
            "winner": None,
            "forfeited": None,
        }

    def _turn(self, state: State) -> int | None:
        if state["winner"] is not None:
            return None
        forward = state["forward"]
        return forward if state["shot"] is None else other(forward)

    def to_act(self, state: State) -> set[int]:
        seat = self._turn(state)
        return set() if seat is None else {seat}

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        if seat != self._turn(state):
            return []
        return [{"sector": sector} for sector in SECTORS]

    def apply(self, state: State, seat: int, action: Action, rng: Rng) -> State:
        seat = check_seat(seat)
        check_playing(state)
        if seat != self._turn(state):
            raise IllegalAction("It is not your turn.")
        sector = _parse_sector(action, rng)
        state = copy.deepcopy(state)
        if seat == state["forward"]:
            state["shot"] = sector
        else:
            _take_shot(state, sector)
        return state

    def view(self, state: State, seat: int | None) -> View:
        if seat is not None:
            seat = check_seat(seat)
        forward = state["forward"]
        return {
            "shots": state["shots"],
            "quota": state["quota"],
            "sudden_death": state["quota"] > state["shots"],
            "goals": list(state["goals"]),
            "taken": list(state["taken"]),
            "forward": forward,
            "goalkeeper": other(forward),
            "to_act": self._turn(state),
            "my_shot": state["shot"] if seat == forward else None,
            "history": copy.deepcopy(state["history"]),
            "winner": state["winner"],
            "forfeited": state["forfeited"],
        }

    def timeout_action(self, state: State, seat: int) -> Action | None:
        # The rules say nothing for this game; a random sector keeps the shootout going
        # and the platform's timeout count still ends it for a seat that never returns.
        return dict(TIMEOUT)

    def outcome(self, state: State) -> Outcome | None:
        winner = state["winner"]
        if winner is None:
            return None
        if state["forfeited"] is not None:
            reason = "forfeit"
        elif state["quota"] > state["shots"]:
            reason = "sudden death"
        else:
            reason = "more goals"
        return Outcome(points=tuple(state["goals"]), placing=placing(winner), reason=reason)


PENALTY = PenaltyShootout()
ENGINES = [PENALTY]
