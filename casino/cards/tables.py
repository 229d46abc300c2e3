"""The table card games of the rules: Red Dog (12.14), Draw Hi-Lo (12.15) and Top Card
Trump (12.16), as rounds settled on one deal (no decision in the middle of a round).

How the text was read is in casino/cards/RULES.md. Plain Python: no Django import.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from fractions import Fraction
from functools import cache
from typing import ClassVar

from casino.cards.deck import (
    LOST,
    RETURNED,
    Card,
    CardBet,
    CardGame,
    card_text,
    deal,
    decimal_text,
    rank,
    shoe,
)
from casino.rounds import Cadence, Outcome, Rng, Selection

ACE_HIGH = "23456789TJQKA"
ACE_LOW = "A23456789TJQK"
Ranks = tuple[int, ...]  # the dealt cards' ranks, as places in the game's order


@cache
def rank_draws(decks: int, count: int) -> list[tuple[Fraction, Ranks]]:
    """Every run of ``count`` ranks off the top of a shoe of ``decks`` decks, with its chance."""
    cards = 52 * decks
    whole = 1
    for i in range(count):
        whole *= cards - i
    found: list[tuple[Fraction, Ranks]] = []
    for ranks in itertools.product(range(13), repeat=count):
        ways, left = 1, [4 * decks] * 13
        for r in ranks:
            ways *= left[r]
            left[r] -= 1
        if ways:
            found.append((Fraction(ways, whole), ranks))
    return found


def places(cards: list[Card], order: str) -> Ranks:
    return tuple(order.index(rank(card)) for card in cards)


# --- Red Dog (12.14) --------------------------------------------------------------------------

# By the spread (the ranks strictly between the first two cards), a third card inside it
# pays: 1 rank 5:1, 2 ranks 4:1, 3 ranks 2:1, more 1:1 (as the stake's multiple).
SPREAD_PRICES = {1: Fraction(6), 2: Fraction(5), 3: Fraction(3)}
TRIPS = Fraction(12)


def red_dog(ranks: Ranks, selection: Selection) -> Fraction:
    first, second, *rest = ranks
    if first == second:
        return TRIPS if rest and rest[0] == first else RETURNED
    low, high = sorted((first, second))
    if high - low == 1:
        return RETURNED
    third = rest[0]
    return SPREAD_PRICES.get(high - low - 1, Fraction(2)) if low < third < high else LOST


# The spread from which the ride bet raises: a third card inside a spread of 7 ranks or
# more comes more often than not, so the raise at 1:1 gains there and loses below.
RIDE_FROM = 7


def red_dog_ride(ranks: Ranks, selection: Selection) -> Fraction:
    """The stake is the ante and the raise in equal halves. The raise rides (doubles the
    bet, the text's Ride) on a spread of `RIDE_FROM` or more and comes back otherwise (the
    text's Stand), and on consecutive cards or a pair, where there is nothing to ride."""
    ante = red_dog(ranks, selection)
    first, second = ranks[:2]
    spread = abs(first - second) - 1
    raise_ = ante if first != second and spread >= RIDE_FROM else RETURNED
    return (ante + raise_) / 2


class RedDog(CardGame[Ranks]):
    slug = "red-dog"
    name = "Red Dog"
    board: ClassVar[str] = "cards"
    section = "12.14"
    cadence = Cadence(every_seconds=30, closes_before_seconds=5)
    bets = (
        CardBet(
            "ante",
            "Ante",
            "nothing: the third card falls between the first two",
            "5:1 on a spread of 1, 4:1 on 2, 2:1 on 3, 1:1 wider; 11:1 on three of a kind;"
            " returned on consecutive cards or a pair",
            red_dog,
        ),
        CardBet(
            "ride",
            "Ante and ride",
            "nothing: the stake is the ante and the raise in equal halves",
            f"the ante as the Ante bet; the raise rides at 1:1 on a spread of {RIDE_FROM} or"
            " more and comes back otherwise",
            red_dog_ride,
        ),
    )

    def validate_stake(self, bet_type: str, stake: int) -> None:
        if bet_type == "ride" and stake % 2:
            raise ValueError(
                "A ride bet is the ante and the raise in equal halves: its stake must divide by 2."
            )

    def outcome(self, rng: Rng) -> Outcome:
        cards = deal(rng, shoe(8), 3)
        if abs(ACE_HIGH.index(rank(cards[0])) - ACE_HIGH.index(rank(cards[1]))) == 1:
            cards = cards[:2]  # consecutive: no third card is dealt
        return {"cards": cards}

    def coup(self, outcome: Outcome) -> Ranks:
        return places(outcome["cards"], ACE_HIGH)

    def chances(self, bet_type: str) -> Iterable[tuple[Fraction, Ranks]]:
        return rank_draws(8, 3)

    def describe(self, outcome: Outcome) -> str:
        cards = outcome["cards"]
        first, second = places(cards[:2], ACE_HIGH)
        shown = " ".join(map(card_text, cards))
        if first == second:
            return (
                f"{shown}: {'three of a kind' if red_dog(self.coup(outcome), {}) > 1 else 'pair'}"
            )
        if abs(first - second) == 1:
            return f"{shown}: consecutive"
        verdict = "inside" if red_dog(self.coup(outcome), {}) else "outside"
        return f"{shown}: spread {abs(first - second) - 1}, {verdict}"

    def hands(self) -> list[dict[str, str]]:
        return [{"key": "cards", "label": "The cards"}]


# --- Draw Hi-Lo (12.15) ------------------------------------------------------------------------

HI_LO_TARGET = Fraction(96, 100)


def draw_price(beaten_by: int) -> Fraction:
    """The price of Higher or Lower with ``beaten_by`` of the 51 cards left winning it: the
    text says the table shows it; here 96% of the fair price, in hundredths, floored."""
    return Fraction(int(HI_LO_TARGET * 51 * 100 / beaten_by), 100)


def draw_hi_lo(higher: bool) -> CardBet[Ranks]:
    def pays(ranks: Ranks, selection: Selection) -> Fraction:
        first, following = ranks
        winners = 4 * (12 - first if higher else first)
        if not winners:
            return RETURNED  # no card can beat a King (or go under an Ace): not offered
        won = following > first if higher else following < first
        return draw_price(winners) if won else LOST

    prices = [draw_price(4 * n) for n in range(1, 13)]
    return CardBet(
        "higher" if higher else "lower",
        "Higher" if higher else "Lower",
        "nothing: the next card against the first",
        f"by the first card, {decimal_text(prices[-1])} to {decimal_text(prices[0])}; "
        f"returned on {'a King' if higher else 'an Ace'}",
        pays,
    )


class DrawHiLo(CardGame[Ranks]):
    slug = "draw-hi-lo"
    name = "Draw Hi-Lo"
    board: ClassVar[str] = "cards"
    section = "12.15"
    cadence = Cadence(every_seconds=25, closes_before_seconds=5)
    bets = (
        draw_hi_lo(True),
        draw_hi_lo(False),
        CardBet(
            "tie",
            "Tie",
            "nothing: the next card of the first's rank",
            "10:1",
            lambda ranks, s: Fraction(11) if ranks[0] == ranks[1] else LOST,
        ),
    )

    def outcome(self, rng: Rng) -> Outcome:
        first, following = deal(rng, shoe(1), 2)
        return {"first": [first], "next": [following]}

    def coup(self, outcome: Outcome) -> Ranks:
        return places([outcome["first"][0], outcome["next"][0]], ACE_LOW)

    def chances(self, bet_type: str) -> Iterable[tuple[Fraction, Ranks]]:
        return rank_draws(1, 2)

    def describe(self, outcome: Outcome) -> str:
        first, following = self.coup(outcome)
        verdict = "higher" if following > first else "lower" if following < first else "tie"
        return f"{card_text(outcome['first'][0])} then {card_text(outcome['next'][0])}: {verdict}"

    def hands(self) -> list[dict[str, str]]:
        return [{"key": "first", "label": "First card"}, {"key": "next", "label": "Next card"}]


# --- Top Card Trump (12.16) ---------------------------------------------------------------------

HALF = Fraction(1, 2)


def top_card_fold(ranks: Ranks, selection: Selection) -> Fraction:
    """1:1 on the higher card; on a tie the player folds and the dealer takes half."""
    player, dealer = ranks[:2]
    return Fraction(2) if player > dealer else HALF if player == dealer else LOST


def top_card_war(ranks: Ranks, selection: Selection) -> Fraction:
    """The stake is the ante and the war raise in equal halves. Without a tie the raise
    comes back and the ante wins 1:1 or loses; on a tie the raise is played: a war card
    equal to or above the dealer's wins it 1:1 and returns the ante, a lower one loses both."""
    player, dealer = ranks[:2]
    if player != dealer:
        return Fraction(3, 2) if player > dealer else HALF
    war_player, war_dealer = ranks[2:]
    return Fraction(3, 2) if war_player >= war_dealer else LOST


@cache
def top_card_coups() -> list[tuple[Fraction, Ranks]]:
    """The first two cards; after a tie, the war cards too (the three burned cards change
    nothing: any card of the shoe is as likely to come after them)."""
    found: list[tuple[Fraction, Ranks]] = []
    for chance, (player, dealer) in rank_draws(6, 2):
        if player != dealer:
            found.append((chance, (player, dealer)))
            continue
        left = [24] * 13
        left[player] -= 2
        whole = 310 * 309
        for a, b in itertools.product(range(13), repeat=2):
            ways = left[a] * (left[b] - (a == b))
            if ways:
                found.append((chance * Fraction(ways, whole), (player, dealer, a, b)))
    return found


class TopCardTrump(CardGame[Ranks]):
    slug = "top-card"
    name = "Top Card"
    board: ClassVar[str] = "cards"
    section = "12.16"
    cadence = Cadence(every_seconds=25, closes_before_seconds=5)
    bets = (
        CardBet(
            "fold",
            "Top card, fold on a tie",
            "nothing: your card above the dealer's",
            "1:1; half the stake back on a tie",
            top_card_fold,
        ),
        CardBet(
            "war",
            "Top card, war on a tie",
            "nothing: the stake is the ante and the war raise in equal halves",
            "1:1 on the ante (the raise back); on a tie the raise wins 1:1 and the ante comes"
            " back when your war card is not below the dealer's",
            top_card_war,
        ),
    )

    def outcome(self, rng: Rng) -> Outcome:
        cards = deal(rng, shoe(6), 7)
        player, dealer = cards[0], cards[1]
        if rank(player) != rank(dealer):
            return {"player": [player], "dealer": [dealer]}
        # War: three cards burned, then one card to the player and one to the dealer.
        return {"player": [player, cards[5]], "dealer": [dealer, cards[6]], "burned": cards[2:5]}

    def coup(self, outcome: Outcome) -> Ranks:
        player, dealer = outcome["player"], outcome["dealer"]
        first = places([player[0], dealer[0]], ACE_HIGH)
        return first + places([player[1], dealer[1]], ACE_HIGH) if len(player) > 1 else first

    def chances(self, bet_type: str) -> Iterable[tuple[Fraction, Ranks]]:
        return top_card_coups()

    def validate_stake(self, bet_type: str, stake: int) -> None:
        if bet_type == "war" and stake % 2:
            raise ValueError(
                "A war bet is the ante and the raise in equal halves: its stake must divide by 2."
            )

    def describe(self, outcome: Outcome) -> str:
        player, dealer = outcome["player"], outcome["dealer"]
        text = f"you {card_text(player[0])}, dealer {card_text(dealer[0])}"
        if len(player) > 1:
            won = ACE_HIGH.index(rank(player[1])) >= ACE_HIGH.index(rank(dealer[1]))
            war = f"war: you {card_text(player[1])}, dealer {card_text(dealer[1])}"
            return f"{text}; {war}: {'you win' if won else 'dealer wins'}"
        won = ACE_HIGH.index(rank(player[0])) > ACE_HIGH.index(rank(dealer[0]))
        return f"{text}: {'you win' if won else 'dealer wins'}"

    def hands(self) -> list[dict[str, str]]:
        return [
            {"key": "player", "label": "You"},
            {"key": "dealer", "label": "Dealer"},
            {"key": "burned", "label": "Burned for the war"},
        ]
