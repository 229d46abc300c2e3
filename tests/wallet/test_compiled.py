"""Queries compiled once per process (wallet/compiled.py): each page's statement is the
ORM's own for the call's values, answers as the ORM does, and a query the mechanism cannot
take is refused when compiled rather than answering for other values."""

from datetime import timedelta

import pytest
from django.db import connection
from django.db.models import Q
from django.utils import timezone

from reports import history
from wallet import selectors, services
from wallet.compiled import CompiledQuery, NotCompilable, captured
from wallet.models import Account, Entry, Transaction

pytestmark = pytest.mark.django_db


def spelt(sql: str, params) -> str:
    """The statement with its parameters written in, as the database reads it."""
    return connection.ops.compose_sql(sql, params)


def test_each_pages_statement_is_the_orms_for_the_calls_values(funded):
    """Compared with what the ORM sends for the same values, built afresh."""
    player = funded(5_000)
    since, until = timezone.now() - timedelta(days=3), timezone.now() + timedelta(days=1)
    period = {"player": player.pk, "since": since, "until": until}
    cases = [
        (history._COUNT, period),
        (history._COUNT_OF_GAME, {**period, "game": "crash"}),
        (history._ROUND_BETS, {"ids": [3, 1, 2]}),
        (selectors._CASH_ACCOUNT_ID, {"player": player.pk}),
        (selectors._NEWEST_CASH_ENTRY, {"player": player.pk}),
        (selectors._WALLET_ACCOUNTS, {"player": player.pk}),
        (
            selectors._statement_query("count", "since", "kind"),
            {"account": 7, "newest": 9, "since": since, "kind": "bet"},
        ),
    ]
    for compiled, values in cases:
        sql, params = compiled.sql_with_params(**values)
        assert captured(lambda c=compiled, v=values: c._ask(**v)) == (sql, tuple(params))
    sliced = [
        (history._PAGE, period),
        (history._PAGE_OF_GAME, {**period, "game": "keno-8"}),
        (selectors._statement_query("page"), {"account": 7}),
        (selectors._statement_query("page", "until"), {"account": 7, "until": until}),
        (selectors._RECENT_WITHDRAWALS, {"player": player.pk}),
    ]
    for compiled, values in sliced:
        bounds = {"offset": 50, "limit": 25} if "offset" in compiled._kinds else {"limit": 10}
        if "stop" in compiled._kinds:  # the history's sources, each sliced to the page's end
            bounds["stop"] = 75
        sql, params = compiled.sql_with_params(**values, **bounds)
        orm_sql, orm_params = captured(lambda c=compiled, v=values, b=bounds: c._ask(**v, **b))
        assert orm_sql.endswith(" LIMIT 25 OFFSET 50" if "offset" in bounds else " LIMIT 10")
        assert orm_sql.count(" LIMIT 75)") == (4 if "stop" in bounds else 0)
        assert spelt(sql, params) == spelt(orm_sql, orm_params)


def test_the_statements_answers_are_the_orms(funded):
    player = funded(5_000)
    for n in range(30):
        services.place_bet(player, 10, key=f"bet:{n}", reference=f"round:keno:{n}")
    account = selectors.cash_account_id(player)
    accounts = selectors.wallet_accounts(player)
    pages = selectors.StatementPages(accounts, date_from=None, date_to=None, kind="bet")
    assert pages.count() == 30
    newest_first = Entry.objects.filter(account_id=account, transaction__kind="bet").order_by("-id")
    assert [line.amount for line in pages[25:50]] == [e.amount for e in newest_first[25:]]
    assert [line.reference for line in pages[0:3]] == [f"round:keno:{n}" for n in (29, 28, 27)]
    assert selectors.newest_cash_entry(player) == (account, newest_first[0].pk)
    assert (accounts.cash_account_id, accounts.newest_cash_entry_id) == (
        account,
        Entry.objects.filter(account_id=account).order_by("-id")[0].pk,
    )
    assert accounts.cash == Account.objects.get(pk=account).balance


def test_before_any_movement_there_is_no_newest_entry(make_user):
    player = make_user()
    assert selectors.newest_cash_entry(player) is None
    assert selectors.wallet_accounts(player) == selectors.WalletAccounts(0, 0, None, None)
    pages = selectors.StatementPages(
        selectors.wallet_accounts(player), date_from=None, date_to=None, kind=""
    )
    assert (pages.count(), pages[0:25]) == (0, [])


def test_a_parameter_the_orm_changes_is_refused_when_compiled():
    like = CompiledQuery(
        lambda memo: list(Transaction.objects.filter(memo__icontains=memo)), memo=str
    )
    with pytest.raises(NotCompilable):
        like.sql_with_params(memo="x")
    emptied = CompiledQuery(
        lambda kind: list(Transaction.objects.filter(Q(kind=kind) | Q(kind="bet"))[:0]), kind=str
    )
    with pytest.raises(NotCompilable):
        emptied.sql_with_params(kind="x")


def test_a_value_of_another_type_is_refused():
    compiled = CompiledQuery(lambda player: list(Account.objects.filter(pk=player)), player=int)
    with pytest.raises(TypeError):
        compiled.sql_with_params(player=None)
    with pytest.raises(TypeError):
        compiled.sql_with_params(player=1, other=2)
