"""Room on each page of wallet_account for a row's next versions. Every posting rewrites
its accounts' balances; with full pages each new version went to another page, and every
index of the table got an entry for it (HOT updates need room on the same page): after
300 rounds' wins, the key index held 3,650 entries for the 51 accounts a posting locks
(EXPLAIN), all read by each lock. Pages written from now on keep half free."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("wallet", "0006_house_shards"),
    ]

    operations = [
        migrations.RunSQL(
            sql="ALTER TABLE wallet_account SET (fillfactor = 50)",
            reverse_sql="ALTER TABLE wallet_account RESET (fillfactor)",
        ),
    ]
