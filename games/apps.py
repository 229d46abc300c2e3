from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"

    def ready(self) -> None:
        from games import selectors
        from wallet import invariants

        # ledger_check: a game that is over should hold nothing in its escrow.
        invariants.register_concluded_escrows(selectors.concluded_escrows)
