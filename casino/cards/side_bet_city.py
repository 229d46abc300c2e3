"""Side Bet City (12.53): seven cards from one deck; the first three are the 3-card hand,
the first five the 5-card hand, all seven the 7-card hand (its best five), and All Lose
wins when none of the three hands wins.

Every return is counted over the deck: each hand by its ranks and suits, All Lose by the
ranks that fall in the first three cards, the next two and the last two. How the text was
read is in casino/cards/RULES.md. Plain Python: no Django import.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from functools import cache
from math import comb, perm
from typing import Any, ClassVar

from casino.cards.deck import LOST, Card, CardBet, CardGame, card_text, deal, rank, shoe, suit
from casino.rounds import Cadence, Outcome, Rng, Selection

ORDER = "23456789TJQKA"
RANKS = len(ORDER)
SUITS = 4
HIGH_PAIRS = frozenset(range(ORDER.index("J"), RANKS))  # the text's "Pair JJAA"

# Hands, best first, and what each hand pays on them (N:1), as the text's table.
ROYAL, STRAIGHT_FLUSH, QUADS, FULL_HOUSE, FLUSH, STRAIGHT, TRIPS = (
    "royal flush",
    "straight flush",
    "four of a kind",
    "full house",
    "flush",
    "straight",
    "three of a kind",
)
TWO_PAIRS, HIGH_PAIR, PAIR, NOTHING = "two pairs", "pair of jacks or better", "pair", "nothing"
THREE_PAYS = {ROYAL: 100, STRAIGHT_FLUSH: 40, TRIPS: 35, STRAIGHT: 5, FLUSH: 4, PAIR: 1}
FIVE_PAYS = {ROYAL: 1000, STRAIGHT_FLUSH: 250, QUADS: 100, FULL_HOUSE: 50, FLUSH: 40}
FIVE_PAYS |= {STRAIGHT: 25, TRIPS: 7, TWO_PAIRS: 4, HIGH_PAIR: 1}
SEVEN_PAYS = {ROYAL: 500, STRAIGHT_FLUSH: 100, QUADS: 50, FULL_HOUSE: 7, FLUSH: 5}
SEVEN_PAYS |= {STRAIGHT: 4, TRIPS: 3}
ALL_LOSE = Fraction(17, 10)  # 0.7:1, the text's own example: 1,000 returns 1,700

Ranks = frozenset[int]


@cache
def runs(length: int, ranks: int = RANKS) -> list[Ranks]:
    """Every straight of ``length`` of ``ranks`` ranks, low to high: the top rank (the Ace)
    plays high (Q K A) or low (A 2 3)."""
    low = frozenset({ranks - 1, *range(length - 1)})
    return [low, *(frozenset(range(start, start + length)) for start in range(ranks - length + 1))]


RUNS_OF_3, RUNS_OF_5 = runs(3), runs(5)
TOP_3, TOP_5 = RUNS_OF_3[-1], RUNS_OF_5[-1]


def has_run(ranks: Ranks, straights: Sequence[Ranks]) -> Ranks | None:
    """The highest straight among ``ranks``, if any."""
    found = [run for run in straights if run <= ranks]
    return found[-1] if found else None


# --- naming a hand ----------------------------------------------------------------------------


def three_card_hand(ranks: Sequence[int], flush: bool) -> str:
    counts = sorted(Counter(ranks).values(), reverse=True)
    straight = has_run(frozenset(ranks), RUNS_OF_3) if counts[0] == 1 else None
    if straight and flush:
        return ROYAL if straight == TOP_3 else STRAIGHT_FLUSH
    if counts[0] == 3:
        return TRIPS
    if straight:
        return STRAIGHT
    if flush:
        return FLUSH
    return PAIR if counts[0] == 2 else NOTHING


def by_ranks(counts: Counter[int]) -> str:
    """The best hand of five or more cards that its ranks alone make."""
    shape = sorted(counts.values(), reverse=True)
    if shape[0] >= 4:
        return QUADS
    if shape[0] == 3 and shape[1] >= 2:
        return FULL_HOUSE
    if has_run(frozenset(counts), RUNS_OF_5):
        return STRAIGHT
    if shape[0] == 3:
        return TRIPS
    if shape[0] == 2 and shape[1] == 2:
        return TWO_PAIRS
    if shape[0] == 2:
        pair = next(r for r, n in counts.items() if n == 2)
        return HIGH_PAIR if pair in HIGH_PAIRS else PAIR
    return NOTHING


def with_flush(counts: Counter[int], suited: Ranks) -> str:
    """The best hand when ``suited`` (five ranks or more) are of one suit."""
    run = has_run(suited, RUNS_OF_5)
    if run:
        return ROYAL if run == TOP_5 else STRAIGHT_FLUSH
    plain = by_ranks(counts)
    return plain if plain in (QUADS, FULL_HOUSE) else FLUSH


def best_hand(cards: Sequence[Card]) -> str:
    """The best poker hand among ``cards`` (five or seven), as the bets name them."""
    counts = Counter(ORDER.index(rank(c)) for c in cards)
    by_suit = Counter(suit(c) for c in cards)
    flush_suit, most = by_suit.most_common(1)[0]
    if most >= 5:
        return with_flush(
            counts, frozenset(ORDER.index(rank(c)) for c in cards if suit(c) == flush_suit)
        )
    return by_ranks(counts)


def three_hand(cards: Sequence[Card]) -> str:
    return three_card_hand(
        [ORDER.index(rank(c)) for c in cards], len({suit(c) for c in cards}) == 1
    )


# --- counting each hand over the deck ---------------------------------------------------------


def multisets(size: int) -> Iterable[Counter[int]]:
    """Every way ``size`` cards can fall by rank (at most four of a rank)."""
    for combo in itertools.combinations_with_replacement(range(RANKS), size):
        counts = Counter(combo)
        if max(counts.values()) <= SUITS:
            yield counts


def suit_ways(counts: Counter[int]) -> int:
    """The ways to give these ranks suits: one card of a suit per rank at most."""
    ways = 1
    for n in counts.values():
        ways *= comb(SUITS, n)
    return ways


@cache
def hands_of(size: int) -> dict[str, int]:
    """How many sets of ``size`` cards (5 or 7) make each best hand."""
    found: Counter[str] = Counter()
    for counts in multisets(size):
        flushes = 0
        distinct = sorted(counts)
        for width in range(5, len(distinct) + 1):
            for suited in itertools.combinations(distinct, width):
                # The ranks of one suit are exactly ``suited``; its rank-mates take the others.
                ways = SUITS
                for r, n in counts.items():
                    ways *= comb(SUITS - 1, n - 1) if r in suited else comb(SUITS - 1, n)
                found[with_flush(counts, frozenset(suited))] += ways
                flushes += ways
        found[by_ranks(counts)] += suit_ways(counts) - flushes
    return dict(found)


@cache
def three_card_hands() -> dict[str, int]:
    """How many sets of three cards make each 3-card hand."""
    found: Counter[str] = Counter()
    for counts in multisets(3):
        ranks = list(counts.elements())
        ways = suit_ways(counts)
        flushes = SUITS if len(counts) == 3 else 0
        found[three_card_hand(ranks, True)] += flushes
        found[three_card_hand(ranks, False)] += ways - flushes
    return dict(found)


def hand_return(hands: dict[str, int], pays: dict[str, int]) -> Fraction:
    whole = sum(hands.values())
    return sum(
        (Fraction(n * (pays[h] + 1), whole) for h, n in hands.items() if h in pays), Fraction(0)
    )


# --- All Lose ---------------------------------------------------------------------------------


@cache
def suit_patterns(returning: int, pairs_after: int, suits: int = SUITS) -> int:
    """The suits of seven cards in order, dealt ranks fixed, where ``returning`` of the first
    three cards' ranks come again among the last four and ``pairs_after`` ranks come twice
    among the last four (the other cards' ranks once): two cards of one rank never share a
    suit, no suit has five cards (no flush), and the first three are not of one suit."""
    mates = [(i, 3 + i) for i in range(returning)]
    start = 3 + returning
    mates += [(start + 2 * i, start + 2 * i + 1) for i in range(pairs_after)]
    count = 0
    for dealt in itertools.product(range(suits), repeat=7):
        if dealt[0] == dealt[1] == dealt[2] or any(dealt[a] == dealt[b] for a, b in mates):
            continue
        if max(Counter(dealt).values()) < 5:
            count += 1
    return count


@cache
def tail_orders(
    singles: int, back_low: int, back_high: int, pairs_low: int, pairs_high: int
) -> int:
    """The orders of the last four cards' ranks (positions 4 to 7) that leave the first five
    cards at most one pair, and that pair below Jacks: ``singles`` new ranks once,
    ``back_*`` ranks of the first three once more (a pair when they fall 4th or 5th), and
    ``pairs_*`` new ranks twice (a pair when both fall 4th and 5th)."""
    tokens = (
        [("single", i) for i in range(singles)]
        + [("back", "low", i) for i in range(back_low)]
        + [("back", "high", i) for i in range(back_high)]
        + [("pair", "low", i) for i in range(pairs_low)] * 2
        + [("pair", "high", i) for i in range(pairs_high)] * 2
    )
    count = 0
    for order in set(itertools.permutations(tokens)):
        fourth_fifth = order[:2]
        paired = [t for t in fourth_fifth if t[0] == "back"]
        if fourth_fifth[0] == fourth_fifth[1] and fourth_fifth[0][0] == "pair":
            paired.append(fourth_fifth[0])
        if len(paired) > 1 or any(t[1] == "high" for t in paired):
            continue
        count += 1
    return count


@cache
def all_lose_deals(ranks: int = RANKS, suits: int = SUITS, high: Ranks = HIGH_PAIRS) -> int:
    """The ordered deals of seven cards on which no hand wins. None wins only if no rank
    comes three times, the seven hold no five-card straight or flush, the first three
    are three ranks not in a run and not of one suit, and the first five hold at most one
    pair, below Jacks. Counted by the ranks dealt (the distinct ranks, the ranks in the
    first three, the ranks that come twice), the orders of the last four, and the suits.

    ``ranks``, ``suits`` and ``high`` (the ranks of a paying pair) describe the deck, so
    that the tests can check the count on a deck small enough to deal out in full."""
    total = 0
    for paired_count in range(4):
        for distinct in itertools.combinations(range(ranks), 7 - paired_count):
            dealt = frozenset(distinct)
            if has_run(dealt, runs(5, ranks)):
                continue
            for first in itertools.combinations(distinct, 3):
                firsts = frozenset(first)
                if has_run(firsts, runs(3, ranks)):
                    continue
                for paired in itertools.combinations(distinct, paired_count):
                    back = [r for r in paired if r in firsts]
                    after = [r for r in paired if r not in firsts]
                    orders = tail_orders(
                        len(dealt - firsts) - len(after),
                        sum(r not in high for r in back),
                        sum(r in high for r in back),
                        sum(r not in high for r in after),
                        sum(r in high for r in after),
                    )
                    total += 6 * orders * suit_patterns(len(back), len(after), suits)
    return total


# --- the game ---------------------------------------------------------------------------------


def hand_bet(code: str, name: str, pays: dict[str, int], read: str) -> CardBet[Sequence[Card]]:
    def returns(cards: Sequence[Card], selection: Selection) -> Fraction:
        hand = three_hand(cards[:3]) if code == "three" else best_hand(cards[: int(read)])
        return Fraction(pays[hand] + 1) if hand in pays else LOST

    table = ", ".join(f"{hand} {n}:1" for hand, n in pays.items())
    return CardBet(code, name, f"nothing: the {read} cards' hand", table, returns)


def all_lose(cards: Sequence[Card], selection: Selection) -> Fraction:
    if three_hand(cards[:3]) in THREE_PAYS:
        return LOST
    if best_hand(cards[:5]) in FIVE_PAYS or best_hand(cards) in SEVEN_PAYS:
        return LOST
    return ALL_LOSE


class SideBetCity(CardGame[Sequence[Card]]):
    slug = "side-bet-poker"
    name = "Side Bet Poker"
    board: ClassVar[str] = "cards"
    section = "12.53"
    cadence = Cadence(every_seconds=35, closes_before_seconds=6, show_seconds=8)
    bets = (
        hand_bet("three", "3-card hand", THREE_PAYS, "first 3"),
        hand_bet("five", "5-card hand", FIVE_PAYS, "5"),
        hand_bet("seven", "7-card hand", SEVEN_PAYS, "7"),
        CardBet("all-lose", "All lose", "nothing: no hand wins", "0.7:1", all_lose),
    )

    def outcome(self, rng: Rng) -> Outcome:
        cards = deal(rng, shoe(1), 7)
        return {"three": cards[:3], "five": cards[3:5], "seven": cards[5:]}

    def coup(self, outcome: Outcome) -> Sequence[Card]:
        cards: list[Card] = [*outcome["three"], *outcome["five"], *outcome["seven"]]
        return cards

    def chances(self, bet_type: str) -> Iterable[tuple[Fraction, Sequence[Card]]]:
        raise NotImplementedError("Side Bet City counts its returns by hands")

    def count_rtp(self, bet_type: str) -> Fraction:
        self.card_bet(bet_type)
        if bet_type == "three":
            return hand_return(three_card_hands(), THREE_PAYS)
        if bet_type == "five":
            return hand_return(hands_of(5), FIVE_PAYS)
        if bet_type == "seven":
            return hand_return(hands_of(7), SEVEN_PAYS)
        return ALL_LOSE * Fraction(all_lose_deals(), perm(52, 7))

    def describe(self, outcome: Outcome) -> str:
        cards = self.coup(outcome)
        return (
            f"{' '.join(map(card_text, cards))}: 3 cards {three_hand(cards[:3])}, "
            f"5 cards {best_hand(cards[:5])}, 7 cards {best_hand(cards)}"
        )

    def public(self) -> Mapping[str, Any]:
        return {**super().public(), "in_order": True}

    def hands(self) -> list[dict[str, str]]:
        return [
            {"key": "three", "label": "3-card hand"},
            {"key": "five", "label": "5-card hand: two more"},
            {"key": "seven", "label": "7-card hand: two more"},
        ]
