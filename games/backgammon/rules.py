"""Tavli (Portes, Plakoto, Fevga) and backgammon (Short, Armenian, Long, Blitz, Pioneer,
Hyper, Nack) as engines of the game contract in games/engine.py. Pure Python.

A state holds one match: the score, the current game's board and the turn. Boards are kept
per seat in that seat's own numbering (see variants.py); views add the common board.
Dice come only from the Rng handed to `start`/`apply`; nothing about future rolls is stored.

Actions (points in the mover's numbering, 25 the bar or hand, 0 borne off):
  {"type": "play", "moves": [[from, to], ...]}   a complete play of the roll ([] if none)
  {"type": "roll"} / {"type": "double"}           at the start of a turn, when the cube may turn
  {"type": "take"} / {"type": "drop"} / {"type": "beaver"}   answering a double
  {"type": "reroll", "dice": "both"} / {"type": "reroll", "dice": "one", "die": 0 | 1}
Each re-roll appends {"seat", "kind": "reroll_one" | "reroll_both", "rate_bp", "game"} to
state["fees"]; the `fees` hook lists them for the runtime to charge. The engine never
touches money. `parse_action` rebuilds an action in exactly this schema (MalformedAction
for anything else), so nothing a client adds is ever stored.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any, ClassVar, Final, Literal, TypedDict, TypeVar, final

from games.backgammon import bots
from games.backgammon.moves import Node, Play, Step, legal_plays, resolve
from games.backgammon.moves import next_steps as _next_steps
from games.backgammon.steps import StepTree, step_tree
from games.backgammon.variants import (
    ALWAYS,
    BAR,
    ENTER_HAND,
    NO_CONTACT,
    OFF,
    OPTIONAL,
    VARIANTS,
    Variant,
)
from games.engine import (
    BaseOptions,
    Engine,
    Fee,
    IllegalAction,
    MalformedAction,
    OnDisconnect,
    Outcome,
    View,
    is_int,
    option,
    parse_object,
)
from games.rng import Rng

TAVLI_SERIES = ("portes", "plakoto", "fevga")
BACKGAMMON_VARIANTS = ("short", "armenian", "long", "blitz", "pioneer", "hyper", "nack")
PIP_SCORING_TARGETS = (51, 101)
REROLL_FEE_BP = {"one": 1000, "both": 500}  # 10% of the stake for one die, 5% for both
RECENT_KEPT = 6
# Both sides can be shut out at once; the passes then wait for a confirmed empty play
# instead of looping inside one action.
MAX_AUTO_PASSES = 8
# Long: on a player's first turn these doubles may take two checkers from the head.
HEAD_DOUBLES = (3, 4, 6)

Phase = Literal["cube", "play", "take", "over"]
CUBE: Final = "cube"
PLAY: Final = "play"
TAKE: Final = "take"
OVER: Final = "over"


class TableRules(TypedDict):
    """The table's options as this match plays them (variant rules applied)."""

    cube: bool
    koks: bool
    beaver: bool
    jacoby: bool
    crawford: bool
    reroll: str
    reroll_times: int
    pip_scoring: bool


class Cube(TypedDict):
    value: int
    owner: int | None
    turned: bool


class Offer(TypedDict):
    by: int
    to: int
    value: int
    beaver: bool


class GameResult(TypedDict):
    game: int
    variant: str
    winner: int | None
    points: int
    kind: str


class RerollFee(TypedDict):
    seat: int
    kind: str
    rate_bp: int
    game: int


class BoardState(TypedDict):
    """One match: its score and options, and the game being played. Boards are per seat in
    the seat's own numbering (index 25: the bar or hand, 0: borne off)."""

    engine: str
    match: str
    target: int
    rules: TableRules
    score: list[int]
    game_no: int
    crawford_done: bool
    fees: list[RerollFee]
    results: list[GameResult]
    recent: list[dict[str, Any]]  # the last few plays, cube answers and re-rolls, as shown
    winner: int | None
    reason: str
    # The game being played:
    variant: str
    crawford: bool
    board: list[list[int]]
    pinned: list[list[int]]
    moved: list[bool]
    cube: Cube
    offer: Offer | None
    rerolls_left: list[int]
    dice: list[int] | None
    opening: list[int]
    turn: int | None
    phase: Phase


