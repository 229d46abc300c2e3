"""Dice Baccarat, the catalogue's Bac Bo: two dice for the Player and two for the Banker,
the higher total wins.

The catalogue names the game and gives no rules; the reading is in casino/cards/RULES.md.
Plain Python: no Django import.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping
from fractions import Fraction
from functools import cache
from typing import Any, ClassVar

from casino.cards.deck import LOST, CardBet, CardGame, bet
from casino.rounds import Cadence, Outcome, Rng, Selection

Totals = tuple[int, int]  # the Player's total, the Banker's
HALF = Fraction(1, 2)


def side(player: bool) -> CardBet[Totals]:
    """1:1 on the higher total; on a tie half the stake back, as the text's Dragon Tiger."""

    def pays(totals: Totals, selection: Selection) -> Fraction:
        mine, theirs = totals if player else totals[::-1]
        return Fraction(2) if mine > theirs else HALF if mine == theirs else LOST

    name = "Player" if player else "Banker"
    return CardBet(name.lower(), name, "nothing", "1:1, half the stake back on a tie", pays)


@cache
def throws() -> list[tuple[Fraction, Totals]]:
    """Every throw of the four dice, by the two totals."""
    found: dict[Totals, Fraction] = {}
    for dice in itertools.product(range(1, 7), repeat=4):
        totals = (dice[0] + dice[1], dice[2] + dice[3])
        found[totals] = found.get(totals, Fraction(0)) + Fraction(1, 6**4)
    return [(chance, totals) for totals, chance in found.items()]


class DiceBaccarat(CardGame[Totals]):
    slug = "dice-baccarat"
    name = "Dice Baccarat"
    board: ClassVar[str] = "cards"
    section = ""  # the catalogue names it; no section of the text describes it
    cadence = Cadence(every_seconds=25, closes_before_seconds=5)
    bets = (
        side(True),
        side(False),
        bet("tie", "Tie", "nothing: both totals equal", Fraction(8), lambda t, s: t[0] == t[1]),
    )

    def outcome(self, rng: Rng) -> Outcome:
        return {"player": [rng.die(), rng.die()], "banker": [rng.die(), rng.die()]}

    def coup(self, outcome: Outcome) -> Totals:
        return sum(outcome["player"]), sum(outcome["banker"])

    def chances(self, bet_type: str) -> Iterable[tuple[Fraction, Totals]]:
        return throws()

    def describe(self, outcome: Outcome) -> str:
        player, banker = self.coup(outcome)
        verdict = "tie" if player == banker else "Player wins" if player > banker else "Banker wins"
        dice = {key: " ".join(map(str, outcome[key])) for key in ("player", "banker")}
        return f"Player {dice['player']} ({player}), Banker {dice['banker']} ({banker}): {verdict}"

    def hands(self) -> list[dict[str, str]]:
        return [{"key": "player", "label": "Player"}, {"key": "banker", "label": "Banker"}]

    def public(self) -> Mapping[str, Any]:
        return {**super().public(), "dice_totals": True}
