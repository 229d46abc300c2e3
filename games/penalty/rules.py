"""Penalty Shootout (operator rules 12.12.6, played under our own name).

The forward picks one of the goal's 6 sectors, then the goalkeeper picks one to guard,
neither seeing the other's pick; different sectors are a goal. The seats swap roles after
every shot. After the regular shots a tie goes to sudden death, one more shot each per
pair; the shootout stops as soon as the result can no longer change. See RULES.md.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Literal, TypedDict, final

from games.duel import SEATS, Duel, DuelState, check_playing, check_seat, other, placing
from games.engine import (
    BaseOptions,
    IllegalAction,
    MalformedAction,
    Outcome,
    View,
    option,
    parse_object,
)
from games.rng import Rng

# Numbered as the forward sees the goal: 1 2 3 along the top, 4 5 6 along the bottom.
SECTORS = (1, 2, 3, 4, 5, 6)
SECTOR_HINT = 'Choose a sector of the goal: {"sector": 1 to 6}.'


class Shot(TypedDict):
    forward: int
    shot: int
    save: int
    goal: bool


class PenaltyState(DuelState):
    shots: int
    # Shots each seat is due, grown by one per sudden-death pair.
    quota: int
    goals: list[int]
    taken: list[int]
    forward: int
    # The forward's sector for the shot in play: secret until the keeper picks.
    shot: int | None
    history: list[Shot]


@final
class SectorAction(TypedDict):
    sector: int


@final
class TimeoutAction(TypedDict):
    type: Literal["timeout"]


PenaltyAction = SectorAction | TimeoutAction
TIMEOUT: TimeoutAction = {"type": "timeout"}


@dataclass(frozen=True)
class PenaltyOptions(BaseOptions):
    shots: int = option(5, "Shots each", (3, 5, 7, 9))


def _parse(raw: object) -> PenaltyAction:
    if raw == TIMEOUT:
        return {"type": "timeout"}
    sector = parse_object(raw, {"sector"}, hint=SECTOR_HINT)["sector"]
    if type(sector) is not int or sector not in SECTORS:
        raise MalformedAction(SECTOR_HINT)
    return {"sector": sector}


def _sector(action: PenaltyAction, rng: Rng) -> int:
    """The sector a move names; a timed-out move gets a random one from the action's rng."""
    if "sector" in action:
        return action["sector"]
    return rng.choice(SECTORS)


def _decided(state: PenaltyState) -> int | None:
    """The seat that has won even if the other scores with every shot it has left."""
    goals, taken, quota = state["goals"], state["taken"], state["quota"]
    for seat in range(SEATS):
        rival = other(seat)
        if goals[seat] > goals[rival] + quota - taken[rival]:
            return seat
    return None


def _take_shot(state: PenaltyState, shot: int, save: int) -> None:
    """Resolves the shot in play against the goalkeeper's sector and hands over the ball."""
    forward = state["forward"]
    goal = shot != save
    state["history"].append({"forward": forward, "shot": shot, "save": save, "goal": goal})
    state["goals"][forward] += goal
    state["taken"][forward] += 1
    state["shot"] = None
    state["forward"] = other(forward)
    state["winner"] = _decided(state)
    if state["winner"] is None and state["taken"] == [state["quota"]] * SEATS:
        state["quota"] += 1  # level after a full pair of shots: sudden death


class PenaltyShootout(Duel[PenaltyOptions, PenaltyState, PenaltyAction]):
    slug = "penalty"
    name = "Penalty Shootout"
    Options = PenaltyOptions

    def start(self, options: PenaltyOptions, seats: int, rng: Rng) -> PenaltyState:
        self.check_start(options, seats)
        return {
            "shots": options.shots,
            "quota": options.shots,
            "goals": [0, 0],
            "taken": [0, 0],
            "forward": rng.randbelow(SEATS),
            "shot": None,
            "history": [],
            "winner": None,
            "forfeited": None,
        }

    def _turn(self, state: PenaltyState) -> int | None:
        if state["winner"] is not None:
            return None
        forward = state["forward"]
        return forward if state["shot"] is None else other(forward)

    def to_act(self, state: PenaltyState) -> set[int]:
        seat = self._turn(state)
        return set() if seat is None else {seat}

    def legal_actions(self, state: PenaltyState, seat: int) -> list[PenaltyAction]:
        if seat != self._turn(state):
            return []
        return [{"sector": sector} for sector in SECTORS]

    def is_legal(self, state: PenaltyState, seat: int, action: PenaltyAction) -> bool:
        # A timed-out pick is a move of the schema but not one a player chooses to list.
        return seat == self._turn(state) and (
            action == TIMEOUT or super().is_legal(state, seat, action)
        )

    def parse_action(self, raw: object) -> PenaltyAction:
        return _parse(raw)

    def apply(
        self, state: PenaltyState, seat: int, action: PenaltyAction, rng: Rng
    ) -> PenaltyState:
        seat = check_seat(seat)
        check_playing(state)
        if seat != self._turn(state):
            raise IllegalAction("It is not your turn.")
        sector = _sector(_parse(action), rng)
        state = copy.deepcopy(state)
        shot = state["shot"]
        if shot is None:
            state["shot"] = sector
        else:
            _take_shot(state, shot, sector)
        return state

    def view(self, state: PenaltyState, seat: int | None) -> View:
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

    def timeout_action(self, state: PenaltyState, seat: int) -> PenaltyAction | None:
        # The rules say nothing for this game; a random sector keeps the shootout going
        # and the platform's timeout count still ends it for a seat that never returns.
        return {"type": "timeout"}

    def outcome(self, state: PenaltyState) -> Outcome | None:
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