@final
class PlayAction(TypedDict):
    type: Literal["play"]
    moves: list[list[int]]


@final
class CubeAction(TypedDict):
    type: Answer


@final
class RerollBoth(TypedDict):
    type: Literal["reroll"]
    dice: Literal["both"]


@final
class RerollOne(TypedDict):
    type: Literal["reroll"]
    dice: Literal["one"]
    die: int


BoardAction = PlayAction | CubeAction | RerollBoth | RerollOne
State = BoardState
Action = BoardAction
Answer = Literal["roll", "double", "take", "drop", "beaver"]
ANSWERS: tuple[Answer, ...] = ("roll", "double", "take", "drop", "beaver")
MAX_STEPS = 4  # a doubles roll is played with at most four moves
ACTION_HINT = (
    'Send {"type": "play", "moves": [[from, to], ...]}, {"type": "roll" | "double" | "take"'
    ' | "drop" | "beaver"} or {"type": "reroll", "dice": "both" | "one"[, "die": 0 | 1]}.'
)


@dataclass(frozen=True)
class MatchOptions(BaseOptions):
    """What every board game's options name: the game played and the score to reach."""

    variant: str
    points: int


@dataclass(frozen=True)
class BackgammonOptions(MatchOptions):
    variant: str = option(
        "short",
        "Variant",
        BACKGAMMON_VARIANTS,
        "Short, Armenian, Long, Blitz, Pioneer, Hyper or Nack.",
    )
    points: int = option(
        1,
        "Game score",
        (1, 3, 5, 7, 9, 11, 13, 15, 51, 101),
        "Points needed to win the match (13 and 15 in Blitz only).",
    )
    cube: bool = option(
        True, "Doubling cube", (True, False), "Always in Short, Hyper and Nack; never in Armenian."
    )
    koks: bool = option(
        False,
        "Koks",
        (True, False),
        "Triple wins. Always counted in Short and Armenian, never in Long, Blitz, Pioneer.",
    )
    beaver: bool = option(False, "Beaver", (True, False), "A doubled player may redouble.")
    jacoby: bool = option(
        False, "Jacoby rule", (True, False), "Mars and koks count only once the cube turned."
    )
    reroll: str = option(
        "none", "Roll the dice again", ("none", "one", "both"), "Paid re-rolls of one die or both."
    )
    reroll_times: int = option(1, "Re-rolls per game", (1, 2, 3), "Per player, each game.")

    def validate(self) -> None:
        super().validate()
        variant = VARIANTS[self.variant]
        if self.points in (13, 15) and self.variant != "blitz":
            raise ValueError("Game score: 13 and 15 are offered in Blitz only.")
        cube = _cube_on(variant, self.cube)
        if self.beaver and not cube:
            raise ValueError("Beaver needs the doubling cube.")
        if self.jacoby and not cube:
            raise ValueError("The Jacoby rule needs the doubling cube.")


@dataclass(frozen=True)
class TavliOptions(MatchOptions):
    variant: str = option(
        "series",
        "Game",
        (*TAVLI_SERIES, "series"),
        "Portes, Plakoto or Fevga, or the three played in turn (Tavli).",
    )
    points: int = option(5, "Points to win", (1, 3, 5, 7), "Games are played up to this score.")


def _cube_on(variant: Variant, chosen: bool) -> bool:
    return variant.cube == ALWAYS or (variant.cube == OPTIONAL and chosen)


def _koks_on(variant: Variant, chosen: bool) -> bool:
    return variant.koks == ALWAYS or (variant.koks == OPTIONAL and chosen)


def _clone(state: State) -> State:
    return copy.deepcopy(state)


def _variant(state: State) -> Variant:
    return VARIANTS[state["variant"]]


