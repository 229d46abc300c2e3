"""One poker hand over PokerKit: PokerKit keeps the betting (blinds, turn order, the
smallest and largest bet or raise, streets, all-ins) and ranks the hands; we deal every
card from our own shuffled deck (so the hand replays and verifies from its seed), decide
the showdown's show-or-muck, build the pots and pay them with our rake and odd-chip rule
(games/poker/pots.py). Plain Python: no Django.

Players are numbered in hand order: from the button's left round to the button, which is
PokerKit's order (player 0 posts the small blind, 1 the big blind; heads-up, the button
posts the small blind and PokerKit reverses the blinds itself).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from threading import Lock
from typing import Any

from pokerkit import (
    Automation,
    Mode,
    NoLimitShortDeckHoldem,
    NoLimitTexasHoldem,
    OmahaHoldemHand,
    PotLimitOmahaHoldem,
    ShortDeckHoldemHand,
    StandardHighHand,
    State,
)
from pokerkit.hands import Hand
from pokerkit.lookups import Entry

from games.poker.pots import Pot, award, build_pots, hand_rake

RANKS = "23456789TJQKA"
SUITS = "CDHS"
FULL_DECK = tuple(r + s for r in RANKS for s in SUITS)
SHORT_DECK = tuple(r + s for r in RANKS[4:] for s in SUITS)  # six to ace: 36 cards

# We deal and show ourselves; PokerKit posts blinds and gathers bets between streets.
AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
)


class FiveCardOmaha(PotLimitOmahaHoldem):
    """Pot-limit Omaha with five hole cards; still exactly two of them in a hand."""

    hole_dealing_count = 5


@dataclass(frozen=True)
class Variant:
    slug: str
    game: Any  # the PokerKit game class: its streets, betting structure (limit) and deck
    hand_type: type[Hand]
    hole_cards: int
    deck: tuple[str, ...]
    from_hole: int | None = None  # exactly this many hole cards in a hand (Omaha: two)
    # Five cards' ranks (sorted) and whether they are suited -> PokerKit's entry for them.
    entries: dict[tuple[str, bool], Entry] = field(default_factory=dict, compare=False, repr=False)


HOLDEM = Variant("holdem", NoLimitTexasHoldem, StandardHighHand, 2, FULL_DECK)
OMAHA = Variant("omaha", PotLimitOmahaHoldem, OmahaHoldemHand, 4, FULL_DECK, from_hole=2)
OMAHA5 = Variant("omaha5", FiveCardOmaha, OmahaHoldemHand, 5, FULL_DECK, from_hole=2)
SHORT_DECK_HOLDEM = Variant(
    "short-deck", NoLimitShortDeckHoldem, ShortDeckHoldemHand, 2, SHORT_DECK
)


def to_kit(card: str) -> str:
    """Our codes ("TH", the board kit's) to PokerKit's ("Th")."""
    return card[0] + card[1].lower()


def best_hand(variant: Variant, hole: Sequence[str], board: Sequence[str]) -> Entry:
    """The best hand these cards make under the variant's ranking (Omaha: exactly two from
    the hand and three from the board; Short Deck: a flush beats a full house and A-6-7-8-9
    is a straight). Hands compare with < and ==.

    The ranking is PokerKit's own lookup table, asked once per kind of five cards (their
    ranks and whether they are suited: all a hand's rank depends on) and remembered:
    PokerKit's `from_game` ranks every five-card choice afresh and cost an Omaha showdown
    5 ms a hand, most of a table's time."""
    choices: Iterable[tuple[str, ...]]
    if variant.from_hole is None:
        choices = combinations([*hole, *board], 5)
    else:
        choices = (
            mine + shared
            for mine in combinations(hole, variant.from_hole)
            for shared in combinations(board, 5 - variant.from_hole)
        )
    return max(entry(variant, five) for five in choices)


def entry(variant: Variant, five: Sequence[str]) -> Entry:
    ranks = "".join(sorted(card[0] for card in five))
    suited = len({card[1] for card in five}) == 1
    found = variant.entries.get((ranks, suited))
    if found is None:
        # Any five cards of these ranks, suited or not: the suits play no other part.
        suits = "s" * 5 if suited else "cdhsc"
        cards = "".join(r + s for r, s in zip(ranks, suits, strict=True))
        found = variant.entries[(ranks, suited)] = variant.hand_type.lookup.get_entry(cards)
    return found


def hand_name(hand: Entry) -> str:
    """ "Straight flush" and the like: the hand's category."""
    return str(hand.label.value)


