"""Dominoes for two players (the regulation's section 12.12.2): Classic, Fives, Threes and
Block, with the double-six set. Plain Python: no Django import.

A state holds one match: the score, the deal being played (both hands, the reserve in the
order it will be drawn, the bones on the table) and whose turn it is. The reserve is
shuffled once per deal from the step's `rng`, so drawing needs no randomness of its own.
A player who cannot play draws from the reserve until a bone fits (Classic, Fives, Threes)
or passes (when nothing fits and nothing is left to draw, and always in Block); the engine
does both at once, so the seat to act always has a bone to play. Neither seat able to play
is the block. RULES.md holds the rules for players and each reading of the text.

Actions:
  {"type": "play", "bone": [low, high], "end": "center" | "left" | "right" | "north" | "south"}
  {"type": "pairs", "doubles": [{"double": n, "end": end}, ...]}   Multi Pair: 2 to 4 doubles
`parse_action` rebuilds an action in exactly this schema (MalformedAction for anything else).
"""

from __future__ import annotations

import copy
import itertools
from dataclasses import dataclass
from typing import Any, ClassVar, Literal, TypedDict

from games.domino import bots
from games.domino.bones import (
    DRAW_DOUBLES,
    HAND_SIZE,
    TOP,
    Bone,
    full_set,
    hand_value,
    is_double,
    lowest,
    norm,
    pips,
    round_fives,
    round_threes,
    weight,
)
from games.domino.layout import (
    CENTER,
    ENDS,
    End,
    Layout,
    count,
    empty,
    end_number,
    open_ends,
    place,
)
from games.duel import Duel, DuelState, check_playing, check_seat, other, placing
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

# The text's list of game scores. Up to 7 the match is played for that many deals won;
# from 51 on, for that many points (RULES.md, "How we read it").
GAME_SCORES = (1, 3, 5, 7, 51, 101, 201, 301, 53, 103, 203, 55, 105, 205, 305)
MOST_DEALS = 7
RECENT_KEPT = 8
MAX_PAIRS = 4
ACTION_HINT = (
    'Send {"type": "play", "bone": [a, b], "end": "center" | "left" | "right" | "north" |'
    ' "south"} or {"type": "pairs", "doubles": [{"double": n, "end": ...}, ...]}.'
)

How = Literal["out", "block"]


@dataclass(frozen=True)
class DominoOptions(BaseOptions):
    points: int = option(
        1,
        "Game score",
        GAME_SCORES,
        "1, 3, 5 or 7: deals to win. 51 and more: points to reach.",
    )
    winner_gets_all: bool = option(
        False,
        "Winner Gets All",
        (True, False),
        "The winner of a deal also scores the pips of the bones nobody was dealt.",
    )


@dataclass(frozen=True)
class ScoringOptions(DominoOptions):
    points: int = option(
        101,
        "Game score",
        GAME_SCORES,
        "1, 3, 5 or 7: deals to win. 51 and more: points to reach.",
    )
    multi_pair: bool = option(
        False,
        "Multi Pair",
        (True, False),
        "Play up to four doubles at once on different ends when together they score.",
    )


class DealResult(TypedDict):
    deal: int
    winner: int  # who went out or won the block
    how: How
    points: int  # what the winner scored for the deal's end
    hands: list[list[Bone]]  # both hands, face up once the deal is over
    counted: list[int]  # what each hand counted
    reserve: int  # the pips of the undealt bones added by Winner Gets All (else 0)
    deal_points: list[int]  # everything each seat scored in this deal
    deal_winner: int  # whose deal it is when deals are counted


class DominoState(DuelState):
    variant: str
    target: int
    winner_gets_all: bool
    multi_pair: bool
    score: list[int]
    deals_won: list[int]
    deal_no: int
    hands: list[list[Bone]]
    reserve: list[Bone]  # in the order it is drawn; Block's undealt bones, never drawn
    layout: Layout
    turn: int | None
    opener: int
    deal_points: list[int]
    recent: list[dict[str, Any]]  # the last few plays, draws and passes, as shown
    results: list[DealResult]
    reason: str


class Play(TypedDict):
    type: Literal["play"]
    bone: list[int]
    end: End


class PairPlay(TypedDict):
    double: int
    end: End


