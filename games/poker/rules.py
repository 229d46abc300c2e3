"""Player-versus-player poker cash tables: No-Limit Hold'em, Pot-Limit Omaha, 5-Card Omaha
and Short Deck Hold'em, for 2 to 9 seats (see games/engine.py for the contract, RULES.md
for the rules as players read them and how the text is read).

A game of this engine is a cash table's session: seats buy in, hands follow one another
with the button moving each hand, and the game ends when fewer than two seats are left.
Each hand is dealt from a deck shuffled by a seed of its own, drawn from the game's
stream, whose hash is shown when the hand is dealt and which is revealed when the hand
ends, so any player checks the deck of every hand without waiting for the table to close.
One chip is one minor unit of the site's currency. Plain Python: no Django.
"""

from __future__ import annotations

import copy
import hashlib
from dataclasses import dataclass
from typing import Any, ClassVar, Literal, NamedTuple, NotRequired, Required, TypedDict

from games.engine import (
    BaseOptions,
    ChipMove,
    ChipMoveKind,
    Engine,
    IllegalAction,
    MalformedAction,
    Outcome,
    PotSplit,
    SplitKind,
    View,
    is_int,
    option,
    parse_object,
)
from games.poker import bots
from games.poker.hand import (
    HOLDEM,
    OMAHA,
    OMAHA5,
    SHORT_DECK_HOLDEM,
    Op,
    Play,
    Setup,
    Variant,
    keep,
    resume,
)
from games.rng import Rng

HISTORY = 10  # finished hands kept in the state for the board; the replay has them all
HAND_SALT = "poker-hand"  # a hand's deck: Rng(hand seed, HAND_SALT, hand number).shuffle

BETS = ("fold", "check", "call", "bet", "raise", "all_in")
TABLE_MOVES = ("sit_out", "sit_in", "top_up", "leave")
MoveKind = Literal[
    "fold", "check", "call", "bet", "raise", "all_in", "sit_out", "sit_in", "top_up", "leave"
]
MOVE_HINT = (
    'Malformed move: expected {"type": "fold" | "check" | "call" | "all_in" | "sit_out" | '
    '"sit_in" | "top_up" | "leave"}, {"type": "bet" | "raise", "to": chips} or '
    '{"type": "top_up", "chips": chips}.'
)
MAX_CHIPS = 10**15
AMOUNT_OF = {"bet": "to", "raise": "to", "top_up": "chips"}  # a move's amount, if any
# After `start`, the rules read no randomness: hand seeds come from the table's secret.
NO_STREAM = Rng(b"\0" * 32, "unused", 0)


@dataclass(frozen=True)
class PokerOptions(BaseOptions):
    big_blind: int = option(
        20,
        "Big blind (minor units)",
        (2, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 10_000),
        "The small blind is half of it",
    )
    buy_in: int = option(
        100, "Buy-in (big blinds)", (20, 40, 50, 100, 200), "The chips each seat sits down with"
    )
    rake_bp: int = option(
        500,
        "Rake (basis points of each pot)",
        (0, 100, 250, 300, 500, 1_000, 2_000, 3_500),
        "Taken from each pot after the hand, never above 35%; no flop, no rake",
    )
    rake_cap: int = option(
        3,
        "Rake cap (big blinds a hand, 0: none)",
        (0, 1, 2, 3, 4, 5, 10),
        "The most taken from one hand",
    )

    @property
    def stack(self) -> int:
        return self.big_blind * self.buy_in

    @property
    def cap(self) -> int | None:
        return self.rake_cap * self.big_blind if self.rake_cap else None


class Blinds(NamedTuple):
    small: int
    big: int
    ante: int


class PokerMove(TypedDict, total=False):
    type: Required[MoveKind]
    to: int  # a bet or raise: the total this street's bet becomes
    chips: int  # a top-up: the chips added (without it, back to the buy-in)


