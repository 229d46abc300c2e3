"""`manage.py verify_round GAME NUMBER`: the fairness page's check from the command line."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from casino import registry, services
from casino.models import Round


class Command(BaseCommand):
    help = "Check a played round: sha256(L[n]) == L[n-1] and its outcome from L[n] and the salt."

    def add_arguments(self, parser) -> None:
        parser.add_argument("game", choices=[g.slug for g in registry.all()])
        parser.add_argument("number", type=int)

    def handle(self, *args, game: str, number: int, **options) -> None:
        game_round = Round.objects.select_related("chain").filter(game=game, number=number).first()
        if game_round is None:
            raise CommandError(f"There is no {game} round {number}.")
        try:
            check = services.verify(game_round)
        except services.RoundError as error:
            raise CommandError(str(error)) from None
        index = game_round.link_index
        self.stdout.write(
            f"{game_round} (chain {game_round.chain_id}, salt {game_round.chain.salt})"
        )
        self.stdout.write(f"L[{index}]     = {check.link.hex()}")
        self.stdout.write(f"L[{index - 1}]     = {check.previous.hex()}")
        self.stdout.write(
            f"sha256(L[{index}]) == L[{index - 1}]: {'yes' if check.link_ok else 'NO'}"
        )
        self.stdout.write(f"outcome stored:     {game_round.outcome}")
        self.stdout.write(f"outcome recomputed: {check.recomputed}")
        if not check.ok:
            raise CommandError("The round does NOT verify.")
        self.stdout.write(self.style.SUCCESS("The round verifies."))
