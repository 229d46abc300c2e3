"""Wordfall, the word game on a 15x15 board for 2 to 4 players: the engine the runtime
loads (games/engine.py for the contract; RULES.md for the rules as players read them and
the readings of the text). Plain Python: no Django.

Seats play in their seating order, seat 0 first. The bag is shuffled at the start (and
again after each exchange) with the step's stream and drawn from its end, so its order,
like the other racks, never leaves the server. A placement is judged by games/words/board.py
against the table's word list (games/words/lexicon.py); the computer player takes the
best-scoring placement from games/words/movegen.py."""

from __future__ import annotations

import copy
import math
from dataclasses import dataclass
from typing import Any, Literal, NotRequired, TypedDict

from games.engine import (
    BaseOptions,
    Engine,
    GameClock,
    IllegalAction,
    MalformedAction,
    Outcome,
    View,
    is_int,
    option,
    parse_object,
)
from games.rng import Rng
from games.words import bots
from games.words.board import SIZE, SPECIAL, STANDARD, judge, put, random_layout, square
from games.words.lexicon import LEXICONS, words
from games.words.tiles import BLANK, RACK, holds, rack_value, take

MIN_SEATS, MAX_SEATS = 2, 4
PASS_ROUNDS = 3  # every player passes (or exchanges) three rounds in a row: the game ends
EXCHANGE_BAG = 7  # tiles the bag must hold for an exchange
HISTORY_SHOWN = 12  # the latest moves a view carries
MINUTE_MS = 60_000
# The time modes: minutes per player, and the span each 10-point deduction is for.
TIME_MODES: dict[str, tuple[int | None, int]] = {
    "rush": (12, 15_000),
    "stress": (20, MINUTE_MS),
    "fast": (30, MINUTE_MS),
    "normal": (60, MINUTE_MS),
    "unlimited": (None, MINUTE_MS),
}
TIME_PENALTY = 10
OVERTIME_MS = 5 * MINUTE_MS  # a player this far over the limit ends the game
MOVE_HINT = (
    'A move: {"type": "place", "tiles": [[row, col, "A"], ...]} (a lower-case letter '
    'for a blank), {"type": "exchange", "tiles": ["A", "?"]} or {"type": "pass"}.'
)
MoveKind = Literal["place", "exchange", "pass"]


@dataclass(frozen=True)
class WordsOptions(BaseOptions):
    board: str = option(
        "standard",
        "Board",
        ("standard", "special", "random"),
        "Standard premiums, our special design with more of them, or premiums placed at random",
    )
    time: str = option(
        "fast",
        "Time",
        tuple(TIME_MODES),
        "Each player's time for the whole game: Rush 12 min, Stress 20, Fast 30, "
        "Normal 60, or unlimited; 10 points off per minute over (Rush: per 15 s)",
    )
    lexicon: str = option(
        "en",
        "Word list",
        tuple(LEXICONS),
        "En: English, SCOWL's large American list (freely licensed)",
    )


class WordsMove(TypedDict):
    type: MoveKind
    tiles: NotRequired[list[Any]]  # place: [row, col, letter]; exchange: letters


class Record(TypedDict):
    seat: int
    kind: MoveKind
    words: list[list[Any]]  # [word, score] per word formed
    score: int
    count: int  # tiles placed or exchanged
    squares: list[int]


class Result(TypedDict):
    reason: str  # "out", "passes", "time", "forfeit"
    out: int | None  # who emptied the rack
    forfeited: int | None
    racks: list[int]  # points deducted for the tiles left
    time: list[int]  # points deducted for time over the limit
    bonus: int  # the others' racks, to the one who went out


class WordsState(TypedDict):
    lexicon: str
    time: str
    seats: int
    layout: str
    board: str
    racks: list[list[str]]
    bag: list[str]  # drawn from the end
    scores: list[int]
    turn: int
    passes: int  # passes and exchanges in a row
    overtime: list[int]  # milliseconds over the time limit, per seat
    history: list[Record]
    result: Result | None


