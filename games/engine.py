"""The contract every game family implements: engine contract v2
(docs/architecture.md, "Engine contract v2").

Plain Python, no Django. A game is its options, its seed and its action log: the runtime
rebuilds any state by calling `start` and then `apply` for each logged action, giving each
call the stream `Rng(seed, f"game:{game_id}", seq)` (seq 0 for `start`, n for action n).
A bot chooses from a stream of its own, `Rng(seed, f"bot:{game_id}", seq)`, so watching a
bot tells nothing about the next deal; its chosen action is logged like any other, so the
replay never needs the bot's stream.

States, actions and views are JSON-serialisable (dicts, lists, str, int, bool, None).
Each engine types its state and actions as TypedDicts (the JSON itself, no conversion at
the edge), checked by `mypy --strict` (pyproject's [tool.mypy]). Seats are numbered
0 .. seats-1 in the table's seating order; how many there are comes from the table and
`seat_counts(options)`, never from the shape of a state.

An engine subclasses `Engine[OptionsT, StateT, ActionT]` and is a module-level object in
games/<family>/rules.py, listed in that module's `ENGINES` and that module in
games/registry.py (a test lists a toy engine for a while with `registry.registered`).
The runtime calls, per move:

    action = engine.parse_action(raw)      # MalformedAction: not this engine's schema
    state = engine.apply(state, seat, action, rng)   # IllegalAction: the rules forbid it
    ... and stores `action`, the normalised one, never the raw input.

Required (abstract) methods: `start`, `to_act`, `legal_actions`, `parse_action`, `apply`,
`view`, `bot_action`, `forfeit`, `outcome`. Every other hook below is a method with a
default that suits a game without that feature; the runtime calls each hook as a method,
never `getattr` and never by reading keys of the state. `legal_actions` is a hint for
boards and bots (it may be capped or summarised); `is_legal` and `apply` judge a move.

Money hooks (the engine never moves money; the runtime does it through the wallet):
    seat_counts(options)        the table sizes these options allow
    max_reserve(stake, options) held from each seat at the start (default: the stake)
    stake_multiplier(state)     the multiple of the stake played for (default: 1); the
                                unused reserve is refunded at the end
    fees(state)                 every fee charged so far, in order (re-roll, change card);
                                the runtime charges each new one as the action that made
                                it is applied, and refuses the action if it cannot be paid
    chip_moves(state)           every buy-in, top-up and leave-with-chips so far, in order
                                (a cash table: poker); the runtime moves each new one
                                between the player's cash and the table's escrow as the
                                action that made it is applied (games/chips.py)
    Outcome.split               how the pot is divided: equal among first places (default),
                                by weights, or in exact amounts; `rake_free` for no rake;
                                `rake_taken` for a cash table's rake taken pot by pot
"""

from __future__ import annotations

import dataclasses
from abc import ABC, abstractmethod
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, ClassVar, Generic, Self, TypeVar

from games.rng import Rng

State = dict[str, Any]
Action = dict[str, Any]
View = dict[str, Any]

# Generous for any game's move (a backgammon play is a few hundred bytes); the socket
# layer limits frames too, this bounds what an engine is asked to parse.
MAX_ACTION_KEYS = 16


class ActionRefused(Exception):
    """A move the runtime must refuse, changing nothing. `reason` is shown to the player as
    it is, so it never repeats the player's input (a 1 MB move would come back as 1 MB)."""

    code: ClassVar[str] = "refused"

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class IllegalAction(ActionRefused):
    """A well-formed move the rules forbid now (not your turn, a card you must not play)."""

    code: ClassVar[str] = "illegal"


class MalformedAction(ActionRefused):
    """Input that is not a move of this game at all: unknown keys, wrong types, unknown
    kinds. Raised by `parse_action`, before the rules are asked."""

    code: ClassVar[str] = "malformed"


class OnDisconnect(StrEnum):
    """What the rules say happens to a seat that is disconnected (5th timeout or gone)."""

    FORFEIT = "forfeit"  # the seat (or its team) loses the game
    CONCEDE_MAX = "concede_max"  # Tavli: conceded, the opponent gets the maximum points
    BOT = "bot"  # Pilotta: a bot takes the seat and the game goes on
    VOID = "void"  # the game is void and every stake refunded


def parse_object(
    raw: object, required: Collection[str], optional: Collection[str] = (), *, hint: str
) -> dict[str, object]:
    """The keys of a JSON object a move is made of: exactly `required`, plus any of
    `optional`. MalformedAction, with `hint` (never the input), for anything else."""
    if not isinstance(raw, dict) or len(raw) > MAX_ACTION_KEYS:
        raise MalformedAction(hint)
    keys = set(raw)
    if not set(required) <= keys or not keys <= set(required) | set(optional):
        raise MalformedAction(hint)
    return {str(key): value for key, value in raw.items()}


