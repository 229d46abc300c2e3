"""Bots for every seat: legal, simple and deterministic given the rng.

A bot decides from the seat's own view (what a player at that seat can see) and the legal
moves, so it never peeks at hidden cards. It never pays for Change card, never offers a
Double stake, and always accepts one (refusing loses the game).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from games.belote.base import Action, State, team
from games.belote.cards import (
    NO_TRUMP,
    RANKS_24,
    RANKS_32,
    card_points,
    is_trump,
    make_deck,
    rank,
    strength,
    suit,
    trick_winner,
)
from games.engine import View
from games.rng import Rng

# How much a card is worth when judging a trump (the jack and nine rule the suit).
TRUMP_WEIGHT = {"J": 30, "9": 22, "A": 14, "T": 12, "K": 7, "Q": 6, "8": 5, "7": 5}
SIDE_ACE = 10
BID_BASE = 30  # what a partner is expected to bring to the contract
CONTRA_TRUMPS = {"J", "9", "A"}


def choose_action(engine: Any, state: State, seat: int, rng: Rng | None) -> Action:
    view = engine.view(state, seat)
    legal = view["legal_actions"]
    kinds = {a["type"] for a in legal}
    if len(legal) == 1:
        only: Action = legal[0]
        return only
    if "accept" in kinds:
        return {"type": "accept"}
    if view["phase"] == "play":
        return _play_move(view, legal, seat, rng)
    return _trump_move(view, legal, seat, rng)


# ---- choosing the trump ------------------------------------------------------------


def trump_strength(cards: Sequence[str], trump: str) -> int:
    if trump == NO_TRUMP:
        aces = [c for c in cards if rank(c) == "A"]
        tens = [c for c in cards if rank(c) == "T" and "A" + suit(c) in cards]
        return 25 * len(aces) + 10 * len(tens)
    trumps = [c for c in cards if suit(c) == trump]
    score = sum(TRUMP_WEIGHT[rank(c)] for c in trumps) + 5 * max(0, len(trumps) - 2)
    return score + SIDE_ACE * sum(1 for c in cards if rank(c) == "A" and suit(c) != trump)


def _threshold(cards: Sequence[str]) -> int:
    return 8 * len(cards)


def _trump_move(view: View, legal: list[Action], seat: int, rng: Rng | None) -> Action:
    kinds = {a["type"] for a in legal}
    hand = view["hand"]
    if "bid" in kinds:
        return _bid(view, legal, seat)
    if kinds & {"contra", "recontra"}:
        return _contra(view, legal)
    if "take" in kinds:
        turned = view["turned"]
        strong = trump_strength([*hand, turned], suit(turned)) >= _threshold([*hand, turned])
        if strong or "pass" not in kinds:
            takes = [a for a in legal if a["type"] == "take"]
            return max(takes, key=lambda a: bool(a.get("swap_seven")))
        return {"type": "pass"}
    names = [a for a in legal if a["type"] == "name"]
    best = max(names, key=lambda a: trump_strength(hand, a["suit"]))
    if "pass" in kinds and trump_strength(hand, best["suit"]) < _threshold(hand):
        return {"type": "pass"}
    if "take_open" in best:
        turned = view["turned"]
        wanted = card_points(turned, best["suit"]) >= 10
        best = next(a for a in names if a["suit"] == best["suit"] and a["take_open"] == wanted)
    return best


def _bid(view: View, legal: list[Action], seat: int) -> Action:
    bids = [a for a in view["auction"] if a["type"] == "bid"]
    if bids and team(bids[-1]["seat"]) == team(seat):
        return {"type": "pass"}  # never outbid a partner
    hand = view["hand"]
    best_suit = max(("C", "D", "H", "S"), key=lambda s: trump_strength(hand, s))
    estimate = BID_BASE + trump_strength(hand, best_suit) * 4 // 5
    affordable = [
        a
        for a in legal
        if a["type"] == "bid"
        and a["suit"] == best_suit
        and isinstance(a["value"], int)
        and a["value"] <= estimate
    ]
    return min(affordable, key=lambda a: a["value"]) if affordable else {"type": "pass"}


def _contra(view: View, legal: list[Action]) -> Action:
    trumps = [c for c in view["hand"] if suit(c) == view["trump"]]
    strong = len(trumps) >= 3 and len({rank(c) for c in trumps} & CONTRA_TRUMPS) >= 2
    if strong and {"type": "contra"} in legal:
        return {"type": "contra"}
    return {"type": "pass"}


# ---- playing the hand --------------------------------------------------------------


def _play_move(view: View, legal: list[Action], seat: int, rng: Rng | None) -> Action:
    for kind in ("show", "declare"):
        moves = [a for a in legal if a["type"] == kind]
        if moves:
            return moves[0]
    cards = [a["card"] for a in legal if a["type"] == "play"]
    return {"type": "play", "card": choose_card(view, seat, cards, rng)}


def unseen_cards(view: View, seat: int) -> set[str]:
    """Cards this seat has not seen: still in other hands or out of play."""
    deck = make_deck(RANKS_24 if view["game"] == "belote" else RANKS_32)
    seen = set(view["hand"] or []) | set(view["discards"])
    seen |= {p["card"] for t in view["tricks"] for p in t["cards"]}
    seen |= {p["card"] for p in view["trick"]}
    for piles in view.get("piles", []):
        seen |= {p["top"] for p in piles if p["top"]}
    return set(deck) - seen


def choose_card(view: View, seat: int, cards: list[str], rng: Rng | None) -> str:
    trump = view["trump"]
    unseen = unseen_cards(view, seat)

    def master(card: str) -> bool:
        return not any(
            suit(c) == suit(card) and strength(c, trump) > strength(card, trump) for c in unseen
        )

    def cheap(card: str) -> tuple[int, int, int]:
        return (int(is_trump(card, trump)), card_points(card, trump), strength(card, trump))

    trick = view["trick"]
    if not trick:
        return _lead(view, seat, cards, unseen, master, cheap, rng)
    winner = trick_winner(trick, trump)
    last = len(trick) == view["seats"] - 1
    winning_card = next(p["card"] for p in trick if p["seat"] == winner)
    if team(winner) == team(seat) and (last or master(winning_card)):
        # The partner holds the trick: give it points, but keep trumps.
        return _pick(cards, lambda c: (-cheap(c)[0], card_points(c, trump)), max, rng)
    winners = [c for c in cards if trick_winner([*trick, {"seat": seat, "card": c}], trump) == seat]
    points_on_table = sum(card_points(p["card"], trump) for p in trick)
    if winners and (last or points_on_table >= 10 or any(master(c) for c in winners)):
        return _pick(winners, cheap, min, rng)
    return _pick(cards, cheap, min, rng)


def _lead(
    view: View,
    seat: int,
    cards: list[str],
    unseen: set[str],
    master: Callable[[str], bool],
    cheap: Callable[[str], tuple[int, int, int]],
    rng: Rng | None,
) -> str:
    trump = view["trump"]
    trumps = [c for c in cards if is_trump(c, trump)]
    takers = view["taker"] is not None and team(view["taker"]) == team(seat)
    if takers and trumps and any(is_trump(c, trump) for c in unseen):
        # Draw the opponents' trumps: the master trump if we have it, else a small one.
        masters = [c for c in trumps if master(c)]
        if masters:
            return _pick(masters, lambda c: strength(c, trump), max, rng)
        return _pick(trumps, lambda c: strength(c, trump), min, rng)
    plain_masters = [c for c in cards if not is_trump(c, trump) and master(c)]
    if plain_masters:
        return _pick(plain_masters, lambda c: card_points(c, trump), max, rng)
    return _pick(cards, cheap, min, rng)


def _pick(
    cards: list[str],
    key: Callable[[str], Any],
    best: Callable[..., Any],
    rng: Rng | None,
) -> str:
    """The best card by `key`; the rng breaks ties so bots are not too predictable."""
    target = key(best(cards, key=key))
    tied = sorted(c for c in cards if key(c) == target)
    return rng.choice(tied) if rng is not None and len(tied) > 1 else tied[0]
