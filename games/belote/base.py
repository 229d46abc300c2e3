"""The shared machinery of every variant: the deal cycle, tricks, views, results.

Each variant subclasses `TrickEngine` and supplies its deal, its trump selection (the
"auction"), its declarations and its hand scoring. States are plain JSON; `apply` works on
a copy so the caller's state is never changed.
"""

from __future__ import annotations

import json
from typing import Any, Literal, NotRequired, Required, TypedDict, TypeVar, get_args

from games.belote import scoring
from games.belote.cards import (
    NO_TRUMP,
    PLAIN_ORDER,
    SUITS,
    card_points,
    illegal_card_reason,
    is_card,
    is_trump,
    legal_cards,
    rank,
    suit,
    trick_winner,
)
from games.engine import (
    BaseOptions,
    Engine,
    Fee,
    IllegalAction,
    MalformedAction,
    Outcome,
    View,
    parse_object,
)
from games.rng import Rng

LAST_TRICK_BONUS = 10
BELOTE_BONUS = 20
MoveKind = Literal[
    "pass",
    "bid",
    "contra",
    "recontra",
    "take",
    "name",
    "play",
    "declare",
    "show",
    "change_card",
    "double",
    "accept",
    "surrender",
]


class TrickMove(TypedDict, total=False):
    """A move of any variant: its kind and the fields that kind carries (MOVE_FIELDS)."""

    type: Required[MoveKind]
    value: int | Literal["capot"]  # a Pilotta bid
    suit: str  # a bid's or a named trump's suit, or "NT"
    swap_seven: bool  # Classic Pilotta for two: take the trump seven in exchange
    take_open: bool  # Belote: the taker's turned card is shown
    card: str
    cards: list[str]  # Open Belote: the face-up cards declared


Action = TrickMove

Record = dict[str, Any]  # a logged event of the hand (a bid, a trick, a declaration)


class HandState(TypedDict):
    """What one deal starts afresh."""

    hands: list[list[str]]
    stock: list[str]
    turned: str | None  # the card turned up for the trump
    discards: list[str]
    set_aside: list[str]
    auction: list[Record]
    passes: int
    round: int
    bid: Record | None
    trump: str | None
    taker: int | None
    contract: Record | None
    contra: int
    speakers: list[int]
    trick: list[Record]
    tricks: list[Record]
    last_trick: Record | None
    declarations: list[Record]
    belote: list[Record]
    exposed: list[list[str]]
    changes: list[Record]


class TrickState(HandState):
    """A game of any variant: the table, the score, and the deal in play."""

    game: str
    options: dict[str, Any]
    seats: int
    dealer: int
    first: int
    hand_no: int
    phase: str
    turn: int | None
    scores: list[int]
    history: list[Record]
    fees: list[Record]
    multiplier: int
    pending_double: Record | None
    result: Record | None
    piles: NotRequired[list[list[Record]]]  # Open Belote: each seat's piles of cards
    took_open: NotRequired[bool]  # Belote: the taker took the turned card, shown


State = TrickState
T = TypeVar("T")


def known(value: T | None) -> T:
    """A part of the state the phase guarantees (the turned card while trumps are chosen,
    the taker and the trump once they are); None there is a broken state, not a move."""
    if value is None:
        raise IllegalAction("That is not possible at this point of the hand")
    return value


def turned_card(state: State) -> str:
    return known(state["turned"])


def trump_of(state: State) -> str:
    return known(state["trump"])


def taker_of(state: State) -> int:
    return known(state["taker"])


# Every move of every variant, with the fields it may carry; which of them a variant
# accepts, and when, is for its rules (the move must equal one of the legal actions).
MOVE_FIELDS: dict[MoveKind, frozenset[str]] = {
    "pass": frozenset(),
    "bid": frozenset({"value", "suit"}),
    "contra": frozenset(),
    "recontra": frozenset(),
    "take": frozenset({"swap_seven"}),
    "name": frozenset({"suit", "take_open"}),
    "play": frozenset({"card"}),
    "declare": frozenset({"cards"}),
    "show": frozenset(),
    "change_card": frozenset({"card"}),
    "double": frozenset(),
    "accept": frozenset(),
    "surrender": frozenset(),
}
MOVE_HINT = (
    'Malformed move: expected an object like {"type": "pass"} or {"type": "play", "card": "JH"}'
)
MAX_DECLARED_CARDS = 8


