"""A poker tournament's one table: every player starts with the same tournament chips, the
blinds rise by a schedule of levels on the game's clock, and players are out when their
chips are gone; the last one holding chips wins. No money is at the table: no buy-in, no
top-up, no rake, no straddle; nobody sits out or leaves (a player gone is folded, or
checked, by the table until the blinds take their chips). Places follow the order out
(RULES.md, "Tournaments"). Plain Python: no Django.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple

from games.engine import IllegalAction, Outcome, PotSplit, SplitKind, View, option
from games.poker.hand import HOLDEM, OMAHA, OMAHA5, SHORT_DECK_HOLDEM
from games.poker.rules import (
    Blinds,
    FiveCardOmaha,
    Omaha,
    Poker,
    PokerMove,
    PokerOptions,
    PokerState,
    ShortDeck,
    TournamentPart,
    fresh,
)
from games.rng import Rng


class Level(NamedTuple):
    small: int
    big: int
    ante: int
    minutes: int


# Ten-minute levels from 10/20, antes from the sixth level. Five tables of six bots with
# 1,500 chips each, a move every 20 s, ended at levels 8 to 10 (80 to 100 minutes).
DEFAULT_BLINDS: tuple[Level, ...] = (
    Level(10, 20, 0, 10),
    Level(15, 30, 0, 10),
    Level(25, 50, 0, 10),
    Level(50, 100, 0, 10),
    Level(75, 150, 0, 10),
    Level(100, 200, 25, 10),
    Level(150, 300, 25, 10),
    Level(200, 400, 50, 10),
    Level(300, 600, 75, 10),
    Level(500, 1_000, 100, 10),
    Level(1_000, 2_000, 200, 10),
)
MAX_LEVELS = 50
MAX_MINUTES = 240
MAX_BLIND = 10**9
MINUTE_MS = 60_000


def parse_schedule(raw: object) -> tuple[Level, ...]:
    """A blind schedule as staff give it: a list of [small blind, big blind, ante,
    minutes] levels, the blinds never falling. ValueError, saying what is wrong, else."""
    if not isinstance(raw, list | tuple) or not 1 <= len(raw) <= MAX_LEVELS:
        raise ValueError(f"Blinds: a list of 1 to {MAX_LEVELS} levels.")
    levels: list[Level] = []
    for number, level in enumerate(raw, start=1):
        if (
            not isinstance(level, list | tuple)
            or len(level) != 4
            or not all(type(value) is int for value in level)
        ):
            raise ValueError(
                f"Blinds, level {number}: [small blind, big blind, ante, minutes] in whole chips."
            )
        small, big, ante, minutes = level
        if not 0 < small <= big <= MAX_BLIND or not 0 <= ante <= big:
            raise ValueError(
                f"Blinds, level {number}: the small blind is above 0 and at most the big"
                " blind, the ante at most the big blind."
            )
        if not 1 <= minutes <= MAX_MINUTES:
            raise ValueError(f"Blinds, level {number}: 1 to {MAX_MINUTES} minutes.")
        if levels and big < levels[-1].big:
            raise ValueError(f"Blinds, level {number}: the big blind never falls.")
        levels.append(Level(small, big, ante, minutes))
    return tuple(levels)


def level_at(schedule: tuple[Level, ...], elapsed_ms: int) -> int:
    """The level (index) the clock has reached `elapsed_ms` after the start; the last
    level lasts until the end."""
    ends = 0
    for index, level in enumerate(schedule[:-1]):
        ends += level.minutes * MINUTE_MS
        if elapsed_ms < ends:
            return index
    return len(schedule) - 1


def next_level_in(schedule: tuple[Level, ...], elapsed_ms: int) -> int | None:
    """Milliseconds until the next level, or None on the last one."""
    index = level_at(schedule, elapsed_ms)
    if index == len(schedule) - 1:
        return None
    ends = sum(level.minutes for level in schedule[: index + 1]) * MINUTE_MS
    return ends - elapsed_ms


def places(seats: int, busted: list[list[int]]) -> tuple[int, ...]:
    """Each seat's place from the order out (`[hand, seat, chips at that hand's start]`):
    a seat still in is first; one out in a later hand places above one out earlier;
    of those out in the same hand, the one with more chips at its start places higher,
    and those level on chips share the place (the next place is then skipped: 1, 2, 2,
    4)."""
    out = {seat: (hand, chips) for hand, seat, chips in busted}
    standing = [seat for seat in range(seats) if seat not in out]
    placing = [0] * seats
    for seat in standing:
        placing[seat] = 1
    for seat, key in out.items():
        placing[seat] = 1 + len(standing) + sum(1 for other in out.values() if other > key)
    return tuple(placing)


@dataclass(frozen=True)
class TournamentOptions(PokerOptions):
    """The table's terms: the starting chips and the blind schedule. The cash table's
    options are fixed at none (no money at this table, no rake)."""

    big_blind: int = option(0, "Cash-table big blind", (0,), "None: the blind schedule sets them")
    buy_in: int = option(0, "Cash-table buy-in", (0,), "None: everyone starts with the chips")
    rake_bp: int = option(0, "Rake", (0,), "No rake in a tournament")
    rake_cap: int = option(0, "Rake cap", (0,), "No rake in a tournament")
    starting_chips: int = option(
        1_500,
        "Starting chips",
        (500, 1_000, 1_500, 2_000, 3_000, 5_000, 10_000, 20_000),
        "Every player's tournament chips at the start",
    )
    blinds: list[list[int]] = field(default_factory=lambda: [list(lv) for lv in DEFAULT_BLINDS])

    def validate(self) -> None:
        super().validate()
        parse_schedule(self.blinds)

    @property
    def stack(self) -> int:
        return self.starting_chips

    @property
    def schedule(self) -> tuple[Level, ...]:
        return parse_schedule(self.blinds)


class TournamentPoker(Poker):
    """The tournament table of a poker variant (below, one per variant)."""

    Options = TournamentOptions
    tournament_only = True
    closes_without_people = False  # no bots sit at a tournament's table

    def schedule(self, state: PokerState) -> tuple[Level, ...]:
        return parse_schedule(state["options"]["blinds"])

    def start(self, options: PokerOptions, seats: int, rng: Rng) -> PokerState:
        options.validate()
        if seats not in self.seat_counts(options):
            raise ValueError(f"{self.name} is played by {self.min_seats} to {self.max_seats}.")
        state = self.seat(options, seats, rng)
        state["tournament"] = {"level": 0, "due": 0, "absent": [False] * seats, "busted": []}
        self.next_hand(state)
        return state

    def fixed_stake(self, options: PokerOptions) -> int | None:
        return None  # tournament chips are not money

    def max_reserve(self, stake: int, options: PokerOptions) -> int:
        return 0

    def blinds(self, state: PokerState) -> Blinds:
        level = self.schedule(state)[state["tournament"]["level"]]
        return Blinds(level.small, level.big, level.ante)

    def rake_terms(self, state: PokerState) -> tuple[int, int | None]:
        return 0, None

    def time_passed(self, state: PokerState, elapsed_ms: int) -> PokerState:
        due = level_at(self.schedule(state), elapsed_ms)
        if state["closed"] or due == state["tournament"]["due"]:
            return state
        state = fresh(state)
        state["tournament"]["due"] = due  # from the next hand: this one keeps its blinds
        return state

    def next_hand(self, state: PokerState) -> None:
        """Records who the hand just played put out, and deals the next at the level the
        clock has reached. When nobody still in is present, the table stops: those left
        are out together, placed by their chips."""
        part: TournamentPart = state["tournament"]
        seats = self.seat_count(state)
        hand = state["hand"]
        chips = [state["stacks"][s] + state["pending"][s] for s in range(seats)]
        alive = [s for s in range(seats) if state["status"][s] != "left" and chips[s] > 0]
        if hand is not None:
            for seat in hand["players"]:
                if state["status"][seat] != "left" and chips[seat] == 0:
                    start = hand["starting"][hand["players"].index(seat)]
                    part["busted"].append([hand["number"], seat, start])
        if len(alive) > 1 and all(part["absent"][s] for s in alive):
            for seat in alive:
                part["busted"].append([state["hands"] + 1, seat, chips[seat]])
                self.leave(state, seat)
        part["level"] = part["due"]
        super().next_hand(state)

    def plays_itself(self, state: PokerState, seat: int) -> bool:
        return state["tournament"]["absent"][seat] or super().plays_itself(state, seat)

    def table_moves(self, state: PokerState, seat: int) -> list[Any]:
        return []

    def out_of_turn(self, state: PokerState, seat: int, action: PokerMove) -> bool:
        return False

    def table_move(self, state: PokerState, seat: int, action: PokerMove) -> None:
        raise IllegalAction(
            "In a tournament you play every hand until your chips are gone: no sitting out,"
            " no top-ups, no leaving."
        )

    def forfeit(self, state: PokerState, seat: int) -> PokerState:
        """A player who resigns or is disconnected stays in: the table folds their cards
        (or checks) at their turn and the blinds go on taking their chips."""
        if type(seat) is not int or not 0 <= seat < self.seat_count(state):
            raise IllegalAction("There is no seat like that at this table.")
        state = fresh(state)
        if state["closed"] or state["status"][seat] == "left":
            return state
        state["tournament"]["absent"][seat] = True
        hand = state["hand"]
        if hand is not None:  # their turn now: folded (or checked) at once
            self.settle_if_over(state, self.play_of(state, hand))
        return state

    def view(self, state: PokerState, seat: int | None) -> View:
        view = super().view(state, seat)
        part = state["tournament"]
        schedule = self.schedule(state)
        view["tournament"] = {
            "level": part["level"] + 1,
            "blinds": list(schedule[part["level"]]),
            "next": list(schedule[part["due"] + 1]) if part["due"] + 1 < len(schedule) else None,
            "absent": list(part["absent"]),
            "places": list(places(self.seat_count(state), part["busted"])),
        }
        return view

    def outcome(self, state: PokerState) -> Outcome | None:
        """Places by the order out; points are the chips each seat ended with. No money
        moves at this table (the tournament pays its prizes)."""
        if not state["closed"]:
            return None
        seats = self.seat_count(state)
        ended = [0] * seats
        for seat, kind, chips in state["moves"]:
            if kind == "leave":
                ended[seat] += chips
        return Outcome(
            tuple(ended),
            places(seats, state["tournament"]["busted"]),
            reason="one player holds every chip",
            split=PotSplit(SplitKind.EQUAL, rake_free=True),
        )


class HoldemTournament(TournamentPoker):
    slug = "holdem-tournament"
    name = "No-Limit Hold\u2019em tournament"
    variant = HOLDEM


class OmahaTournament(TournamentPoker):
    slug = "omaha-tournament"
    name = f"{Omaha.name} tournament"
    variant = OMAHA


class FiveCardOmahaTournament(TournamentPoker):
    slug = "omaha5-tournament"
    name = f"{FiveCardOmaha.name} tournament"
    variant = OMAHA5
    max_seats = FiveCardOmaha.max_seats


class ShortDeckTournament(TournamentPoker):
    slug = "short-deck-tournament"
    name = f"{ShortDeck.name} tournament"
    variant = SHORT_DECK_HOLDEM


ENGINES: tuple[TournamentPoker, ...] = (
    HoldemTournament(),
    OmahaTournament(),
    FiveCardOmahaTournament(),
    ShortDeckTournament(),
)