@dataclass(frozen=True)
class Setup:
    """What fixes a hand before its first bet."""

    variant: Variant
    deck: tuple[str, ...]  # shuffled from the hand's seed
    starting: tuple[int, ...]  # stacks in hand order
    small_blind: int
    big_blind: int
    ante: int = 0  # every player's, before the blinds (a tournament's later levels)


Op = tuple[str, int]  # ("fold" | "call" | "raise", raise-to amount or 0)


class Play:
    """A hand in progress: the PokerKit state, the next card of our deck and the cards
    dealt. Built from a Setup and its betting ops; every op is re-checked by PokerKit."""

    def __init__(self, setup: Setup) -> None:
        self.setup = setup
        self.next_card = 0
        players = len(setup.starting)
        self.kit: State = setup.variant.game.create_state(
            AUTOMATIONS,
            True,
            setup.ante,
            (setup.small_blind, setup.big_blind),
            setup.big_blind,
            setup.starting,
            players,
            mode=Mode.TOURNAMENT,  # one run-out, hands shown in full: no run-it-twice
        )
        # One card at a time round the table from our deck; PokerKit is then given each
        # player's cards in one call (a call per card cost an Omaha table a sixth of its time).
        dealt = [self.draw() for _ in range(setup.variant.hole_cards * players)]
        self.holes: list[list[str]] = [dealt[player::players] for player in range(players)]
        for player, hole in enumerate(self.holes):
            self.kit.deal_hole("".join(map(to_kit, hole)), player)
        self.board: list[str] = []
        self.ops: list[Op] = []
        self.last_aggressor: int | None = None
        self.deal()

    def draw(self) -> str:
        card = self.setup.deck[self.next_card]
        self.next_card += 1
        return card

    def deal(self) -> None:
        """Burns and deals the board until someone must act or the betting is over."""
        while True:
            if self.kit.can_burn_card():
                self.kit.burn_card(to_kit(self.draw()))
            elif self.kit.can_deal_board():
                count = self.kit.board_dealing_count or 0
                cards = [self.draw() for _ in range(count)]
                self.kit.deal_board("".join(map(to_kit, cards)))
                self.board.extend(cards)
                self.last_aggressor = None  # a new street: showdown order starts afresh
            elif self.runs_out() and self.kit.can_show_or_muck_hole_cards(True):
                # PokerKit shows the hands before an all-in run-out and only then deals
                # the rest of the board: its copy of the cards is turned up (who players
                # see show is decided by `showdown`). At the river we stop before its
                # showdown, whose hand killing ranks every hand again (1 ms each).
                self.kit.show_or_muck_hole_cards(True)
            else:
                return

    def runs_out(self) -> bool:
        """All in before the last street: the board is still to be dealt."""
        return bool(self.kit.all_in_status) and self.kit.street is not self.kit.streets[-1]

    # ---- betting -------------------------------------------------------------------

    @property
    def actor(self) -> int | None:
        return self.kit.actor_index

    @property
    def betting_over(self) -> bool:
        return self.kit.actor_index is None

    def to_call(self) -> int:
        return int(self.kit.checking_or_calling_amount or 0)

    def raise_range(self) -> tuple[int, int] | None:
        """The smallest and largest total this player may bet or raise to, if any."""
        # Each of PokerKit's amounts checks the raise is allowed at all (None if not), and
        # its pot limit recomputes the pots: asked once each (can_complete_bet_or_raise_to
        # asks both again, twice, and cost a pot-limit table a third of its time).
        low = self.kit.min_completion_betting_or_raising_to_amount
        if low is None:
            return None
        high = self.kit.max_completion_betting_or_raising_to_amount
        assert high is not None
        return int(low), int(high)

    def can_fold(self) -> bool:
        return self.to_call() > 0  # folding for free is not offered: check instead

    def play(self, op: Op) -> None:
        """One betting action; ValueError when PokerKit's rules refuse it."""
        kind, amount = op
        actor = self.actor
        if actor is None:
            raise ValueError("no one is to act")
        if kind == "fold":
            if not self.can_fold():
                raise ValueError("nothing to fold to")
            self.kit.fold()
        elif kind == "call":
            self.kit.check_or_call()
        else:
            self.kit.complete_bet_or_raise_to(amount)  # ValueError outside its limits
            self.last_aggressor = actor
        self.ops.append(op)
        self.deal()

    # ---- what the table shows -------------------------------------------------------

    def in_hand(self) -> list[bool]:
        return [bool(s) for s in self.kit.statuses]

    def stacks(self) -> list[int]:
        return [int(s) for s in self.kit.stacks]

    def bets(self) -> list[int]:
        return [int(b) for b in self.kit.bets]

    def pot(self) -> int:
        """Chips gathered from past streets (this street's bets are shown apart)."""
        return sum(self.contributed()) - sum(self.bets())

    def contributed(self) -> list[int]:
        return [
            start - int(now)
            for start, now in zip(self.setup.starting, self.kit.stacks, strict=True)
        ]

    # ---- the end --------------------------------------------------------------------

    def finish(self, rate_bp: int, cap: int | None, dead: Sequence[bool]) -> Result:
        """Pots, rake, showdown and chips won, once the betting is over. `dead`: players
        who left the table during the hand; their cards win nothing unless nobody else
        is still in."""
        assert self.betting_over
        folded = [not s for s in self.in_hand()]
        if any(not out and not gone for out, gone in zip(folded, dead, strict=True)):
            folded = [out or gone for out, gone in zip(folded, dead, strict=True)]
        pots = build_pots(self.contributed(), folded)
        rakes = hand_rake(pots, bool(self.board), rate_bp, cap)
        live = [p for p, out in enumerate(folded) if not out]
        shown: list[int] = []
        hands: dict[int, Entry] = {}
        if len(live) > 1:
            hands = {p: best_hand(self.setup.variant, self.holes[p], self.board) for p in live}
            shown = self.showdown(live, hands, pots)
        winners = {i: self.winners(pot, hands) for i, pot in enumerate(pots)}
        won = award(pots, rakes, winners, len(self.setup.starting))
        return Result(pots, rakes, won, shown, [hand_name(hands[p]) for p in shown])

    def showdown(self, live: list[int], hands: dict[int, Entry], pots: Sequence[Pot]) -> list[int]:
        """Who shows, in showdown order: the last bettor or raiser of the last street
        first, else the first player left of the button; then round the table. A player
        shows a hand that can still win or tie a pot it is in; a hand that cannot is
        mucked, unseen. A hand already all-in before the last street is shown whatever."""
        players = len(self.setup.starting)
        first = self.last_aggressor if self.last_aggressor in live else live[0]
        order = [(first + k) % players for k in range(players)]
        order = [p for p in order if p in hands]
        all_in = any(s == 0 for p, s in enumerate(self.stacks()) if p in hands)
        best_shown: dict[int, Entry] = {}
        shown: list[int] = []
        for player in order:
            mine = [i for i, pot in enumerate(pots) if player in pot.eligible and pot.contested]
            could_win = any(i not in best_shown or not hands[player] < best_shown[i] for i in mine)
            if all_in or could_win or not shown:
                shown.append(player)
                for i in mine:
                    if i not in best_shown or best_shown[i] < hands[player]:
                        best_shown[i] = hands[player]
        return shown

    @staticmethod
    def winners(pot: Pot, hands: dict[int, Entry]) -> list[int]:
        if not pot.contested:
            return list(pot.eligible)
        top = max(hands[p] for p in pot.eligible)
        return [p for p in pot.eligible if hands[p] == top]


