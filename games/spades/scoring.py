"""A round's score, bags, and how the prize pool is shared at the end. Plain Python.

A side is a partnership (seats opposite each other) or, in solo, one player. A side's
contract is the sum of its players' bids other than nil; a nil (or blind nil) is scored
on its own, in addition to the partner's result.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypedDict

TRICK_POINTS = 10  # per trick bid, won or lost
NIL_PARTNERS = 100
NIL_SOLO = 50
BLIND_NIL = 200
# 1st place takes 75% of the pool and 2nd place 25%; later places nothing.
PLACE_WEIGHTS = (3, 1, 0, 0)
# Tied players share the weights of the places they cover evenly; multiplying by 12 (a
# multiple of 1, 2, 3 and 4) keeps every share whole.
TIE_SCALE = 12


class Bid(TypedDict):
    tricks: int  # 0 is nil
    blind: bool  # blind nil: declared before looking at the cards


class NilResult(TypedDict):
    seat: int
    blind: bool
    made: bool
    points: int


class SideResult(TypedDict):
    seats: list[int]
    contract: int  # the side's bid without its nils; 0: no contract
    tricks: int  # tricks taken towards the contract (a nil bidder's never count)
    made: bool | None  # None when the side has no contract
    contract_points: int
    bags: int  # overtricks won this round
    bag_penalty: int  # points lost to the bag limit this round (0 or negative)
    bags_after: int
    nils: list[NilResult]
    points: int  # everything the side scored this round


def nil_points(bid: Bid, partners: bool) -> int:
    if bid["blind"]:
        return BLIND_NIL
    return NIL_PARTNERS if partners else NIL_SOLO


def contract_points(contract: int, tricks: int) -> tuple[int, int]:
    """(points, bags): 10 a trick bid plus 1 an overtrick when made, minus 10 a trick bid
    when not."""
    if tricks >= contract:
        bags = tricks - contract
        return TRICK_POINTS * contract + bags, bags
    return -TRICK_POINTS * contract, 0


def count_bags(bags: int, limit: int, penalty: int) -> tuple[int, int]:
    """(bags carried over, points lost): each time the bags reach the limit the side
    loses the penalty and the limit's worth of bags; the rest carries over."""
    lost = 0
    while bags >= limit:
        bags -= limit
        lost -= penalty
    return bags, lost


def score_side(
    seats: Sequence[int],
    bids: Sequence[Bid],
    taken: Sequence[int],
    bags_before: int,
    *,
    partners: bool,
    bag_limit: int,
    bag_penalty: int,
) -> SideResult:
    bidders = [s for s in seats if bids[s]["tricks"] > 0]
    contract = sum(bids[s]["tricks"] for s in bidders)
    tricks = sum(taken[s] for s in bidders)
    points, bags = contract_points(contract, tricks) if bidders else (0, 0)
    bags_after, penalty = count_bags(bags_before + bags, bag_limit, bag_penalty)
    nils: list[NilResult] = []
    for seat in seats:
        if bids[seat]["tricks"] == 0:
            value = nil_points(bids[seat], partners)
            made = taken[seat] == 0
            nils.append(
                {
                    "seat": seat,
                    "blind": bids[seat]["blind"],
                    "made": made,
                    "points": value if made else -value,
                }
            )
    return {
        "seats": list(seats),
        "contract": contract,
        "tricks": tricks,
        "made": tricks >= contract if bidders else None,
        "contract_points": points,
        "bags": bags,
        "bag_penalty": penalty,
        "bags_after": bags_after,
        "nils": nils,
        "points": points + penalty + sum(n["points"] for n in nils),
    }


def placing(keys: Sequence[tuple[int, ...]]) -> tuple[int, ...]:
    """1 + how many seats rank strictly higher: tied seats share a place."""
    return tuple(1 + sum(1 for other in keys if other > key) for key in keys)


def solo_weights(places: Sequence[int]) -> tuple[int, ...] | None:
    """Each player's weight in the pool by place, 75/25; players tied share the weights
    of the places they cover evenly (two tied first take half each). None when all four
    are level: nobody beat anybody, so every buy-in goes back, as at a partners' tie."""
    if all(p == 1 for p in places):
        return None
    weights = []
    for place in places:
        tied = sum(1 for p in places if p == place)
        covered = sum(PLACE_WEIGHTS[place - 1 : place - 1 + tied])
        weights.append(covered * TIE_SCALE // tied)
    return tuple(weights)
