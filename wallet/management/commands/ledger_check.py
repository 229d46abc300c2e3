from django.core.management.base import BaseCommand, CommandError

from wallet.invariants import ledger_problems, platform_problems


class Command(BaseCommand):
    help = (
        "Verify the ledger's invariants, that every finished or void game's escrow is "
        "empty and that no seat is counted online without a live socket; exits non-zero and "
        "names what is wrong."
    )

    def handle(self, *args, **options):
        problems = ledger_problems() + platform_problems()
        if problems:
            for problem in problems:
                self.stderr.write(problem)
            raise CommandError(f"{len(problems)} ledger invariant(s) broken")
        self.stdout.write(
            self.style.SUCCESS(
                "Ledger OK: balances sum to zero and match entries; no escrow of a game "
                "that is over holds money; every seat counted online has a live socket."
            )
        )