class Live(TypedDict):
    """The hand in play as the table shows it, written after every action so that views,
    turns and hints never rebuild the PokerKit state."""

    actor: int | None  # seat
    board: list[str]
    bets: list[int]  # per player (hand order): this street's bets
    stacks: list[int]  # per player: chips behind
    folded: list[bool]
    pot: int  # gathered from past streets
    to_call: int
    raise_to: list[int] | None  # [least, most] the actor may bet or raise to
    actions: list[list[Any]]  # [seat, kind, chips] in order


class HandState(TypedDict):
    number: int
    seed: str  # hex; secret until the hand ends
    seed_hash: str
    button: int
    players: list[int]  # seats in hand order: from the button's left round to the button
    starting: list[int]
    ops: list[list[Any]]  # the betting as PokerKit replays it: [kind, chips]
    holes: list[list[str]]  # secret: each player's own
    live: Live


class PotRecord(TypedDict):
    amount: int
    rake: int
    seats: list[int]  # who could win it


class HandRecord(TypedDict):
    """A finished hand as its players' history shows it: everything public, the seed
    revealed, mucked hands absent."""

    number: int
    seed: str
    seed_hash: str
    button: int
    seats: list[int]
    starting: list[int]
    board: list[str]
    actions: list[list[Any]]
    pots: list[PotRecord]
    won: list[int]  # per player (hand order), after rake
    shown: dict[str, list[str]]  # seat -> hole cards shown at the showdown
    names: dict[str, str]  # seat -> the hand it made
    rake: int


class PokerState(TypedDict):
    options: dict[str, Any]
    stacks: list[int]  # per seat: chips outside the hand in play
    pending: list[int]  # per seat: chips topped up during a hand, added when it ends
    status: list[Literal["playing", "out", "left"]]
    leaving: list[bool]  # left during a hand it is still in: its cards are dead
    button: int
    hands: int
    hand: HandState | None
    history: list[HandRecord]
    rake: int  # every chip the house has taken so far
    moves: list[list[Any]]  # chip moves across the table's edge: [seat, kind, chips]
    closed: bool
    secret: str  # hex; every hand's seed comes from it (never shown; the game's seed rebuilds it)
    tournament: NotRequired[TournamentPart]  # a tournament's table only (games/poker/tournament.py)


class TournamentPart(TypedDict):
    """What a tournament's table keeps beside the cash table's state."""

    level: int  # the blind level of the hand in play (index in the schedule)
    due: int  # the level the clock has reached: dealt from the next hand
    absent: list[bool]  # per seat: gone (resigned, disconnected); folded or checked by the table
    busted: list[list[int]]  # [hand number, seat, chips at that hand's start], in order out


def parse_move(raw: object) -> PokerMove:
    fields = parse_object(raw, {"type"}, {"to", "chips"}, hint=MOVE_HINT)
    kind = fields["type"]
    if kind not in BETS + TABLE_MOVES:
        raise MalformedAction(MOVE_HINT)
    amount = AMOUNT_OF.get(kind)
    if set(fields) - {"type", amount}:
        raise MalformedAction(MOVE_HINT)
    if amount is None or (kind == "top_up" and amount not in fields):
        return {"type": kind}  # type: ignore[typeddict-item]
    chips = fields.get(amount)
    if not is_int(chips) or not 0 < chips <= MAX_CHIPS:  # type: ignore[operator]
        raise MalformedAction(MOVE_HINT)
    return {"type": kind, amount: chips}  # type: ignore[misc]


def clockwise(seat: int, seats: int, among: list[int]) -> list[int]:
    """The seats of `among` from `seat`'s left round to `seat` itself."""
    return [s for k in range(1, seats + 1) if (s := (seat + k) % seats) in among]


def hand_seed(state: PokerState, number: int) -> bytes:
    """Hand `number`'s seed, from the table's secret: revealing one hand's seed tells
    nothing of the next (HMAC), and a hand dealt when a seat leaves needs no stream."""
    return Rng(bytes.fromhex(state["secret"]), "poker-seed", number).read(32)


def hand_deck(variant: Variant, seed: bytes, number: int) -> tuple[str, ...]:
    """The published shuffle of a hand: anyone with the revealed seed rebuilds it."""
    return tuple(Rng(seed, HAND_SALT, number).shuffle(variant.deck))


