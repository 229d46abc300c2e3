"""Lightning Baccarat and Golden Wealth Baccarat (the catalogue's variants of 12.13):
Baccarat's shoe and drawing rules and, each round, a few cards of the 52 drawn apart with a
multiplier each, which raise a winning hand's pay when the hand holds them. Lightning
multiplies the multipliers of the cards a hand holds and takes a fee on every bet; Golden
Wealth adds them up (`Multipliers`, one description of a table serving both).

The texts name the games without their rules; the reconstructions and why they are the
ones used are in casino/cards/RULES.md. The exact return is counted over the shoe by the
values dealt and, for the cards of the winning hand, by how many different cards (rank
and suit) they are: a struck card is a card of the 52 drawn apart from the shoe, so its
chance of being in a hand depends only on how many different cards the hand holds.
Plain Python: no Django import.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Any, ClassVar

from casino.cards.baccarat import (
    DECKS,
    SHOE,
    VALUE_COUNTS,
    VALUES,
    banker_draws,
    describe_deal,
    falling,
    is_natural,
    play,
    player_draws,
    points,
    restricted_growth,
    value,
)
from casino.cards.deck import LOST, CardBet, CardGame, card_text, deal, deck, shoe
from casino.rounds import Cadence, Outcome, Rng, Selection, weighted

FEE = Fraction(1, 5)  # the Lightning fee: a fifth of the bet, so the bet is 5/6 of the stake
# How many Lightning cards a round strikes, and each card's multiplier, by weight.
STRIKES: tuple[tuple[int, int], ...] = ((1, 10), (2, 20), (3, 30), (4, 25), (5, 15))
MULTIPLIERS: tuple[tuple[int, int], ...] = ((2, 30), (3, 25), (4, 20), (5, 15), (8, 10))
PRICES = {"player": Fraction(1), "banker": Fraction(19, 20), "tie": Fraction(5)}


@dataclass(frozen=True)
class Multipliers:
    """A table's struck cards: how many a round draws (``strikes``, by weight), each one's
    multiplier (by weight), how the multipliers of the struck cards a winning hand holds
    combine (``adds``: their sum, Golden Wealth; otherwise their product, Lightning; 1
    when it holds none), the fee on every bet (a share of the bet on top of it) and the
    main bets' prices (the win, stake excluded, before the multiplier)."""

    key: str  # the outcome's key for the struck cards: "lightning", "golden"
    label: str  # as players read it: "Lightning", "Golden"
    strikes: tuple[tuple[int, int], ...]
    multipliers: tuple[tuple[int, int], ...]
    adds: bool
    fee: Fraction
    prices: tuple[tuple[str, Fraction], ...]

    def price(self, side: str) -> Fraction:
        return dict(self.prices)[side]

    def combined(self, held: Sequence[int]) -> int:
        """The multiplier of a hand holding struck cards of these multipliers."""
        if not held:
            return 1
        return sum(held) if self.adds else math.prod(held)

    def mean_of(self, j: int) -> Fraction:
        """The mean multiplier of a hand holding ``j`` struck cards, each multiplier drawn
        apart with mean mu: mu to the j for a product, j mu for a sum."""
        mu = mean(self.multipliers)
        if self.adds:
            return j * mu if j else Fraction(1)
        return mu**j


LIGHTNING = Multipliers(
    key="lightning",
    label="Lightning",
    strikes=STRIKES,
    multipliers=MULTIPLIERS,
    adds=False,
    fee=FEE,
    prices=tuple(PRICES.items()),
)
# Golden Wealth (RULES.md): one to three Golden cards, multipliers added, no fee, and
# main prices lowered to pay for the multipliers.
GOLDEN = Multipliers(
    key="golden",
    label="Golden",
    strikes=((1, 60), (2, 30), (3, 10)),
    multipliers=((2, 50), (3, 30), (5, 15), (10, 5)),
    adds=True,
    fee=Fraction(0),
    prices=(("player", Fraction(17, 20)), ("banker", Fraction(4, 5)), ("tie", Fraction(7))),
)
# Different cards (rank and suit) of each value: 10 J Q K for 0, one rank for the others.
IDENTITIES = (16, *(4,) * 9)
CARDS_EACH = DECKS  # copies of one card in the shoe

Hand = tuple[int, ...]  # a hand's card values, sorted


def mean(table: Sequence[tuple[int, int]]) -> Fraction:
    return Fraction(sum(v * w for v, w in table), sum(w for _, w in table))


