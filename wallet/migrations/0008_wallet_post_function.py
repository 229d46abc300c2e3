"""The posting as one server-side function, `wallet_post` (wallet.services calls it; see
docs/architecture.md, "A posting"). It does in one statement what the lock and the write
did in two: the client's round trips and Python were most of a posting's cost
(bench/ledger.py's CPU split), the database's own work is the same rows as before.

Each statement of a PL/pgSQL function takes its own snapshot (READ COMMITTED), so the
look-up of the key after the lock sees whatever a twin committed while this posting
waited for its locks. A refusal is returned, not raised: the caller's transaction stays
usable and wallet.services raises the same exceptions as before."""

from django.db import migrations

WALLET_POST = """
CREATE FUNCTION wallet_post(
    p_kind text,
    p_key text,
    p_reference text,
    p_memo text,
    p_actor_id bigint,
    p_created timestamptz,
    -- The fingerprint's kind and reference as JSON strings, encoded by Python's json.dumps
    -- (wallet.services._POST_SQL says why).
    p_kind_json text,
    p_reference_json text,
    -- The accounts: by id (wallet.services.post), or by key (the services); their amounts
    -- in the same order; for accounts by key that may not exist yet, what creates them
    -- (else NULLs).
    p_ids bigint[],
    p_keys text[],
    p_amounts bigint[],
    p_kinds text[],
    p_owner_ids bigint[],
    p_references text[],
    p_currency text,
    -- The escrow a settlement empties and closes, by key, else NULL.
    p_closing text,
    -- A deposit's own row, else NULLs.
    p_deposit_player bigint,
    p_deposit_amount bigint,
    p_deposit_provider text,
    p_deposit_reference text,
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
    wanted integer := cardinality(p_amounts);
    ids bigint[];
    kinds text[];
    balances bigint[];
    closed boolean[];
    refs text[];
    amounts bigint[];
    earlier_fingerprint text;
    moves text := '';
    after bigint;
BEGIN
    IF p_kinds IS NOT NULL THEN
        -- Accounts likely new (a table's first stake, or named again after this function
        -- found them missing): created before any lock is taken, so that waiting for
        -- another request creating the same account holds no lock of ours. The insert
        -- waits for such a request and skips its row; the lock's statement then sees it.
        -- A new row is locked by its insert and nobody else sees it before our commit.
        INSERT INTO wallet_account (key, kind, owner_id, reference, currency, balance, created)
        SELECT n.key, n.kind, n.owner_id, n.reference, p_currency, 0, p_created
        FROM unnest(p_keys, p_kinds, p_owner_ids, p_references)
            AS n(key, kind, owner_id, reference)
        WHERE NOT EXISTS (SELECT FROM wallet_account a WHERE a.key = n.key)
        ON CONFLICT (key) DO NOTHING;
    END IF;
    -- The accounts locked in ascending id order (no deadlocks).
    IF p_keys IS NOT NULL THEN
        SELECT array_agg(l.id ORDER BY l.id), array_agg(l.kind ORDER BY l.id),
               array_agg(l.balance ORDER BY l.id), array_agg(l.closed ORDER BY l.id),
               array_agg(l.key ORDER BY l.id), array_agg(l.reference ORDER BY l.id),
               array_agg(m.amount ORDER BY l.id)
        INTO ids, kinds, balances, closed, account_keys, refs, amounts
        FROM (
            SELECT a.id, a.kind, a.balance, a.closed_at IS NOT NULL AS closed, a.key,
                   a.reference
            FROM wallet_account a WHERE a.key = ANY(p_keys)
            ORDER BY a.id FOR UPDATE
        ) l
        JOIN unnest(p_keys, p_amounts) AS m(key, amount) ON m.key = l.key;
    ELSE
        SELECT array_agg(l.id ORDER BY l.id), array_agg(l.kind ORDER BY l.id),
               array_agg(l.balance ORDER BY l.id), array_agg(l.closed ORDER BY l.id),
               array_agg(l.key ORDER BY l.id), array_agg(l.reference ORDER BY l.id),
               array_agg(m.amount ORDER BY l.id)
        INTO ids, kinds, balances, closed, account_keys, refs, amounts
        FROM (
            SELECT a.id, a.kind, a.balance, a.closed_at IS NOT NULL AS closed, a.key,
                   a.reference
            FROM wallet_account a WHERE a.id = ANY(p_ids)
            ORDER BY a.id FOR UPDATE
        ) l
        JOIN unnest(p_ids, p_amounts) AS m(id, amount) ON m.id = l.id;
    END IF;
    -- Missing: by id, refused; by key, named again with what creates them.
    IF coalesce(cardinality(ids), 0) <> wanted THEN
        status := 'missing';
        RETURN;
    END IF;

    -- The fingerprint as Python computed it before this function: the sha256 of
    -- json.dumps([kind, sorted((account id, amount)), reference], separators=(",", ":")).
    -- Built by assignments, which PL/pgSQL evaluates without starting a query, as are the
    -- balances after.
    balances_after := balances;
    FOR i IN 1..wanted LOOP
        balances_after[i] := balances[i] + amounts[i];
        moves := moves || CASE WHEN i > 1 THEN ',[' ELSE '[' END || ids[i] || ','
            || amounts[i] || ']';
    END LOOP;
    fingerprint := encode(sha256(convert_to(
        '[' || p_kind_json || ',[' || moves || '],' || p_reference_json || ']', 'UTF8')), 'hex');

    -- A new statement, so a new snapshot: it sees a twin that committed while we waited.
    SELECT t.id, t.fingerprint INTO transaction_id, earlier_fingerprint
    FROM wallet_transaction t WHERE t.idempotency_key = p_key;
    IF transaction_id IS NOT NULL THEN
        status := CASE WHEN earlier_fingerprint = fingerprint THEN 'replay' ELSE 'conflict' END;
        RETURN;
    END IF;

    FOR i IN 1..wanted LOOP
        after := balances_after[i];
        IF closed[i] THEN
            status := 'closed';
        ELSIF account_keys[i] = p_closing AND after <> 0 THEN
            status := 'mismatch';
        -- The kinds that hold somebody's money (Account.NON_NEGATIVE, the table's check).
        ELSIF after < 0 AND kinds[i] IN ('cash', 'escrow', 'pending') THEN
            status := CASE WHEN kinds[i] = 'escrow' THEN 'escrow short' ELSE 'insufficient' END;
        END IF;
        IF status IS NOT NULL THEN
            refused_key := account_keys[i];
            refused_reference := refs[i];
            refused_balance := balances[i];
            RETURN;
        END IF;
    END LOOP;

    -- ON CONFLICT: a twin naming other accounts (so it waited for no lock of ours) may
    -- commit after the look-up; the insert waits for it, and then writes nothing.
    INSERT INTO wallet_transaction
        (uuid, kind, idempotency_key, fingerprint, reference, memo, actor_id, created)
    VALUES (gen_random_uuid(), p_kind, p_key, fingerprint, p_reference, p_memo, p_actor_id,
            p_created)
    ON CONFLICT (idempotency_key) DO NOTHING
    RETURNING id, uuid INTO transaction_id, transaction_uuid;
    IF transaction_id IS NULL THEN
        SELECT t.id, t.fingerprint INTO transaction_id, earlier_fingerprint
        FROM wallet_transaction t WHERE t.idempotency_key = p_key;
        status := CASE
            WHEN transaction_id IS NULL THEN 'lost'  -- DO NOTHING skips only a row that exists
            WHEN earlier_fingerprint = fingerprint THEN 'replay'
            ELSE 'conflict' END;
        RETURN;
    END IF;
    INSERT INTO wallet_entry (transaction_id, account_id, amount, balance_after)
    SELECT transaction_id, m.id, m.amount, m.after
    FROM unnest(ids, amounts, balances_after) WITH ORDINALITY AS m(id, amount, after, n)
    ORDER BY m.n;
    IF p_deposit_player IS NOT NULL THEN
        INSERT INTO wallet_deposit
            (player_id, amount, provider, provider_reference, transaction_id, created)
        VALUES (p_deposit_player, p_deposit_amount, p_deposit_provider, p_deposit_reference,
                transaction_id, p_created);
    END IF;
    -- The ids in the UPDATE's own condition: its plan then reads the accounts by primary
    -- key, where a join on the unnest alone was planned as a scan of every account.
    UPDATE wallet_account a SET balance = m.after,
        closed_at = CASE WHEN a.key = p_closing THEN p_created ELSE a.closed_at END
    FROM unnest(ids, balances_after) AS m(id, after)
    WHERE a.id = m.id AND a.id = ANY(ids);
    status := 'posted';
END $$;
"""

DROP = "DROP FUNCTION wallet_post"


class Migration(migrations.Migration):
    dependencies = [
        ("wallet", "0007_account_fillfactor"),
    ]

    operations = [migrations.RunSQL(WALLET_POST, DROP)]
