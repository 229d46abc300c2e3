from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"

    def ready(self) -> None:
        from games import presence, selectors
        from wallet import invariants

        # ledger_check: a game that is over should hold nothing in its escrow, and a seat
        # counted online should have a live socket (a lease) behind it.
        invariants.register_concluded_escrows(selectors.concluded_escrows)
        invariants.register_platform_check(presence.presence_problems)