@cache
def multiplier_given(table: Multipliers, distinct: int) -> Fraction:
    """The mean multiplier of the struck cards among ``distinct`` different cards: k struck
    of 52 meet them j times (hypergeometric), each multiplier drawn apart."""
    strikes = sum(w for _, w in table.strikes)
    total = Fraction(0)
    for k, weight in table.strikes:
        for j in range(min(k, distinct) + 1):
            meet = Fraction(
                math.comb(distinct, j) * math.comb(52 - distinct, k - j), math.comb(52, k)
            )
            total += Fraction(weight, strikes) * meet * table.mean_of(j)
    return total


@cache
def distinct_chances(count: int, identities: int) -> dict[int, Fraction]:
    """How many different cards ``count`` cards of one value drawn from the shoe are: by
    which of them are copies of one another, as a uniform draw without replacement."""
    found: dict[int, Fraction] = {}
    whole = falling(identities * CARDS_EACH, count)
    for blocks in restricted_growth(count):
        sizes = Counter(blocks).values()
        ways = falling(identities, len(sizes)) * math.prod(falling(CARDS_EACH, s) for s in sizes)
        found[len(sizes)] = found.get(len(sizes), Fraction(0)) + Fraction(ways, whole)
    return found


@cache
def hand_multiplier(values: Hand, table: Multipliers = LIGHTNING) -> Fraction:
    """The mean multiplier of a hand of these values: over how many different cards they
    are (the values' classes drawn apart), then over the strikes."""
    spread: dict[int, Fraction] = {0: Fraction(1)}
    for v, count in Counter(values).items():
        spread = _convolve(spread, distinct_chances(count, IDENTITIES[v]))
    return sum((chance * multiplier_given(table, r) for r, chance in spread.items()), Fraction(0))


def _convolve(a: Mapping[int, Fraction], b: Mapping[int, Fraction]) -> dict[int, Fraction]:
    out: dict[int, Fraction] = {}
    for x, px in a.items():
        for y, py in b.items():
            out[x + y] = out.get(x + y, Fraction(0)) + px * py
    return out


def deals_by_value() -> Iterator[tuple[Hand, Hand, int]]:
    """Every coup off a full shoe by the values of the Player's and the Banker's cards,
    weighted so that all share the denominator 416 x 415 x ... x 411."""
    counts = list(VALUE_COUNTS)

    def take(v: int) -> int:
        ways = counts[v]
        counts[v] -= 1
        return ways

    def weight(ways: int, used: int) -> int:
        return ways * falling(SHOE - used, 6 - used)

    for p1, b1, p2, b2 in itertools.product(VALUES, repeat=4):
        ways = take(p1) * take(b1) * take(p2) * take(b2)
        if ways:
            p, b = points([p1, p2]), points([b1, b2])
            if (
                is_natural(p)
                or is_natural(b)
                or (not player_draws(p) and not banker_draws(b, None))
            ):
                yield (p1, p2), (b1, b2), weight(ways, 4)
            elif not player_draws(p):
                for v in VALUES:
                    if counts[v]:
                        yield (p1, p2), (b1, b2, v), weight(ways * counts[v], 5)
            else:
                for v in VALUES:
                    if not counts[v]:
                        continue
                    first = ways * take(v)
                    if banker_draws(b, v):
                        for w in VALUES:
                            if counts[w]:
                                yield (p1, p2, v), (b1, b2, w), weight(first * counts[w], 6)
                    else:
                        yield (p1, p2, v), (b1, b2), weight(first, 5)
                    counts[v] += 1
        for v in (p1, b1, p2, b2):
            counts[v] += 1


@cache
def lightning_table() -> dict[tuple[str, Hand], int]:
    """The ways of every coup by who wins and the hand the multipliers read: the winner's
    cards, or on a tie every card dealt (the Tie bet's hand)."""
    table: dict[tuple[str, Hand], int] = {}
    for player, banker, ways in deals_by_value():
        p, b = points(player), points(banker)
        winner, hand = (
            ("tie", player + banker)
            if p == b
            else ("player", player)
            if p > b
            else ("banker", banker)
        )
        key = (winner, tuple(sorted(hand)))
        table[key] = table.get(key, 0) + ways
    return table


def struck(table: Multipliers, outcome: Outcome, cards: Iterable[str]) -> int:
    """The multiplier of the struck cards among ``cards``."""
    held = set(cards)
    pairs = zip(outcome[table.key], outcome["multipliers"], strict=True)
    return table.combined([m for card, m in pairs if card in held])


