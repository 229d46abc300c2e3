"""Crash bets and Keno tickets become bets of the one round-game bet table (casino.Bet).

Every row is copied with its stake, payout, status, time and wallet key (the key its stake
was placed under, so the unique key still holds each once); what was a column of its own
goes into the bet's selection and result as the games read them (casino/crash/game.py,
casino/keno/game.py). A Keno ticket keeps the prices of the paytable version it was sold
on. Reversed, the bets of both games go back to their own tables, as they were.
"""

import django.db.models.deletion
from django.db import migrations, models

COPY_CRASH_BETS = """
INSERT INTO casino_bet
    (round_id, user_id, bet_type, selection, label, stake, payout, result, status,
     auto_run_id, slip, key, created)
SELECT b.round_id, b.user_id, 'bet',
       jsonb_strip_nulls(jsonb_build_object(
           'auto_cash_out', b.auto_cash_out, 'cashed_out_ms', b.cashed_out_ms)),
       CASE WHEN b.auto_cash_out IS NULL THEN 'Bet'
            ELSE 'Bet, auto cash-out ' || (b.auto_cash_out / 100)::text || '.'
                 || lpad((b.auto_cash_out % 100)::text, 2, '0') || 'x' END,
       b.amount, b.payout,
       jsonb_strip_nulls(jsonb_build_object('multiplier', b.paid_multiplier)),
       b.status, b.auto_run_id, md5('crash-bet:' || b.id)::uuid,
       'round:' || r.game || ':' || r.number || ':bet:' || b.user_id, b.created
FROM casino_crashbet b JOIN casino_round r ON r.id = b.round_id
ORDER BY b.id;
"""

COPY_KENO_TICKETS = """
INSERT INTO casino_bet
    (round_id, user_id, bet_type, selection, label, stake, payout, result, status,
     auto_run_id, slip, key, created)
SELECT t.round_id, t.user_id, p.game || ':' || cardinality(t.numbers),
       jsonb_build_object(
           'numbers', to_jsonb(t.numbers),
           'pays', coalesce(p."table" -> cardinality(t.numbers)::text, '{}'::jsonb),
           'paytable', p.id),
       left(p.name || ': ' || array_to_string(t.numbers, ' '), 80),
       t.amount, t.payout,
       CASE WHEN t.hits IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('hits', t.hits) END,
       t.status, NULL, split_part(t.purchase, ':', 1)::uuid, 'keno:ticket:' || t.purchase,
       t.created
FROM casino_kenoticket t JOIN casino_kenopaytable p ON p.id = t.paytable_id
ORDER BY t.id;
"""

COPY_BACK_CRASH_BETS = """
INSERT INTO casino_crashbet
    (round_id, user_id, amount, auto_cash_out, cashed_out_ms, paid_multiplier, payout,
     status, auto_run_id, created)
SELECT b.round_id, b.user_id, b.stake, (b.selection ->> 'auto_cash_out')::integer,
       (b.selection ->> 'cashed_out_ms')::bigint, (b.result ->> 'multiplier')::bigint,
       b.payout, b.status, b.auto_run_id, b.created
FROM casino_bet b JOIN casino_round r ON r.id = b.round_id
WHERE r.game = 'crash'
ORDER BY b.id;
DELETE FROM casino_bet b USING casino_round r WHERE r.id = b.round_id AND r.game = 'crash';
"""

COPY_BACK_KENO_TICKETS = """
INSERT INTO casino_kenoticket
    (round_id, user_id, paytable_id, numbers, amount, purchase, hits, payout, status, created)
SELECT b.round_id, b.user_id, (b.selection ->> 'paytable')::bigint,
       ARRAY(SELECT n::smallint FROM jsonb_array_elements_text(b.selection -> 'numbers') AS n),
       b.stake, substr(b.key, length('keno:ticket:') + 1), (b.result ->> 'hits')::smallint,
       b.payout, b.status, b.created
FROM casino_bet b JOIN casino_round r ON r.id = b.round_id
WHERE r.game = 'keno'
ORDER BY b.id;
DELETE FROM casino_bet b USING casino_round r WHERE r.id = b.round_id AND r.game = 'keno';
"""


# The foreign keys are checked at commit (deferred): checking the copied rows now leaves no
# pending check to stop the index the schema editor creates after this step.
CHECK_NOW = "SET CONSTRAINTS ALL IMMEDIATE; SET CONSTRAINTS ALL DEFERRED;"


class Migration(migrations.Migration):
    dependencies = [
        ("casino", "0005_round_contract_bets"),
    ]

    operations = [
        migrations.AddField(
            model_name="bet",
            name="auto_run",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="bets",
                to="casino.crashautorun",
            ),
        ),
        migrations.AddField(
            model_name="bet",
            name="result",
            field=models.JSONField(blank=True, default=dict),
        ),
        migrations.RunSQL(
            COPY_CRASH_BETS + COPY_KENO_TICKETS + CHECK_NOW,
            reverse_sql=COPY_BACK_CRASH_BETS + COPY_BACK_KENO_TICKETS + CHECK_NOW,
        ),
        migrations.DeleteModel(name="CrashBet"),
        migrations.DeleteModel(name="KenoTicket"),
    ]
