"""The cards of Koum-kan, Thanasis and Dynamitis, and what makes a combination.

Two decks of 52 and four jokers: 108 cards. A card is two characters, rank then suit:
"AS" (the ace of spades), "TH" (the ten of hearts); a joker is "XX". Both decks hold the
same codes, so a hand is a list in which a code may appear twice. The ace is low: runs go
A-2-3 up to J-Q-K, never round the corner (K-A-2).

A card is wild when it stands for any other: the real jokers always, and in Thanasis and
Dynamitis the cards made jokers for the hand. Whether a card is wild is the caller's
`Wild` test, so one set of combination rules serves the three games. Plain Python.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import cache
from itertools import combinations
from typing import Literal, TypedDict

JOKER = "XX"
SUITS = ("C", "D", "H", "S")
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K")
DECK = tuple(r + s for s in SUITS for r in RANKS)
# Two decks and four jokers.
PACK = (*DECK, *DECK, JOKER, JOKER, JOKER, JOKER)
HIGHEST = len(RANKS)  # the king is 13
LONGEST_RUN = len(RANKS)
LARGEST_GROUP = len(SUITS)
SMALLEST_MELD = 3
JOKER_POINTS = 25

Wild = Callable[[str], bool]
MeldKind = Literal["run", "group"]


class Meld(TypedDict):
    """A combination on the table. A run lists its cards low to high from rank `low`
    (ace 1 .. king 13) in `suit`; a group's `low` is its rank and `suit` is empty. A
    joker's place in a run is the rank it stands for."""

    kind: MeldKind
    suit: str
    low: int
    cards: list[str]


def is_card(value: object) -> bool:
    return isinstance(value, str) and (value in DECK or value == JOKER)


def rank_of(card: str) -> int:
    """Ace 1 to king 13."""
    return RANKS.index(card[0]) + 1


def suit_of(card: str) -> str:
    return card[1]


def only_jokers(card: str) -> bool:
    """Koum-kan's wild cards: the four jokers."""
    return card == JOKER


def hand_order(cards: Iterable[str]) -> list[str]:
    """By suit, then rank, jokers last: how the server lists a hand."""
    return sorted(cards, key=lambda c: (5, 0) if c == JOKER else (SUITS.index(c[1]), rank_of(c)))


def arrange(cards: Sequence[str], kind: MeldKind, wild: Wild) -> Meld | None:
    """These cards laid out as a run or a group, or None when they make none.

    Wild cards fill a run's gaps; those left over lengthen it upwards while there is
    room below the king, then downwards. Wild cards alone make no combination: nothing
    would say what they stand for."""
    naturals = [c for c in cards if not wild(c)]
    wilds = [c for c in cards if wild(c)]
    if not naturals or len(cards) < SMALLEST_MELD:
        return None
    if kind == "group":
        return _group(naturals, wilds)
    return _run(naturals, wilds)


def _group(naturals: list[str], wilds: list[str]) -> Meld | None:
    ranks = {rank_of(c) for c in naturals}
    suits = {suit_of(c) for c in naturals}
    size = len(naturals) + len(wilds)
    if len(ranks) != 1 or len(suits) != len(naturals) or size > LARGEST_GROUP:
        return None
    ordered = sorted(naturals, key=lambda c: SUITS.index(suit_of(c)))
    return {"kind": "group", "suit": "", "low": ranks.pop(), "cards": ordered + wilds}


def _run(naturals: list[str], wilds: list[str]) -> Meld | None:
    suits = {suit_of(c) for c in naturals}
    ranks = sorted(rank_of(c) for c in naturals)
    size = len(naturals) + len(wilds)
    if len(suits) != 1 or len(set(ranks)) != len(ranks) or size > LONGEST_RUN:
        return None
    low, high = ranks[0], ranks[-1]
    if high - low + 1 > size:
        return None
    spare = size - (high - low + 1)
    upwards = min(spare, HIGHEST - high)
    low -= spare - upwards
    by_rank = {rank_of(c): c for c in naturals}
    pending = list(wilds)
    cards = [by_rank[r] if r in by_rank else pending.pop() for r in range(low, low + size)]
    return {"kind": "run", "suit": suits.pop(), "low": low, "cards": cards}


def meld_of(cards: Sequence[str], wild: Wild) -> Meld | None:
    """The cards as a group if they make one, else as a run, else None."""
    return arrange(cards, "group", wild) or arrange(cards, "run", wild)


def stands_for(meld: Meld, index: int) -> tuple[int, str]:
    """The rank and suit the card at `index` of a run stands for ("" suit in a group)."""
    if meld["kind"] == "run":
        return meld["low"] + index, meld["suit"]
    return meld["low"], ""


def card_points(card: str, wild: Wild, ace: int) -> int:
    """A card left in hand: jokers 25, the ace `ace` (10 or 1), faces 10, numbers their
    face value."""
    if wild(card):
        return JOKER_POINTS
    rank = rank_of(card)
    if rank == 1:
        return ace
    return min(rank, 10)


class Split(TypedDict):
    """A hand divided into combinations and the cards left over, and their points."""

    melds: list[list[str]]
    left: list[str]
    points: int


def best_split(cards: Sequence[str], wild: Wild, ace: int) -> Split:
    """The combinations that leave the fewest points in hand (none when all fit).

    Any combination longer than five splits into shorter ones (a group has at most four
    cards, a run of six or more is two runs), so only combinations of three to five are
    tried: the search stays small for a hand of eleven."""
    ordered = tuple(sorted(cards, key=lambda c: (wild(c), c)))

    @cache
    def best(rest: tuple[str, ...]) -> tuple[int, tuple[tuple[str, ...], ...], tuple[str, ...]]:
        if not rest:
            return 0, (), ()
        first, others = rest[0], rest[1:]
        if wild(first):  # only wild cards remain: three or more are a combination
            if len(rest) >= SMALLEST_MELD:
                return 0, (rest,), ()
            return sum(card_points(c, wild, ace) for c in rest), (), rest
        points, melds, left = best(others)
        choice = (points + card_points(first, wild, ace), melds, (first, *left))
        pool = [
            i
            for i, c in enumerate(others)
            if wild(c) or c[0] == first[0] or suit_of(c) == suit_of(first)
        ]
        tried: set[tuple[str, ...]] = set()
        for size in (2, 3, 4):
            for picked in combinations(pool, size):
                meld = (first, *(others[i] for i in picked))
                if meld in tried or meld_of(meld, wild) is None:
                    continue
                tried.add(meld)
                remaining = tuple(c for i, c in enumerate(others) if i not in picked)
                points, melds, left = best(remaining)
                if points < choice[0]:
                    choice = (points, (meld, *melds), left)
        return choice

    points, melds, left = best(ordered)
    return {"melds": [list(m) for m in melds], "left": list(left), "points": points}


def remove_cards(hand: list[str], cards: Sequence[str]) -> list[str] | None:
    """The hand without these cards (each code as often as it is named), or None when the
    hand does not hold them all."""
    rest = list(hand)
    for card in cards:
        if card not in rest:
            return None
        rest.remove(card)
    return rest
