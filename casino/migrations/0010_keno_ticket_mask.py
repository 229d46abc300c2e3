"""Each Keno ticket keeps its numbers as a bit mask (`Bet.keno_mask`), a column PostgreSQL
generates from the selection: adding it computes it for every ticket already bought, and
every ticket bought later gets it as it is written. Settlement counts a ticket's hits as
one `bit_count` of its mask AND the draw's (casino/settlement.py)."""

import django.db.models.fields.json
from django.db import migrations, models

import casino.models

# Bit n (from the left, from 1) for number n. An SQL-standard body, so that the function
# does not depend on the search_path of whoever writes a bet.
KENO_MASK_FUNCTION = """
CREATE FUNCTION casino_keno_mask(numbers jsonb) RETURNS bit(80)
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN (
    SELECT bit_or(B'1'::bit(80) >> (e.number::int - 1))
    FROM jsonb_array_elements_text(numbers) AS e(number)
)
"""


class Migration(migrations.Migration):
    dependencies = [
        ("casino", "0009_bet_settled_in_place"),
    ]

    operations = [
        migrations.RunSQL(KENO_MASK_FUNCTION, reverse_sql="DROP FUNCTION casino_keno_mask"),
        migrations.AddField(
            model_name="bet",
            name="keno_mask",
            field=models.GeneratedField(
                db_persist=True,
                expression=models.Case(
                    models.When(
                        bet_type__startswith="keno-",
                        then=models.Func(
                            django.db.models.fields.json.KeyTransform("numbers", "selection"),
                            function="casino_keno_mask",
                        ),
                    ),
                    output_field=casino.models.KenoMaskField(),
                ),
                output_field=casino.models.KenoMaskField(null=True),
            ),
        ),
    ]