def parse_move(raw: object) -> Action:
    """A move rebuilt in the family's schema (MalformedAction for anything else). Which
    suit, bid or card a rule allows is the rules' own check, not the schema's."""
    fields = parse_object(
        raw, {"type"}, {f for fs in MOVE_FIELDS.values() for f in fs}, hint=MOVE_HINT
    )
    sent = fields.pop("type")
    kind = next((k for k in get_args(MoveKind) if k == sent), None)
    if kind is None or not set(fields) <= MOVE_FIELDS[kind]:
        raise MalformedAction(MOVE_HINT)
    move: TrickMove = {"type": kind}
    for key, value in fields.items():
        if key == "value" and type(value) is int:
            move["value"] = value
        elif key == "value" and value == "capot":
            move["value"] = "capot"
        elif key == "suit" and isinstance(value, str) and 1 <= len(value) <= 2:
            move["suit"] = value
        elif key == "swap_seven" and isinstance(value, bool):
            move["swap_seven"] = value
        elif key == "take_open" and isinstance(value, bool):
            move["take_open"] = value
        elif key == "card" and isinstance(value, str) and is_card(value):
            move["card"] = value
        elif key == "cards" and isinstance(value, list) and len(value) <= MAX_DECLARED_CARDS:
            cards = [card for card in value if isinstance(card, str) and is_card(card)]
            if len(cards) != len(value):
                raise MalformedAction(MOVE_HINT)
            move["cards"] = cards
        else:
            raise MalformedAction(MOVE_HINT)
    return move


def copy_state(state: State) -> State:
    copied: State = json.loads(json.dumps(state))
    return copied


def team(seat: int) -> int:
    """Partners sit opposite (0 & 2, 1 & 3); in a two-seat game each seat is its own side."""
    return seat % 2


