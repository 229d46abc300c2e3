"""wallet_post and the entries' references check keep one plan per statement for the
session, instead of planning four of their statements again on every posting.

PL/pgSQL keeps a statement's plan, but one whose parameters are arrays is planned again
for each call while a plan for those very arrays looks cheaper than a generic one, which
for a bet's two accounts it always does (an array's generic estimate is ten elements).
log_planner_stats counted, per posting after the first ten on a connection: wallet_post's
lock statement and its UPDATE of the balances, and wallet_check_references' lock of the
accounts and its look-up of the transactions, planned each time (30-80 us each); nothing
else of a bet, a deposit, a stake or a transfer. The backend's CPU per `wallet_post` of
two accounts (psql, 3,000 postings a sample, alternated, load 5): 0.80-1.07 ms with both
planning, 0.54 with neither (medians of 5).

A generic plan is the one the first rows' custom plans were judged against: an index look-up
per account, for two accounts or for a round's 10,000 winners (auto_explain, 10,001
accounts: the lock statement 58-75 ms either way, the balances' UPDATE 34-55 against 34-67).
The setting holds while the function runs (its SET clause) and goes back to the caller's
after; the triggers fired by its statements run under it too. A later `CREATE OR REPLACE`
of either function drops it unless it says it again (tests/wallet/test_generic_plans.py
fails then)."""

from django.db import migrations

FUNCTIONS = ("wallet_post", "wallet_check_references()")

GENERIC = "\n".join(
    f"ALTER FUNCTION {function} SET plan_cache_mode = force_generic_plan;" for function in FUNCTIONS
)
AS_CHOSEN = "\n".join(f"ALTER FUNCTION {function} RESET plan_cache_mode;" for function in FUNCTIONS)


class Migration(migrations.Migration):
    dependencies = [
        ("wallet", "0012_references_per_statement"),
    ]

    operations = [migrations.RunSQL(GENERIC, AS_CHOSEN)]
