"""The computer player: bids by counting likely tricks, plays to make its side's bid and
no more, and ducks when it bid nil. It decides from its own seat's view and the legal
moves only, so it never sees a card its seat may not. Deterministic: the same view gives
the same move."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.spades.cards import SPADES, Play, beats, rank, strength, suit, winning_play

SEATS = 4
# Bid blind nil only when the side is this far behind the leader in the last round: a
# long shot is worth taking only when nothing less can win.
BLIND_NIL_BEHIND = 150
LAST_ROUND = 3
HIGH_SPADES = ("A", "K", "Q")


def choose(view: Mapping[str, Any], legal: Sequence[Any], seat: int) -> dict[str, Any]:
    if len(legal) == 1:
        return dict(legal[0])
    kinds = {move["type"] for move in legal}
    if "look" in kinds:
        return {"type": "blind_nil"} if wants_blind_nil(view, seat) else {"type": "look"}
    if "bid" in kinds:
        highest = max(move["tricks"] for move in legal)
        return {"type": "bid", "tricks": min(highest, bid_for(view["hand"]))}
    cards = [move["card"] for move in legal]
    return {"type": "play", "card": choose_card(view, cards, seat)}


# ---- bidding -------------------------------------------------------------------------


def wants_blind_nil(view: Mapping[str, Any], seat: int) -> bool:
    side = seat % 2
    behind = max(view["scores"]) - view["scores"][side]
    partner_bid = view["bids"][(seat + 2) % SEATS]
    partner_blind = partner_bid is not None and partner_bid["blind"]
    return view["round"] >= LAST_ROUND and behind >= BLIND_NIL_BEHIND and not partner_blind


def by_suit(hand: Sequence[str]) -> dict[str, list[str]]:
    suits: dict[str, list[str]] = {}
    for card in hand:
        suits.setdefault(suit(card), []).append(rank(card))
    return suits


def likely_tricks(hand: Sequence[str]) -> float:
    """Side aces, guarded kings, top spades, long spades and short side suits to trump."""
    suits = by_suit(hand)
    spades = suits.get(SPADES, [])
    tricks = 0.0
    for letter, ranks in suits.items():
        if letter == SPADES:
            continue
        tricks += ("A" in ranks) + 0.8 * ("K" in ranks and 2 <= len(ranks) <= 5)
        tricks += 0.4 * ("Q" in ranks and 3 <= len(ranks) <= 4)
    tricks += sum(1 for r in HIGH_SPADES[:2] if r in spades)
    tricks += 0.8 * ("Q" in spades and len(spades) >= 3)
    tricks += max(0, len(spades) - 3)
    if len(spades) >= 2:
        short = sum(1 for letter in "CDH" if len(suits.get(letter, [])) <= 1)
        tricks += 0.5 * short
    return tricks


def bid_for(hand: Sequence[str]) -> int:
    """Nil with a hand of low cards and no high spade; else the likely tricks, at least 1."""
    tricks = likely_tricks(hand)
    spades = by_suit(hand).get(SPADES, [])
    high = [c for c in hand if strength(c) >= strength("JS")]
    if tricks < 1 and not any(r in spades for r in ("A", "K", "Q", "J")) and len(high) <= 1:
        return 0
    return max(1, min(13, round(tricks)))


# ---- play ----------------------------------------------------------------------------


def choose_card(view: Mapping[str, Any], cards: Sequence[str], seat: int) -> str:
    trick: list[Play] = view["trick"]
    if ducking(view, seat):
        return duck(trick, cards)
    if not needs_tricks(view, seat):
        return duck(trick, cards)
    if not trick:
        return lead(cards)
    if partner_holds(view, trick, seat):
        return lowest(cards)
    winners = [c for c in cards if wins(trick, c)]
    return min(winners, key=strength_key) if winners else lowest(cards)


def ducking(view: Mapping[str, Any], seat: int) -> bool:
    """A nil bidder still clean keeps out of every trick."""
    bid = view["bids"][seat]
    return bool(bid is not None and bid["tricks"] == 0 and view["taken"][seat] == 0)


def needs_tricks(view: Mapping[str, Any], seat: int) -> bool:
    """Whether the seat's side still needs tricks for its bid (nil bidders do not count)."""
    sides: list[list[int]] = view["sides"]
    side = next(s for s in sides if seat in s)
    bids: list[int] = [view["bids"][s]["tricks"] for s in side]
    taken: list[int] = [view["taken"][s] for s in side]
    return sum(t for b, t in zip(bids, taken, strict=True) if b > 0) < sum(bids)


def partner_holds(view: Mapping[str, Any], trick: list[Play], seat: int) -> bool:
    if view["mode"] != "partners":
        return False
    holder = winning_play(trick)
    return holder["seat"] == (seat + 2) % SEATS and strength(holder["card"]) >= strength("QS")


def wins(trick: list[Play], card: str) -> bool:
    return not trick or beats(card, winning_play(trick)["card"])


def strength_key(card: str) -> tuple[int, int]:
    """Plain cards before spades, low before high: the cheapest card first."""
    return (suit(card) == SPADES, strength(card))


def lowest(cards: Sequence[str]) -> str:
    return min(cards, key=strength_key)


def lead(cards: Sequence[str]) -> str:
    """A side-suit ace or king if there is one, else the lowest card."""
    tops = [c for c in cards if suit(c) != SPADES and rank(c) in ("A", "K")]
    return max(tops, key=strength) if tops else lowest(cards)


def duck(trick: list[Play], cards: Sequence[str]) -> str:
    """The highest card that does not take the trick now, else the lowest one."""
    losers = [c for c in cards if trick and not wins(trick, c)]
    return max(losers, key=strength_key) if losers else lowest(cards)