class Pairs(TypedDict):
    type: Literal["pairs"]
    doubles: list[PairPlay]


Action = Play | Pairs


def _half(value: object) -> int:
    # A JSON integer only: True and 1.0 are not halves of a bone.
    if type(value) is not int or not 0 <= value <= TOP:
        raise MalformedAction(ACTION_HINT)
    return value


def _end(value: object) -> End:
    for end in ENDS:
        if value == end:
            return end
    raise MalformedAction(ACTION_HINT)


def _parse_pairs(raw: object) -> list[PairPlay]:
    if not isinstance(raw, list) or not 2 <= len(raw) <= MAX_PAIRS:
        raise MalformedAction("Multi Pair plays two to four doubles.")
    doubles: list[PairPlay] = []
    for item in raw:
        fields = parse_object(item, {"double", "end"}, hint=ACTION_HINT)
        end = _end(fields["end"])
        if end == CENTER:
            raise MalformedAction(ACTION_HINT)
        doubles.append({"double": _half(fields["double"]), "end": end})
    if len({d["double"] for d in doubles}) != len(doubles) or len(
        {d["end"] for d in doubles}
    ) != len(doubles):
        raise MalformedAction("Multi Pair plays different doubles on different ends.")
    # One order for one play: the replay and the legal list compare equal.
    return sorted(doubles, key=lambda d: ENDS.index(d["end"]))


def parse(raw: object) -> Action:
    fields = parse_object(raw, {"type"}, {"bone", "end", "doubles"}, hint=ACTION_HINT)
    kind = fields.pop("type")
    if kind == "play" and set(fields) == {"bone", "end"}:
        bone = fields["bone"]
        if not isinstance(bone, list) or len(bone) != 2:
            raise MalformedAction(ACTION_HINT)
        return {"type": "play", "bone": norm([_half(h) for h in bone]), "end": _end(fields["end"])}
    if kind == "pairs" and set(fields) == {"doubles"}:
        return {"type": "pairs", "doubles": _parse_pairs(fields["doubles"])}
    raise MalformedAction(ACTION_HINT)


def opener(hands: list[list[Bone]]) -> int:
    """The draw for the first move: the lowest double from 1:1 up (the double blank last),
    else the lowest bone."""
    for number in DRAW_DOUBLES:
        for seat in (0, 1):
            if [number, number] in hands[seat]:
                return seat
    return min((0, 1), key=lambda seat: weight(lowest(hands[seat])))


def opening_bones(hand: list[Bone]) -> list[Bone]:
    """The first bone of a deal is a double if the opener has one, else the lowest bone."""
    doubles = [bone for bone in hand if is_double(bone)]
    return doubles or [lowest(hand)]