@dataclass(frozen=True)
class Result:
    pots: list[Pot]
    rakes: list[int]
    won: list[int]  # chips won per player (hand order), rake taken
    shown: list[int]  # players whose cards were shown at the showdown, in order
    shown_names: list[str]  # the hand each shown player made, in `shown`'s order


# Rebuilding a hand from its ops costs PokerKit a few milliseconds; the table's next move
# almost always continues the hand the last move left, so that hand is kept (by its setup
# and ops) and taken out when continued. Taking it out keeps `apply` pure: a state given
# twice rebuilds the second time.
_KEPT: OrderedDict[tuple[Any, ...], Play] = OrderedDict()
_KEEPING = Lock()  # the runtime's move threads share this process's kept hands
KEEP = 64


def resume(setup: Callable[[], Setup], key: Any, ops: Sequence[Op]) -> Play:
    """The hand after `ops`: the kept one, or rebuilt from its setup (asked only then)."""
    with _KEEPING:
        play = _KEPT.pop((key, len(ops), tuple(ops)), None)
    if play is not None:
        return play
    play = Play(setup())
    for op in ops:
        play.play(op)
    return play


def keep(key: Any, play: Play) -> None:
    with _KEEPING:
        _KEPT[(key, len(play.ops), tuple(play.ops))] = play
        while len(_KEPT) > KEEP:
            _KEPT.popitem(last=False)
