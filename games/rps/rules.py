"""Rock Paper Scissors (operator rules 12.12.7, played under our own name).

Each round one seat chooses a sign, then the other; the second sees the first sign only
once both are chosen. The round's winner scores 1 point, a draw scores none, and the
first seat to the points target wins. See RULES.md for the choices the text leaves open.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, TypedDict

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

Sign = Literal["rock", "paper", "scissors"]

SIGNS: tuple[Sign, ...] = ("rock", "paper", "scissors")
# The standard cycle: the rule text's list contradicts itself (RULES.md, "Corrections").
BEATS = {"rock": "scissors", "scissors": "paper", "paper": "rock"}


@dataclass(frozen=True)
class RpsOptions(BaseOptions):
    points: int = option(3, "Points to win", tuple(range(1, 11)))


class Round(TypedDict):
    first: int
    signs: list[Sign]
    winner: int | None


class RpsState(DuelState):
    target: int
    scores: list[int]
    rounds: list[Round]
    first: int
    # The signs chosen in the current round, by seat: secret until both are in.
    signs: list[Sign | None]


class RpsAction(TypedDict):
    sign: Sign


SIGN_HINT = 'Choose a sign: {"sign": "rock" | "paper" | "scissors"}.'


def round_winner(signs: list[Sign]) -> int | None:
    """The seat whose sign beats the other's, or None for a drawn round."""
    first, second = signs
    if first == second:
        return None
    return 0 if BEATS[first] == second else 1


def _parse_sign(raw: object) -> Sign:
    sign = parse_object(raw, {"sign"}, hint=SIGN_HINT)["sign"]
    for known in SIGNS:
        if sign == known:
            return known
    raise MalformedAction(SIGN_HINT)


def _end_round(state: RpsState) -> None:
    """Scores the round both seats have chosen in and sets up the next one."""
    signs = [sign for sign in state["signs"] if sign is not None]
    winner = round_winner(signs)
    state["rounds"].append({"first": state["first"], "signs": signs, "winner": winner})
    if winner is not None:
        state["scores"][winner] += 1
        if state["scores"][winner] >= state["target"]:
            state["winner"] = winner
    state["signs"] = [None, None]
    # Alternating keeps the clock pressure of choosing first fair over the game.
    state["first"] = other(state["first"])


def _copied(state: RpsState) -> RpsState:
    """A copy `apply` may change: what it changes (the signs, the scores, the list of
    rounds) is copied; a played round is never changed, so the copy shares them. The whole
    state deep-copied grew with every round (most of a move's rules time at ten rounds)."""
    return {
        **state,
        "scores": list(state["scores"]),
        "rounds": list(state["rounds"]),
        "signs": list(state["signs"]),
    }


def _copied_round(played: Round) -> Round:
    return {"first": played["first"], "signs": list(played["signs"]), "winner": played["winner"]}


class RockPaperScissors(Duel[RpsOptions, RpsState, RpsAction]):
    slug = "rps"
    name = "Rock Paper Scissors"
    Options = RpsOptions

    def start(self, options: RpsOptions, seats: int, rng: Rng) -> RpsState:
        self.check_start(options, seats)
        return {
            "target": options.points,
            "scores": [0, 0],
            "rounds": [],
            "first": rng.randbelow(SEATS),
            "signs": [None, None],
            "winner": None,
            "forfeited": None,
        }

    def _turn(self, state: RpsState) -> int | None:
        if state["winner"] is not None:
            return None
        first = state["first"]
        return first if state["signs"][first] is None else other(first)

    def to_act(self, state: RpsState) -> set[int]:
        seat = self._turn(state)
        return set() if seat is None else {seat}

    def legal_actions(self, state: RpsState, seat: int) -> list[RpsAction]:
        if seat != self._turn(state):
            return []
        return [{"sign": sign} for sign in SIGNS]

    def parse_action(self, raw: object) -> RpsAction:
        return {"sign": _parse_sign(raw)}

    def apply(self, state: RpsState, seat: int, action: RpsAction, rng: Rng) -> RpsState:
        seat = check_seat(seat)
        check_playing(state)
        if seat != self._turn(state):
            raise IllegalAction("It is not your turn.")
        sign = _parse_sign(action)
        state = _copied(state)
        state["signs"][seat] = sign
        if None not in state["signs"]:
            _end_round(state)
        return state

    def view(self, state: RpsState, seat: int | None) -> View:
        if seat is not None:
            seat = check_seat(seat)
        return {
            "target": state["target"],
            "scores": list(state["scores"]),
            "rounds": [_copied_round(played) for played in state["rounds"]],
            "first": state["first"],
            "to_act": self._turn(state),
            "my_sign": None if seat is None else state["signs"][seat],
            "winner": state["winner"],
            "forfeited": state["forfeited"],
        }

    def timeout_action(self, state: RpsState, seat: int) -> RpsAction | None:
        # The rules: a player who does not move in time loses, whatever the score.
        return None

    def outcome(self, state: RpsState) -> Outcome | None:
        winner = state["winner"]
        if winner is None:
            return None
        if state["forfeited"] is not None:
            reason = "forfeit"
        else:
            reason = f"first to {state['target']} points"
        return Outcome(points=tuple(state["scores"]), placing=placing(winner), reason=reason)


RPS = RockPaperScissors()
ENGINES = [RPS]
