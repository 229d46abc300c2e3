"""Bets are settled in place: the (round, status) index goes (the round's own index finds
a round's bets) and the table's pages are filled to half, so that the one update each
bet gets, at settlement, finds room on its page and touches no index (casino/models.py)."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("casino", "0008_round_unplayed_index"),
    ]

    operations = [
        migrations.RemoveIndex(model_name="bet", name="casino_bet_round_i_1a751f_idx"),
        migrations.RunSQL(
            "ALTER TABLE casino_bet SET (fillfactor = 50)",
            reverse_sql="ALTER TABLE casino_bet RESET (fillfactor)",
        ),
    ]
