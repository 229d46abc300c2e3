"""Pebbles, a toy engine with no board of its own: two players take one or two pebbles in
turn from one pile, and whoever takes the last pebble wins. It exists to prove that a newly
registered engine is playable through the generic board. Plain Python, like any engine."""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import ClassVar

from games.duel import Duel, check_playing, check_seat, other, placing
from games.engine import (
    Action,
    BaseOptions,
    IllegalAction,
    MalformedAction,
    Outcome,
    State,
    View,
    is_int,
    option,
    parse_object,
)
from games.rng import Rng

TAKES = (1, 2)


@dataclass(frozen=True)
class PebblesOptions(BaseOptions):
    pile: int = option(5, "Pebbles in the pile", (3, 5, 7))


class Pebbles(Duel[BaseOptions, State, Action]):
    slug: ClassVar[str] = "pebbles"
    name: ClassVar[str] = "Pebbles"
    Options: ClassVar[type[BaseOptions]] = PebblesOptions

    def start(self, options: BaseOptions, seats: int, rng: Rng) -> State:
        self.check_start(options, seats)
        return {"pile": options.pile, "turn": 0, "taken": [], "winner": None, "forfeited": None}

    def to_act(self, state: State) -> set[int]:
        return set() if state["winner"] is not None else {state["turn"]}

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        if seat not in self.to_act(state):
            return []
        return [{"type": "take", "count": n} for n in TAKES if n <= state["pile"]]

    def parse_action(self, raw: object) -> Action:
        hint = 'A move is {"type": "take", "count": 1 or 2}.'
        fields = parse_object(raw, {"type", "count"}, hint=hint)
        if fields["type"] != "take" or not is_int(fields["count"]):
            raise MalformedAction(hint)
        return {"type": "take", "count": fields["count"]}

    def apply(self, state: State, seat: int, action: Action, rng: Rng) -> State:
        seat = check_seat(seat)
        check_playing(state)
        if action not in self.legal_actions(state, seat):
            raise IllegalAction("Take one or two pebbles, on your turn.")
        state = copy.deepcopy(state)
        state["pile"] -= action["count"]
        state["taken"].append([seat, action["count"]])
        if state["pile"] == 0:
            state["winner"] = seat
        state["turn"] = other(seat)
        return state

    def view(self, state: State, seat: int | None) -> View:
        return {"pile": state["pile"], "taken": state["taken"], "winner": state["winner"]}

    def timeout_action(self, state: State, seat: int) -> Action | None:
        return None

    def bot_action(self, state: State, seat: int, rng: Rng) -> Action:
        return self.legal_actions(state, seat)[0]

    def outcome(self, state: State) -> Outcome | None:
        if state["winner"] is None:
            return None
        reason = "forfeit" if state["forfeited"] is not None else "took the last pebble"
        return Outcome(points=(0, 0), placing=placing(state["winner"]), reason=reason)


PEBBLES = Pebbles()
