"""A deposit's or a stake's guard and its posting as one database function,
accounts_guarded_post: the judgement (accounts_guard_judgement, which locks the player's
protection row), the verdict on it, and, only when the verdict lets the money move, the
posting (wallet_post) and the start of a reality-check session. One statement from the
client instead of four (BEGIN, the judgement, the posting, COMMIT): on 2 shared cores a
guarded path was bound by those round trips, during which it held the player's and the
house's row locks (bench/README.md, where a bet's time goes).

Its arguments are the judgement's, the amount, then wallet_post's; it returns the verdict
(why the guard refused, with what the words for the player need) and then wallet_post's
columns, all NULL when the guard refused: a refusal writes nothing, so the caller's
transaction stays usable. accounts/protection.py words the refusals."""

from django.db import migrations

FUNCTION = """
CREATE FUNCTION accounts_guarded_post(
    player bigint,
    cash_key text,
    movement_key text,
    limit_kind text,
    counted_kinds text[],
    stake_kinds text[],
    staking boolean,
    judged_at timestamptz,
    day_start timestamptz,
    week_start timestamptz,
    month_start timestamptz,
    session_start timestamptz,
    regulators_group text,
    amount bigint,
    p_kind text,
    p_key text,
    p_reference text,
    p_memo text,
    p_actor_id bigint,
    p_created timestamptz,
    p_kind_json text,
    p_reference_json text,
    p_ids bigint[],
    p_keys text[],
    p_amounts bigint[],
    p_kinds text[],
    p_owner_ids bigint[],
    p_references text[],
    p_currency text,
    p_closing text,
    p_deposit_player bigint,
    p_deposit_amount bigint,
    p_deposit_provider text,
    p_deposit_reference text,
    -- The verdict: NULL, or 'blocked', 'not a player', 'excluded', 'reality check' or
    -- 'limit' (with the period, the limit and what the period counted so far).
    OUT refusal text,
    OUT refused_period text,
    OUT refused_limit bigint,
    OUT counted bigint,
    OUT exclusion varchar,
    OUT excluded_until timestamptz,
    OUT excluded_indefinitely boolean,
    -- wallet_post's, when it ran.
    OUT status text,
    OUT transaction_id bigint,
    OUT transaction_uuid uuid,
    OUT fingerprint text,
    OUT account_keys text[],
    OUT balances_after bigint[],
    OUT refused_key text,
    OUT refused_reference text,
    OUT refused_balance bigint
) LANGUAGE plpgsql AS $$
DECLARE
    j record;
    starts_session boolean := false;
BEGIN
    SELECT * INTO j FROM accounts_guard_judgement(
        player, cash_key, movement_key, limit_kind, counted_kinds, stake_kinds, staking,
        judged_at, day_start, week_start, month_start, session_start, regulators_group);
    IF NOT FOUND OR NOT j.account_active OR j.account_blocked THEN
        refusal := 'blocked';
        RETURN;
    END IF;
    IF j.account_staff OR j.account_regulator THEN
        refusal := 'not a player';
        RETURN;
    END IF;
    -- A key that already moved money is a replay: wallet_post answers it, unjudged.
    IF NOT j.already_moved THEN
        exclusion := j.exclusion;
        excluded_until := j.excluded_until;
        excluded_indefinitely := j.excluded_indefinitely;
        IF j.excluded_indefinitely OR coalesce(j.excluded_until > judged_at, false) THEN
            refusal := 'excluded';
            RETURN;
        END IF;
        -- The first stake after a break starts the reality check's clock.
        IF staking AND coalesce(j.reality_check_minutes, 0) > 0 THEN
            IF j.play_started IS NULL OR j.last_stake IS NULL THEN
                starts_session := true;
            ELSIF j.reality_check_due <= judged_at THEN
                refusal := 'reality check';
                RETURN;
            END IF;
        END IF;
        -- Every limit in force applies, checked day, month, week. A deposit counts what
        -- was deposited; a stake, lost entirely, what the period has lost so far.
        SELECT l.period, l.in_force, l.so_far INTO refused_period, refused_limit, counted
        FROM (
            SELECT n, period, in_force,
                   CASE WHEN staking THEN greatest(0, -moved) ELSE moved END AS so_far
            FROM (VALUES (1, 'day', j.limit_day, j.moved_day),
                         (2, 'month', j.limit_month, j.moved_month),
                         (3, 'week', j.limit_week, j.moved_week)) AS v(n, period, in_force, moved)
        ) l
        WHERE l.in_force IS NOT NULL AND l.so_far + amount > l.in_force
        ORDER BY l.n LIMIT 1;
        IF FOUND THEN
            refusal := 'limit';
            RETURN;
        END IF;
    END IF;

    SELECT * INTO status, transaction_id, transaction_uuid, fingerprint, account_keys,
                  balances_after, refused_key, refused_reference, refused_balance
    FROM wallet_post(
        p_kind, p_key, p_reference, p_memo, p_actor_id, p_created, p_kind_json,
        p_reference_json, p_ids, p_keys, p_amounts, p_kinds, p_owner_ids, p_references,
        p_currency, p_closing, p_deposit_player, p_deposit_amount, p_deposit_provider,
        p_deposit_reference);
    IF starts_session AND status = 'posted' THEN
        UPDATE accounts_playerprotection
        SET play_started = judged_at,
            reality_check_due = judged_at + make_interval(mins => j.reality_check_minutes),
            updated = judged_at
        WHERE id = j.protection_id;
    END IF;
END $$;
"""

DROP = "DROP FUNCTION accounts_guarded_post"


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0011_guard_judgement_function"),
        ("wallet", "0009_fewer_indexes"),
    ]

    operations = [migrations.RunSQL(FUNCTION, DROP)]
