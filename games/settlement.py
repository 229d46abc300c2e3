"""Who gets what from a finished table's escrow. Plain Python: no Django import.

The pot is the stakes at risk; the house takes its rake (floored basis points) from it
unless the game is void or its outcome is rake-free; the rest is divided as the outcome's
split says: equally among the winners, in proportion to weights (Spades solo's 75/25), or
in exact amounts (a cash game's chips). Remainders of a division go one unit at a time to
the paid seats nearest the dealer's left. The general disconnection clauses of the rules
apply: a game with no connected winner is void; a disconnected winner gets back only their
stake and the rest of their share goes to the connected winners; the house keeps nothing
beyond the rake. Exact amounts are each seat's own chips and are paid as they stand; a
cash table's rake was taken pot by pot during play and is paid to the house as it is.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from games.engine import Outcome, SplitKind
from wallet.rake import percentage_rake


@dataclass(frozen=True)
class Settlement:
    payouts: tuple[int, ...]  # per seat, what goes back to the player's cash
    rake: int
    void: bool

    def net(self, held: Sequence[int]) -> tuple[int, ...]:
        return tuple(paid - put_in for paid, put_in in zip(self.payouts, held, strict=True))


def at_risk(held: Sequence[int], stake: int, multiplier: int) -> list[int]:
    """What each seat plays for now: the stake times the game's multiple (Double stake), at
    most what it holds; the rest of a reserve goes back at the end."""
    return [min(put_in, stake * multiplier) for put_in in held]


def from_dealers_left(seats: int) -> list[int]:
    """Seat 0 deals; its left is seat 1, then 2, ... and seat 0 last."""
    return [*range(1, seats), 0]


def divide(amount: int, weights: Mapping[int, int], seats: int) -> dict[int, int]:
    """`amount` in proportion to `weights` (seat -> weight), floored; the remainder goes one
    unit at a time to the weighted seats nearest the dealer's left. Nothing is created or
    lost: the parts sum to `amount`."""
    paid = [s for s in from_dealers_left(seats) if weights.get(s, 0) > 0]
    if not paid:
        raise ValueError("a pot needs at least one seat to go to")
    total = sum(weights[s] for s in paid)
    parts = {s: amount * weights[s] // total for s in paid}
    for place in range(amount - sum(parts.values())):
        parts[paid[place % len(paid)]] += 1
    return parts


def settle(
    outcome: Outcome,
    held: Sequence[int],
    at_risk: Sequence[int],
    rake_bp: int,
    disconnected: frozenset[int] = frozenset(),
) -> Settlement:
    """`held[seat]` is what the seat put in escrow; `at_risk[seat]` the part the game
    played for (less when a double-stake reserve went unused: the rest is refunded)."""
    seats = len(held)
    if not outcome.void and outcome.split.rake_taken is not None:
        # Before the disconnection clauses: at a cash table everyone has left at the close.
        return _settle_cash(outcome.split.values, outcome.split.rake_taken, held)
    if outcome.void or len(disconnected) == seats:
        return Settlement(tuple(held), 0, True)
    refunds = [h - r for h, r in zip(held, at_risk, strict=True)]
    rate = 0 if outcome.split.rake_free else rake_bp
    if outcome.split.kind == SplitKind.EXACT:
        return _settle_exact(outcome.split.values, refunds, at_risk, rate)
    if outcome.split.kind == SplitKind.WEIGHTED:
        weights = dict(enumerate(outcome.split.values))
    else:
        weights = {seat: 1 for seat in outcome.winners()}
    paid = [s for s in from_dealers_left(seats) if s in outcome.paid_seats()]
    connected = {s: weights[s] for s in paid if s not in disconnected}
    if not connected:
        return Settlement(tuple(held), 0, True)
    pot = sum(at_risk)
    rake = percentage_rake(pot, rate)
    shares = divide(pot - rake, weights, seats)
    payouts = list(refunds)
    passed_on = 0
    for seat in paid:
        if seat in disconnected:
            back = min(at_risk[seat], shares[seat])
            payouts[seat] += back
            passed_on += shares[seat] - back
        else:
            payouts[seat] += shares[seat]
    if passed_on:
        for seat, extra in divide(passed_on, connected, seats).items():
            payouts[seat] += extra
    return Settlement(tuple(payouts), rake, False)


def _settle_exact(
    amounts: Sequence[int], refunds: Sequence[int], at_risk: Sequence[int], rate: int
) -> Settlement:
    if len(amounts) != len(at_risk) or sum(amounts) != sum(at_risk):
        raise ValueError("exact amounts must share out the whole pot, seat by seat")
    rakes = [percentage_rake(max(0, a - r), rate) for a, r in zip(amounts, at_risk, strict=True)]
    payouts = tuple(back + a - cut for back, a, cut in zip(refunds, amounts, rakes, strict=True))
    return Settlement(payouts, sum(rakes), False)


def _settle_cash(amounts: Sequence[int], rake_taken: int, held: Sequence[int]) -> Settlement:
    """A cash table: chips crossed its edge as they moved (games/chips.py), so what the
    escrow holds at the close is each seat's chips still at the table plus the rake taken
    hand by hand; the wallet refuses a settlement that does not empty it exactly. A
    practice table (nothing held) moves no money: its chips were never money."""
    if not any(held):
        return Settlement((0,) * len(held), 0, False)
    return Settlement(tuple(amounts), rake_taken, False)
