"""The guard of a deposit or a stake as one database function, accounts_guard_judgement:
the player's protection row locked (created first if it is missing), then what the guard
judges read in a statement of its own, so with a snapshot taken once the lock is granted
(a VOLATILE PL/pgSQL function takes one per statement under READ COMMITTED). One statement
from the client instead of the lock and the judgement sent together: the client's
statement machinery was most of what the guard cost a bet (accounts/protection.py)."""

from django.db import migrations

FUNCTION = """
CREATE FUNCTION accounts_guard_judgement(
    player bigint,
    cash_key text,
    movement_key text,
    limit_kind text,
    counted_kinds text[],
    stake_kinds text[],
    read_session boolean,
    judged_at timestamptz,
    day_start timestamptz,
    week_start timestamptz,
    month_start timestamptz,
    session_start timestamptz,
    regulators_group text
) RETURNS TABLE (
    account_active boolean,
    account_blocked boolean,
    account_staff boolean,
    account_regulator boolean,
    already_moved boolean,
    limit_day bigint,
    limit_week bigint,
    limit_month bigint,
    moved_day bigint,
    moved_week bigint,
    moved_month bigint,
    last_stake timestamptz,
    protection_id bigint,
    exclusion varchar,
    excluded_until timestamptz,
    excluded_indefinitely boolean,
    reality_check_minutes integer,
    play_started timestamptz,
    reality_check_due timestamptz
) LANGUAGE plpgsql VOLATILE AS $$
#variable_conflict use_column
BEGIN
    -- The row that serialises one player's money actions. A player without one yet gets
    -- it here; two first-ever requests both insert-or-skip, then queue on the same lock.
    PERFORM 1 FROM accounts_playerprotection p WHERE p.user_id = player FOR UPDATE;
    IF NOT FOUND THEN
        INSERT INTO accounts_playerprotection (user_id, exclusion, excluded_indefinitely, updated)
        VALUES (player, '', false, now()) ON CONFLICT (user_id) DO NOTHING;
        PERFORM 1 FROM accounts_playerprotection p WHERE p.user_id = player FOR UPDATE;
    END IF;

    -- Its own statement, so its own snapshot: it sees all the player's previous request
    -- committed. The account under FOR KEY SHARE: blocking it (a FOR UPDATE of the user
    -- row) waits for the money actions already judged, and every later one sees the block.
    -- The player's cash entries are read only when a limit is set, or for a reality check.
    RETURN QUERY
    SELECT u.is_active, u.blocked_at IS NOT NULL, u.is_staff OR u.is_superuser,
           EXISTS (SELECT 1 FROM accounts_user_groups ug
                   JOIN auth_group g ON g.id = ug.group_id
                   WHERE ug.user_id = u.id AND g.name = regulators_group),
           EXISTS (SELECT 1 FROM wallet_transaction t WHERE t.idempotency_key = movement_key),
           lim.day, lim.week, lim.month,
           moved.day, moved.week, moved.month, moved.last_stake,
           p.id, p.exclusion, p.excluded_until, p.excluded_indefinitely,
           p.reality_check_minutes, p.play_started, p.reality_check_due
    FROM accounts_user u
    LEFT JOIN accounts_playerprotection p ON p.user_id = u.id
    CROSS JOIN LATERAL (
        SELECT max(l.amount_now) FILTER (WHERE l.period = 'day') AS day,
               max(l.amount_now) FILTER (WHERE l.period = 'week') AS week,
               max(l.amount_now) FILTER (WHERE l.period = 'month') AS month,
               count(l.amount_now) > 0 AS any
        FROM (
            SELECT pl.period,
                   CASE WHEN pl.pending_from <= judged_at THEN pl.pending_amount
                        ELSE pl.amount END AS amount_now
            FROM accounts_protectionlimit pl
            WHERE pl.protection_id = p.id AND pl.kind = limit_kind
        ) l
    ) lim
    CROSS JOIN LATERAL (
        SELECT coalesce(sum(e.amount) FILTER (WHERE t.created >= day_start), 0)::bigint
                   AS day,
               coalesce(sum(e.amount) FILTER (WHERE t.created >= week_start), 0)::bigint
                   AS week,
               coalesce(sum(e.amount) FILTER (WHERE t.created >= month_start), 0)::bigint
                   AS month,
               max(t.created) FILTER (WHERE t.kind = ANY(stake_kinds)
                                        AND t.created >= session_start) AS last_stake
        FROM wallet_entry e
        JOIN wallet_account a ON a.id = e.account_id
        JOIN wallet_transaction t ON t.id = e.transaction_id
        WHERE (lim.any OR (read_session AND coalesce(p.reality_check_minutes, 0) > 0))
          AND a.key = cash_key AND t.kind = ANY(counted_kinds)
          AND t.created >= CASE WHEN lim.any THEN month_start ELSE session_start END
    ) moved
    WHERE u.id = player
    FOR KEY SHARE OF u;
END $$;
"""

DROP = """
DROP FUNCTION accounts_guard_judgement(
    bigint, text, text, text, text[], text[], boolean,
    timestamptz, timestamptz, timestamptz, timestamptz, timestamptz, text
);
"""


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0010_chat_mutes_and_sign_ins"),
        ("wallet", "0007_account_fillfactor"),
    ]

    operations = [migrations.RunSQL(FUNCTION, DROP)]
