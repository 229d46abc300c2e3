"""Koum-kan, Thanasis and Dynamitis: the engines the runtime loads (see games/engine.py for
the contract, RULES.md for the rules as players read them and how the text is read).

Seats play in their seating order (seat 0, 1, 2 …), which stands for the text's
anti-clockwise rotation. A game is a series of hands; in each, ten cards go to every
player still in, and whoever goes out ends it. Cards left in the others' hands are added
to their own scores as penalty points; a player who reaches the target is out of the game,
and the last one under it wins the pot less the rake. Plain Python: no Django.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any, ClassVar, Literal, Required, TypedDict

from games.engine import (
    BaseOptions,
    Engine,
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
from games.rummy import bots
from games.rummy.cards import (
    HIGHEST,
    JOKER,
    LARGEST_GROUP,
    LONGEST_RUN,
    PACK,
    Meld,
    MeldKind,
    Wild,
    arrange,
    best_split,
    card_points,
    hand_order,
    is_card,
    only_jokers,
    rank_of,
    remove_cards,
    stands_for,
    suit_of,
)

HAND = 10
MIN_SEATS = 2
MAX_SEATS = 4  # two decks deal ten each to four and leave a stock of 67
MAX_MELD_CARDS = LONGEST_RUN

MoveKind = Literal["draw", "meld", "lay", "discard", "out"]
MOVE_HINT = (
    'Malformed move: {"type": "draw", "from": "stock"|"discard"}, '
    '{"type": "meld", "kind": "run"|"group", "cards": [...]}, {"type": "lay", "meld": 0, '
    '"card": "7C"}, or "discard"/"out" with a "card".'
)
LEGAL_HINTS = 60  # the most moves listed to a seat: every meld it could make is too many


@dataclass(frozen=True)
class RummyOptions(BaseOptions):
    target: int = option(
        101,
        "Out at",
        (51, 101, 151, 201),
        "A player whose penalty points reach this is out of the game",
    )


# A draw names its pile under "from" (a Python keyword: hence the functional form).
RummyMove = TypedDict(
    "RummyMove",
    {
        "type": Required[MoveKind],
        "from": str,  # a draw: "stock" or "discard"
        "kind": MeldKind,  # a meld: "run" or "group"
        "cards": list[str],  # a meld's cards
        "meld": int,  # a lay-off: the combination's place on the table
        "card": str,  # a lay-off, a discard, going out
    },
    total=False,
)


class HandRecord(TypedDict):
    hand: int
    dealer: int
    winner: int | None  # None: the stock ran out
    points: list[int]  # penalty points this hand, per seat
    scores: list[int]
    eliminated: list[int]
    table: list[Meld]  # the combinations on the table when the hand ended


class Result(TypedDict):
    reason: str
    forfeited: int | None


class RummyState(TypedDict):
    options: dict[str, Any]
    seats: int
    hand: int
    dealer: int
    turn: int | None
    phase: Literal["draw", "play", "over"]
    hands: list[list[str]]
    stock: list[str]  # drawn from the end
    discard: list[str]  # the top is the last
    turned: str | None  # Thanasis, Dynamitis: the card that makes its rank wild
    melds: list[Meld]
    melded: list[bool]  # whether each player has put down a combination this hand
    taken: str | None  # the card this turn's player took from the discard pile
    scores: list[int]
    out: list[int | None]  # the hand in which each player reached the target
    history: list[HandRecord]
    result: Result | None


def parse_move(raw: object) -> RummyMove:
    fields = parse_object(raw, {"type"}, {"from", "kind", "cards", "meld", "card"}, hint=MOVE_HINT)
    kind, extra = fields["type"], set(fields) - {"type"}
    if kind == "draw" and extra == {"from"} and fields["from"] in ("stock", "discard"):
        return {"type": "draw", "from": str(fields["from"])}
    if kind == "meld" and extra == {"kind", "cards"}:
        cards = fields["cards"]
        if (
            fields["kind"] in ("run", "group")
            and isinstance(cards, list)
            and 0 < len(cards) <= MAX_MELD_CARDS
            and all(is_card(c) for c in cards)
        ):
            meld_kind: MeldKind = "run" if fields["kind"] == "run" else "group"
            return {"type": "meld", "kind": meld_kind, "cards": [str(c) for c in cards]}
    if kind == "lay" and extra == {"meld", "card"}:
        index, card = fields["meld"], fields["card"]
        if is_int(index) and isinstance(index, int) and 0 <= index < 200 and is_card(card):
            return {"type": "lay", "meld": index, "card": str(card)}
    if kind in ("discard", "out") and extra == {"card"} and is_card(fields["card"]):
        return {"type": "discard" if kind == "discard" else "out", "card": str(fields["card"])}
    raise MalformedAction(MOVE_HINT)


class Rummy(Engine[RummyOptions, RummyState, RummyMove]):
    """What the three games share: the deal, the turn, going out, the scores."""

    min_seats: ClassVar[int] = MIN_SEATS
    max_seats: ClassVar[int] = MAX_SEATS
    Options = RummyOptions
    # The text's loss-of-connection rules name only Pilotta and Tavli; like Pilotta's, a
    # computer player takes the seat of a player who is gone and the game goes on.
    on_disconnect: ClassVar[OnDisconnect] = OnDisconnect.BOT
    ace: ClassVar[int]  # what an ace left in hand costs
    melding: ClassVar[bool]  # combinations may be put down during the hand (Koum-kan)

    # ---- what the variant decides --------------------------------------------------

    def wild_test(self, state: RummyState) -> Wild:
        return only_jokers

    def turn_card(self, stock: list[str], rng: Rng) -> str | None:
        return None

    # ---- the deal ------------------------------------------------------------------

    def start(self, options: RummyOptions, seats: int, rng: Rng) -> RummyState:
        if not isinstance(options, RummyOptions):
            raise TypeError(f"expected RummyOptions, got {type(options).__name__}")
        options.validate()
        if not MIN_SEATS <= seats <= MAX_SEATS:
            raise ValueError(f"{self.name} is played by {MIN_SEATS} to {MAX_SEATS} players.")
        state: RummyState = {
            "options": options.as_json(),
            "seats": seats,
            "hand": 0,
            "dealer": rng.randbelow(seats),  # "The first dealer is chosen randomly"
            "turn": None,
            "phase": "draw",
            "hands": [[] for _ in range(seats)],
            "stock": [],
            "discard": [],
            "turned": None,
            "melds": [],
            "melded": [False] * seats,
            "taken": None,
            "scores": [0] * seats,
            "out": [None] * seats,
            "history": [],
            "result": None,
        }
        self.deal(state, rng)
        return state

    def playing(self, state: RummyState) -> list[int]:
        return [s for s in range(state["seats"]) if state["out"][s] is None]

    def next_seat(self, state: RummyState, seat: int) -> int:
        """The next player still in the game after `seat`, in the order of play."""
        players = self.playing(state)
        return min((s for s in players if s > seat), default=players[0])

    def deal(self, state: RummyState, rng: Rng) -> None:
        state["hand"] += 1
        stock = rng.shuffle(list(PACK))
        players = self.playing(state)
        hands: list[list[str]] = [[] for _ in range(state["seats"])]
        seat = state["dealer"]
        for _ in range(HAND * len(players)):
            seat = self.next_seat(state, seat)
            hands[seat].append(stock.pop())
        state["hands"] = hands
        state["turned"] = self.turn_card(stock, rng)
        state["discard"] = [] if state["turned"] is not None else [stock.pop()]
        state["stock"] = stock
        state["melds"] = []
        state["melded"] = [False] * state["seats"]
        state["taken"] = None
        state["phase"] = "draw"
        state["turn"] = self.next_seat(state, state["dealer"])

    # ---- moves ---------------------------------------------------------------------

    def to_act(self, state: RummyState) -> set[int]:
        turn = state["turn"]
        return set() if state["result"] is not None or turn is None else {turn}

    def parse_action(self, raw: object) -> RummyMove:
        return parse_move(raw)

    def legal_actions(self, state: RummyState, seat: int) -> list[RummyMove]:
        if seat not in self.to_act(state):
            return []
        if state["phase"] == "draw":
            return [{"type": "draw", "from": s} for s in self.draw_sources(state)]
        return self.play_hints(state, seat)[:LEGAL_HINTS]

    def draw_sources(self, state: RummyState) -> list[str]:
        return ["stock"]

    def play_hints(self, state: RummyState, seat: int) -> list[RummyMove]:
        return [{"type": "discard", "card": c} for c in hand_order(set(state["hands"][seat]))]

    def is_legal(self, state: RummyState, seat: int, action: RummyMove) -> bool:
        try:
            self.apply(state, seat, action, Rng(b"is-legal", "check", 0))
        except IllegalAction:
            return False
        return True

    def apply(self, state: RummyState, seat: int, action: RummyMove, rng: Rng) -> RummyState:
        if state["result"] is not None:
            raise IllegalAction("The game is over.")
        if seat not in self.to_act(state):
            raise IllegalAction("It is not your turn.")
        action = parse_move(action)
        state = copy.deepcopy(state)
        kind = action["type"]
        if state["phase"] == "draw":
            if kind != "draw":
                raise IllegalAction("Draw a card first.")
            self.draw(state, seat, action["from"])
        elif kind == "draw":
            raise IllegalAction("You have drawn already: play or discard.")
        elif kind == "meld":
            self.meld(state, seat, action["kind"], action["cards"])
        elif kind == "lay":
            self.lay_off(state, seat, action["meld"], action["card"])
        elif kind == "discard":
            self.throw(state, seat, action["card"], rng)
        else:
            self.go_out(state, seat, action["card"], rng)
        return state

    def draw(self, state: RummyState, seat: int, source: str) -> None:
        if source not in self.draw_sources(state):
            raise IllegalAction(f"In {self.name} you draw from the stock only.")
        if source == "discard":
            if not state["discard"]:
                raise IllegalAction("The discard pile is empty.")
            card = state["discard"].pop()
            state["taken"] = card
        else:
            card = state["stock"].pop()
        state["hands"][seat].append(card)
        state["phase"] = "play"

    def meld(self, state: RummyState, seat: int, kind: MeldKind, cards: list[str]) -> None:
        raise IllegalAction(
            f"In {self.name} combinations are shown only when going out with all ten cards."
        )

    def lay_off(self, state: RummyState, seat: int, index: int, card: str) -> None:
        raise IllegalAction(f"In {self.name} nothing is laid off: nothing is on the table.")

    def go_out(self, state: RummyState, seat: int, card: str, rng: Rng) -> None:
        raise IllegalAction("Discard your last card to go out.")

    def throw(self, state: RummyState, seat: int, card: str, rng: Rng) -> None:
        rest = remove_cards(state["hands"][seat], [card])
        if rest is None:
            raise IllegalAction("You do not hold that card.")
        state["hands"][seat] = rest
        state["discard"].append(card)
        state["taken"] = None
        if not rest:
            self.end_hand(state, seat, rng)
        else:
            self.pass_turn(state, seat, rng)

    def pass_turn(self, state: RummyState, seat: int, rng: Rng) -> None:
        if not state["stock"]:
            # The text does not say; the hand ends and every player counts their cards.
            self.end_hand(state, None, rng)
            return
        state["turn"] = self.next_seat(state, seat)
        state["phase"] = "draw"

    # ---- the end of a hand and of the game -----------------------------------------

    def penalty(self, state: RummyState, seat: int) -> int:
        """The points of the cards left in a hand (Koum-kan counts them all)."""
        wild = self.wild_test(state)
        return sum(card_points(c, wild, self.ace) for c in state["hands"][seat])

    def end_hand(self, state: RummyState, winner: int | None, rng: Rng) -> None:
        options = RummyOptions(**state["options"])
        players = self.playing(state)
        points = [0] * state["seats"]
        for seat in players:
            if seat != winner:
                points[seat] = self.penalty(state, seat)
                state["scores"][seat] += points[seat]
        reached = [s for s in players if state["scores"][s] >= options.target]
        for seat in reached:
            state["out"][seat] = state["hand"]
        state["history"].append(
            {
                "hand": state["hand"],
                "dealer": state["dealer"],
                "winner": winner,
                "points": points,
                "scores": list(state["scores"]),
                "eliminated": reached,
                "table": copy.deepcopy(state["melds"]),
            }
        )
        if len(self.playing(state)) <= 1:
            self.end_game(state, "last player under the target")
            return
        state["dealer"] = self.next_seat(state, state["dealer"])
        self.deal(state, rng)

    @staticmethod
    def end_game(state: RummyState, reason: str, forfeited: int | None = None) -> None:
        state["result"] = {"reason": reason, "forfeited": forfeited}
        state["phase"] = "over"
        state["turn"] = None

    def forfeit(self, state: RummyState, seat: int) -> RummyState:
        if type(seat) is not int or not 0 <= seat < state["seats"]:
            raise IllegalAction("There is no seat like that at this table.")
        state = copy.deepcopy(state)
        if state["result"] is None:
            self.end_game(state, "forfeit", forfeited=seat)
        return state

    def outcome(self, state: RummyState) -> Outcome | None:
        result = state["result"]
        if result is None:
            return None
        return Outcome(tuple(state["scores"]), placings(state), reason=result["reason"])

    # ---- what players see ----------------------------------------------------------

    def view(self, state: RummyState, seat: int | None) -> View:
        own = seat is not None and 0 <= seat < state["seats"]
        return {
            "game": self.slug,
            "target": state["options"]["target"],
            "seats": state["seats"],
            "hand_number": state["hand"],
            "dealer": state["dealer"],
            "turn": state["turn"],
            "phase": state["phase"],
            "hand": hand_order(state["hands"][seat]) if own and seat is not None else None,
            "hand_sizes": [len(h) for h in state["hands"]],
            "stock_size": len(state["stock"]),
            "discard_top": state["discard"][-1] if state["discard"] else None,
            "discard_size": len(state["discard"]),
            "turned": state["turned"],
            "wild_ranks": self.wild_ranks(state),
            "melds": copy.deepcopy(state["melds"]),
            "melded": list(state["melded"]),
            "taken": state["taken"],
            "draw_from": self.draw_sources(state),
            "melding": self.melding,
            "scores": list(state["scores"]),
            "out": list(state["out"]),
            "history": copy.deepcopy(state["history"]),
            "result": copy.deepcopy(state["result"]),
        }

    def wild_ranks(self, state: RummyState) -> list[str]:
        return []

    # ---- computer players ----------------------------------------------------------

    def bot_action(self, state: RummyState, seat: int, rng: Rng) -> RummyMove:
        if seat not in self.to_act(state):
            raise IllegalAction("It is not your turn.")
        hand, wild = state["hands"][seat], self.wild_test(state)
        if state["phase"] == "draw":
            top = state["discard"][-1] if "discard" in self.draw_sources(state) else None
            return parse_move(bots.draw(hand, top, wild, self.ace))
        move = self.bot_play(state, seat)
        if move is None:
            move = {"type": "discard", "card": bots.throw(hand, wild, self.ace)}
        return parse_move(move)

    def bot_play(self, state: RummyState, seat: int) -> dict[str, Any] | None:
        wild = self.wild_test(state)
        card = bots.going_out(state["hands"][seat], wild, self.ace)
        return None if card is None else {"type": "out", "card": card}

    def timeout_action(self, state: RummyState, seat: int) -> RummyMove | None:
        if seat not in self.to_act(state):
            return None
        if state["phase"] == "draw":
            return {"type": "draw", "from": "stock"}
        # The time is up for melding: the card the bot would throw goes.
        card = bots.throw(state["hands"][seat], self.wild_test(state), self.ace)
        return {"type": "discard", "card": card}


def placings(state: RummyState) -> tuple[int, ...]:
    """The last player in wins; the others rank by how long they lasted, then by fewer
    points. A player who forfeits is last. If the last players all reach the target in
    the same hand, the fewest points win."""
    forfeited = state["result"]["forfeited"] if state["result"] else None
    last_hand = state["hand"] + 1

    def key(seat: int) -> tuple[int, int, int]:
        lasted = state["out"][seat]
        return (
            int(seat == forfeited),
            -(last_hand if lasted is None else lasted),
            state["scores"][seat],
        )

    keys = [key(s) for s in range(state["seats"])]
    return tuple(1 + sum(other < mine for other in keys) for mine in keys)


class KoumKan(Rummy):
    slug = "koum-kan"
    name = "Koum-kan"
    ace: ClassVar[int] = 10  # "the Ace gets 10 points in Koumkan"
    melding: ClassVar[bool] = True

    def draw_sources(self, state: RummyState) -> list[str]:
        return ["stock", "discard"] if state["discard"] else ["stock"]

    def play_hints(self, state: RummyState, seat: int) -> list[RummyMove]:
        hand, wild = state["hands"][seat], self.wild_test(state)
        hints: list[RummyMove] = []
        for cards in best_split(hand, wild, self.ace)["melds"]:
            for kind in ("run", "group"):
                meld: RummyMove = {"type": "meld", "kind": kind, "cards": list(cards)}
                if self.is_legal(state, seat, meld):
                    hints.append(meld)
        if state["melded"][seat] and len(hand) > 1:
            for card in hand_order(set(hand)):
                for index, table_meld in enumerate(state["melds"]):
                    if laid_off(table_meld, card) is not None:
                        hints.append({"type": "lay", "meld": index, "card": card})
        return hints[: LEGAL_HINTS // 2] + super().play_hints(state, seat)

    def meld(self, state: RummyState, seat: int, kind: MeldKind, cards: list[str]) -> None:
        hand = state["hands"][seat]
        rest = remove_cards(hand, cards)
        if rest is None:
            raise IllegalAction("You do not hold those cards.")
        meld = arrange(cards, kind, only_jokers)
        if meld is None:
            raise IllegalAction(meld_refusal(kind))
        if not rest:
            raise IllegalAction("Keep a card to discard: the discard is mandatory.")
        state["hands"][seat] = rest
        state["melds"].append(meld)
        state["melded"][seat] = True

    def lay_off(self, state: RummyState, seat: int, index: int, card: str) -> None:
        if not state["melded"][seat]:
            raise IllegalAction("Put down a combination of your own before laying off.")
        if index >= len(state["melds"]):
            raise IllegalAction("There is no such combination on the table.")
        hand = state["hands"][seat]
        rest = remove_cards(hand, [card])
        if rest is None:
            raise IllegalAction("You do not hold that card.")
        laid = laid_off(state["melds"][index], card)
        if laid is None:
            raise IllegalAction("That card does not fit that combination.")
        meld, returned = laid
        if returned is not None:
            rest.append(returned)
        if not rest:
            raise IllegalAction("Keep a card to discard: the discard is mandatory.")
        state["hands"][seat] = rest
        state["melds"][index] = meld

    def bot_play(self, state: RummyState, seat: int) -> dict[str, Any] | None:
        return bots.meld_or_lay(
            state["hands"][seat],
            state["melds"],
            state["melded"][seat],
            lambda meld, card: laid_off(meld, card) is not None,
            only_jokers,
        )


def meld_refusal(kind: MeldKind) -> str:
    if kind == "run":
        return "A run is three or more cards of one suit in order (the ace is low)."
    return "A group is three or four cards of one rank, each of a different suit."


def laid_off(meld: Meld, card: str) -> tuple[Meld, str | None] | None:
    """The combination with `card` added, and the joker it takes back (if it takes a
    joker's place), or None when the card does not fit. Nothing is rearranged."""
    cards = meld["cards"]
    if card == JOKER:
        return _joker_laid(meld)
    rank, suit = rank_of(card), suit_of(card)
    if meld["kind"] == "group":
        suits = {suit_of(c) for c in cards if c != JOKER}
        if rank != meld["low"] or suit in suits:
            return None
        if JOKER in cards:  # a joker in a group stands for any suit it lacks
            at = cards.index(JOKER)
            return {**meld, "cards": [*cards[:at], card, *cards[at + 1 :]]}, JOKER
        if len(cards) >= LARGEST_GROUP:
            return None
        return {**meld, "cards": [*cards, card]}, None
    if suit != meld["suit"]:
        return None
    for at, held in enumerate(cards):
        if stands_for(meld, at)[0] == rank:
            if held != JOKER:
                return None
            return {**meld, "cards": [*cards[:at], card, *cards[at + 1 :]]}, JOKER
    if rank == meld["low"] - 1:
        return {**meld, "low": rank, "cards": [card, *cards]}, None
    if rank == meld["low"] + len(cards):
        return {**meld, "cards": [*cards, card]}, None
    return None


def _joker_laid(meld: Meld) -> tuple[Meld, str | None] | None:
    """A joker goes wherever another card could: a group short of four, a run's high end,
    or its low end when the run reaches the king."""
    cards = meld["cards"]
    if meld["kind"] == "group":
        if len(cards) >= LARGEST_GROUP:
            return None
        return {**meld, "cards": [*cards, JOKER]}, None
    if meld["low"] + len(cards) <= HIGHEST:
        return {**meld, "cards": [*cards, JOKER]}, None
    if meld["low"] > 1:
        return {**meld, "low": meld["low"] - 1, "cards": [JOKER, *cards]}, None
    return None


class Thanasis(Rummy):
    slug = "thanasis"
    name = "Thanasis"
    ace: ClassVar[int] = 1  # "1 point in Thanasis and Dynamitis"
    melding: ClassVar[bool] = False
    refused_ranks: ClassVar[tuple[str, ...]] = ()  # turned ranks put back (besides jokers)

    def turn_card(self, stock: list[str], rng: Rng) -> str | None:
        """The first card turned up; a joker (and in Dynamitis a two) goes back into the
        stock at a random place and the next is turned."""
        while True:
            card = stock.pop()
            if card != JOKER and card[0] not in self.refused_ranks:
                return card
            stock.insert(rng.randbelow(len(stock) + 1), card)

    def wild_ranks(self, state: RummyState) -> list[str]:
        turned = state["turned"]
        return [] if turned is None else [turned[0]]

    def wild_test(self, state: RummyState) -> Wild:
        ranks = frozenset(self.wild_ranks(state))
        return lambda card: card == JOKER or card[0] in ranks

    def play_hints(self, state: RummyState, seat: int) -> list[RummyMove]:
        hand, wild = state["hands"][seat], self.wild_test(state)
        hints: list[RummyMove] = []
        for card in hand_order(set(hand)):
            rest = remove_cards(hand, [card]) or []
            if best_split(rest, wild, self.ace)["points"] == 0:
                hints.append({"type": "out", "card": card})
        return hints + super().play_hints(state, seat)

    def go_out(self, state: RummyState, seat: int, card: str, rng: Rng) -> None:
        rest = remove_cards(state["hands"][seat], [card])
        if rest is None:
            raise IllegalAction("You do not hold that card.")
        split = best_split(rest, self.wild_test(state), self.ace)
        if split["points"] > 0:
            raise IllegalAction("To go out, every other card must be in a combination.")
        wild = self.wild_test(state)
        state["melds"] = [m for m in (meld_shown(c, wild) for c in split["melds"]) if m]
        state["melded"][seat] = True
        state["hands"][seat] = []
        state["discard"].append(card)
        self.end_hand(state, seat, rng)

    def penalty(self, state: RummyState, seat: int) -> int:
        """The others' combinations are removed first: only the rest is counted."""
        return best_split(state["hands"][seat], self.wild_test(state), self.ace)["points"]


def meld_shown(cards: list[str], wild: Wild) -> Meld | None:
    """A winner's combination as it is shown on the table (wild cards alone: a group)."""
    laid = arrange(cards, "group", wild) or arrange(cards, "run", wild)
    if laid is None:
        return {"kind": "group", "suit": "", "low": 0, "cards": list(cards)}
    return laid


class Dynamitis(Thanasis):
    slug = "dynamitis"
    name = "Dynamitis"
    refused_ranks: ClassVar[tuple[str, ...]] = ("2",)

    def wild_ranks(self, state: RummyState) -> list[str]:
        return ["2", *super().wild_ranks(state)]


KOUM_KAN = KoumKan()
THANASIS = Thanasis()
DYNAMITIS = Dynamitis()
ENGINES = (KOUM_KAN, THANASIS, DYNAMITIS)
