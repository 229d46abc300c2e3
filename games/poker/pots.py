"""Pots, rake and odd chips of a finished poker hand, in whole chips (one chip is one minor
unit of the site's currency). Plain Python: no Django, no poker library, so every amount
here is checked by known answers.

The order of seats that matters for money is the order of the hand: from the button's
left round to the button. Odd chips of a split pot go one each to the winners in that
order (the standard rule), not to whoever a library lists first.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Pot:
    amount: int
    eligible: tuple[int, ...]  # players (hand order) still in who put in this layer

    @property
    def contested(self) -> bool:
        """More than one player can win it: a layer only one player reached is that
        player's uncalled chips coming back, never a pot the house rakes."""
        return len(self.eligible) > 1


def build_pots(contributed: Sequence[int], folded: Sequence[bool]) -> list[Pot]:
    """Main pot then side pots from what each player put in this hand. Each all-in level
    closes a layer; folded players' chips stay in the layers they reached (dead money)
    but they win none. Adjacent layers with the same eligible players are one pot."""
    levels = sorted({c for c, out in zip(contributed, folded, strict=True) if c and not out})
    pots: list[Pot] = []
    floor = 0
    for level in levels:
        amount = sum(min(c, level) - min(c, floor) for c in contributed)
        eligible = tuple(p for p, c in enumerate(contributed) if c >= level and not folded[p])
        if pots and pots[-1].eligible == eligible:
            pots[-1] = Pot(pots[-1].amount + amount, eligible)
        else:
            pots.append(Pot(amount, eligible))
        floor = level
    # Folded chips above every live player's level (a fold after over-betting cannot
    # happen, but a rounding guard costs nothing): they join the last pot.
    leftover = sum(contributed) - sum(p.amount for p in pots)
    if leftover:
        pots[-1] = Pot(pots[-1].amount + leftover, pots[-1].eligible)
    return pots


def hand_rake(pots: Sequence[Pot], flop_dealt: bool, rate_bp: int, cap: int | None) -> list[int]:
    """The house's share of each pot. No flop, no rake; an uncontested layer is never
    raked. Each contested pot gives `rate_bp` basis points, floored (the house never
    takes more than the stated rate); with a cap, the hand's total stops at it, the main
    pot raked first."""
    if not flop_dealt or rate_bp == 0:
        return [0] * len(pots)
    left = cap
    rakes = []
    for pot in pots:
        cut = pot.amount * rate_bp // 10_000 if pot.contested else 0
        if left is not None:
            cut = min(cut, left)
            left -= cut
        rakes.append(cut)
    return rakes


def split_pot(amount: int, winners: Sequence[int]) -> dict[int, int]:
    """`amount` shared equally by `winners` (players in hand order, from the button's
    left); the chips that do not divide go one each to the first winners in that order."""
    order = sorted(winners)
    share, odd = divmod(amount, len(order))
    return {p: share + (1 if i < odd else 0) for i, p in enumerate(order)}


def award(
    pots: Sequence[Pot], rakes: Sequence[int], best: Mapping[int, Sequence[int]], players: int
) -> list[int]:
    """Chips won by each of `players` (hand order): each pot after its rake goes to the
    eligible players whose hand ranks highest. `best[pot index]` lists that pot's
    winners, chosen by the caller from the hand ranking."""
    won = [0] * players
    for index, (pot, cut) in enumerate(zip(pots, rakes, strict=True)):
        for player, chips in split_pot(pot.amount - cut, best[index]).items():
            won[player] += chips
    return won
