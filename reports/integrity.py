"""Whether the platform's records hold together: what an operator runs after restoring a
backup (docs/operations.md, "Backups") and whenever they doubt the database.

Three checks, each independent of the code that wrote the rows: the ledger's invariants
(balances are the sum of their entries, every transaction balances, no finished game's
escrow holds money), every finished game rebuilt from its seed and action log to the state
recorded, and every played house round recomputed from its chain link to the outcome
recorded.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from casino import services as rounds
from casino.models import Round
from games import replay
from games.models import Game
from wallet.invariants import ledger_problems, platform_problems


@dataclass
class Report:
    games: int = 0
    rounds: int = 0
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems


def check(progress: Callable[[str], None] = lambda line: None) -> Report:
    report = Report(problems=ledger_problems() + platform_problems())
    progress(f"ledger: {'sound' if report.ok else f'{len(report.problems)} problem(s)'}")
    finished = Game.objects.exclude(status=Game.Status.PLAYING).order_by("pk")
    for game in finished.iterator(chunk_size=200):
        seeded = replay.check(game, replay.replay(game))
        if not seeded.seed_matches_commitment:
            report.problems.append(f"{game}: its seed does not match the hash shown at its start")
        if not seeded.replay_matches_record:
            report.problems.append(f"{game}: replaying its actions does not give its last state")
        report.games += 1
        if report.games % 500 == 0:
            progress(f"games: {report.games} replayed")
    progress(f"games: {report.games} replayed")
    played = Round.objects.filter(state=Round.State.SETTLED).select_related("chain")
    for game_round in played.order_by("pk").iterator(chunk_size=500):
        verification = rounds.verify(game_round)
        if not verification.ok:
            report.problems.append(f"{game_round}: its link or outcome does not verify")
        report.rounds += 1
        if report.rounds % 5000 == 0:
            progress(f"rounds: {report.rounds} verified")
    progress(f"rounds: {report.rounds} verified")
    return report
