from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "tournaments"

    def ready(self) -> None:
        from games.signals import game_settled
        from tournaments import tasks

        game_settled.connect(tasks.on_game_settled, dispatch_uid="tournaments-game-settled")
