"""A player's bets by (user, created, id), for their history's page, which reads the
period's newest bets from it up to the page's end; the user's own index goes, the pairs
leading with it serve what it served (the bets keep seven indexes)."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("casino", "0010_keno_ticket_mask"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AlterField(
            model_name="bet",
            name="user",
            field=models.ForeignKey(
                db_index=False,
                on_delete=django.db.models.deletion.PROTECT,
                to=settings.AUTH_USER_MODEL,
            ),
        ),
        migrations.AddIndex(
            model_name="bet",
            index=models.Index(
                fields=["user", "created", "id"], name="casino_bet_user_id_068a7e_idx"
            ),
        ),
    ]
