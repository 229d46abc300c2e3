"""Spades for four, partners or solo: the engine the runtime loads (see games/engine.py for
the contract, RULES.md for the rules as players read them and how the text is read).

Seats 0 to 3 sit clockwise, so a seat's left is the next seat and partners sit two apart
(0 and 2, 1 and 3). A game is one to three rounds; each round is a fresh deal, one bid
from each player starting left of the dealer, and thirteen tricks. Plain Python: no Django.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any, ClassVar, Literal, Required, TypedDict, get_args

from games.engine import (
    BaseOptions,
    Engine,
    IllegalAction,
    MalformedAction,
    OnDisconnect,
    Outcome,
    PotSplit,
    SplitKind,
    View,
    is_int,
    option,
    parse_object,
)
from games.rng import Rng
from games.spades import bots
from games.spades.cards import (
    DECK,
    SPADES,
    Play,
    illegal_card_reason,
    is_card,
    legal_cards,
    sorted_cards,
    strength,
    suit,
    trick_winner,
)
from games.spades.scoring import Bid, SideResult, placing, score_side, solo_weights

SEATS = 4
HAND = 13
MAX_BID = 13
MAX_ROUNDS = 3  # "This may take one to three rounds": the third round is the last
FIRST_BLIND_ROUND = 2  # blind nil is offered "after the first round"
PARTNERS = "partners"
SOLO = "solo"

MoveKind = Literal["bid", "blind_nil", "look", "play"]
MOVE_HINT = (
    'Malformed move: expected {"type": "bid", "tricks": 0-13}, {"type": "blind_nil"}, '
    '{"type": "look"} or {"type": "play", "card": "AS"}.'
)


@dataclass(frozen=True)
class SpadesOptions(BaseOptions):
    mode: str = option(
        PARTNERS,
        "Play as",
        (PARTNERS, SOLO),
        "Partners: the players opposite each other score together. Solo: each for themselves.",
    )
    target: int = option(
        250, "Play to", (100, 150, 200, 250, 300, 400, 500), "The score that wins the game"
    )
    elimination: int = option(
        -200,
        "Out below",
        (-100, -150, -200, -250, -300),
        "A side whose score drops below this ends the game and loses",
    )
    bag_limit: int = option(10, "Bag limit", (5, 7, 10), "Overtricks that cost the penalty")
    bag_penalty: int = option(
        100, "Bag penalty", (50, 100, 150, 200), "Points lost each time the bags reach the limit"
    )
    blind_nil: bool = option(
        True, "Blind nil", (True, False), "Partners only, from the second round on"
    )

    def seats_allowed(self) -> tuple[int, ...]:
        return (SEATS,)


class SpadesMove(TypedDict, total=False):
    type: Required[MoveKind]
    tricks: int  # a bid: 0 (nil) to 13
    card: str  # a card played


class TrickRecord(TypedDict):
    cards: list[Play]
    winner: int


class RoundRecord(TypedDict):
    round: int
    dealer: int
    bids: list[Bid]
    taken: list[int]
    sides: list[SideResult]
    scores: list[int]


class Result(TypedDict):
    reason: str
    forfeited: int | None


class SpadesState(TypedDict):
    options: dict[str, Any]
    draw: list[list[Play]]  # the draw for the first dealer, round by round of ties
    dealer: int
    round: int
    phase: Literal["bid", "play", "over"]
    turn: int | None
    hands: list[list[str]]
    looked: list[bool]  # whether each player has seen this round's cards
    bids: list[Bid | None]
    trick: list[Play]
    tricks: list[TrickRecord]  # this round's tricks, in order
    taken: list[int]
    broken: bool  # a spade has been played this round
    scores: list[int]  # per side
    bags: list[int]  # per side, carried from round to round
    history: list[RoundRecord]
    result: Result | None


def left_of(seat: int) -> int:
    return (seat + 1) % SEATS


def partner_of(seat: int) -> int:
    return (seat + 2) % SEATS


def parse_move(raw: object) -> SpadesMove:
    fields = parse_object(raw, {"type"}, {"tricks", "card"}, hint=MOVE_HINT)
    kind = next((k for k in get_args(MoveKind) if k == fields["type"]), None)
    extra = set(fields) - {"type"}
    if kind == "bid" and extra == {"tricks"}:
        tricks = fields["tricks"]
        if isinstance(tricks, int) and is_int(tricks) and 0 <= tricks <= MAX_BID:
            return {"type": "bid", "tricks": tricks}
    elif kind == "play" and extra == {"card"}:
        card = fields["card"]
        if isinstance(card, str) and is_card(card):
            return {"type": "play", "card": card}
    elif kind in ("blind_nil", "look") and not extra:
        return {"type": kind}
    raise MalformedAction(MOVE_HINT)


def draw_for_dealer(rng: Rng) -> tuple[int, list[list[Play]]]:
    """Each player draws a card; the highest deals. Players tied for the highest draw
    again, from the same shuffled deck (a fresh one if it runs out)."""
    deck = rng.shuffle(list(DECK))
    contenders = list(range(SEATS))
    rounds: list[list[Play]] = []
    while True:
        if len(deck) < len(contenders):
            deck = rng.shuffle(list(DECK))
        drawn: list[Play] = [{"seat": seat, "card": deck.pop()} for seat in contenders]
        rounds.append(drawn)
        top = max(strength(p["card"]) for p in drawn)
        contenders = [p["seat"] for p in drawn if strength(p["card"]) == top]
        if len(contenders) == 1:
            return contenders[0], rounds


class Spades(Engine[SpadesOptions, SpadesState, SpadesMove]):
    slug = "spades"
    name = "Spades"
    min_seats: ClassVar[int] = SEATS
    max_seats: ClassVar[int] = SEATS
    Options = SpadesOptions
    # Four players: one who is gone is replaced by a computer player and the game goes on.
    on_disconnect: ClassVar[OnDisconnect] = OnDisconnect.BOT

    # ---- the table -----------------------------------------------------------------

    def options(self, state: SpadesState) -> SpadesOptions:
        return SpadesOptions(**state["options"])

    def partners(self, state: SpadesState) -> bool:
        return bool(state["options"]["mode"] == PARTNERS)

    def sides(self, state: SpadesState) -> list[list[int]]:
        if self.partners(state):
            return [[0, 2], [1, 3]]
        return [[seat] for seat in range(SEATS)]

    def side_of(self, state: SpadesState, seat: int) -> int:
        return seat % 2 if self.partners(state) else seat

    def blind_nil_offered(self, state: SpadesState) -> bool:
        options = self.options(state)
        return self.partners(state) and options.blind_nil and state["round"] >= FIRST_BLIND_ROUND

    # ---- start and deal ------------------------------------------------------------

    def start(self, options: SpadesOptions, seats: int, rng: Rng) -> SpadesState:
        if not isinstance(options, SpadesOptions):
            raise TypeError(f"expected SpadesOptions, got {type(options).__name__}")
        options.validate()
        if seats != SEATS:
            raise ValueError(f"Spades is played by {SEATS} players, not {seats}.")
        dealer, draw = draw_for_dealer(rng)
        sides = 2 if options.mode == PARTNERS else SEATS
        state: SpadesState = {
            "options": options.as_json(),
            "draw": draw,
            "dealer": dealer,
            "round": 1,
            "phase": "bid",
            "turn": left_of(dealer),
            "hands": [],
            "looked": [],
            "bids": [],
            "trick": [],
            "tricks": [],
            "taken": [],
            "broken": False,
            "scores": [0] * sides,
            "bags": [0] * sides,
            "history": [],
            "result": None,
        }
        self.deal(state, rng)
        return state

    def deal(self, state: SpadesState, rng: Rng) -> None:
        """A fresh shuffle dealt one card at a time clockwise from the dealer's left."""
        deck = rng.shuffle(list(DECK))
        hands: list[list[str]] = [[] for _ in range(SEATS)]
        for index, card in enumerate(deck):
            hands[(state["dealer"] + 1 + index) % SEATS].append(card)
        blind = self.blind_nil_offered(state)
        state["phase"] = "bid"
        state["turn"] = left_of(state["dealer"])
        state["hands"] = hands
        state["looked"] = [not blind] * SEATS  # offered blind nil: nobody has looked yet
        state["bids"] = [None] * SEATS
        state["trick"] = []
        state["tricks"] = []
        state["taken"] = [0] * SEATS
        state["broken"] = False

    # ---- moves ---------------------------------------------------------------------

    def to_act(self, state: SpadesState) -> set[int]:
        turn = state["turn"]
        return set() if state["result"] is not None or turn is None else {turn}

    def legal_actions(self, state: SpadesState, seat: int) -> list[SpadesMove]:
        if seat not in self.to_act(state):
            return []
        if state["phase"] == "play":
            cards = legal_cards(state["hands"][seat], state["trick"], state["broken"])
            return [{"type": "play", "card": c} for c in sorted_cards(cards)]
        if not state["looked"][seat]:
            return [{"type": "blind_nil"}, {"type": "look"}]
        return [{"type": "bid", "tricks": n} for n in range(self.highest_bid(state, seat) + 1)]

    def highest_bid(self, state: SpadesState, seat: int) -> int:
        """Partners' bids together are at most the 13 tricks there are."""
        partner_bid = state["bids"][partner_of(seat)]
        if self.partners(state) and partner_bid is not None:
            return MAX_BID - partner_bid["tricks"]
        return MAX_BID

    def parse_action(self, raw: object) -> SpadesMove:
        return parse_move(raw)

    def apply(self, state: SpadesState, seat: int, action: SpadesMove, rng: Rng) -> SpadesState:
        action = self.check(state, seat, action)
        state = copy.deepcopy(state)
        kind = action["type"]
        if kind == "look":
            state["looked"][seat] = True
        elif kind == "blind_nil":
            state["looked"][seat] = True
            self.record_bid(state, seat, {"tricks": 0, "blind": True})
        elif kind == "bid":
            self.record_bid(state, seat, {"tricks": action["tricks"], "blind": False})
        else:
            self.play_card(state, seat, action["card"], rng)
        return state

    def check(self, state: SpadesState, seat: int, raw: object) -> SpadesMove:
        """The move, parsed, if the rules allow it now."""
        if state["result"] is not None:
            raise IllegalAction("The game is over.")
        if seat not in self.to_act(state):
            raise IllegalAction("It is not your turn.")
        action = parse_move(raw)
        if action not in self.legal_actions(state, seat):
            raise IllegalAction(self.explain(state, seat, action))
        return action

    def explain(self, state: SpadesState, seat: int, action: SpadesMove) -> str:
        kind = action["type"]
        if state["phase"] == "play":
            if kind != "play":
                return "The bidding is over: play a card."
            return illegal_card_reason(state["hands"][seat], state["trick"], action["card"])
        if kind == "play":
            return "Cards are played once everyone has bid."
        if not state["looked"][seat]:
            return "Bid blind nil now, or look at your cards first."
        if kind in ("look", "blind_nil"):
            return "You have seen your cards: blind nil is no longer possible."
        return f"Your side can bid at most {self.highest_bid(state, seat)} more tricks."

    def record_bid(self, state: SpadesState, seat: int, bid: Bid) -> None:
        state["bids"][seat] = bid
        if all(b is not None for b in state["bids"]):
            state["phase"] = "play"
            state["turn"] = left_of(state["dealer"])
        else:
            state["turn"] = left_of(seat)

    def play_card(self, state: SpadesState, seat: int, card: str, rng: Rng) -> None:
        state["hands"][seat].remove(card)
        state["trick"].append({"seat": seat, "card": card})
        if suit(card) == SPADES:
            state["broken"] = True
        if len(state["trick"]) < SEATS:
            state["turn"] = left_of(seat)
            return
        winner = trick_winner(state["trick"])
        state["tricks"].append({"cards": state["trick"], "winner": winner})
        state["taken"][winner] += 1
        state["trick"] = []
        state["turn"] = winner
        if not any(state["hands"]):
            self.finish_round(state, rng)

    # ---- the end of a round and of the game ----------------------------------------

    def finish_round(self, state: SpadesState, rng: Rng) -> None:
        options = self.options(state)
        bids = [b for b in state["bids"] if b is not None]
        results = [
            score_side(
                seats,
                bids,
                state["taken"],
                state["bags"][index],
                partners=self.partners(state),
                bag_limit=options.bag_limit,
                bag_penalty=options.bag_penalty,
            )
            for index, seats in enumerate(self.sides(state))
        ]
        state["scores"] = [s + r["points"] for s, r in zip(state["scores"], results, strict=True)]
        state["bags"] = [r["bags_after"] for r in results]
        state["history"].append(
            {
                "round": state["round"],
                "dealer": state["dealer"],
                "bids": bids,
                "taken": list(state["taken"]),
                "sides": results,
                "scores": list(state["scores"]),
            }
        )
        reason = self.end_reason(state, options)
        if reason is not None:
            self.end_game(state, reason)
            return
        state["round"] += 1
        state["dealer"] = left_of(state["dealer"])
        self.deal(state, rng)

    @staticmethod
    def end_reason(state: SpadesState, options: SpadesOptions) -> str | None:
        scores = state["scores"]
        if max(scores) >= options.target:
            return "target reached"
        if min(scores) < options.elimination:
            return "eliminated"
        if state["round"] >= MAX_ROUNDS:
            return "last round played"
        return None

    @staticmethod
    def end_game(state: SpadesState, reason: str, forfeited: int | None = None) -> None:
        state["result"] = {"reason": reason, "forfeited": forfeited}
        state["phase"] = "over"
        state["turn"] = None

    def forfeit(self, state: SpadesState, seat: int) -> SpadesState:
        if type(seat) is not int or not 0 <= seat < SEATS:
            raise IllegalAction("There is no seat like that at this table.")
        state = copy.deepcopy(state)
        if state["result"] is None:
            self.end_game(state, "forfeit", forfeited=seat)
        return state

    def outcome(self, state: SpadesState) -> Outcome | None:
        result = state["result"]
        if result is None:
            return None
        points = tuple(state["scores"][self.side_of(state, s)] for s in range(SEATS))
        forfeited = result["forfeited"]
        lost = None if forfeited is None else self.side_of(state, forfeited)
        # A side that forfeits places below every other, whatever its score.
        by_side = placing(
            [(int(side != lost), score) for side, score in enumerate(state["scores"])]
        )
        places = tuple(by_side[self.side_of(state, s)] for s in range(SEATS))
        if all(p == 1 for p in places):
            # Nobody beat anybody: every buy-in goes back whole, the rake included.
            return Outcome(points, places, reason="tie", split=PotSplit(rake_free=True))
        if self.partners(state):
            return Outcome(points, places, reason=result["reason"])
        weights = solo_weights(places)
        assert weights is not None  # only a four-way tie has none, handled above
        split = PotSplit(SplitKind.WEIGHTED, weights)
        return Outcome(points, places, reason=result["reason"], split=split)

    # ---- what players see ----------------------------------------------------------

    def view(self, state: SpadesState, seat: int | None) -> View:
        # Before looking (blind nil offered) a player's own cards stay face down too.
        hand = None if seat is None or not state["looked"][seat] else state["hands"][seat]
        return {
            "mode": state["options"]["mode"],
            "options": dict(state["options"]),
            "sides": self.sides(state),
            "draw": copy.deepcopy(state["draw"]),
            "dealer": state["dealer"],
            "round": state["round"],
            "max_rounds": MAX_ROUNDS,
            "phase": state["phase"],
            "turn": state["turn"],
            "hand": None if hand is None else sorted_cards(hand),
            "looked": seat is not None and state["looked"][seat],
            "hand_sizes": [len(h) for h in state["hands"]],
            "bids": copy.deepcopy(state["bids"]),
            "trick": copy.deepcopy(state["trick"]),
            "tricks": copy.deepcopy(state["tricks"]),
            "taken": list(state["taken"]),
            "broken": state["broken"],
            "scores": list(state["scores"]),
            "bags": list(state["bags"]),
            "history": copy.deepcopy(state["history"]),
            "result": copy.deepcopy(state["result"]),
        }

    # ---- computer players ----------------------------------------------------------

    def bot_action(self, state: SpadesState, seat: int, rng: Rng) -> SpadesMove:
        legal = self.legal_actions(state, seat)
        if not legal:
            raise IllegalAction("It is not your turn.")
        return parse_move(bots.choose(self.view(state, seat), legal, seat))

    def timeout_action(self, state: SpadesState, seat: int) -> SpadesMove | None:
        legal = self.legal_actions(state, seat)
        if not legal:
            return None
        if {"type": "look"} in legal:
            # A player who let the time run out has not chosen to bid blind.
            return {"type": "look"}
        return parse_move(bots.choose(self.view(state, seat), legal, seat))


SPADES_GAME = Spades()
ENGINES = (SPADES_GAME,)
