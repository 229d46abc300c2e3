from django.core.management.base import BaseCommand, CommandError

from reports import integrity


class Command(BaseCommand):
    help = (
        "Check that the records hold together: the ledger's invariants, every finished "
        "game replayed from its seed and actions to its recorded state, every played house "
        "round recomputed from its chain link. Run it after restoring a backup; exits "
        "non-zero and names what is wrong."
    )

    def handle(self, *args, **options):
        report = integrity.check(progress=self.stdout.write)
        for problem in report.problems:
            self.stderr.write(problem)
        if not report.ok:
            raise CommandError(f"{len(report.problems)} problem(s) found")
        self.stdout.write(
            self.style.SUCCESS(
                f"Integrity OK: ledger sound, {report.games} finished games replayed, "
                f"{report.rounds} played rounds verified."
            )
        )
