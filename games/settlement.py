"""Who gets what from a finished table's escrow. Plain Python: no Django import.

The pot is the stakes at risk; the house takes its rake (floored basis points) from it
unless the game is void; winners split the rest, the remainder going to the winners
nearest the dealer's left. The general disconnection clauses of the rules apply: a game
with no connected winner is void; a disconnected winner gets back only their stake and
their winnings go to the connected winners; the house keeps nothing beyond the rake.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from games.engine import Outcome
from wallet.rake import percentage_rake, split_pot


@dataclass(frozen=True)
class Settlement:
    payouts: tuple[int, ...]  # per seat, what goes back to the player's cash
    rake: int
    void: bool

    def net(self, held: Sequence[int]) -> tuple[int, ...]:
        return tuple(paid - put_in for paid, put_in in zip(self.payouts, held, strict=True))


def from_dealers_left(seats: int) -> list[int]:
    """Seat 0 deals; its left is seat 1, then 2, ... and seat 0 last."""
    return [*range(1, seats), 0]


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
    refunds = [h - r for h, r in zip(held, at_risk, strict=True)]
    winners = [s for s in from_dealers_left(seats) if outcome.placing[s] == 1]
    connected_winners = [s for s in winners if s not in disconnected]
    if outcome.void or not connected_winners or len(disconnected) == seats:
        return Settlement(tuple(held), 0, True)
    pot = sum(at_risk)
    rake = percentage_rake(pot, rake_bp)
    shares = split_pot(pot - rake, winners)
    payouts = list(refunds)
    passed_on = 0
    for seat in winners:
        if seat in disconnected:
            payouts[seat] += at_risk[seat]
            passed_on += shares[seat] - at_risk[seat]
        else:
            payouts[seat] += shares[seat]
    for seat, extra in split_pot(passed_on, connected_winners).items():
        payouts[seat] += extra
    return Settlement(tuple(payouts), rake, False)
