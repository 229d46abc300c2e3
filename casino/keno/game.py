"""Keno (12.19) on the round contract: 20 balls of 80 drawn every minute; a ticket marks
1 to 8 (Keno 8) or 1 to 10 (Keno 10, Keno Gold) numbers and is paid by its game's
paytable for the number of its numbers drawn.

A bet type is one game and one count of marked numbers ("keno-8:5"): each has its own
prices, so each has its own exact return. A ticket's selection is its numbers and the
prices it was bought at: ``{"numbers": [...], "pays": {"3": 200, ...}}`` (hits ->
multiplier in hundredths, the stake included), plus the paytable version's id when the
runtime sold it from a stored version. A paytable changed by staff applies to tickets
bought after the change; a ticket is always paid at the prices it was bought at.

The draw keeps the description published with the first Keno rounds: the shared
generator with the chain's salt as it is, without the game's slug (fairness.py).

Plain Python: no Django import.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any, ClassVar

from casino.keno import fairness, paytables
from casino.keno.paytables import KenoGame as KenoTable
from casino.keno.paytables import Paytable
from casino.rounds import BetType, Cadence, Outcome, RoundGame, Selection

SLUG = "keno"


def bet_type_code(table: str, picks: int) -> str:
    return f"{table}:{picks}"


def _prices(row: Mapping[int, int]) -> str:
    return ", ".join(
        f"{hits} hit{'s' * (hits != 1)} pays {m // 100}.{m % 100:02d}x"
        for hits, m in sorted(row.items())
    )


class KenoGame(RoundGame):
    slug: ClassVar[str] = SLUG
    name: ClassVar[str] = "Keno"
    board: ClassVar[str] = "keno"
    section: ClassVar[str] = "12.19"
    # On the minute, as its page and the first rounds it published say.
    cadence = Cadence(every_seconds=60, closes_before_seconds=5, show_seconds=10, spread=False)

    def __init__(self, tables: Sequence[KenoTable] = tuple(paytables.GAMES.values())) -> None:
        self.tables = {table.slug: table for table in tables}
        self.bet_types = tuple(
            BetType(
                bet_type_code(table.slug, picks),
                f"{table.name}, {picks} number{'s' * (picks != 1)}",
                f"{picks} different number{'s' * (picks != 1)} from 1 to 80",
                _prices(row),
            )
            for table in tables
            for picks, row in sorted(table.paytable.items())
        )

    def priced(self, tables: Mapping[str, tuple[str, Paytable]]) -> KenoGame:
        """This game at other prices: ``{slug: (name, paytable)}``, the stored versions."""
        return KenoGame(
            [
                KenoTable(slug=slug, name=name, paytable=table)
                for slug, (name, table) in tables.items()
            ]
        )

    def committed_outcome(self, link: bytes, salt: str, number: int) -> Outcome:
        return {"balls": fairness.draw(link, salt, number)}

    def describe(self, outcome: Outcome) -> str:
        return " ".join(str(ball) for ball in sorted(outcome["balls"]))

    def _table_and_picks(self, bet_type: str) -> tuple[KenoTable, int]:
        self.bet_type(bet_type)
        slug, picks = bet_type.split(":")
        return self.tables[slug], int(picks)

    def selections(self, bet_type: str) -> tuple[tuple[str, Selection], ...]:
        return ()  # every set of numbers: too many to list

    def validate_bet(self, bet_type: str, selection: object) -> Selection:
        table, picks = self._table_and_picks(bet_type)
        numbers = selection.get("numbers") if isinstance(selection, dict) else None
        checked = paytables.validate_ticket(numbers, table)  # type: ignore[arg-type]
        if len(checked) != picks:
            raise ValueError(f"This ticket marks {picks} numbers, not {len(checked)}.")
        return {
            "numbers": list(checked),
            "pays": {str(hits): m for hits, m in sorted(table.paytable[picks].items())},
        }

    def label(self, bet_type: str, selection: Selection) -> str:
        table, _ = self._table_and_picks(bet_type)
        return f"{table.name}: {' '.join(str(n) for n in selection['numbers'])}"

    def hits(self, selection: Selection, outcome: Outcome) -> int:
        return paytables.count_hits(selection["numbers"], outcome["balls"])

    def payout(self, stake: int, bet_type: str, selection: Selection, outcome: Outcome) -> int:
        picks = len(selection["numbers"])
        prices = {picks: {int(hits): int(m) for hits, m in selection["pays"].items()}}
        return paytables.payout(stake, picks, self.hits(selection, outcome), prices)

    def result(self, bet_type: str, selection: Selection, outcome: Outcome) -> dict[str, Any]:
        return {"hits": self.hits(selection, outcome)}

    def describe_result(self, result: Mapping[str, Any]) -> str:
        hits = result.get("hits")
        return "" if hits is None else f"{hits} hit{'s' * (hits != 1)}"

    def bet_details(self, selection: Selection, outcome: Outcome) -> dict[str, Any]:
        numbers = selection["numbers"]
        return {
            "picks": numbers,
            "hits": self.hits(selection, outcome),
            "hit_numbers": sorted(set(numbers) & set(outcome["balls"])),
        }

    def rtp(self, bet_type: str) -> Fraction:
        table, picks = self._table_and_picks(bet_type)
        return paytables.rtp(table.paytable, picks)


KENO = KenoGame()
