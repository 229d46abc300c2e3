"""The house accounts split into shards (wallet.services.HOUSE_SHARDS): each existing house
account becomes its kind's shard 0, with its entries and balance; the other shards are
created empty after the migration (post_migrate, wallet.services.open_house_accounts). An
account whose new key is taken keeps its old one: the house's balances sum every account of
their kind, so it still counts."""

from django.db import migrations, models

HOUSE_KEYS = ["house:rake", "house:bank", "house:fees", "house:adjustments", "world"]

RENAME = """
UPDATE wallet_account a SET key = {new}
WHERE a.key = ANY(%s) AND NOT EXISTS (SELECT 1 FROM wallet_account b WHERE b.key = {new})
"""


class Migration(migrations.Migration):
    dependencies = [
        ("wallet", "0005_withdrawal_cancelled"),
    ]

    operations = [
        migrations.RunSQL(
            sql=[(RENAME.format(new="a.key || ':0'"), [HOUSE_KEYS])],
            reverse_sql=[
                (RENAME.format(new="left(a.key, -2)"), [[f"{key}:0" for key in HOUSE_KEYS]])
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
