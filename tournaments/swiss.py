"""Swiss pairings and standings. Plain Python: no Django.

Scores are kept in half points as integers: a win 2, a draw 1, a loss 0, a bye 2. Each
round pairs players of equal or nearest score, highest first, and never two who met
before; the odd player out gets the bye, the lowest-ranked who has not had one. The
standings order by score, then Buchholz (the sum of the opponents' scores), then seed;
players level on both share their places.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

WIN, DRAW, BYE = 2, 1, 2


@dataclass(frozen=True)
class Result:
    first: int
    second: int | None  # None: a bye
    winner: int | None  # None with a second: a draw


def scores(players: Iterable[int], results: Iterable[Result]) -> dict[int, int]:
    score = dict.fromkeys(players, 0)
    for result in results:
        if result.second is None:
            score[result.first] += BYE
        elif result.winner is None:
            score[result.first] += DRAW
            score[result.second] += DRAW
        else:
            score[result.winner] += WIN
    return score


def opponents(results: Iterable[Result]) -> dict[int, set[int]]:
    met: dict[int, set[int]] = {}
    for result in results:
        if result.second is not None:
            met.setdefault(result.first, set()).add(result.second)
            met.setdefault(result.second, set()).add(result.first)
    return met


def ranking(seeds: Sequence[int], results: Sequence[Result]) -> list[list[int]]:
    """Players from first place down, those level on score and Buchholz together."""
    score = scores(seeds, results)
    met = opponents(results)
    buchholz = {p: sum(score[o] for o in met.get(p, ())) for p in seeds}
    order = sorted(seeds, key=lambda p: (-score[p], -buchholz[p], seeds.index(p)))
    groups: list[list[int]] = []
    for player in order:
        if groups and (score[groups[-1][0]], buchholz[groups[-1][0]]) == (
            score[player],
            buchholz[player],
        ):
            groups[-1].append(player)
        else:
            groups.append([player])
    return groups


def pair(seeds: Sequence[int], results: Sequence[Result]) -> list[tuple[int, int | None]] | None:
    """The next round's pairs (a bye last, as (player, None)), or None when no pairing
    without a repeat exists."""
    order = [p for group in ranking(seeds, results) for p in group]
    met = opponents(results)
    had_bye = {r.first for r in results if r.second is None}
    candidates: list[int | None] = [None]
    if len(order) % 2:
        candidates = [p for p in reversed(order) if p not in had_bye] or list(reversed(order))
    for bye in candidates:
        field = [p for p in order if p != bye]
        pairs = _pair_down(field, met)
        if pairs is not None:
            return [*pairs, *([(bye, None)] if bye is not None else [])]
    return None


def _pair_down(field: list[int], met: dict[int, set[int]]) -> list[tuple[int, int | None]] | None:
    """The highest unpaired player meets the nearest below not met before; backtracks."""
    if not field:
        return []
    top, rest = field[0], field[1:]
    for index, other in enumerate(rest):
        if other in met.get(top, set()):
            continue
        below = _pair_down(rest[:index] + rest[index + 1 :], met)
        if below is not None:
            return [(top, other), *below]
    return None