def is_int(value: object) -> bool:
    """A JSON integer (True and 1.0 are not)."""
    return type(value) is int


# --- money during the game ----------------------------------------------------------------


@dataclass(frozen=True)
class Fee:
    """A fee a rule charges a seat during the game (a re-roll, a changed card): `rate_bp`
    basis points of the stake times `multiplier` (doubled stakes pay doubled fees). It goes
    to the house, outside the pot."""

    seat: int
    kind: str
    rate_bp: int
    multiplier: int = 1

    def amount(self, stake: int) -> int:
        return stake * self.multiplier * self.rate_bp // 10_000

    @property
    def memo(self) -> str:
        return f"{self.kind.replace('_', ' ')} fee"

    def as_json(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Fee:
        return cls(
            seat=int(data["seat"]),
            kind=str(data["kind"]),
            rate_bp=int(data["rate_bp"]),
            multiplier=int(data.get("multiplier", 1)),
        )


class ChipMoveKind(StrEnum):
    BUY_IN = "buy_in"  # cash into the table's escrow: the seat gets `amount` in chips
    TOP_UP = "top_up"  # more cash in between hands, within the table's limit
    LEAVE = "leave"  # the seat's chips back to cash; the seat leaves the table


@dataclass(frozen=True)
class ChipMove:
    """Money crossing the table's edge during a cash game (poker): `amount` in minor units,
    one chip per minor unit. The runtime moves it between cash and escrow as it happens."""

    seat: int
    kind: ChipMoveKind
    amount: int


@dataclass(frozen=True)
class GameClock:
    """Each seat's time for the whole game when the rules fix it (a word game's time
    modes), and how far past it a seat may play on (`overtime_ms`): the rules deduct
    points for the time over instead of ending the seat's game at zero."""

    total_ms: int
    overtime_ms: int = 0


# --- the end of a game -------------------------------------------------------------------


class SplitKind(StrEnum):
    EQUAL = "equal"  # equal shares among the seats placed first (remainder: dealer's left)
    WEIGHTED = "weighted"  # the pot after rake in proportion to `values` (75/25: (3, 1, 0, 0))
    EXACT = "exact"  # each seat takes exactly `values[seat]` of the pot (poker chip counts)


@dataclass(frozen=True)
class PotSplit:
    """How a finished game's pot (the stakes at risk) is divided among the seats.

    EQUAL needs no values. WEIGHTED: non-negative weights per seat, at least one positive.
    EXACT: per-seat amounts in minor units that sum to the pot; the rake, if any, is then
    taken from each seat's gain (what it takes beyond what it put at risk).
    `rake_free`: the house takes no rake from this game (a tournament's table: the
    tournament charges its entry fee instead).
    `rake_taken` (EXACT only): the rake the rules took during play, pot by pot (a cash
    table's); the house gets exactly that and no percentage, and `values` plus it are
    what the escrow still holds (chips that left the table were paid as they left).
    """

    kind: SplitKind = SplitKind.EQUAL
    values: tuple[int, ...] = ()
    rake_free: bool = False
    rake_taken: int | None = None

    def __post_init__(self) -> None:
        if self.kind == SplitKind.EQUAL and self.values:
            raise ValueError("an equal split takes no values")
        if self.kind != SplitKind.EQUAL and not self.values:
            raise ValueError(f"a {self.kind} split needs a value per seat")
        if any(v < 0 for v in self.values):
            raise ValueError("shares are never negative")
        if self.kind == SplitKind.WEIGHTED and not any(self.values):
            raise ValueError("a weighted split needs a positive weight")
        if self.rake_taken is not None and (self.kind != SplitKind.EXACT or self.rake_taken < 0):
            raise ValueError("rake taken in play goes with an exact split and is never negative")

    def as_json(self) -> dict[str, Any]:
        data = {"kind": str(self.kind), "values": list(self.values), "rake_free": self.rake_free}
        if self.rake_taken is not None:
            data["rake_taken"] = self.rake_taken
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> PotSplit:
        taken = data.get("rake_taken")
        return cls(
            kind=SplitKind(data.get("kind", SplitKind.EQUAL)),
            values=tuple(int(v) for v in data.get("values", ())),
            rake_free=bool(data.get("rake_free", False)),
            rake_taken=None if taken is None else int(taken),
        )


EQUAL_SPLIT = PotSplit()


@dataclass(frozen=True)
class Outcome:
    """The end of a game.

    `points[seat]` is the game's own score; `placing[seat]` is 1 for the winners, 2 for
    the next and so on (partners and tied seats share a placing). `void` means no result:
    every stake is refunded and no rake is taken. `split` says how the pot is divided
    (default: equally among the seats placed first).
    """

    points: tuple[int, ...]
    placing: tuple[int, ...]
    void: bool = False
    reason: str = ""
    split: PotSplit = EQUAL_SPLIT

    def __post_init__(self) -> None:
        if len(self.points) != len(self.placing):
            raise ValueError("an outcome gives every seat points and a placing")
        if self.split.values and len(self.split.values) != len(self.placing):
            raise ValueError("a split gives every seat a value")

    @property
    def seats(self) -> int:
        return len(self.placing)

    def winners(self) -> tuple[int, ...]:
        return tuple(seat for seat, place in enumerate(self.placing) if place == 1)

    def paid_seats(self) -> tuple[int, ...]:
        """The seats this outcome gives a part of the pot to."""
        if self.split.kind == SplitKind.EQUAL:
            return self.winners()
        return tuple(seat for seat, value in enumerate(self.split.values) if value > 0)

    @classmethod
    def voided(cls, seats: int, reason: str) -> Outcome:
        """No result: every stake goes back."""
        return cls(points=(0,) * seats, placing=(1,) * seats, void=True, reason=reason)

    def as_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "points": list(self.points),
            "placing": list(self.placing),
            "void": self.void,
            "reason": self.reason,
        }
        if self.split != EQUAL_SPLIT:
            data["split"] = self.split.as_json()
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Outcome:
        return cls(
            points=tuple(int(p) for p in data["points"]),
            placing=tuple(int(p) for p in data["placing"]),
            void=bool(data.get("void", False)),
            reason=str(data.get("reason", "")),
            split=PotSplit.from_json(data["split"]) if "split" in data else EQUAL_SPLIT,
        )


