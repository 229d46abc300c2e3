"""The Keno paytables of the rules (12.19), ticket checks and the exact return to player.

The tables lost their layout in the text of the rules; PAYTABLES.md gives the reading
line by line and why it is the only one that fits. A paytable maps the pick count (how
many numbers the ticket marks) to ``{hits: multiplier}``, the multiplier in hundredths
of the stake (350 = 3.5x, the stake included); a hit count that is absent pays nothing.

Plain Python: no Django import.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from math import comb

from casino.keno.fairness import BALLS, DRAWN

Paytable = Mapping[int, Mapping[int, int]]

KENO_8_PAYTABLE: Paytable = {
    1: {1: 350},
    2: {1: 100, 2: 1_000},
    3: {2: 200, 3: 5_000},
    4: {2: 150, 3: 1_000, 4: 8_000},
    5: {2: 100, 3: 300, 4: 3_000, 5: 15_000},
    6: {3: 200, 4: 1_500, 5: 6_000, 6: 50_000},
    7: {0: 100, 3: 200, 4: 400, 5: 2_000, 6: 8_000, 7: 100_000},
    8: {0: 100, 4: 500, 5: 1_500, 6: 5_000, 7: 20_000, 8: 200_000},
}

KENO_10_PAYTABLE: Paytable = {
    1: {1: 350},
    2: {1: 100, 2: 1_000},
    3: {2: 200, 3: 5_000},
    4: {2: 150, 3: 1_000, 4: 8_000},
    5: {2: 100, 3: 300, 4: 3_000, 5: 15_000},
    6: {3: 200, 4: 1_500, 5: 6_000, 6: 50_000},
    7: {0: 100, 3: 200, 4: 400, 5: 2_000, 6: 8_000, 7: 100_000},
    8: {0: 100, 4: 500, 5: 1_500, 6: 5_000, 7: 20_000, 8: 200_000},
    9: {0: 200, 4: 200, 5: 1_000, 6: 2_500, 7: 12_500, 8: 100_000, 9: 500_000},
    10: {0: 200, 5: 500, 6: 3_000, 7: 10_000, 8: 30_000, 9: 200_000, 10: 1_000_000},
}

KENO_GOLD_PAYTABLE: Paytable = {
    1: {1: 350},
    2: {1: 100, 2: 1_000},
    3: {2: 200, 3: 5_000},
    4: {2: 100, 3: 1_000, 4: 10_000},
    5: {2: 100, 3: 300, 4: 2_000, 5: 15_000},
    6: {3: 200, 4: 1_500, 5: 6_000, 6: 50_000},
    7: {0: 100, 3: 200, 4: 400, 5: 2_000, 6: 8_000, 7: 100_000},
    8: {0: 100, 4: 500, 5: 1_500, 6: 5_000, 7: 20_000, 8: 200_000},
    9: {0: 200, 4: 200, 5: 1_000, 6: 2_500, 7: 12_500, 8: 100_000, 9: 500_000},
    10: {0: 200, 5: 500, 6: 3_000, 7: 10_000, 8: 30_000, 9: 200_000, 10: 1_000_000},
}


@dataclass(frozen=True)
class KenoGame:
    """One Keno game of the rules: a ticket marks 1 to ``max_picks`` numbers."""

    slug: str
    name: str
    paytable: Paytable

    @property
    def max_picks(self) -> int:
        return max(self.paytable)


KENO_8 = KenoGame(slug="keno-8", name="Keno 8", paytable=KENO_8_PAYTABLE)
KENO_10 = KenoGame(slug="keno-10", name="Keno 10", paytable=KENO_10_PAYTABLE)
KENO_GOLD = KenoGame(slug="keno-gold", name="Keno Gold", paytable=KENO_GOLD_PAYTABLE)
GAMES: Mapping[str, KenoGame] = {game.slug: game for game in (KENO_8, KENO_10, KENO_GOLD)}


def _is_int(value: object) -> bool:
    # bool is an int subclass, but True is not a ball
    return isinstance(value, int) and not isinstance(value, bool)


def validate_ticket(numbers: Iterable[int], game: KenoGame) -> tuple[int, ...]:
    """The ticket's numbers, sorted, or ValueError saying what is wrong with them."""
    if isinstance(numbers, str | bytes) or not isinstance(numbers, Iterable):
        raise ValueError("a ticket is a list of numbers")
    picked = list(numbers)
    if not 1 <= len(picked) <= game.max_picks:
        raise ValueError(
            f"{game.name} tickets mark 1 to {game.max_picks} numbers, this one marks {len(picked)}"
        )
    not_integers = [number for number in picked if not _is_int(number)]
    if not_integers:
        raise ValueError(f"ticket numbers must be whole numbers, got {not_integers!r}")
    off_board = sorted(number for number in picked if not BALLS[0] <= number <= BALLS[-1])
    if off_board:
        raise ValueError(f"ticket numbers must be from {BALLS[0]} to {BALLS[-1]}, got {off_board}")
    duplicates = sorted({number for number in picked if picked.count(number) > 1})
    if duplicates:
        raise ValueError(f"a number may be marked once only, repeated: {duplicates}")
    return tuple(sorted(picked))


def count_hits(ticket: Iterable[int], drawn: Iterable[int]) -> int:
    """How many of the ticket's numbers are among the drawn balls."""
    return len(set(ticket) & set(drawn))


def _check_result(picks: int, hits: int, paytable: Paytable) -> None:
    if picks not in paytable:
        raise ValueError(f"this paytable has no row for {picks} picks")
    if not _is_int(hits) or not 0 <= hits <= picks:
        raise ValueError(f"{picks} picks cannot make {hits!r} hits")


def payout(
    stake: int, picks: int, hits: int, paytable: Paytable, *, max_win: int | None = None
) -> int:
    """The amount paid for a ticket: stake times multiplier, floored, capped at ``max_win``.

    ``stake`` and ``max_win`` are in the same (minor) unit; the floor means the house
    never pays more than the table says.
    """
    if not _is_int(stake) or stake < 0:
        raise ValueError(f"the stake must be a non-negative integer, got {stake!r}")
    _check_result(picks, hits, paytable)
    paid = stake * paytable[picks].get(hits, 0) // 100
    return paid if max_win is None else min(paid, max_win)


def hit_probability(picks: int, hits: int) -> Fraction:
    """P(exactly ``hits`` of ``picks`` marked numbers among the 20 drawn of 80).

    Hypergeometric: C(picks, hits) * C(80 - picks, 20 - hits) / C(80, 20).
    """
    if not 0 <= hits <= picks <= len(BALLS):
        raise ValueError(f"{picks} picks cannot make {hits} hits")
    misses = picks - hits
    if hits > DRAWN or misses > len(BALLS) - DRAWN:
        return Fraction(0)
    ways = comb(picks, hits) * comb(len(BALLS) - picks, DRAWN - hits)
    return Fraction(ways, comb(len(BALLS), DRAWN))


def rtp(paytable: Paytable, picks: int) -> Fraction:
    """The exact expected return per unit staked on a ``picks`` ticket, before the win cap."""
    if picks not in paytable:
        raise ValueError(f"this paytable has no row for {picks} picks")
    return sum(
        (
            hit_probability(picks, hits) * Fraction(multiplier, 100)
            for hits, multiplier in paytable[picks].items()
        ),
        Fraction(0),
    )