@dataclass(frozen=True)
class Strike:
    """What the bets read of a round: who won, and the multiplier of the hand the
    multipliers read (the winner's cards; every card dealt on a tie). In `chances` the
    multiplier is its mean over the strikes, the bets' pay being linear in it."""

    winner: str
    multiplier: Fraction


def multiplied_bet(table: Multipliers, side: str, odds: str) -> CardBet[Strike]:
    bet_share = 1 / (1 + table.fee)
    price = table.price(side)

    def pays(strike: Strike, selection: Selection) -> Fraction:
        """The fee is a share of the bet on top of it, so the bet is 1 / (1 + fee) of the
        stake; it wins its price times the multiplier, the bet back on top; Player and
        Banker get the bet back on a tie; the fee never comes back."""
        if strike.winner == side:
            return bet_share * (1 + price * strike.multiplier)
        return bet_share if strike.winner == "tie" else LOST

    combined = (
        "the sum of the Golden multipliers" if table.adds else (f"the {table.label} multipliers")
    )
    return CardBet(side, side.title(), "nothing", f"{odds} times {combined}", pays)


class MultiplierBaccarat(CardGame[Strike]):
    """Player, Banker and Tie on Baccarat's deal, with the struck cards of ``table``."""

    board: ClassVar[str] = "cards"
    section = "12.13"
    table: ClassVar[Multipliers]
    odds: ClassVar[tuple[str, str, str]]  # Player's, Banker's and Tie's, as players read them

    def __init__(self) -> None:
        self.bets = tuple(
            multiplied_bet(self.table, side, odds)
            for side, odds in zip(("player", "banker", "tie"), self.odds, strict=True)
        )

    def outcome(self, rng: Rng) -> Outcome:
        cards = rng.sample(deck(), weighted(rng, self.table.strikes))
        multipliers = [weighted(rng, self.table.multipliers) for _ in cards]
        player, banker = play(deal(rng, shoe(DECKS), 6))
        return {
            self.table.key: cards,
            "multipliers": multipliers,
            "player": player,
            "banker": banker,
        }

    def coup(self, outcome: Outcome) -> Strike:
        player, banker = outcome["player"], outcome["banker"]
        p, b = points(map(value, player)), points(map(value, banker))
        winner = "tie" if p == b else "player" if p > b else "banker"
        hand = player + banker if winner == "tie" else player if winner == "player" else banker
        return Strike(winner, Fraction(struck(self.table, outcome, hand)))

    def chances(self, bet_type: str) -> Iterable[tuple[Fraction, Strike]]:
        self.card_bet(bet_type)
        whole = falling(SHOE, 6)
        return [
            (Fraction(ways, whole), Strike(winner, hand_multiplier(hand, self.table)))
            for (winner, hand), ways in lightning_table().items()
        ]

    def describe(self, outcome: Outcome) -> str:
        pairs = zip(outcome[self.table.key], outcome["multipliers"], strict=True)
        strikes = ", ".join(f"{card_text(card)} x{m}" for card, m in pairs)
        return f"{self.table.label} {strikes}; {describe_deal(outcome)}"

    def hands(self) -> list[dict[str, str]]:
        return [
            {"key": self.table.key, "label": f"{self.table.label} cards"},
            {"key": "player", "label": "Player"},
            {"key": "banker", "label": "Banker"},
        ]

    def public(self) -> Mapping[str, Any]:
        fee = {"fee": f"{self.table.fee * 100}%"} if self.table.fee else {}
        return {**super().public(), "baccarat_points": True, **fee}


class LightningBaccarat(MultiplierBaccarat):
    """Player, Banker and Tie with the Lightning fee and multipliers."""

    slug = "lightning-baccarat"
    name = "Lightning Baccarat"
    cadence = Cadence(every_seconds=45, closes_before_seconds=8, show_seconds=9)
    table = LIGHTNING
    odds = ("1:1", "0.95:1", "5:1")


class GoldenWealthBaccarat(MultiplierBaccarat):
    """Player, Banker and Tie with Golden cards whose multipliers add up, and no fee."""

    slug = "golden-wealth-baccarat"
    name = "Golden Wealth Baccarat"
    cadence = Cadence(every_seconds=45, closes_before_seconds=8, show_seconds=9)
    table = GOLDEN
    odds = ("0.85:1", "0.8:1", "7:1")