class TrickEngine(Engine[BaseOptions, State, Action]):
    # ---- money hooks -------------------------------------------------------------------

    def max_reserve(self, stake: int, options: BaseOptions) -> int:
        """Held from each player at the start: enough for the highest Double stake."""
        return scoring.max_reserve(stake, options)

    def stake_multiplier(self, state: State) -> int:
        """The stake actually played for; the unused reserve is refunded at the end."""
        return int(state["multiplier"])

    def fees(self, state: State) -> list[Fee]:
        return [Fee.from_json(fee) for fee in state["fees"]]

    # ---- variant hooks -------------------------------------------------------------

    def deal(self, state: State, rng: Rng) -> None:
        raise NotImplementedError

    def auction_actions(self, state: State, seat: int) -> list[Action]:
        raise NotImplementedError

    def apply_auction(self, state: State, seat: int, action: Action, rng: Rng) -> None:
        raise NotImplementedError

    def declaration_actions(self, state: State, seat: int) -> list[Action]:
        return []

    def apply_declaration(self, state: State, seat: int, action: Action, rng: Rng) -> None:
        raise NotImplementedError

    def before_card(self, state: State, seat: int) -> None:
        """Called just before `seat` plays a card (a declaration may lapse)."""

    def after_trick(self, state: State) -> None:
        """Called when a trick is closed (declarations are compared here)."""

    def score_hand(self, state: State) -> dict[str, Any]:
        raise NotImplementedError

    def may_double(self, state: State, seat: int) -> bool:
        return False

    def playable(self, state: State, seat: int) -> list[str]:
        """The cards `seat` can choose from (its hand; Open Belote: its face-up cards)."""
        hand: list[str] = state["hands"][seat]
        return hand

    def take_card(self, state: State, seat: int, card: str) -> None:
        state["hands"][seat].remove(card)

    def cards_left(self, state: State) -> int:
        return sum(len(h) for h in state["hands"])

    def knows_holding(self, state: State, seat: int, card: str) -> bool:
        return card in state["hands"][seat]

    def extra_view(self, state: State, seat: int | None) -> dict[str, Any]:
        return {}

    def bid_reason(self, state: State, action: Action, kinds: set[str]) -> str | None:
        """A specific reason for a refused trump-selection move, if there is one."""
        return None

    # ---- the engine contract -------------------------------------------------------

    def options(self, state: State) -> Any:
        return self.Options(**state["options"])

    def start(self, options: BaseOptions, seats: int, rng: Rng) -> State:
        counts = self.seat_counts(options)
        if seats not in counts:
            raise ValueError(f"{self.name} is played by {' or '.join(map(str, counts))}")
        options.validate()
        dealer = rng.randbelow(seats)
        state: State = {
            "game": self.slug,
            "options": options.as_json(),
            "seats": seats,
            "dealer": dealer,
            "first": (dealer + 1) % seats,
            "hand_no": 1,
            "phase": "deal",
            "turn": None,
            "scores": [0, 0],
            "history": [],
            "fees": [],
            "multiplier": 1,
            "pending_double": None,
            "result": None,
            **self.fresh_hand(seats),  # type: ignore[typeddict-item]
        }
        self.deal(state, rng)
        return state

    def fresh_hand(self, seats: int) -> HandState:
        return {
            "hands": [[] for _ in range(seats)],
            "stock": [],
            "turned": None,
            "discards": [],
            "set_aside": [],
            "auction": [],
            "passes": 0,
            "round": 1,
            "bid": None,
            "trump": None,
            "taker": None,
            "contract": None,
            "contra": 1,
            "speakers": [],
            "trick": [],
            "tricks": [],
            "last_trick": None,  # cleared at each deal: its cards are dealt again
            "declarations": [],
            "belote": [],
            "exposed": [[] for _ in range(seats)],
            "changes": [],
        }

    def to_act(self, state: State) -> set[int]:
        if state["result"] is not None:
            return set()
        pending = state["pending_double"]
        if pending is not None:
            return {(pending["by"] + 1) % state["seats"]}
        turn = state["turn"]
        return set() if turn is None else {turn}

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        if seat not in self.to_act(state):
            return []
        if state["pending_double"] is not None:
            return [{"type": "accept"}, {"type": "surrender"}]
        if state["phase"] == "play":
            actions = self.declaration_actions(state, seat)
            cards = legal_cards(self.playable(state, seat), state["trick"], state["trump"])
            actions += [{"type": "play", "card": c} for c in cards]
        else:
            actions = self.auction_actions(state, seat)
        if self.may_double(state, seat):
            actions.append({"type": "double"})
        return actions

    def parse_action(self, raw: object) -> Action:
        return parse_move(raw)

    def apply(self, state: State, seat: int, action: Action, rng: Rng) -> State:
        action = self.check(state, seat, action)
        state = copy_state(state)
        if state["pending_double"] is not None:
            self.answer_double(state, seat, action)
        elif action["type"] == "double":
            state["pending_double"] = {"by": seat}
        elif state["phase"] != "play":
            state["auction"].append({"seat": seat, **action})
            self.apply_auction(state, seat, action, rng)
        elif action["type"] == "play":
            self.play_card(state, seat, action["card"], rng)
        else:
            self.apply_declaration(state, seat, action, rng)
        return state

    def view(self, state: State, seat: int | None) -> View:
        hands = state["hands"]
        view: View = {
            "game": self.slug,
            "seats": state["seats"],
            "options": state["options"],
            "phase": state["phase"],
            "hand_no": state["hand_no"],
            "dealer": state["dealer"],
            "first": state["first"],
            "to_act": sorted(self.to_act(state)),
            "turned": state["turned"],
            "discards": state["discards"],
            "round": state["round"],
            "auction": state["auction"],
            "bid": state["bid"],
            "trump": state["trump"],
            "taker": state["taker"],
            "contract": state["contract"],
            "contra": state["contra"],
            "multiplier": state["multiplier"],
            "pending_double": state["pending_double"],
            "trick": state["trick"],
            "tricks": state["tricks"],
            "last_trick": state["last_trick"],
            "trick_points": self.trick_points(state),
            "declarations": self.public_declarations(state, seat),
            "belote": state["belote"],
            "changes": [c if c["seat"] == seat else {"seat": c["seat"]} for c in state["changes"]],
            "scores": state["scores"],
            "history": state["history"],
            "fees": state["fees"],
            "result": state["result"],
            "hand": self.sorted_cards(hands[seat]) if seat is not None else None,
            "hand_sizes": [len(h) for h in hands],
            "legal_actions": self.legal_actions(state, seat) if seat is not None else [],
        }
        view.update(self.extra_view(state, seat))
        return view

    def timeout_action(self, state: State, seat: int) -> Action | None:
        # Imported here: the bots read views built by this module.
        from games.belote.bots import choose_action

        return choose_action(self, state, seat, None)

    def bot_action(self, state: State, seat: int, rng: Rng) -> Action:
        from games.belote.bots import choose_action

        return choose_action(self, state, seat, rng)

    def forfeit(self, state: State, seat: int) -> State:
        state = copy_state(state)
        if state["result"] is None:
            self.end_game(state, winner=1 - team(seat), reason="forfeit", seat=seat)
        return state

    def outcome(self, state: State) -> Outcome | None:
        result = state["result"]
        if result is None:
            return None
        seats = range(state["seats"])
        return Outcome(
            points=tuple(state["scores"][team(s)] for s in seats),
            placing=tuple(1 if team(s) == result["winner"] else 2 for s in seats),
            reason=result["reason"],
        )

    # ---- checking moves ------------------------------------------------------------

    def check(self, state: State, seat: int, raw: object) -> Action:
        """The move, parsed, if the rules allow it now."""
        if state["result"] is not None:
            raise IllegalAction("The game is over")
        if seat not in self.to_act(state):
            raise IllegalAction("It is not your turn")
        action = parse_move(raw)
        legal = self.legal_actions(state, seat)
        if action not in legal:
            raise IllegalAction(self.explain(state, seat, action, legal))
        return action

    def explain(self, state: State, seat: int, action: Action, legal: list[Action]) -> str:
        kind = action["type"]
        if state["pending_double"] is not None:
            return "Your opponent doubled the stake: accept or surrender"
        kinds: set[str] = {a["type"] for a in legal}
        reason = self.bid_reason(state, action, kinds) if state["phase"] != "play" else None
        if reason:
            return reason
        if kind not in kinds:
            return f"You cannot {kind.replace('_', ' ')} now"
        if kind == "play" and "card" in action:
            return illegal_card_reason(
                self.playable(state, seat), state["trick"], state["trump"], action["card"]
            )
        return f"That {kind.replace('_', ' ')} is not allowed"

    # ---- tricks --------------------------------------------------------------------

    def play_card(self, state: State, seat: int, card: str, rng: Rng) -> None:
        self.before_card(state, seat)
        self.take_card(state, seat, card)
        self.note_belote(state, seat, card)
        state["trick"].append({"seat": seat, "card": card})
        if len(state["trick"]) < state["seats"]:
            state["turn"] = (seat + 1) % state["seats"]
            return
        trick, trump = state["trick"], state["trump"]
        winner = trick_winner(trick, trump)
        points = sum(card_points(p["card"], trump) for p in trick)
        state["tricks"].append({"cards": trick, "winner": winner, "points": points})
        state["last_trick"] = state["tricks"][-1]
        state["trick"] = []
        self.after_trick(state)
        if self.cards_left(state):
            state["turn"] = winner
        else:
            self.finish_hand(state, rng)

    def note_belote(self, state: State, seat: int, card: str) -> None:
        """Belote when the first of the trump king and queen is played, rebelote at the second."""
        trump = state["trump"]
        if trump in (None, NO_TRUMP) or not is_trump(card, trump) or rank(card) not in "KQ":
            return
        other = ("Q" if rank(card) == "K" else "K") + trump
        played = [p for t in state["tricks"] for p in t["cards"]] + state["trick"]
        if any(p["card"] == other and p["seat"] == seat for p in played):
            state["belote"].append({"seat": seat, "call": "rebelote", "card": card})
        elif self.knows_holding(state, seat, other):
            state["belote"].append({"seat": seat, "call": "belote", "card": card})

    def trick_points(self, state: State) -> list[int]:
        """Card points taken so far this hand, per side (public: every trick was seen)."""
        points = [0, 0]
        for t in state["tricks"]:
            points[team(t["winner"])] += t["points"]
        return points

    def hand_points(self, state: State) -> tuple[list[int], int | None]:
        """Card points per side with the last trick's 10, and the side that took every trick."""
        points = self.trick_points(state)
        points[team(state["tricks"][-1]["winner"])] += LAST_TRICK_BONUS
        sides = {team(t["winner"]) for t in state["tricks"]}
        capot = sides.pop() if len(sides) == 1 else None
        return points, capot

    def bonus_points(self, state: State) -> list[int]:
        """Counted declarations plus belote-rebelote, per side."""
        bonus = [0, 0]
        for record in state["declarations"]:
            if record["counted"]:
                bonus[team(record["seat"])] += sum(c["points"] for c in record["combos"])
        for call in state["belote"]:
            if call["call"] == "rebelote":
                bonus[team(call["seat"])] += BELOTE_BONUS
        return bonus

    def public_declarations(self, state: State, seat: int | None) -> list[dict[str, Any]]:
        return [
            {
                "seat": r["seat"],
                "announce": r["announce"],
                "shown": r["shown"],
                "counted": r["counted"],
                "combos": r["combos"] if r["shown"] or r["seat"] == seat else None,
            }
            for r in state["declarations"]
        ]

    def show(self, state: State, record: dict[str, Any]) -> None:
        record["shown"] = True
        exposed = state["exposed"][record["seat"]]
        exposed += [c for combo in record["combos"] for c in combo["cards"] if c not in exposed]

    @staticmethod
    def sorted_cards(cards: list[str]) -> list[str]:
        return sorted(cards, key=lambda c: (SUITS.index(suit(c)), PLAIN_ORDER.index(rank(c))))

    # ---- hands and the game --------------------------------------------------------

    def start_play(self, state: State) -> None:
        state["phase"] = "play"
        state["turn"] = state["first"]

    def finish_hand(self, state: State, rng: Rng) -> None:
        summary = self.score_hand(state)
        summary["hand_no"] = state["hand_no"]
        state["scores"] = [s + p for s, p in zip(state["scores"], summary["points"], strict=True)]
        state["history"].append(summary)
        winner = self.game_winner(state)
        if winner is None:
            self.next_deal(state, rng)
        else:
            self.end_game(state, winner=winner, reason="target reached")

    def game_winner(self, state: State) -> int | None:
        """The side past the target with more points; level scores play on."""
        a, b = state["scores"]
        if max(a, b) >= self.options(state).target and a != b:
            return 0 if a > b else 1
        return None

    def next_deal(self, state: State, rng: Rng) -> None:
        """The deal passes to the next seat (also after a hand everyone passed)."""
        seats = state["seats"]
        state["dealer"] = (state["dealer"] + 1) % seats
        state["first"] = (state["dealer"] + 1) % seats
        state["hand_no"] += 1
        # A HandState holds exactly the hand's keys: mypy cannot know that no others ride along.
        state.update(self.fresh_hand(seats))  # type: ignore[typeddict-item]
        self.deal(state, rng)

    def end_game(self, state: State, winner: int, reason: str, seat: int | None = None) -> None:
        state["result"] = {"winner": winner, "reason": reason, "seat": seat}
        state["phase"] = "over"
        state["turn"] = None
        state["pending_double"] = None

    def answer_double(self, state: State, seat: int, action: Action) -> None:
        doubler = known(state["pending_double"])["by"]
        state["pending_double"] = None
        if action["type"] == "accept":
            state["multiplier"] *= 2
        else:
            self.end_game(state, winner=team(doubler), reason="double stake declined", seat=seat)