def _dice(state: State) -> list[int]:
    """The roll being played; only asked for in the play phase, where there is one."""
    dice = state["dice"]
    if dice is None:
        raise IllegalAction("There is no roll to play.")
    return dice


def _mover(state: State) -> int:
    """The seat whose turn it is; there is one until the match is over."""
    turn = state["turn"]
    if turn is None:
        raise IllegalAction("The game is over.")
    return turn


def _offer(state: State) -> Offer:
    """The double being answered; only asked for in the take phase, where there is one."""
    offer = state["offer"]
    if offer is None:
        raise IllegalAction("There is no double to answer.")
    return offer


def pip_count(variant: Variant, board: list[int]) -> int:
    """What the checkers still have to travel; a Blitz checker in hand counts 7."""
    in_hand = 7 if variant.entry == ENTER_HAND else 25
    return sum(p * board[p] for p in range(1, 25)) + in_hand * board[BAR]


def _dice_to_play(variant: Variant, state: State, seat: int) -> tuple[int, ...]:
    high, low = sorted(_dice(state), reverse=True)
    if high != low:
        return (high, low)
    times = 4
    if variant.short_doubles:
        coming_down = any(state["board"][seat][7:])
        times = 1 if coming_down and high <= 3 else 2
    return (high,) * times


def root_node(state: State, seat: int) -> Node:
    """The position the seat to move sees, with the dice of its roll."""
    variant = _variant(state)
    theirs = state["board"][1 - seat]
    opp = [0] * 26
    if variant.contact != NO_CONTACT:
        for point in range(1, 25):
            opp[point] = theirs[variant.other(point)]
        opp[BAR] = theirs[BAR]
    dice = _dice_to_play(variant, state, seat)
    head_left = 0
    if variant.head_rule:
        first_turn = not state["moved"][seat]
        head_left = 2 if first_turn and len(dice) == 4 and dice[0] in HEAD_DOUBLES else 1
    return Node(
        tuple(state["board"][seat]),
        tuple(opp),
        frozenset(state["pinned"][seat]),
        frozenset(variant.other(p) for p in state["pinned"][1 - seat]),
        dice,
        head_left,
    )


def plays_for(state: State, seat: int) -> tuple[Play, ...]:
    return legal_plays(_variant(state), root_node(state, seat))


def next_steps(state: State, seat: int, partial: list[list[int]]) -> list[list[int]]:
    """For the board UI: the single steps that may follow `partial` in the seat's play.

    Raises IllegalAction if the seat is not playing a roll or `partial` leads nowhere legal.
    """
    if state["phase"] != PLAY or state["turn"] != seat:
        raise IllegalAction("There is no roll of yours to play.")
    found = _next_steps(_variant(state), root_node(state, seat), _parse_moves(partial))
    return [list(step) for step in found]


def _parse_action(raw: object) -> Action:
    fields = parse_object(raw, {"type"}, {"moves", "dice", "die"}, hint=ACTION_HINT)
    kind, rest = fields.pop("type"), fields
    for answer in ANSWERS:
        if kind == answer and not rest:
            return {"type": answer}
    if kind == "play" and set(rest) == {"moves"}:
        return {"type": "play", "moves": _parse_steps(rest["moves"])}
    if kind == "reroll" and rest == {"dice": "both"}:
        return {"type": "reroll", "dice": "both"}
    if kind == "reroll" and set(rest) == {"dice", "die"} and rest["dice"] == "one":
        die = rest["die"]
        if is_int(die) and die in (0, 1):
            return {"type": "reroll", "dice": "one", "die": die}
    raise MalformedAction(ACTION_HINT)


def _parse_steps(moves: object) -> list[list[int]]:
    """A play's moves as fresh [from, to] pairs of points 0..25."""
    if not isinstance(moves, list) or len(moves) > MAX_STEPS:
        raise MalformedAction("A play is a list of at most four moves [from, to].")
    steps = []
    for move in moves:
        if not (isinstance(move, list) and len(move) == 2 and all(_is_point(p) for p in move)):
            raise MalformedAction("Each move is a pair of points: [from, to].")
        steps.append([move[0], move[1]])
    return steps


