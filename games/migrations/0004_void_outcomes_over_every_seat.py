"""A void recorded over the teams of a partnership game (two placings for four seats)
could not be settled, and its stakes stayed in escrow: every unsettled void game gets
its outcome over its real seats, so the sweep refunds them and the history reads one
placing per seat."""

from django.db import migrations
from django.db.models import Count


def void_over_every_seat(apps, schema_editor):
    Game = apps.get_model("games", "Game")
    unsettled_voids = Game.objects.filter(status="void", settled=False).annotate(
        seat_count=Count("seats")
    )
    for game in unsettled_voids:
        seats = game.seat_count
        if len((game.outcome or {}).get("placing", [])) != seats:
            game.outcome = {
                **(game.outcome or {"void": True, "reason": "void"}),
                "points": [0] * seats,
                "placing": [1] * seats,
            }
            game.save(update_fields=["outcome"])


class Migration(migrations.Migration):
    dependencies = [("games", "0003_one_timer_per_game")]

    operations = [migrations.RunPython(void_over_every_seat, migrations.RunPython.noop)]
