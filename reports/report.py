"""What every report is: its filters (a period of whole days, a game, a player) and its
shape (title, columns, each column's type, rows, count, totals)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import date

from reports.history import Period


@dataclass(frozen=True)
class Filters:
    period: Period
    game: str = ""
    player_id: int | None = None

    def as_header(self) -> dict:
        return {"game": self.game or "all", "player": self.player_id or "all"}

    def as_json(self) -> dict:
        return {
            "start": self.period.start.isoformat(),
            "end": self.period.end.isoformat(),
            "game": self.game,
            "player_id": self.player_id,
        }

    @classmethod
    def from_json(cls, data: dict) -> Filters:
        return cls(
            Period(date.fromisoformat(data["start"]), date.fromisoformat(data["end"])),
            data.get("game", ""),
            data.get("player_id"),
        )


@dataclass
class Report:
    title: str
    columns: list[str]
    rows: Callable[[], Iterator[list]]
    count: Callable[[], int]
    totals: Callable[[], dict] = field(default=lambda: {})
    # Each column's type in the JSON file, for its JSON Schema (`TYPES`).
    types: list[str] = field(default_factory=list)
    # False: always written by a Celery job, however few its rows (each row is heavy).
    inline: bool = True