def fresh(state: PokerState) -> PokerState:
    """A copy to change: finished hands and chip moves are never changed once written, so
    they are shared; the rest is copied (a deep copy of the history cost 10 ms a move)."""
    new = copy.copy(state)
    new["stacks"], new["pending"] = list(state["stacks"]), list(state["pending"])
    new["status"], new["leaving"] = list(state["status"]), list(state["leaving"])
    new["history"], new["moves"] = list(state["history"]), list(state["moves"])
    hand = state["hand"]
    if hand is not None:
        # A hand's lists are replaced, never changed in place, except its log of ops.
        new["hand"] = {**hand, "ops": list(hand["ops"])}
    if "tournament" in state:
        part = state["tournament"]
        new["tournament"] = {**part, "absent": list(part["absent"]), "busted": list(part["busted"])}
    return new


class Poker(Engine[PokerOptions, PokerState, PokerMove]):
    slug: ClassVar[str] = "holdem"
    name: ClassVar[str] = "No-Limit Hold\u2019em"
    variant: ClassVar[Variant] = HOLDEM
    min_seats = 2
    max_seats = 9
    Options = PokerOptions
    # Bots never play on among themselves: when no person plays, they leave too.
    closes_without_people = True

    # ---- the table ------------------------------------------------------------------

    def options(self, state: PokerState) -> PokerOptions:
        return self.Options.from_json(state["options"])

    def start(self, options: PokerOptions, seats: int, rng: Rng) -> PokerState:
        options.validate()
        if seats not in self.seat_counts(options):
            raise ValueError(f"{self.name} is played by {self.min_seats} to {self.max_seats}.")
        state = self.seat(options, seats, rng)
        self.next_hand(state)
        return state

    def seat(self, options: PokerOptions, seats: int, rng: Rng) -> PokerState:
        """The table before its first deal: every seat with the options' stack."""
        state: PokerState = {
            "options": options.as_json(),
            "stacks": [options.stack] * seats,
            "pending": [0] * seats,
            "status": ["playing"] * seats,
            "leaving": [False] * seats,
            "button": rng.randbelow(seats),  # drawn; it moves on before the first deal
            "hands": 0,
            "hand": None,
            "history": [],
            "rake": 0,
            "moves": [[seat, ChipMoveKind.BUY_IN.value, options.stack] for seat in range(seats)],
            "closed": False,
            "secret": rng.read(32).hex(),
        }
        return state

    def blinds(self, state: PokerState) -> Blinds:
        """The next hand's blinds and ante: a cash table's big blind and half of it."""
        big = self.options(state).big_blind
        return Blinds(big // 2, big, 0)

    def rake_terms(self, state: PokerState) -> tuple[int, int | None]:
        """The rake in basis points of each pot and its cap in chips per hand (or none)."""
        options = self.options(state)
        return options.rake_bp, options.cap

    def fixed_stake(self, options: PokerOptions) -> int | None:
        return options.stack  # a seat buys in for the table's buy-in, one chip a minor unit

    def max_reserve(self, stake: int, options: PokerOptions) -> int:
        # A money table's seat holds its buy-in in chips; a practice table holds nothing.
        return options.stack if stake else 0

    def chip_moves(self, state: PokerState) -> list[ChipMove]:
        return [ChipMove(seat, ChipMoveKind(kind), amount) for seat, kind, amount in state["moves"]]

    def seat_count(self, state: PokerState) -> int:
        return len(state["stacks"])

    def next_hand(self, state: PokerState) -> None:
        """Deals the next hand to the seats that play and have chips, the button moved to
        the next of them; closes the table when fewer than two seats remain."""
        seats = self.seat_count(state)
        for seat in range(seats):
            state["stacks"][seat] += state["pending"][seat]
            state["pending"][seat] = 0
            if state["status"][seat] != "left" and state["stacks"][seat] == 0:
                self.leave(state, seat)  # no chips, no seat: sit down again to buy in
        seated = [s for s in range(seats) if state["status"][s] != "left"]
        if len(seated) < 2:
            for seat in seated:
                self.leave(state, seat)
            state["hand"], state["closed"] = None, True
            return
        ready = [s for s in seated if state["status"][s] == "playing"]
        if len(ready) < 2:
            state["hand"] = None  # waiting for someone to sit in
            return
        button = clockwise(state["button"], seats, ready)[0]
        players = clockwise(button, seats, ready)
        state["hands"] += 1
        seed = hand_seed(state, state["hands"])
        state["button"] = button
        blinds = self.blinds(state)
        setup = Setup(
            self.variant,
            hand_deck(self.variant, seed, state["hands"]),
            tuple(state["stacks"][s] for s in players),
            blinds.small,
            blinds.big,
            blinds.ante,
        )
        play = Play(setup)
        state["hand"] = {
            "number": state["hands"],
            "seed": seed.hex(),
            "seed_hash": hashlib.sha256(seed).hexdigest(),
            "button": button,
            "players": players,
            "starting": list(setup.starting),
            "ops": [],
            "holes": [list(h) for h in play.holes],
            "live": self.live(play, players, []),
        }
        self.settle_if_over(state, play)

    def setup(self, state: PokerState, hand: HandState) -> Setup:
        blinds = self.blinds(state)
        return Setup(
            self.variant,
            hand_deck(self.variant, bytes.fromhex(hand["seed"]), hand["number"]),
            tuple(hand["starting"]),
            blinds.small,
            blinds.big,
            blinds.ante,
        )

    def play_of(self, state: PokerState, hand: HandState) -> Play:
        ops: list[Op] = [(str(kind), int(chips)) for kind, chips in hand["ops"]]
        return resume(lambda: self.setup(state, hand), self.kept_as(state, hand), ops)

    def kept_as(self, state: PokerState, hand: HandState) -> tuple[object, ...]:
        """What names a hand in play among the kept ones: a branch that dealt the same
        hand to other stacks (a move judged but not played) is another hand."""
        return (self.slug, self.blinds(state), hand["seed"], tuple(hand["starting"]))

    @staticmethod
    def live(play: Play, players: list[int], actions: list[list[Any]]) -> Live:
        actor = play.actor
        span = play.raise_range() if actor is not None else None
        return {
            "actor": None if actor is None else players[actor],
            "board": list(play.board),
            "bets": play.bets(),
            "stacks": play.stacks(),
            "folded": [not s for s in play.in_hand()],
            "pot": play.pot(),
            "to_call": play.to_call() if actor is not None else 0,
            "raise_to": None if span is None else list(span),
            "actions": actions,
        }

    # ---- moves ------------------------------------------------------------------------

    def to_act(self, state: PokerState) -> set[int]:
        hand = state["hand"]
        if hand is None or hand["live"]["actor"] is None:
            return set()
        return {hand["live"]["actor"]}

    def sitting_out(self, state: PokerState) -> set[int]:
        return {seat for seat, status in enumerate(state["status"]) if status == "out"}

    def out_of_turn(self, state: PokerState, seat: int, action: PokerMove) -> bool:
        return not state["closed"] and action["type"] in TABLE_MOVES

    def legal_actions(self, state: PokerState, seat: int) -> list[PokerMove]:
        moves: list[PokerMove] = []
        if seat in self.to_act(state):
            hand = state["hand"]
            assert hand is not None
            live = hand["live"]
            if live["to_call"]:
                moves += [{"type": "fold"}, {"type": "call"}]
            else:
                moves.append({"type": "check"})
            span = live["raise_to"]
            if span is not None:
                kind: MoveKind = "raise" if max(live["bets"]) else "bet"
                moves.append({"type": kind, "to": span[0]})
                if span[1] > span[0]:
                    moves.append({"type": kind, "to": span[1]})
            moves.append({"type": "all_in"})
        if not state["closed"] and 0 <= seat < self.seat_count(state):
            for move in self.table_moves(state, seat):
                if move != "top_up":
                    moves.append({"type": move})
                    continue
                least, most = self.top_up_range(state, seat)
                moves += [{"type": "top_up", "chips": c} for c in sorted({least, most})]
        return moves

    def table_moves(self, state: PokerState, seat: int) -> list[MoveKind]:
        status = state["status"][seat]
        if status == "left" or state["leaving"][seat]:
            return []
        moves: list[MoveKind] = ["sit_in" if status == "out" else "sit_out"]
        if self.top_up_room(state, seat) > 0:
            moves.append("top_up")
        return [*moves, "leave"]

    def top_up_room(self, state: PokerState, seat: int) -> int:
        """Chips a top-up adds: back to the table's buy-in, counting the chips in play."""
        at_table = state["stacks"][seat] + state["pending"][seat]
        hand = state["hand"]
        if hand is not None and seat in hand["players"]:
            # Its chips behind and in the pot: what it started the hand with.
            at_table = state["pending"][seat] + hand["starting"][hand["players"].index(seat)]
        return max(0, self.options(state).stack - at_table)

    def top_up_range(self, state: PokerState, seat: int) -> tuple[int, int]:
        """The fewest and most chips a top-up may add: at least a big blind (or what is
        left to the buy-in, if less), at most back to the buy-in."""
        room = self.top_up_room(state, seat)
        return min(room, self.options(state).big_blind), room

    def is_legal(self, state: PokerState, seat: int, action: PokerMove) -> bool:
        try:
            self.apply(state, seat, action, NO_STREAM)
        except IllegalAction:
            return False
        return True

    def parse_action(self, raw: object) -> PokerMove:
        return parse_move(raw)

    def apply(self, state: PokerState, seat: int, action: PokerMove, rng: Rng) -> PokerState:
        if type(seat) is not int or not 0 <= seat < self.seat_count(state):
            raise IllegalAction("There is no seat like that at this table.")
        if state["closed"]:
            raise IllegalAction("The table is closed.")
        state = fresh(state)  # pure: never change the state given
        kind = action["type"]
        if kind in TABLE_MOVES:
            self.table_move(state, seat, action)
            return state
        hand = state["hand"]
        if hand is None or hand["live"]["actor"] != seat:
            raise IllegalAction("It is not your turn.")
        play = self.play_of(state, hand)
        self.bet(play, hand, seat, action)
        self.settle_if_over(state, play)
        return state

    def bet(self, play: Play, hand: HandState, seat: int, action: PokerMove) -> None:
        kind = action["type"]
        live = hand["live"]
        span = live["raise_to"]
        op: Op
        if kind == "fold":
            if not live["to_call"]:
                raise IllegalAction("Nothing to call: check instead of folding.")
            op = ("fold", 0)
        elif kind == "check":
            if live["to_call"]:
                raise IllegalAction("There is a bet to call: call, raise or fold.")
            op = ("call", 0)
        elif kind == "call":
            if not live["to_call"]:
                raise IllegalAction("There is no bet to call: check instead.")
            op = ("call", 0)
        elif kind == "all_in":
            op = ("raise", span[1]) if span is not None else ("call", 0)
        else:
            to = action["to"]
            if span is None:
                raise IllegalAction("You cannot bet or raise now: call or fold.")
            if (kind == "bet") == bool(max(live["bets"])):
                raise IllegalAction("Raise a bet, or bet when there is none.")
            if not span[0] <= to <= span[1]:
                raise IllegalAction(f"Bet or raise to between {span[0]} and {span[1]}.")
            op = ("raise", to)
        player = hand["players"].index(seat)
        before = play.stacks()[player]
        try:
            play.play(op)
        except ValueError:
            raise IllegalAction("The rules do not allow that move now.") from None
        chips = max(0, before - play.stacks()[player])  # what this move put in
        if kind == "all_in" and play.stacks()[player]:
            kind = "raise" if op[0] == "raise" else "call"  # PokerKit capped it: not all in
        shown = kind
        if op[0] == "raise" and kind != "all_in":
            shown = "raise" if max(live["bets"]) else "bet"
        hand["ops"].append(list(op))
        hand["live"] = self.live(play, hand["players"], [*live["actions"], [seat, shown, chips]])

    def settle_if_over(self, state: PokerState, play: Play) -> None:
        """Folds the cards of seats that left when they are to act; when the betting is
        over, pays the pots and deals the next hand."""
        hand = state["hand"]
        assert hand is not None
        while (actor := play.actor) is not None and self.plays_itself(
            state, hand["players"][actor]
        ):
            self.bet(play, hand, hand["players"][actor], self.timeout_move(hand))
        if not play.betting_over:
            keep(self.kept_as(state, hand), play)
            return
        dead = [state["leaving"][s] for s in hand["players"]]
        result = play.finish(*self.rake_terms(state), dead)
        for player, seat in enumerate(hand["players"]):
            if state["status"][seat] == "left":
                continue  # folded and gone with its chips behind
            state["stacks"][seat] = play.stacks()[player] + result.won[player]
            if state["leaving"][seat]:
                state["leaving"][seat] = False
                self.leave(state, seat)
        rake = sum(result.rakes)
        state["rake"] += rake
        record: HandRecord = {
            "number": hand["number"],
            "seed": hand["seed"],
            "seed_hash": hand["seed_hash"],
            "button": hand["button"],
            "seats": list(hand["players"]),
            "starting": list(hand["starting"]),
            "board": list(play.board),
            "actions": copy.deepcopy(hand["live"]["actions"]),
            "pots": [
                {
                    "amount": pot.amount,
                    "rake": cut,
                    "seats": [hand["players"][p] for p in pot.eligible],
                }
                for pot, cut in zip(result.pots, result.rakes, strict=True)
            ],
            "won": list(result.won),
            "shown": {str(hand["players"][p]): list(play.holes[p]) for p in result.shown},
            "names": {
                str(hand["players"][p]): name
                for p, name in zip(result.shown, result.shown_names, strict=True)
            },
            "rake": rake,
        }
        state["history"] = [*state["history"][-(HISTORY - 1) :], record]
        self.next_hand(state)

    def plays_itself(self, state: PokerState, seat: int) -> bool:
        """A seat whose cards the table folds (or checks) when it is to act: one that left
        during the hand."""
        return state["leaving"][seat]

    @staticmethod
    def timeout_move(hand: HandState) -> PokerMove:
        return {"type": "fold"} if hand["live"]["to_call"] else {"type": "check"}

    def table_move(self, state: PokerState, seat: int, action: PokerMove) -> None:
        kind = action["type"]
        status = state["status"][seat]
        if status == "left":
            raise IllegalAction("You have left this table.")
        if state["leaving"][seat]:
            raise IllegalAction("You are leaving this table when the hand ends.")
        if kind == "leave":
            self.leave_now(state, seat)
        elif kind == "sit_out":
            if status == "out":
                raise IllegalAction("You are sitting out already.")
            state["status"][seat] = "out"  # from the next hand; this one is played out
        elif kind == "sit_in":
            if status != "out":
                raise IllegalAction("You are not sitting out.")
            state["status"][seat] = "playing"
            if state["hand"] is None:
                self.next_hand(state)
        else:
            least, most = self.top_up_range(state, seat)
            if most <= 0:
                raise IllegalAction("Your chips are at the table's buy-in already.")
            chips = action.get("chips", most)
            if not least <= chips <= most:
                raise IllegalAction(f"Top up by between {least} and {most}.")
            state["pending"][seat] += chips  # joins the stack when the hand in play ends
            state["moves"].append([seat, ChipMoveKind.TOP_UP.value, chips])
            if state["hand"] is None:
                state["stacks"][seat] += state["pending"][seat]
                state["pending"][seat] = 0

    def leave_now(self, state: PokerState, seat: int) -> None:
        """The seat leaves with its chips: at once if it has no cards in the hand in play,
        else its cards are dead and it leaves when the hand ends (the chips it put in the
        pot stay there)."""
        hand = state["hand"]
        if hand is not None and seat in hand["players"]:
            player = hand["players"].index(seat)
            if not hand["live"]["folded"][player]:
                state["leaving"][seat] = True
                if hand["live"]["actor"] == seat:
                    play = self.play_of(state, hand)
                    self.settle_if_over(state, play)
                return
            # Folded: only its chips behind are still its own.
            state["stacks"][seat] = hand["live"]["stacks"][player]
        self.leave(state, seat)
        if hand is None:
            self.next_hand(state)  # closes the table when one seat is left

    def leave(self, state: PokerState, seat: int) -> None:
        chips = state["stacks"][seat] + state["pending"][seat]
        state["stacks"][seat] = state["pending"][seat] = 0
        state["status"][seat] = "left"
        state["moves"].append([seat, ChipMoveKind.LEAVE.value, chips])

    def forfeit(self, state: PokerState, seat: int) -> PokerState:
        if type(seat) is not int or not 0 <= seat < self.seat_count(state):
            raise IllegalAction("There is no seat like that at this table.")
        if state["closed"] or state["status"][seat] == "left" or state["leaving"][seat]:
            return fresh(state)  # gone, or going when its hand ends
        # Leaving the table is this game's forfeit: the seat goes with its chips. No
        # stream is read (hand seeds come from the table's secret).
        return self.apply(state, seat, {"type": "leave"}, NO_STREAM)

    # ---- what players see ---------------------------------------------------------------

    def view(self, state: PokerState, seat: int | None) -> View:
        hand = state["hand"]
        view: View = {
            "variant": self.variant.slug,
            "options": dict(state["options"]),
            "stacks": list(state["stacks"]),
            "pending": list(state["pending"]),
            "status": list(state["status"]),
            "button": state["button"],
            "closed": state["closed"],
            "rake_total": state["rake"],
            "history": copy.deepcopy(state["history"]),
            "hand": None,
            "hole": None,
        }
        if hand is not None:
            public = {k: v for k, v in hand.items() if k not in ("seed", "holes", "ops")}
            view["hand"] = copy.deepcopy(public)
            if seat is not None and seat in hand["players"]:
                player = hand["players"].index(seat)
                view["hole"] = list(hand["holes"][player])  # its own, folded or not
        return view

    # ---- computer players -----------------------------------------------------------

    def bot_action(self, state: PokerState, seat: int, rng: Rng) -> PokerMove:
        hand = state["hand"]
        if hand is None or hand["live"]["actor"] != seat:
            raise IllegalAction("It is not your turn.")
        player = hand["players"].index(seat)
        return bots.choose(hand["live"], player, self.blinds(state).big, rng)

    def timeout_action(self, state: PokerState, seat: int) -> PokerMove | None:
        hand = state["hand"]
        if hand is None or hand["live"]["actor"] != seat:
            return None
        return self.timeout_move(hand)

    # ---- the end --------------------------------------------------------------------------

    def outcome(self, state: PokerState) -> Outcome | None:
        if not state["closed"]:
            return None
        seats = self.seat_count(state)
        paid = [0] * seats
        for seat, kind, chips in state["moves"]:
            if kind == ChipMoveKind.LEAVE.value:
                paid[seat] += chips
        put_in = [0] * seats
        for seat, kind, chips in state["moves"]:
            if kind != ChipMoveKind.LEAVE.value:
                put_in[seat] += chips
        net = tuple(p - i for p, i in zip(paid, put_in, strict=True))
        order = sorted(set(net), reverse=True)
        placing = tuple(order.index(n) + 1 for n in net)
        # Every chip left with its seat as the seat left (chip moves); nothing is left to
        # share at the close, and the house's rake was taken hand by hand.
        split = PotSplit(SplitKind.EXACT, tuple([0] * seats), rake_taken=state["rake"])
        return Outcome(net, placing, reason="the table closed", split=split)


class Omaha(Poker):
    slug = "omaha"
    name = "Pot-Limit Omaha"
    variant = OMAHA


class FiveCardOmaha(Poker):
    slug = "omaha5"
    name = "5-Card Omaha"
    variant = OMAHA5
    max_seats = 8  # nine would need 45 hole cards, 5 on the board and 3 burnt: 53 of 52


class ShortDeck(Poker):
    slug = "short-deck"
    name = "Short Deck Hold\u2019em"
    variant = SHORT_DECK_HOLDEM


HOLDEM_ENGINE = Poker()
ENGINES = (HOLDEM_ENGINE, Omaha(), FiveCardOmaha(), ShortDeck())
