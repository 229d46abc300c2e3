"""Backgammon and Tavli records written before engine contract v2 replay under it.

The Crawford rule stopped being a table option (the regulation makes it the match rule),
and moves are now stored as the engine's own schema: an older game kept its `crawford`
option, which the options no longer accept, and could keep a move exactly as the browser
sent it, extra keys included, which the engine's parser now refuses. Both are dropped from
the stored records; what the game played does not change (the state snapshot already
holds the rules it was played with)."""

from django.db import migrations

BACKGAMMON_FAMILY = ("backgammon", "tavli")
MOVE_KEYS = {"type", "moves", "dice", "die"}


def drop_what_contract_v2_refuses(apps, schema_editor):
    Game = apps.get_model("games", "Game")
    GameAction = apps.get_model("games", "GameAction")
    for game in Game.objects.filter(slug__in=BACKGAMMON_FAMILY, options__has_key="crawford"):
        game.options = {k: v for k, v in game.options.items() if k != "crawford"}
        game.save(update_fields=["options"])
    padded = GameAction.objects.filter(game__slug__in=BACKGAMMON_FAMILY, action__isnull=False)
    for logged in padded.iterator():
        if isinstance(logged.action, dict) and set(logged.action) - MOVE_KEYS:
            logged.action = {k: v for k, v in logged.action.items() if k in MOVE_KEYS}
            logged.save(update_fields=["action"])


class Migration(migrations.Migration):
    dependencies = [("games", "0004_void_outcomes_over_every_seat")]

    operations = [
        migrations.RunPython(drop_what_contract_v2_refuses, migrations.RunPython.noop)
    ]
