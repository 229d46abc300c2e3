"""Lucky numbers (Lightning) and mega numbers (Mega): before each spin a few numbers are
drawn, each with a multiplier that a straight-up bet on it is paid if the ball lands there
(casino/roulette/RULES.md). Plain Python: no Django import.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from casino.rounds import Rng, weighted

Weighted = tuple[tuple[int, int], ...]  # (value, weight) pairs


@dataclass(frozen=True)
class BoostDraw:
    """``counts``: how many numbers are boosted, with weights; ``multipliers``: each boosted
    number's multiplier (the stake paid that many times, stake included), with weights."""

    word: str  # what players call a boosted number: "lucky", "mega"
    counts: Weighted
    multipliers: Weighted

    def draw(self, rng: Rng, pockets: Sequence[str]) -> dict[str, int]:
        """The round's boosted pockets, in draw order: how many, which, then each one's
        multiplier."""
        chosen = rng.sample(pockets, weighted(rng, self.counts))
        return {pocket: weighted(rng, self.multipliers) for pocket in chosen}

    def on_one_pocket(self, pocket_count: int) -> tuple[tuple[Fraction, int | None], ...]:
        """The chance that one given pocket is boosted by each multiplier, and that it is
        not (None), on a wheel of ``pocket_count`` pockets: every pocket is equally likely
        to be among the boosted ones, whatever the others are."""
        counts_weight = sum(weight for _, weight in self.counts)
        mean_count = Fraction(sum(count * weight for count, weight in self.counts), counts_weight)
        boosted = mean_count / pocket_count
        multipliers_weight = sum(weight for _, weight in self.multipliers)
        return (
            (1 - boosted, None),
            *(
                (boosted * Fraction(weight, multipliers_weight), multiplier)
                for multiplier, weight in self.multipliers
            ),
        )

    @property
    def lowest(self) -> int:
        return min(multiplier for multiplier, _ in self.multipliers)

    @property
    def highest(self) -> int:
        return max(multiplier for multiplier, _ in self.multipliers)


# Straight-ups pay 29:1 and a lucky number 50x to 500x: the text's "29:1 to 499:1".
# One to five lucky numbers, equally likely (3 on average), and multipliers averaging 104:
# a straight returns (30 + 3/37 * (104 - 30)) / 37 = 36/37 (97.30%), as on the plain wheel.
LIGHTNING = BoostDraw(
    word="lucky",
    counts=((1, 1), (2, 1), (3, 1), (4, 1), (5, 1)),
    multipliers=((50, 50), (100, 30), (200, 14), (300, 4), (400, 1), (500, 1)),
)

# The text gives no terms for Mega (RULES.md): straight-ups pay 30:1, one to nine mega
# numbers equally likely (5 on average), multipliers averaging 68:
# (31 + 5/37 * (68 - 31)) / 37 = 36/37 (97.30%).
MEGA = BoostDraw(
    word="mega",
    counts=tuple((count, 1) for count in range(1, 10)),
    multipliers=((50, 86), (100, 9), (200, 2), (300, 1), (400, 1), (500, 1)),
)
