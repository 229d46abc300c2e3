"""The guard's functions keep one plan per statement for the session, as wallet_post does
(wallet 0013), instead of planning the judgement's query again on most calls.

accounts_guard_judgement reads the player's flags, limits and, when a limit or a reality
check asks for it, what the period moved, in one query of three joins. Its custom plans
looked cheaper than a generic one once the ledger held some hundred thousand postings
(the generic estimate of `created >= $n` is a third of the table), so PostgreSQL planned
it again for each bet, stake and deposit; planning it, with the merge joins' estimates
probing the ends of the ledger's indexes, took a third of the server's CPU during the
full run's 8-client bets (perf, 7 December). Its generic plan reads the same rows as the
custom ones: the cash account by key, its entries, their transactions by id; the entries
only when a limit or the reality check needs them (a gating condition, kept as such).

accounts_guarded_post's own statements (the judgement's call, the verdict, wallet_post's
call) and the triggers its statements fire run under the same setting. A later
`CREATE OR REPLACE` of either function drops it unless it says it again
(tests/wallet/test_generic_plans.py fails then)."""

from django.db import migrations

FUNCTIONS = (
    "accounts_guard_judgement(bigint, text, text, text, text[], text[], boolean, timestamptz,"
    " timestamptz, timestamptz, timestamptz, timestamptz, text)",
    "accounts_guarded_post",
)

GENERIC = "\n".join(
    f"ALTER FUNCTION {function} SET plan_cache_mode = force_generic_plan;" for function in FUNCTIONS
)
AS_CHOSEN = "\n".join(f"ALTER FUNCTION {function} RESET plan_cache_mode;" for function in FUNCTIONS)


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0012_guarded_post_function"),
        ("wallet", "0013_generic_plans"),
    ]

    operations = [migrations.RunSQL(GENERIC, AS_CHOSEN)]
