"""The contract every game family implements (DESIGN.md, "A game engine").

Plain Python, no Django. A game is its options, its seed and its action log: the runtime
rebuilds any state by calling `start` and then `apply` for each logged action, giving each
call the stream `Rng(seed, f"game:{game_id}", seq)` (seq 0 for `start`, n for action n).

States, actions and views are JSON-serialisable (dicts, lists, str, int, bool, None).
Seats are numbered 0 .. seats-1 in the table's seating order.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, ClassVar, Protocol

from games.rng import Rng

State = dict[str, Any]
Action = dict[str, Any]
View = dict[str, Any]


class IllegalAction(Exception):
    """A move the rules forbid; `reason` is shown to the player as it is."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class OnDisconnect(StrEnum):
    """What the rules say happens to a seat that is disconnected (5th timeout or gone)."""

    FORFEIT = "forfeit"  # the seat (or its team) loses the game
    CONCEDE_MAX = "concede_max"  # Tavli: conceded, the opponent gets the maximum points
    BOT = "bot"  # Pilotta: a bot takes the seat and the game goes on
    VOID = "void"  # the game is void and every stake refunded


@dataclass(frozen=True)
class Outcome:
    """The end of a game.

    `points[seat]` is the game's own score; `placing[seat]` is 1 for the winners, 2 for
    the next and so on (partners and tied seats share a placing). `void` means no result:
    every stake is refunded and no rake is taken.
    """

    points: tuple[int, ...]
    placing: tuple[int, ...]
    void: bool = False
    reason: str = ""

    def winners(self) -> tuple[int, ...]:
        return tuple(seat for seat, place in enumerate(self.placing) if place == 1)

    def as_json(self) -> dict[str, Any]:
        return {
            "points": list(self.points),
            "placing": list(self.placing),
            "void": self.void,
            "reason": self.reason,
        }


@dataclass(frozen=True)
class OptionChoice:
    """Describes one option field for the lobby's form (label and allowed values)."""

    label: str
    choices: tuple[Any, ...] = ()
    help: str = ""


def option(default: Any, label: str, choices: tuple[Any, ...] = (), help: str = "") -> Any:
    """A dataclass field of an `Options` class, carrying what the lobby needs to show it."""
    return field(default=default, metadata={"option": OptionChoice(label, choices, help)})


@dataclass(frozen=True)
class BaseOptions:
    """Base of each game's frozen `Options` dataclass.

    Subclasses declare fields with `option(...)`; `validate` raises ValueError with a
    message a player can read. Seat counts are table options, checked by `seats_allowed`.
    """

    def validate(self) -> None:
        for f in dataclasses.fields(self):
            meta = f.metadata.get("option")
            value = getattr(self, f.name)
            if meta and meta.choices and value not in meta.choices:
                raise ValueError(f"{meta.label}: {value!r} is not one of {list(meta.choices)}")

    def seats_allowed(self) -> tuple[int, ...] | None:
        """Seat counts these options allow, or None for the engine's whole range."""
        return None

    def as_json(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> BaseOptions:
        names = {f.name for f in dataclasses.fields(cls)}
        unknown = set(data) - names
        if unknown:
            raise ValueError(f"unknown options: {sorted(unknown)}")
        options = cls(**data)
        options.validate()
        return options


class Engine(Protocol):
    """One game family. Implemented as a module-level object in games/<family>/rules.py."""

    slug: ClassVar[str]
    name: ClassVar[str]
    min_seats: ClassVar[int]
    max_seats: ClassVar[int]
    Options: ClassVar[type[BaseOptions]]
    on_disconnect: ClassVar[OnDisconnect]

    def start(self, options: BaseOptions, seats: int, rng: Rng) -> State: ...

    def to_act(self, state: State) -> set[int]: ...

    def legal_actions(self, state: State, seat: int) -> list[Action]: ...

    def apply(self, state: State, seat: int, action: Action, rng: Rng) -> State: ...

    def view(self, state: State, seat: int | None) -> View: ...

    def timeout_action(self, state: State, seat: int) -> Action | None:
        """The move played when the step time runs out; None: the seat forfeits."""
        ...

    def bot_action(self, state: State, seat: int, rng: Rng) -> Action: ...

    def forfeit(self, state: State, seat: int) -> State:
        """The seat (or its team) loses now: resignation, lost clock, disconnection."""
        ...

    def outcome(self, state: State) -> Outcome | None: ...

    # Optional money hooks, read with getattr by the lobby and the runtime:
    #   max_reserve(stake, options) -> int   what each seat holds at the start (default: stake)
    #   stake_multiplier(state) -> int       the stake multiple played for (default: 1)
    # Fees a rule charges (re-rolls, changed cards) are recorded by the engine in
    # state["fees"] as {"seat", "kind", "rate_bp"[, "multiplier"]}; the runtime charges
    # each new entry, as a percentage of the (multiplied) stake, through the wallet.
