"""The arena: points, streaks, standings and who plays whom next. Plain Python: no Django.

An arena runs for a set time. A player who finishes a game waits to be paired again at
once, against the waiting player nearest in the standings, never the opponent they have
just played while anyone else is still at a board (two players alone in the arena meet
again). Points as lichess counts them: a win 2, a draw 1, a loss 0; two wins in a row put
the player on a streak, and while on it a win scores 4 and a draw 2; anything but a win
ends the streak. When the time is up the standings freeze: a game still being played then
does not count. Standings order by points, then wins, then seed; players level on points
and wins share their places.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

WIN, DRAW = 2, 1
STREAK_AFTER = 2  # wins in a row that start a streak
STREAK_FACTOR = 2


@dataclass(frozen=True)
class Result:
    """One counted game, in the order the games finished."""

    first: int
    second: int
    winner: int | None  # None: a draw


@dataclass
class Score:
    points: int = 0
    wins: int = 0
    games: int = 0
    run: int = 0  # wins in a row just before now

    @property
    def on_streak(self) -> bool:
        return self.run >= STREAK_AFTER

    def add(self, won: bool, drawn: bool) -> None:
        factor = STREAK_FACTOR if self.on_streak else 1
        self.games += 1
        if won:
            self.points += WIN * factor
            self.wins += 1
            self.run += 1
        else:
            self.points += DRAW * factor if drawn else 0
            self.run = 0


def scores(players: Sequence[int], results: Sequence[Result]) -> dict[int, Score]:
    score = {player: Score() for player in players}
    for result in results:
        for player in (result.first, result.second):
            score[player].add(won=result.winner == player, drawn=result.winner is None)
    return score


def ranking(seeds: Sequence[int], results: Sequence[Result]) -> list[list[int]]:
    """Players from first place down, those level on points and wins together."""
    score = scores(seeds, results)
    order = sorted(seeds, key=lambda p: (-score[p].points, -score[p].wins, seeds.index(p)))
    groups: list[list[int]] = []
    for player in order:
        level = groups and (score[groups[-1][0]].points, score[groups[-1][0]].wins) == (
            score[player].points,
            score[player].wins,
        )
        if level:
            groups[-1].append(player)
        else:
            groups.append([player])
    return groups


def pair(
    waiting: Sequence[int],
    standings: Sequence[int],
    last_opponent: dict[int, int],
    anyone_playing: bool,
) -> list[tuple[int, int]]:
    """Pairs among the `waiting` players, in `standings` order (best first): each meets
    the nearest below who is not their last opponent; while `anyone_playing`, a player with
    nobody else to meet waits for the next to finish."""
    free = [p for p in standings if p in set(waiting)]
    pairs: list[tuple[int, int]] = []
    while len(free) >= 2:
        top = free.pop(0)
        partner = next((p for p in free if last_opponent.get(top) != p), None)
        if partner is None and not anyone_playing and len(free) == 1:
            partner = free[0]  # nobody else will come: the same two meet again
        if partner is None:
            continue
        free.remove(partner)
        pairs.append((top, partner))
    return pairs
