"""One ticket per purchase and draw, held by the database: concurrent identical purchases
made duplicate tickets, paid but charged once (issue 13.1).

Duplicates already written cannot be removed here (they may be settled and paid): they
must be corrected first (a correction of each extra ticket's payout), then this runs."""

from django.conf import settings
from django.db import migrations, models
from django.db.models import Count


def refuse_duplicates(apps, schema_editor):
    KenoTicket = apps.get_model("casino", "KenoTicket")
    twice = list(
        KenoTicket.objects.values("purchase")
        .annotate(tickets=Count("id"))
        .filter(tickets__gt=1)
        .values_list("purchase", flat=True)[:20]
    )
    if twice:
        raise RuntimeError(
            "Keno purchases with more than one ticket for the same draw (the concurrency "
            f"bug of issue 13.1) must be corrected before this migration: {', '.join(twice)}"
        )


class Migration(migrations.Migration):
    dependencies = [
        ("casino", "0003_void_rounds"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.RunPython(refuse_duplicates, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name="kenoticket",
            constraint=models.UniqueConstraint(
                fields=("purchase",), name="keno_ticket_bought_once"
            ),
        ),
    ]