def parse_move(raw: object) -> WordsMove:
    fields = parse_object(raw, {"type"}, {"tiles"}, hint=MOVE_HINT)
    kind = fields["type"]
    if kind == "pass" and set(fields) == {"type"}:
        return {"type": "pass"}
    tiles = fields.get("tiles")
    if not isinstance(tiles, list) or not 0 < len(tiles) <= RACK:
        raise MalformedAction(MOVE_HINT)
    if kind == "exchange" and all(_is_tile(t) for t in tiles):
        return {"type": "exchange", "tiles": [str(t) for t in tiles]}
    if kind == "place" and all(_is_placed(t) for t in tiles):
        return {"type": "place", "tiles": [[t[0], t[1], str(t[2])] for t in tiles]}
    raise MalformedAction(MOVE_HINT)


def _is_tile(value: object) -> bool:
    return isinstance(value, str) and len(value) == 1 and ("A" <= value <= "Z" or value == BLANK)


def _is_placed(value: object) -> bool:
    return (
        isinstance(value, list)
        and len(value) == 3
        and all(is_int(v) and 0 <= v < SIZE for v in value[:2])
        and isinstance(value[2], str)
        and len(value[2]) == 1
        and value[2].isascii()
        and value[2].isalpha()
    )


class Words(Engine[WordsOptions, WordsState, WordsMove]):
    slug = "wordfall"
    name = "Wordfall"
    min_seats = MIN_SEATS
    max_seats = MAX_SEATS
    Options = WordsOptions

    # ---- the table ---------------------------------------------------------------------

    def start(self, options: WordsOptions, seats: int, rng: Rng) -> WordsState:
        options.validate()
        if seats not in self.seat_counts(options):
            raise ValueError("Wordfall is played by 2 to 4 players.")
        lexicon = LEXICONS[options.lexicon]
        layout = {"standard": STANDARD, "special": SPECIAL}.get(options.board)
        if layout is None:
            layout = random_layout(rng)
        bag = rng.shuffle(lexicon.tiles.bag())
        racks = [[bag.pop() for _ in range(RACK)] for _ in range(seats)]
        return {
            "lexicon": options.lexicon,
            "time": options.time,
            "seats": seats,
            "layout": layout,
            "board": "." * (SIZE * SIZE),
            "racks": racks,
            "bag": bag,
            "scores": [0] * seats,
            "turn": 0,
            "passes": 0,
            "overtime": [0] * seats,
            "history": [],
            "result": None,
        }

    def game_clock(self, options: WordsOptions) -> GameClock | None:
        minutes, _ = TIME_MODES[options.time]
        if minutes is None:
            return None
        return GameClock(total_ms=minutes * MINUTE_MS, overtime_ms=OVERTIME_MS)

    def clock_spent(self, state: WordsState, seat: int, left_ms: int) -> WordsState:
        """The seat's clock after its move or at its limit: time past zero is kept for
        the deduction, and five minutes over ends the game."""
        over = max(0, -left_ms)
        if state["result"] is not None or over == state["overtime"][seat]:
            return state
        state = copy.deepcopy(state)
        state["overtime"][seat] = over
        if over >= OVERTIME_MS:
            self._end(state, "time")
        return state

    # ---- moves -------------------------------------------------------------------------

    def to_act(self, state: WordsState) -> set[int]:
        return set() if state["result"] is not None else {state["turn"]}

    def legal_actions(self, state: WordsState, seat: int) -> list[WordsMove]:
        """A summary: passing, and exchanging the whole rack when the bag allows it.
        Placements are too many to list; the board builds them and `apply` judges."""
        if seat not in self.to_act(state):
            return []
        moves: list[WordsMove] = [{"type": "pass"}]
        if len(state["bag"]) >= EXCHANGE_BAG:
            moves.append({"type": "exchange", "tiles": list(state["racks"][seat])})
        return moves

    def is_legal(self, state: WordsState, seat: int, action: WordsMove) -> bool:
        try:
            self.apply(state, seat, action, Rng(b"\0" * 32, "judge", 0))
        except IllegalAction:
            return False
        return True

    def parse_action(self, raw: object) -> WordsMove:
        return parse_move(raw)

    def apply(self, state: WordsState, seat: int, action: WordsMove, rng: Rng) -> WordsState:
        if state["result"] is not None:
            raise IllegalAction("The game is over.")
        if seat != state["turn"]:
            raise IllegalAction("It is not your turn.")
        state = copy.deepcopy(state)
        if action["type"] == "place":
            self._place(state, seat, action.get("tiles", []))
        elif action["type"] == "exchange":
            self._exchange(state, seat, action.get("tiles", []), rng)
        else:
            state["history"].append(_record(seat, "pass"))
            state["passes"] += 1
        if state["result"] is None and state["passes"] >= PASS_ROUNDS * state["seats"]:
            self._end(state, "passes")
        if state["result"] is None:
            state["turn"] = (seat + 1) % state["seats"]
        return state

    def play_of(self, state: WordsState, seat: int, tiles: list[Any]) -> tuple[dict[int, str], Any]:
        """The squares and judged play of a placement from `seat`'s rack: IllegalAction
        when the rack lacks the tiles or the rules forbid it."""
        placed: dict[int, str] = {}
        for row, col, letter in tiles:
            at = square(row, col)
            if at in placed:
                raise IllegalAction("Two tiles cannot go on one square.")
            placed[at] = letter
        lexicon = LEXICONS[state["lexicon"]]
        letters = lexicon.tiles.letters
        if any(tile.upper() not in letters for tile in placed.values()):
            raise IllegalAction("That letter is not in this game's tile set.")
        needed = [BLANK if tile.islower() else tile for tile in placed.values()]
        if not holds(state["racks"][seat], needed):
            raise IllegalAction("Your rack does not hold those tiles.")
        play = judge(state["board"], state["layout"], placed, lexicon.tiles, words(lexicon.name))
        return placed, play

    def preview(self, state: WordsState, seat: int, action: WordsMove) -> dict[str, Any] | None:
        """A placement's words and score, or why it cannot be played (the score is still
        given when the tiles are placed right and only a word is missing from the list)."""
        if action["type"] != "place" or not 0 <= seat < state["seats"]:
            return None
        try:
            _, play = self.play_of(state, seat, action.get("tiles", []))
        except IllegalAction as refused:
            return {"ok": False, "reason": refused.reason, **self._unchecked(state, action)}
        return {"ok": True, "score": play.score, "words": [[w.word, w.score] for w in play.words]}

    def _unchecked(self, state: WordsState, action: WordsMove) -> dict[str, Any]:
        """The score of a placement whose only fault is a word not in the list."""
        placed = {square(r, c): letter for r, c, letter in action.get("tiles", [])}
        tiles = LEXICONS[state["lexicon"]].tiles
        try:
            play = judge(state["board"], state["layout"], placed, tiles, None)
        except IllegalAction:
            return {}
        return {"score": play.score, "words": [[w.word, w.score] for w in play.words]}

    def _place(self, state: WordsState, seat: int, tiles: list[Any]) -> None:
        placed, play = self.play_of(state, seat, tiles)
        state["board"] = put(state["board"], placed)
        needed = [BLANK if tile.islower() else tile for tile in placed.values()]
        rack = take(state["racks"][seat], needed)
        while len(rack) < RACK and state["bag"]:
            rack.append(state["bag"].pop())
        state["racks"][seat] = rack
        state["scores"][seat] += play.score
        state["passes"] = 0
        state["history"].append(
            {
                "seat": seat,
                "kind": "place",
                "words": [[w.word, w.score] for w in play.words],
                "score": play.score,
                "count": len(placed),
                "squares": sorted(placed),
            }
        )
        if not rack and not state["bag"]:
            self._end(state, "out", out=seat)

    def _exchange(self, state: WordsState, seat: int, tiles: list[str], rng: Rng) -> None:
        if len(state["bag"]) < EXCHANGE_BAG:
            raise IllegalAction("Tiles can be exchanged only while the bag holds seven or more.")
        if not holds(state["racks"][seat], tiles):
            raise IllegalAction("Your rack does not hold those tiles.")
        rack = take(state["racks"][seat], tiles)
        bag = state["bag"]
        rack += [bag.pop() for _ in tiles]
        state["racks"][seat] = rack
        state["bag"] = rng.shuffle(bag + list(tiles))
        state["passes"] += 1
        state["history"].append({**_record(seat, "exchange"), "count": len(tiles)})

    def timeout_action(self, state: WordsState, seat: int) -> WordsMove | None:
        return {"type": "pass"}

    def bot_action(self, state: WordsState, seat: int, rng: Rng) -> WordsMove:
        lexicon = LEXICONS[state["lexicon"]]
        can_exchange = len(state["bag"]) >= EXCHANGE_BAG
        rack = state["racks"][seat]
        return parse_move(bots.choose(state["board"], state["layout"], rack, can_exchange, lexicon))

    def forfeit(self, state: WordsState, seat: int) -> WordsState:
        if type(seat) is not int or not 0 <= seat < state["seats"]:
            raise IllegalAction("There is no seat like that at this table.")
        state = copy.deepcopy(state)
        if state["result"] is None:
            self._end(state, "forfeit", forfeited=seat)
        return state

    # ---- the end -----------------------------------------------------------------------

    def _end(
        self,
        state: WordsState,
        reason: str,
        *,
        out: int | None = None,
        forfeited: int | None = None,
    ) -> None:
        """Tiles left are deducted (not at a forfeit: the game stops as it stands) and
        their sum goes to the player who went out; time over the limit is deducted."""
        tiles = LEXICONS[state["lexicon"]].tiles
        seats = range(state["seats"])
        racks = [0 if reason == "forfeit" else rack_value(state["racks"][s], tiles) for s in seats]
        bonus = sum(racks) if out is not None else 0
        _, span = TIME_MODES[state["time"]]
        time = [TIME_PENALTY * math.ceil(state["overtime"][s] / span) for s in seats]
        for s in seats:
            state["scores"][s] += (bonus if s == out else 0) - racks[s] - time[s]
        state["result"] = {
            "reason": reason,
            "out": out,
            "forfeited": forfeited,
            "racks": racks,
            "time": time,
            "bonus": bonus,
        }

    def outcome(self, state: WordsState) -> Outcome | None:
        result = state["result"]
        if result is None:
            return None
        return Outcome(tuple(state["scores"]), placings(state), reason=result["reason"])

    # ---- what players see --------------------------------------------------------------

    def view(self, state: WordsState, seat: int | None) -> View:
        own = seat is not None and 0 <= seat < state["seats"]
        lexicon = LEXICONS[state["lexicon"]]
        last = next((r for r in reversed(state["history"]) if r["kind"] == "place"), None)
        return {
            "game": self.slug,
            "lexicon": lexicon.label,
            "time": state["time"],
            "seats": state["seats"],
            "layout": state["layout"],
            "board": state["board"],
            "turn": None if state["result"] is not None else state["turn"],
            "scores": list(state["scores"]),
            "rack": list(state["racks"][seat]) if own and seat is not None else None,
            "rack_sizes": [len(r) for r in state["racks"]],
            "bag_size": len(state["bag"]),
            "can_exchange": len(state["bag"]) >= EXCHANGE_BAG,
            "values": dict(lexicon.tiles.values),
            "letters": lexicon.tiles.letters,
            "passes": state["passes"],
            "overtime": list(state["overtime"]),
            "history": copy.deepcopy(state["history"][-HISTORY_SHOWN:]),
            "moves": len(state["history"]),
            "last": list(last["squares"]) if last else [],
            "result": copy.deepcopy(state["result"]),
        }


def _record(seat: int, kind: MoveKind) -> Record:
    return {"seat": seat, "kind": kind, "words": [], "score": 0, "count": 0, "squares": []}


def placings(state: WordsState) -> tuple[int, ...]:
    """The highest score first; equal scores share a placing (and so the pot: the tie
    rule); a player who forfeits is last."""
    forfeited = state["result"]["forfeited"] if state["result"] else None

    def key(seat: int) -> tuple[int, int]:
        return (int(seat == forfeited), -state["scores"][seat])

    keys = [key(s) for s in range(state["seats"])]
    return tuple(1 + sum(other < mine for other in keys) for mine in keys)


WORDFALL = Words()
ENGINES = (WORDFALL,)