class DominoEngine(Duel[DominoOptions, DominoState, Action]):
    """What the four games share; each variant says whether it draws and how it scores."""

    variant: ClassVar[str]
    draws: ClassVar[bool] = True  # a player who cannot play draws from the reserve
    divisor: ClassVar[int] = 0  # Fives 5, Threes 3: open ends scoring during play
    Options: type[DominoOptions] = DominoOptions

    # ---- scoring -------------------------------------------------------------------

    def play_points(self, open_count: int) -> int:
        """What a play scores when the open ends show `open_count` pips."""
        return 0

    def deal_points(self, loser_count: int, winner_count: int, how: How) -> int:
        """What the winner of a deal scores from the hands (the reserve added before)."""
        return loser_count

    def _lone_blank(self) -> bool:
        return self.divisor > 0

    # ---- the contract --------------------------------------------------------------

    def start(self, options: DominoOptions, seats: int, rng: Rng) -> DominoState:
        self.check_start(options, seats)
        state: DominoState = {
            "variant": self.variant,
            "target": options.points,
            "winner_gets_all": options.winner_gets_all,
            "multi_pair": isinstance(options, ScoringOptions) and options.multi_pair,
            "score": [0, 0],
            "deals_won": [0, 0],
            "deal_no": 0,
            "hands": [[], []],
            "reserve": [],
            "layout": empty(),
            "turn": None,
            "opener": 0,
            "deal_points": [0, 0],
            "recent": [],
            "results": [],
            "reason": "",
            "winner": None,
            "forfeited": None,
        }
        self._deal(state, rng)
        return state

    def to_act(self, state: DominoState) -> set[int]:
        if state["winner"] is not None or state["turn"] is None:
            return set()
        return {state["turn"]}

    def legal_actions(self, state: DominoState, seat: int) -> list[Action]:
        if seat not in self.to_act(state):
            return []
        actions: list[Action] = list(self._plays(state, seat))
        actions.extend(self._pairs(state, seat))
        return actions

    def parse_action(self, raw: object) -> Action:
        return parse(raw)

    def apply(self, state: DominoState, seat: int, action: Action, rng: Rng) -> DominoState:
        seat = check_seat(seat)
        check_playing(state)
        if seat != state["turn"]:
            raise IllegalAction("It is not your turn.")
        state = copy.deepcopy(state)
        if action["type"] == "play":
            points = self._play(state, seat, action)
        else:
            points = self._play_pairs(state, seat, action)
        self._after_play(state, seat, points, rng)
        return state

    def timeout_action(self, state: DominoState, seat: int) -> Action | None:
        # A lapsed step time plays the computer's choice rather than forfeiting the match.
        if seat not in self.to_act(state):
            return None
        return self._choose(state, seat, None)

    def bot_action(self, state: DominoState, seat: int, rng: Rng) -> Action:
        if seat not in self.to_act(state):
            raise IllegalAction("It is not your turn.")
        return self._choose(state, seat, rng)

    def view(self, state: DominoState, seat: int | None) -> View:
        layout = state["layout"]
        return {
            "variant": state["variant"],
            "target": state["target"],
            "counts": "deals" if state["target"] <= MOST_DEALS else "points",
            "score": list(state["score"]),
            "deals_won": list(state["deals_won"]),
            "deal": state["deal_no"],
            "layout": copy.deepcopy(layout),
            "ends": [{"end": end, "number": n} for end, n in open_ends(layout)],
            "open_count": count(layout),
            # Only the seat's own bones; the other hand and the reserve are counted.
            "hand": None if seat is None else [list(b) for b in state["hands"][seat]],
            "hand_sizes": [len(hand) for hand in state["hands"]],
            "reserve": len(state["reserve"]) if self.draws else None,
            "turn": state["turn"],
            "opener": state["opener"],
            "deal_points": list(state["deal_points"]),
            "recent": copy.deepcopy(state["recent"]),
            "results": copy.deepcopy(state["results"]),
            "winner_gets_all": state["winner_gets_all"],
            "multi_pair": state["multi_pair"],
            "winner": state["winner"],
            "reason": self._reason(state),
            "seat": seat,
        }

    def outcome(self, state: DominoState) -> Outcome | None:
        winner = state["winner"]
        if winner is None:
            return None
        kept = state["deals_won"] if state["target"] <= MOST_DEALS else state["score"]
        return Outcome(points=tuple(kept), placing=placing(winner), reason=self._reason(state))

    # ---- deals and turns -----------------------------------------------------------

    def _deal(self, state: DominoState, rng: Rng) -> None:
        bones = rng.shuffle(full_set())
        state["deal_no"] += 1
        state["hands"] = [sorted(bones[:HAND_SIZE]), sorted(bones[HAND_SIZE : 2 * HAND_SIZE])]
        state["reserve"] = bones[2 * HAND_SIZE :]
        state["layout"] = empty()
        state["deal_points"] = [0, 0]
        first = opener(state["hands"])
        state["opener"] = first
        state["turn"] = first
        # The last deal's plays stay in its result; a bone of it may be in a hand now.
        state["recent"] = [{"seat": first, "kind": "deal", "deal": state["deal_no"]}]

    def _plays(self, state: DominoState, seat: int) -> list[Play]:
        hand = state["hands"][seat]
        layout = state["layout"]
        if not layout["line"]:
            return [{"type": "play", "bone": list(b), "end": CENTER} for b in opening_bones(hand)]
        return [
            {"type": "play", "bone": list(bone), "end": end}
            for bone in hand
            for end, number in open_ends(layout)
            if number in bone
        ]

    def _pairs(self, state: DominoState, seat: int) -> list[Pairs]:
        """Multi Pair: every set of two to four doubles, one per end, that scores."""
        layout = state["layout"]
        if not (state["multi_pair"] and self.divisor and layout["line"]):
            return []
        doubles = {bone[0] for bone in state["hands"][seat] if is_double(bone)}
        fitting = [(end, n) for end, n in open_ends(layout) if n in doubles]
        found: list[Pairs] = []
        for size in range(2, MAX_PAIRS + 1):
            for chosen in itertools.combinations(fitting, size):
                if len({n for _, n in chosen}) < size:
                    continue  # one double cannot go on two ends
                trial = copy.deepcopy(layout)
                for end, n in chosen:
                    place(trial, [n, n], end)
                if self.play_points(count(trial)):
                    pairs = [PairPlay(double=n, end=end) for end, n in chosen]
                    found.append({"type": "pairs", "doubles": pairs})
        return found

    def _play(self, state: DominoState, seat: int, action: Play) -> int:
        bone, end = norm(action["bone"]), action["end"]
        hand = state["hands"][seat]
        if bone not in hand:
            raise IllegalAction("That bone is not in your hand.")
        layout = state["layout"]
        if not layout["line"]:
            if end != CENTER:
                raise IllegalAction("The first bone of a deal starts the line.")
            if bone not in opening_bones(hand):
                raise IllegalAction(
                    "Open the deal with a double, or your lowest bone if you have none."
                )
        else:
            number = end_number(layout, end)
            if number is None or number not in bone:
                raise IllegalAction("That bone does not match that end.")
        place(layout, bone, end)
        hand.remove(bone)
        points = self.play_points(count(layout))
        self._remember(
            state, {"seat": seat, "kind": "play", "bone": bone, "end": end, "points": points}
        )
        return points

    def _play_pairs(self, state: DominoState, seat: int, action: Pairs) -> int:
        if not (state["multi_pair"] and self.divisor):
            raise IllegalAction("Multi Pair is not played at this table.")
        layout = state["layout"]
        hand = state["hands"][seat]
        if not layout["line"]:
            raise IllegalAction("The first bone of a deal is played alone.")
        ends = dict(open_ends(layout))
        for pair in action["doubles"]:
            n = pair["double"]
            if [n, n] not in hand:
                raise IllegalAction("Those doubles are not all in your hand.")
            if ends.get(pair["end"]) != n:
                raise IllegalAction("Each double must match the end it is played on.")
        trial = copy.deepcopy(layout)
        for pair in action["doubles"]:
            place(trial, [pair["double"]] * 2, pair["end"])
        points = self.play_points(count(trial))
        if not points:
            raise IllegalAction("Doubles played together must score.")
        state["layout"] = trial
        for pair in action["doubles"]:
            hand.remove([pair["double"]] * 2)
        doubles = [dict(pair) for pair in action["doubles"]]
        self._remember(state, {"seat": seat, "kind": "pairs", "doubles": doubles, "points": points})
        return points

    def _after_play(self, state: DominoState, seat: int, points: int, rng: Rng) -> None:
        if points:
            self._score(state, seat, points)
            if state["winner"] is not None:
                return
        if not state["hands"][seat]:
            self._end_deal(state, seat, "out", rng)
            return
        self._next_turn(state, other(seat), rng)

    def _next_turn(self, state: DominoState, seat: int, rng: Rng) -> None:
        """The turn of `seat`, after it draws what it must; a seat that still cannot play
        passes, and when neither can, the deal is blocked."""
        for mover in (seat, other(seat)):
            drawn = 0
            while self.draws and state["reserve"] and not self._plays(state, mover):
                state["hands"][mover].append(state["reserve"].pop(0))
                drawn += 1
            if drawn:
                state["hands"][mover].sort()
                self._remember(state, {"seat": mover, "kind": "draw", "count": drawn})
            if self._plays(state, mover):
                state["turn"] = mover
                return
            self._remember(state, {"seat": mover, "kind": "pass"})
        self._end_deal(state, self._block_winner(state), "block", rng)

    def _block_winner(self, state: DominoState) -> int:
        """The lighter hand wins a block; equal hands: the one holding the lowest bone."""
        counted = [hand_value(hand, self._lone_blank()) for hand in state["hands"]]
        if counted[0] != counted[1]:
            return 0 if counted[0] < counted[1] else 1
        return min((0, 1), key=lambda seat: weight(lowest(state["hands"][seat])))

    def _end_deal(self, state: DominoState, winner: int, how: How, rng: Rng) -> None:
        loser = other(winner)
        counted = [hand_value(hand, self._lone_blank()) for hand in state["hands"]]
        extra = pips(state["reserve"]) if state["winner_gets_all"] else 0
        points = self.deal_points(counted[loser] + extra, counted[winner], how)
        state["deal_points"][winner] += points
        dealt = state["deal_points"]
        deal_winner = winner if dealt[0] == dealt[1] else (0 if dealt[0] > dealt[1] else 1)
        state["results"].append(
            {
                "deal": state["deal_no"],
                "winner": winner,
                "how": how,
                "points": points,
                "hands": [[list(b) for b in hand] for hand in state["hands"]],
                "counted": counted,
                "reserve": extra,
                "deal_points": list(dealt),
                "deal_winner": deal_winner,
            }
        )
        state["turn"] = None
        if points:
            self._score(state, winner, points, deal=False)
            if state["winner"] is not None:
                return
        if state["target"] <= MOST_DEALS:
            state["deals_won"][deal_winner] += 1
            if state["deals_won"][deal_winner] >= state["target"]:
                self._close(state, deal_winner, "won the deals")
                return
        self._deal(state, rng)

    def _score(self, state: DominoState, seat: int, points: int, deal: bool = True) -> None:
        if deal:
            state["deal_points"][seat] += points
        state["score"][seat] += points
        if state["target"] > MOST_DEALS and state["score"][seat] >= state["target"]:
            self._close(state, seat, "reached the score")

    def _close(self, state: DominoState, winner: int, reason: str) -> None:
        state["winner"] = winner
        state["reason"] = reason
        state["turn"] = None

    def _reason(self, state: DominoState) -> str:
        return "forfeit" if state["forfeited"] is not None else state["reason"]

    def _remember(self, state: DominoState, event: dict[str, Any]) -> None:
        state["recent"] = [*state["recent"], event][-RECENT_KEPT:]

    # ---- the computer player -------------------------------------------------------

    def _choose(self, state: DominoState, seat: int, rng: Rng | None) -> Action:
        candidates: list[bots.Candidate[Action]] = []
        for action in self.legal_actions(state, seat):
            trial = copy.deepcopy(state["layout"])
            if action["type"] == "play":
                played = [action["bone"]]
                place(trial, action["bone"], action["end"])
            else:
                played = [[pair["double"]] * 2 for pair in action["doubles"]]
                for pair in action["doubles"]:
                    place(trial, [pair["double"]] * 2, pair["end"])
            candidates.append(bots.Candidate(action, self.play_points(count(trial)), pips(played)))
        return bots.choose(candidates, rng)