def _is_point(value: object) -> bool:
    return type(value) is int and 0 <= value <= BAR


def play_steps(state: State, seat: int | None) -> StepTree | None:
    """The tree of next steps of the seat's roll, while that seat is playing one."""
    if seat is None or state["phase"] != PLAY or state["turn"] != seat:
        return None
    root = root_node(state, seat)
    return step_tree(_variant(state), root, legal_plays(_variant(state), root))


def _parse_moves(moves: Any) -> list[Step]:
    if not isinstance(moves, list):
        raise IllegalAction("A play is a list of moves.")
    parsed = []
    for move in moves:
        valid = (
            isinstance(move, list | tuple)
            and len(move) == 2
            and all(isinstance(p, int) and not isinstance(p, bool) for p in move)
        )
        if not valid:
            raise IllegalAction("Each move is a pair of points: [from, to].")
        parsed.append((move[0], move[1]))
    return parsed


OptionsT = TypeVar("OptionsT", bound=MatchOptions)


class _BoardEngine(Engine[OptionsT, State, Action]):
    """What Tavli and backgammon share: board, turns, scoring; the cube is off by default."""

    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 2

    # ---- hooks -------------------------------------------------------------------------

    def _rules(self, options: OptionsT) -> TableRules:
        raise NotImplementedError

    def _game_variant(self, match: str, game_no: int) -> str:
        return match

    def _forfeit_award(self, state: State) -> int:
        raise NotImplementedError

    # ---- the contract ------------------------------------------------------------------

    def start(self, options: OptionsT, seats: int, rng: Rng) -> State:
        if seats != 2:
            raise ValueError("This game is for two players.")
        options.validate()
        state: State = {
            "engine": self.slug,
            "match": options.variant,
            "target": options.points,
            "rules": self._rules(options),
            "score": [0, 0],
            "game_no": 0,
            "crawford_done": False,
            "fees": [],
            "results": [],
            "recent": [],
            "winner": None,
            "reason": "",
            # The game's own keys, each set by _start_game:
            "variant": options.variant,
            "crawford": False,
            "board": [[], []],
            "pinned": [[], []],
            "moved": [False, False],
            "cube": {"value": 1, "owner": None, "turned": False},
            "offer": None,
            "rerolls_left": [0, 0],
            "dice": None,
            "opening": [],
            "turn": None,
            "phase": PLAY,
        }
        self._start_game(state, rng)
        return state

    def to_act(self, state: State) -> set[int]:
        if state["phase"] == TAKE:
            return {_offer(state)["to"]}
        if state["phase"] in (CUBE, PLAY):
            return {_mover(state)}
        return set()

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        if seat not in self.to_act(state):
            return []
        phase = state["phase"]
        if phase == CUBE:
            return [{"type": "double"}, {"type": "roll"}]
        if phase == TAKE:
            actions: list[Action] = [{"type": "take"}, {"type": "drop"}]
            if state["rules"]["beaver"] and not _offer(state)["beaver"]:
                actions.append({"type": "beaver"})
            return actions
        actions = [
            {"type": "play", "moves": [list(step) for step in play.moves]}
            for play in plays_for(state, seat)
        ]
        return actions + self._reroll_actions(state, seat)

    def is_legal(self, state: State, seat: int, action: Action) -> bool:
        # A play may list its moves in any order that the roll allows, where legal_actions
        # lists each resulting position once: the rules themselves are asked.
        try:
            self.apply(state, seat, action, Rng(b"", "is_legal", 0))
        except IllegalAction:
            return False
        return True

    def parse_action(self, raw: object) -> Action:
        return _parse_action(raw)

    def fees(self, state: State) -> list[Fee]:
        return [Fee.from_json(fee) for fee in state["fees"]]

    def apply(self, state: State, seat: int, action: Action, rng: Rng) -> State:
        action = _parse_action(action)
        if state["phase"] == OVER:
            raise IllegalAction("The game is over.")
        if seat not in self.to_act(state):
            raise IllegalAction("It is not your turn.")
        handlers = {
            CUBE: {"double": self._double, "roll": self._roll},
            TAKE: {"take": self._take, "drop": self._drop, "beaver": self._beaver},
            PLAY: {"play": self._play, "reroll": self._reroll},
        }[state["phase"]]
        handler = handlers.get(action["type"])
        if handler is None:
            raise IllegalAction(f"You cannot {action['type']} now.")  # a known kind, not input
        new = _clone(state)
        handler(new, seat, action, rng)
        return new

    def view(self, state: State, seat: int | None) -> View:
        variant = _variant(state)
        boards = state["board"]
        points = []
        for point in range(1, 25):
            other = variant.other(point)
            pinned = None
            if point in state["pinned"][0]:
                pinned = 0
            elif other in state["pinned"][1]:
                pinned = 1
            points.append({"checkers": [boards[0][point], boards[1][other]], "pinned": pinned})
        view: View = {
            "engine": state["engine"],
            "match": state["match"],
            "variant": state["variant"],
            "variant_name": variant.name,
            "rules": state["rules"],
            "target": state["target"],
            "score": state["score"],
            "game_no": state["game_no"],
            "crawford": state["crawford"],
            "phase": state["phase"],
            "turn": state["turn"],
            "to_act": sorted(self.to_act(state)),
            "dice": state["dice"],
            "opening": state["opening"],
            "cube": state["cube"],
            "offer": state["offer"],
            "checkers": variant.checkers,
            # How checkers enter and meet: the board names the bar or the hand.
            "movement": {"contact": variant.contact, "entry": variant.entry},
            # points[i] is the common board's point i + 1: seat 0's numbering.
            "points": points,
            "bar": [boards[0][BAR], boards[1][BAR]],
            "off": [boards[0][OFF], boards[1][OFF]],
            "boards": boards,
            # numbering[seat][p]: where the seat's point p sits on the common board.
            "numbering": [
                [None, *range(1, 25), None],
                [None, *(variant.other(p) for p in range(1, 25)), None],
            ],
            "pips": [pip_count(variant, boards[0]), pip_count(variant, boards[1])],
            "rerolls_left": state["rerolls_left"],
            "reroll_fee_bp": REROLL_FEE_BP.get(state["rules"]["reroll"]),
            "recent": state["recent"],
            "results": state["results"],
            "winner": state["winner"],
            "reason": state["reason"],
            "seat": seat,
            "actions": [] if seat is None else self.legal_actions(state, seat),
            # The board builds a play one step at a time along this tree.
            "steps": play_steps(state, seat),
        }
        return view

    def timeout_action(self, state: State, seat: int) -> Action | None:
        # A lapsed clock rolls; it never offers the cube on the player's behalf.
        if state["phase"] == CUBE and seat in self.to_act(state):
            return {"type": "roll"}
        return self._bot_choice(state, seat, None)

    def bot_action(self, state: State, seat: int, rng: Rng) -> Action:
        action = self._bot_choice(state, seat, rng)
        if action is None:
            raise IllegalAction("It is not your turn.")
        return action

    def forfeit(self, state: State, seat: int) -> State:
        new = _clone(state)
        if new["phase"] == OVER:
            return new
        winner = 1 - seat
        award = self._forfeit_award(new)
        # The match is lost with the game: the winner reaches at least the target.
        new["score"][winner] = max(new["score"][winner] + award, new["target"])
        new["results"].append(
            {
                "game": new["game_no"],
                "variant": new["variant"],
                "winner": winner,
                "points": award,
                "kind": "forfeit",
            }
        )
        self._close(new, winner, "forfeit")
        return new

    def outcome(self, state: State) -> Outcome | None:
        if state["phase"] != OVER:
            return None
        winner = state["winner"]
        placing = (1, 1) if winner is None else tuple(1 if s == winner else 2 for s in (0, 1))
        return Outcome(points=tuple(state["score"]), placing=placing, reason=state["reason"])

    # ---- games and turns ---------------------------------------------------------------

    def _start_game(self, state: State, rng: Rng) -> None:
        state["game_no"] += 1
        state["variant"] = self._game_variant(state["match"], state["game_no"])
        variant = _variant(state)
        rules = state["rules"]
        state["crawford"] = (
            rules["crawford"]
            and not state["crawford_done"]
            and state["target"] - 1 in state["score"]
        )
        state["crawford_done"] = state["crawford_done"] or state["crawford"]
        state["board"] = [variant.start_board(), variant.start_board()]
        state["pinned"] = [[], []]
        state["moved"] = [False, False]
        state["cube"] = {"value": 1, "owner": None, "turned": False}
        state["offer"] = None
        state["rerolls_left"] = [rules["reroll_times"] if rules["reroll"] != "none" else 0] * 2
        state["dice"] = None
        first, second = rng.die(), rng.die()
        while first == second:
            first, second = rng.die(), rng.die()
        state["opening"] = [first, second]
        starter = 0 if first > second else 1
        self._give_turn(state, starter, rng, dice=[max(first, second), min(first, second)])

    def _may_double(self, state: State, seat: int) -> bool:
        return (
            state["rules"]["cube"]
            and not state["crawford"]
            and state["cube"]["owner"] in (None, seat)
        )

    def _give_turn(self, state: State, seat: int, rng: Rng, dice: list[int] | None = None) -> None:
        """The seat's turn: offer the cube first if it may double, else roll; a roll that
        cannot be played (and cannot be rolled again) passes the turn on."""
        passes = 0
        while True:
            state["turn"] = seat
            if dice is None and self._may_double(state, seat):
                state["phase"] = CUBE
                state["dice"] = None
                return
            state["dice"] = dice or [rng.die(), rng.die()]
            state["phase"] = PLAY
            dice = None
            if passes == MAX_AUTO_PASSES or not self._must_pass(state, seat):
                return
            self._record_pass(state, seat)
            passes += 1
            seat = 1 - seat

    def _must_pass(self, state: State, seat: int) -> bool:
        return not plays_for(state, seat)[0].moves and not self._reroll_actions(state, seat)

    def _record_pass(self, state: State, seat: int) -> None:
        self._remember(state, {"seat": seat, "dice": state["dice"], "moves": []})
        state["moved"][seat] = True

    def _remember(self, state: State, event: dict[str, Any]) -> None:
        state["recent"] = [*state["recent"], event][-RECENT_KEPT:]

    # ---- actions -----------------------------------------------------------------------

    def _play(self, state: State, seat: int, action: Action, rng: Rng) -> None:
        moves = _parse_moves(action.get("moves"))
        variant = _variant(state)
        node = resolve(variant, root_node(state, seat), moves)
        self._set_position(state, seat, node)
        played = [list(step) for step in moves]
        self._remember(state, {"seat": seat, "dice": state["dice"], "moves": played})
        state["moved"][seat] = True
        state["dice"] = None
        if state["board"][seat][OFF] == variant.checkers:
            points, kind = self._win_points(state, seat)
            self._end_game(state, seat, points, kind, rng)
            return
        verdict = self._mother_verdict(state) if variant.mother_rule else None
        if verdict:
            self._end_game(state, *verdict, rng)
            return
        self._give_turn(state, 1 - seat, rng)

    def _set_position(self, state: State, seat: int, node: Node) -> None:
        variant = _variant(state)
        state["board"][seat] = list(node.mine)
        if variant.contact != NO_CONTACT:
            theirs = state["board"][1 - seat]
            for point in range(1, 25):
                theirs[variant.other(point)] = node.opp[point]
            theirs[BAR] = node.opp[BAR]
        state["pinned"][1 - seat] = sorted(variant.other(p) for p in node.opp_pins)

    def _roll(self, state: State, seat: int, action: Action, rng: Rng) -> None:
        self._give_turn(state, seat, rng, dice=[rng.die(), rng.die()])

    def _double(self, state: State, seat: int, action: Action, rng: Rng) -> None:
        value = state["cube"]["value"]
        state["offer"] = {"by": seat, "to": 1 - seat, "value": 2 * value, "beaver": False}
        state["cube"]["turned"] = True
        state["phase"] = TAKE
        self._remember(state, {"seat": seat, "cube": "double", "value": 2 * value})

    def _take(self, state: State, seat: int, action: Action, rng: Rng) -> None:
        offer = _offer(state)
        # After a beaver the beavering player keeps the cube.
        owner = offer["by"] if offer["beaver"] else seat
        state["cube"] = {"value": offer["value"], "owner": owner, "turned": True}
        state["offer"] = None
        self._remember(state, {"seat": seat, "cube": "take", "value": offer["value"]})
        self._give_turn(state, _mover(state), rng, dice=[rng.die(), rng.die()])

    def _drop(self, state: State, seat: int, action: Action, rng: Rng) -> None:
        offer = _offer(state)
        self._remember(state, {"seat": seat, "cube": "drop", "value": offer["value"]})
        state["offer"] = None
        # The refusing player loses what was at stake before this double.
        self._end_game(state, offer["by"], offer["value"] // 2, "drop", rng)

    def _beaver(self, state: State, seat: int, action: Action, rng: Rng) -> None:
        offer = _offer(state)
        if not state["rules"]["beaver"] or offer["beaver"]:
            raise IllegalAction("You cannot beaver this double.")
        state["offer"] = {
            "by": seat,
            "to": offer["by"],
            "value": 2 * offer["value"],
            "beaver": True,
        }
        self._remember(state, {"seat": seat, "cube": "beaver", "value": 2 * offer["value"]})

    def _reroll_actions(self, state: State, seat: int) -> list[Action]:
        kind = state["rules"]["reroll"]
        if kind == "none" or state["rerolls_left"][seat] <= 0:
            return []
        if kind == "both":
            return [{"type": "reroll", "dice": "both"}]
        dice = _dice(state)
        return [
            {"type": "reroll", "dice": "one", "die": i} for i in range(1 + (dice[0] != dice[1]))
        ]

    def _reroll(self, state: State, seat: int, action: Action, rng: Rng) -> None:
        kind = state["rules"]["reroll"]
        if kind == "none":
            raise IllegalAction("Rolling the dice again is not played at this table.")
        if action.get("dice") != kind:
            raise IllegalAction(f"At this table you may roll again: {kind} (dice).")
        if state["rerolls_left"][seat] <= 0:
            raise IllegalAction("You have used all your re-rolls for this game.")
        dice = _dice(state)
        if kind == "one":
            index = action.get("die")
            if type(index) is not int or index not in (0, 1):
                raise IllegalAction("Choose the die to roll again: 0 or 1.")
            dice[index] = rng.die()
        else:
            state["dice"] = dice = [rng.die(), rng.die()]
        state["rerolls_left"][seat] -= 1
        state["fees"].append(
            {
                "seat": seat,
                "kind": f"reroll_{kind}",
                "rate_bp": REROLL_FEE_BP[kind],
                "game": state["game_no"],
            }
        )
        self._remember(state, {"seat": seat, "reroll": kind, "dice": list(dice)})
        if self._must_pass(state, seat):
            self._record_pass(state, seat)
            self._give_turn(state, 1 - seat, rng)

    # ---- scoring -----------------------------------------------------------------------

    def _win_points(self, state: State, winner: int) -> tuple[int, str]:
        variant = _variant(state)
        rules = state["rules"]
        cube = state["cube"]["value"]
        loser = state["board"][1 - winner]
        if rules["pip_scoring"]:
            return cube * pip_count(variant, loser), "pips"
        if loser[OFF]:
            return cube, "single"
        times, kind = 2, "gammon"
        if rules["koks"] and (loser[BAR] or any(loser[19:25])):
            times, kind = 3, "backgammon"
        if rules["jacoby"] and not state["cube"]["turned"]:
            times = 1
        return cube * times, kind

    def _mother_verdict(self, state: State) -> tuple[int | None, int, str] | None:
        """Plakoto: a pinned mother loses two points once the pinner's own start is empty;
        both mothers pinned is a draw."""
        board, pinned = state["board"], state["pinned"]
        caught = [board[s][24] == 1 and 24 in pinned[s] for s in (0, 1)]
        if all(caught):
            return None, 0, "draw"
        for seat in (0, 1):
            if caught[seat] and board[1 - seat][24] == 0:
                return 1 - seat, 2, "mother"
        return None

    def _end_game(self, state: State, winner: int | None, points: int, kind: str, rng: Rng) -> None:
        state["results"].append(
            {
                "game": state["game_no"],
                "variant": state["variant"],
                "winner": winner,
                "points": points,
                "kind": kind,
            }
        )
        if winner is not None:
            state["score"][winner] += points
            if state["score"][winner] >= state["target"]:
                self._close(state, winner, kind)
                return
        elif state["target"] == 1:
            self._close(state, None, kind)
            return
        self._start_game(state, rng)

    def _close(self, state: State, winner: int | None, reason: str) -> None:
        state["phase"] = OVER
        state["winner"] = winner
        state["reason"] = reason
        state["dice"] = None
        state["offer"] = None
        state["turn"] = None

    # ---- bots --------------------------------------------------------------------------

    def _bot_choice(self, state: State, seat: int, rng: Rng | None) -> Action | None:
        if seat not in self.to_act(state):
            return None
        variant = _variant(state)
        mine = pip_count(variant, state["board"][seat])
        theirs = pip_count(variant, state["board"][1 - seat])
        if state["phase"] == CUBE:
            return {"type": "double" if bots.wants_double(mine, theirs) else "roll"}
        if state["phase"] == TAKE:
            return {"type": "take" if bots.takes(mine, theirs) else "drop"}
        play = bots.choose_play(variant, plays_for(state, seat), rng)
        return {"type": "play", "moves": [list(step) for step in play.moves]}


class TavliEngine(_BoardEngine[TavliOptions]):
    slug = "tavli"
    name = "Tavli"
    Options = TavliOptions
    on_disconnect = OnDisconnect.CONCEDE_MAX

    def _rules(self, options: TavliOptions) -> TableRules:
        return {
            "cube": False,
            "koks": False,
            "beaver": False,
            "jacoby": False,
            "crawford": False,
            "reroll": "none",
            "reroll_times": 0,
            "pip_scoring": False,
        }

    def _game_variant(self, match: str, game_no: int) -> str:
        if match == "series":
            return TAVLI_SERIES[(game_no - 1) % len(TAVLI_SERIES)]
        return match

    def _forfeit_award(self, state: State) -> int:
        # A conceded Tavli game gives the most one game can give: a double win.
        return 2


class BackgammonEngine(_BoardEngine[BackgammonOptions]):
    slug = "backgammon"
    name = "Backgammon"
    Options = BackgammonOptions
    on_disconnect = OnDisconnect.FORFEIT

    def _rules(self, options: BackgammonOptions) -> TableRules:
        variant = VARIANTS[options.variant]
        cube = _cube_on(variant, options.cube)
        return {
            "cube": cube,
            "koks": _koks_on(variant, options.koks),
            "beaver": cube and options.beaver,
            "jacoby": cube and options.jacoby,
            # The match rule of the regulation, not a table option.
            "crawford": cube and options.points > 1,
            "reroll": options.reroll,
            "reroll_times": options.reroll_times,
            "pip_scoring": variant.pip_scoring and options.points in PIP_SCORING_TARGETS,
        }

    def _forfeit_award(self, state: State) -> int:
        return int(state["cube"]["value"])


TAVLI = TavliEngine()
BACKGAMMON = BackgammonEngine()
ENGINES: list[Engine[Any, State, Action]] = [TAVLI, BACKGAMMON]
