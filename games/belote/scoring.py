"""Pure scoring and money helpers: rounding, Double stake reserve, loss-of-connection.

The engine never moves money; these functions describe what the runtime should do.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from games.engine import BaseOptions, Outcome


def round_pilotta(totals: list[int], trick_points: list[int]) -> list[int]:
    """Divide both totals by ten and round, only one side rounding up.

    The side with the higher remainder rounds up (if its remainder is 5 or more, as
    "rounded off" means to the nearest ten); the other rounds down. Both remainders 6 can
    happen because trick points sum to 162: then the side with more trick points rounds up.
    """
    remainders = [t % 10 for t in totals]
    up: int | None = None
    if max(remainders) >= 5:
        if remainders[0] != remainders[1]:
            up = 0 if remainders[0] > remainders[1] else 1
        elif trick_points[0] != trick_points[1]:
            up = 0 if trick_points[0] > trick_points[1] else 1
    return [t // 10 + (1 if side == up else 0) for side, t in enumerate(totals)]


def round_belote(points: int) -> int:
    """Belote's card points in tens, rounded to the nearest (76 -> 8, 86 -> 9, 75 -> 8)."""
    return (points + 5) // 10


def max_reserve(stake: int, options: BaseOptions) -> int:
    """What Double stake charges on joining: the stake at the table's highest multiplier."""
    return stake * int(getattr(options, "double_stake", 1) or 1)


def unused_reserve(reserve: int, stake: int, multiplier: int) -> int:
    """Refunded after the game: the reserve less the stake actually played (1,600 - 400)."""
    return reserve - stake * multiplier


def disconnection_settlement(outcome: Outcome, disconnected: Collection[int]) -> dict[str, Any]:
    """Pilotta's loss-of-connection clauses, per seat.

    Returns {"void": bool, "clauses": [int], "seats": [{"seat", "result", "shares"}]} where
    result is "refund" (stake back), "win" (stake back plus `shares` parts of the losers'
    stakes) or "lose" (stake forfeited). Money lost always equals money won (clause 5).
    """
    seats = range(len(outcome.placing))
    winners = set(outcome.winners())
    connected = [s for s in seats if s not in disconnected]
    if not connected:
        return _void(seats, clause=1)
    if outcome.void or not winners & set(connected):
        return _void(seats, clause=2)
    connected_winners = sorted(winners & set(connected))
    shares = {s: 0 for s in connected_winners}
    for seat in sorted(winners):
        # A disconnected winner's part goes to a partner still at the table (clause 4).
        heir = seat if seat in shares else connected_winners[0]
        shares[heir] += 1
    rows = []
    for seat in seats:
        if seat in shares:
            rows.append({"seat": seat, "result": "win", "shares": shares[seat]})
        elif seat in winners:
            rows.append({"seat": seat, "result": "refund", "shares": 0})
        else:
            rows.append({"seat": seat, "result": "lose", "shares": 0})
    gone = set(disconnected)
    clauses = [3] * bool(gone - winners) + [4] * bool(gone & winners)
    return {"void": False, "clauses": clauses, "seats": rows}


def _void(seats: range, clause: int) -> dict[str, Any]:
    rows = [{"seat": s, "result": "refund", "shares": 0} for s in seats]
    return {"void": True, "clauses": [clause], "seats": rows}


def settlement_payouts(settlement: dict[str, Any], stake: int) -> list[int]:
    """Gross amount returned to each seat (before rake) when every seat staked `stake`."""
    rows = settlement["seats"]
    pot = stake * sum(1 for r in rows if r["result"] == "lose")
    total_shares = sum(r["shares"] for r in rows)
    payouts = []
    for row in rows:
        if row["result"] == "lose":
            payouts.append(0)
        elif row["result"] == "refund":
            payouts.append(stake)
        else:
            payouts.append(stake + pot * row["shares"] // total_shares)
    leftover = stake * len(rows) - sum(payouts)
    if leftover:
        first_winner = next(i for i, r in enumerate(rows) if r["result"] == "win")
        payouts[first_winner] += leftover
    return payouts