class ClassicEngine(DominoEngine):
    slug = "dominoes"
    name = "Dominoes"
    variant = "classic"

    def deal_points(self, loser_count: int, winner_count: int, how: How) -> int:
        # A block pays the difference between the hands; going out, the loser's hand.
        return loser_count - winner_count if how == "block" else loser_count


class BlockEngine(DominoEngine):
    slug = "block-dominoes"
    name = "Block Dominoes"
    variant = "block"
    draws = False


class FivesEngine(DominoEngine):
    slug = "fives"
    name = "Fives"
    variant = "fives"
    divisor = 5
    Options = ScoringOptions

    def play_points(self, open_count: int) -> int:
        return open_count if open_count and open_count % 5 == 0 else 0

    def deal_points(self, loser_count: int, winner_count: int, how: How) -> int:
        return round_fives(loser_count)


class ThreesEngine(DominoEngine):
    slug = "threes"
    name = "Threes"
    variant = "threes"
    divisor = 3
    Options = ScoringOptions

    def play_points(self, open_count: int) -> int:
        # The text's example: ends of 2, 4 and 3 make 9, which scores 9 / 3 = 3.
        return open_count // 3 if open_count and open_count % 3 == 0 else 0

    def deal_points(self, loser_count: int, winner_count: int, how: How) -> int:
        return round_threes(loser_count)


DOMINOES = ClassicEngine()
FIVES = FivesEngine()
THREES = ThreesEngine()
BLOCK = BlockEngine()
ENGINES: tuple[DominoEngine, ...] = (DOMINOES, FIVES, THREES, BLOCK)
