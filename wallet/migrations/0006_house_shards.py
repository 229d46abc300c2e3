"""The house accounts split into shards (wallet.services.HOUSE_SHARDS): each existing house
account becomes its kind's shard 0, with its entries and balance; the other shards are
created empty after the migration (post_migrate, wallet.services.open_house_accounts)."""

from django.db import migrations, models

HOUSE_KEYS = ("house:rake", "house:bank", "house:fees", "house:adjustments", "world")


class Migration(migrations.Migration):
    dependencies = [
        ("wallet", "0005_withdrawal_cancelled"),
    ]

    operations = [
        migrations.RunSQL(
            sql=[("UPDATE wallet_account SET key = key || ':0' WHERE key = ANY(%s)", [list(HOUSE_KEYS)])],
            reverse_sql=[
                (
                    "UPDATE wallet_account SET key = left(key, -2) WHERE key = ANY(%s)",
                    [[f"{key}:0" for key in HOUSE_KEYS]],
                )
            ],
        ),
        migrations.AddIndex(
            model_name="account",
            index=models.Index(
                condition=models.Q(("kind__in", ["bank", "rake", "fees", "adjust", "world"])),
                fields=["kind"],
                name="account_house_kind",
            ),
        ),
    ]
