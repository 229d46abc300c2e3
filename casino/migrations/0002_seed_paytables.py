"""Version 1 of the three Keno paytables, from the rules as read in keno/PAYTABLES.md."""

from django.db import migrations

from casino.keno.paytables import GAMES


def seed(apps, schema_editor):
    KenoPaytable = apps.get_model("casino", "KenoPaytable")
    for game in GAMES.values():
        KenoPaytable.objects.get_or_create(
            game=game.slug,
            version=1,
            defaults={
                "name": game.name,
                "table": {
                    str(picks): {str(hits): m for hits, m in row.items()}
                    for picks, row in game.paytable.items()
                },
                "note": "The rules, 12.19",
            },
        )


def unseed(apps, schema_editor):
    apps.get_model("casino", "KenoPaytable").objects.filter(version=1).delete()


class Migration(migrations.Migration):
    dependencies = [("casino", "0001_rounds")]
    operations = [migrations.RunPython(seed, unseed)]