# --- options ------------------------------------------------------------------------------


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
                # The offered choices, never the value sent: a refusal does not echo input.
                raise ValueError(f"{meta.label}: choose one of {list(meta.choices)}")

    def seats_allowed(self) -> tuple[int, ...] | None:
        """Seat counts these options allow, or None for the engine's whole range."""
        return None

    def as_json(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Self:
        names = {f.name for f in dataclasses.fields(cls)}
        unknown = set(data) - names
        if unknown:
            raise ValueError(f"unknown options: this game's are {sorted(names)}")
        options = cls(**data)
        options.validate()
        return options


# --- the engine ---------------------------------------------------------------------------

OptionsT = TypeVar("OptionsT", bound=BaseOptions)
StateT = TypeVar("StateT", bound=Mapping[str, Any])
ActionT = TypeVar("ActionT", bound=Mapping[str, Any])


class Engine(ABC, Generic[OptionsT, StateT, ActionT]):
    """One game family (or one variant of it).

    Every method is pure: it never changes the state it is given (`apply` and `forfeit`
    return a new one) and reads randomness only from the `rng` passed in.
    """

    slug: ClassVar[str]
    name: ClassVar[str]
    min_seats: ClassVar[int]
    max_seats: ClassVar[int]
    Options: type[OptionsT]
    on_disconnect: ClassVar[OnDisconnect] = OnDisconnect.FORFEIT
    # A table that outlives its players' turns (a cash table) closes when no person plays
    # at it any more (all gone, or sitting out): the runtime forfeits each bot's seat
    # instead of letting bots play each other for ever.
    closes_without_people: ClassVar[bool] = False
    # Played only as a tournament's table (poker's tournament tables): the runtime finds
    # it by its slug, the lobby and the catalogue (`registry.all()`) do not list it.
    tournament_only: ClassVar[bool] = False

    # ---- the table ---------------------------------------------------------------------

    def seat_counts(self, options: OptionsT) -> tuple[int, ...]:
        """The table sizes these options allow. The runtime and the lobby take the seat
        count from here and from the table, never from the shape of a state."""
        every = tuple(range(self.min_seats, self.max_seats + 1))
        allowed = options.seats_allowed()
        return every if allowed is None else tuple(n for n in allowed if n in every)

    @abstractmethod
    def start(self, options: OptionsT, seats: int, rng: Rng) -> StateT:
        """The state before the first move (shuffle, deal, first roll)."""

    # ---- moves -------------------------------------------------------------------------

    @abstractmethod
    def to_act(self, state: StateT) -> set[int]:
        """The seats whose move the game waits for (empty once it is over)."""

    @abstractmethod
    def legal_actions(self, state: StateT, seat: int) -> list[ActionT]:
        """A hint for boards and bots of what `seat` may do now, small enough for a socket
        message: it may be capped or summarised (a word game cannot list every placement).
        It is not the judge of a move: `is_legal` and `apply` are."""

    def is_legal(self, state: StateT, seat: int, action: ActionT) -> bool:
        """Whether the rules allow this (parsed) action now. The default suits an engine
        whose `legal_actions` lists every move; one that caps or summarises overrides it."""
        return seat in self.to_act(state) and action in self.legal_actions(state, seat)

    @abstractmethod
    def parse_action(self, raw: object) -> ActionT:
        """The action in this engine's own schema, built afresh from the input (so nothing
        the schema does not name is kept); MalformedAction when the input is not one.
        Idempotent: parsing a parsed action gives it back equal."""

    @abstractmethod
    def apply(self, state: StateT, seat: int, action: ActionT, rng: Rng) -> StateT:
        """The state after `seat` plays `action`; IllegalAction when the rules forbid it."""

    def preview(self, state: StateT, seat: int, action: ActionT) -> dict[str, Any] | None:
        """What this (parsed) move would do, for its player's eyes before sending it, as
        the engine sums it up (a word game: the words and the score, or why not); nothing
        is played and only the seat's own information may be used. None (the default):
        the game offers no preview."""
        return None

    def sitting_out(self, state: StateT) -> set[int]:
        """Seats still at the table but dealt out by their own choice (a cash table's sit
        out): with `closes_without_people`, a person sitting out does not keep bots
        playing; and the runtime keeps such a seat for the reconnection window only, then
        disconnects it (`GameSeat.away_until`). Default: none."""
        return set()

    def out_of_turn(self, state: StateT, seat: int, action: ActionT) -> bool:
        """Whether `seat` may send this (parsed) action when it is not to act: a cash
        table's sit out, sit in, top up and leave. Default: no action out of turn."""
        return False

    def game_clock(self, options: OptionsT) -> GameClock | None:
        """Each seat's total time as these options fix it, with its overtime; None (the
        default): the table's own total time, if any, and a seat out of it forfeits."""
        return None

    def clock_spent(self, state: StateT, seat: int, left_ms: int) -> StateT:
        """The seat's clock after its move (or at its last deadline), `left_ms` below
        zero in overtime; the state as it is when the rules ignore it (the default). A
        changed state is logged as a `clock` step with `{"left_ms": n}` and replayed."""
        return state

    def time_passed(self, state: StateT, elapsed_ms: int) -> StateT:
        """The time since the game started, told before every move, timeout and forfeit
        (a poker tournament's blind levels); the state as it is when the rules ignore it
        (the default). A changed state is logged as a `time` step with
        `{"elapsed_ms": n}` and replayed."""
        return state

    def timeout_action(self, state: StateT, seat: int) -> ActionT | None:
        """The move played when the step time runs out; None: the seat forfeits."""
        return None

    @abstractmethod
    def bot_action(self, state: StateT, seat: int, rng: Rng) -> ActionT:
        """A computer player's move; `rng` is the bot's own stream."""

    @abstractmethod
    def forfeit(self, state: StateT, seat: int) -> StateT:
        """The seat (or its team) loses now: resignation, lost clock, disconnection."""

    # ---- what players see --------------------------------------------------------------

    @abstractmethod
    def view(self, state: StateT, seat: int | None) -> View:
        """What `seat` may see (None: a spectator). Hidden information stays out."""

    # ---- the end -----------------------------------------------------------------------

    @abstractmethod
    def outcome(self, state: StateT) -> Outcome | None:
        """The result once the game is over, else None."""

    # ---- money -------------------------------------------------------------------------

    def fixed_stake(self, options: OptionsT) -> int | None:
        """The stake these options fix, if they do (a cash table's buy-in): the lobby then
        takes it instead of asking for one. Default: None, the table's creator chooses."""
        return None

    def max_reserve(self, stake: int, options: OptionsT) -> int:
        """What each seat puts in escrow at the start: enough for the most the game can be
        played for (Double stake holds the stake at the highest multiplier)."""
        return stake

    def stake_multiplier(self, state: StateT) -> int:
        """The multiple of the stake actually played for; the rest of the reserve is
        refunded at the end."""
        return 1

    def fees(self, state: StateT) -> Sequence[Fee]:
        """Every fee charged in this game so far, oldest first. An entry, once listed, never
        changes or moves: the runtime charges entries past the count it has charged."""
        return ()

    def chip_moves(self, state: StateT) -> Sequence[ChipMove]:
        """Every buy-in, top-up and leave of a cash game so far, oldest first; append-only
        like `fees`. The runtime moves the money as the action that made it is applied."""
        return ()


AnyEngine = Engine[Any, Any, Any]
