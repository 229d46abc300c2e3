"""A field of runners and the chance of each finishing order.

Every runner has a form: a whole number weight. The winner is drawn with chances in
proportion to the forms; the second from the runners left, in proportion to theirs; and
so on to the last place (the Harville model, the usual reading of a race from its win
chances). The chance of a finishing order is then an exact fraction, and the round draws
it the same way, one `weighted` pick per place. Plain Python: no Django import.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from fractions import Fraction

from casino.rounds import Rng, weighted

Order = tuple[int, ...]  # runner numbers, first past the post first


def finishing_order(rng: Rng, forms: Sequence[int]) -> list[int]:
    """Every runner's place: the winner by form, then the next among those left, to the
    last (runners numbered from 1)."""
    left = list(range(1, len(forms) + 1))
    order: list[int] = []
    while left:
        runner = weighted(rng, [(number, forms[number - 1]) for number in left])
        order.append(runner)
        left.remove(runner)
    return order


def leading(forms: Sequence[int], places: int) -> Iterator[tuple[Fraction, Order]]:
    """Every way the first ``places`` places can fall, with its exact chance."""
    total = sum(forms)
    for prefix in itertools.permutations(range(1, len(forms) + 1), places):
        chance, left = Fraction(1), total
        for runner in prefix:
            weight = forms[runner - 1]
            chance *= Fraction(weight, left)
            left -= weight
        yield chance, prefix
