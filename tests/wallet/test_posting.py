"""The posting primitive's raw-SQL hot path and the services added for the pages."""

import hashlib
import json

import psycopg
import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from tests.conftest import database_url
from wallet import services
from wallet.models import Account, Deposit, Transaction, Withdrawal
from wallet.references import ReferenceLink, describe_reference
from wallet.selectors import cash_balance, house_balance

pytestmark = pytest.mark.django_db


def test_the_write_statement_covers_every_field_of_a_transaction():
    model_fields = {field.attname for field in Transaction._meta.concrete_fields}
    assert {"id", *services._WRITTEN_FIELDS} == model_fields


def test_the_returned_transaction_is_the_stored_one(funded, make_user):
    player, staff = funded(1_000), make_user(is_staff=True)
    posting = services.adjust(player, 5, reason="Goodwill", staff=staff, key="adj")
    stored = Transaction.objects.get(pk=posting.transaction.pk)
    for field in Transaction._meta.concrete_fields:
        name = field.attname
        assert getattr(posting.transaction, name) == getattr(stored, name), name
    assert posting.transaction.actor == staff
    assert {(e.account.key, e.amount, e.balance_after) for e in stored.entries.all()} == {
        (services.house_account(Account.Kind.ADJUSTMENTS, anchor=player.pk).key, -5, -5),
        (f"cash:user:{player.pk}", 5, 1_005),
    }


def statements(queries) -> list[str]:
    """The first word of each statement, leaving out transaction control."""
    control = {"BEGIN", "COMMIT", "SAVEPOINT", "RELEASE"}
    words = [query["sql"].split()[0] for query in queries.captured_queries]
    return [word for word in words if word not in control]


def test_a_transfer_is_one_statement(funded):
    payer, payee = services.cash_account(funded(1_000)), services.cash_account(funded(0))
    with CaptureQueriesContext(connection) as queries:
        posting = services.post("transfer", [(payer, -10), (payee, 10)], key="t")
    assert statements(queries) == ["SELECT"]  # lock, look up the key, write: wallet_post
    assert posting.balances_after == {payer.key: 990, payee.key: 10}
    with CaptureQueriesContext(connection) as queries:
        again = services.post("transfer", [(payer, -10), (payee, 10)], key="t")
    assert not again.created
    assert statements(queries) == ["SELECT"]  # the transaction is read only when asked for
    assert again.transaction.pk == posting.transaction.pk


@pytest.mark.django_db(transaction=True)
def test_a_transfer_outside_a_transaction_commits_on_its_own(funded):
    """Out of any transaction the one statement is its own: no BEGIN, no COMMIT, and the
    money has moved for every other connection as soon as `post` returns."""
    payer, payee = services.cash_account(funded(1_000)), services.cash_account(funded(0))
    assert connection.get_autocommit() and not connection.in_atomic_block
    with CaptureQueriesContext(connection) as queries:
        posting = services.post("transfer", [(payer, -10), (payee, 10)], key="t")
    assert [query["sql"].split()[0] for query in queries.captured_queries] == ["SELECT"]
    with psycopg.connect(database_url(connection.settings_dict)) as other:
        balances = other.execute(
            "SELECT key, balance FROM wallet_account WHERE id = ANY(%s)", [[payer.pk, payee.pk]]
        ).fetchall()
        written = other.execute(
            "SELECT count(*) FROM wallet_entry WHERE transaction_id = %s", [posting.transaction_id]
        ).fetchone()
    assert dict(balances) == {payer.key: 990, payee.key: 10}
    assert written == (2,)


def legacy_fingerprint(kind: str, moves: dict[int, int], reference: str) -> str:
    """The fingerprint as Python computed it before the posting was a database function."""
    canonical = json.dumps([kind, sorted(moves.items()), reference], separators=(",", ":"))
    return hashlib.sha256(canonical.encode()).hexdigest()


AWKWARD_REFERENCES = [
    "",
    "table:42",
    'quote " and back\\slash \\"',
    "tab\tnew\nline\rcr\bbs\fff \x01\x1f del\x7f",
    "café £ € ✓ 日本",
    "astral 😀 𝄞",
    "</script> & <b> '",
    "slash / and \\u0041 escaped",
]


@pytest.mark.parametrize("reference", AWKWARD_REFERENCES)
def test_the_fingerprint_is_the_one_python_computed_before(funded, reference):
    """A retry across the deploy of the database function must still replay: the function
    assembles the very text json.dumps made, whatever the reference holds."""
    payer, payee = services.cash_account(funded(1_000)), services.cash_account(funded(0))
    posting = services.post(
        "transfer", [(payer, -7), (payee, 7)], key=f"fp:{reference}", reference=reference[:100]
    )
    stored = Transaction.objects.get(pk=posting.transaction_id)
    assert stored.reference == reference[:100]
    expected = legacy_fingerprint("transfer", {payer.pk: -7, payee.pk: 7}, reference[:100])
    assert stored.fingerprint == expected
    # A row written before the function, with the legacy fingerprint, replays.
    again = services.post(
        "transfer", [(payer, -7), (payee, 7)], key=f"fp:{reference}", reference=reference[:100]
    )
    assert not again.created and again.transaction_id == posting.transaction_id


def test_a_service_posting_keeps_the_legacy_fingerprint(funded):
    player = funded(1_000)
    posting = services.place_bet(player, 250, key="bet", reference="round:crash:7")
    bank = services.house_account(Account.Kind.HOUSE_BANK, anchor=player.pk)
    cash = services.cash_account(player)
    expected = legacy_fingerprint("bet", {cash.pk: -250, bank.pk: 250}, "round:crash:7")
    assert posting.transaction.fingerprint == expected
    assert Transaction.objects.get(pk=posting.transaction_id).fingerprint == expected


def test_a_refusal_leaves_the_callers_transaction_usable(funded):
    """A refusal is returned by the function, not raised in the database: the caller's
    transaction goes on (no savepoint needed) and nothing of the posting was written."""
    player = funded(100)
    with transaction.atomic():
        with pytest.raises(services.InsufficientFunds, match="Insufficient funds"):
            services.place_bet(player, 500, key="big", reference="round:1")
        assert cash_balance(player) == 100
        services.place_bet(player, 60, key="small", reference="round:1")
    assert cash_balance(player) == 40
    assert not Transaction.objects.filter(idempotency_key="big").exists()


def test_a_posting_to_an_account_that_does_not_exist_is_refused(funded):
    payer = services.cash_account(funded(1_000))
    ghost = Account(pk=10**12, key="ghost", kind=Account.Kind.CASH)
    with pytest.raises(services.WalletError, match="does not exist"):
        services.post("transfer", [(payer, -10), (ghost, 10)], key="t")
    assert cash_balance(payer.owner) == 1_000


def test_a_replayed_key_is_answered_before_the_refusals(funded):
    player = funded(1_000)
    first = services.hold_stake(player, "table:1", 1_000, key="h")
    services.settle("table:1", {player: 1_000}, rake=0, key="s")
    services.hold_stake(player, "table:2", 1_000, key="h2")
    # The player has nothing left and table:1 is closed: the retry still gets its answer.
    again = services.hold_stake(player, "table:1", 1_000, key="h")
    assert (again.transaction.pk, again.created) == (first.transaction.pk, False)


def test_demo_deposit_names_one_payment_per_key(funded):
    player = funded(0)
    key = services.form_key(player, "a-one-time-token-1234")
    first = services.demo_deposit(player, 500, key=key)
    again = services.demo_deposit(player, 500, key=key)
    assert first.created and not again.created
    deposit = Deposit.objects.get()
    assert (deposit.provider, deposit.amount, deposit.transaction_id) == (
        "demo",
        500,
        first.transaction.pk,
    )
    assert len(deposit.provider_reference) == 24
    assert cash_balance(player) == 500


def test_submit_withdrawal_tells_a_new_request_from_a_replay(funded):
    player = funded(1_000)
    first = services.submit_withdrawal(player, 300, key="w")
    again = services.submit_withdrawal(player, 300, key="w")
    assert first.created and not again.created
    assert first.withdrawal.pk == again.withdrawal.pk == Withdrawal.objects.get().pk
    assert services.request_withdrawal(player, 300, key="w").pk == first.withdrawal.pk
    assert cash_balance(player) == 700


def test_form_keys_belong_to_their_submitter(make_user):
    alice, bob = make_user(), make_user()
    assert services.form_key(alice, "tok") != services.form_key(bob, "tok")


@pytest.mark.urls("tests.wallet.urls_with_targets")
@pytest.mark.parametrize(
    ("reference", "expected"),
    [
        ("table:42", ReferenceLink("Table 42", "/t-lobby/t/42/")),
        ("round:crash:1017", ReferenceLink("Crash round 1017", "/t-casino/crash/round/1017/")),
        ("round:keno:88", ReferenceLink("Keno round 88", "/t-casino/keno/round/88/")),
        ("tournament:5", ReferenceLink("Tournament 5", "/t-tournaments/5/")),
        ("withdrawal:3", ReferenceLink("Withdrawal 3")),
        ("withdrawal:user:7", ReferenceLink("Withdrawal request")),
        ("deposit:demo:abc", ReferenceLink("Deposit via demo (abc)")),
        ("adjustment:user:7", ReferenceLink("Staff adjustment")),
        ("reserve:spring-cup", ReferenceLink("reserve:spring-cup")),
        ("", ReferenceLink("")),
    ],
)
def test_references_name_and_link_what_they_belong_to(reference, expected):
    assert describe_reference(reference) == expected


@pytest.mark.urls("wallet.urls")
def test_a_reference_whose_page_is_not_routed_keeps_its_label():
    assert describe_reference("table:42") == ReferenceLink("Table 42")
    assert describe_reference("round:crash:1") == ReferenceLink("Crash round 1")
    assert describe_reference("tournament:5") == ReferenceLink("Tournament 5")


def test_paying_many_winners_costs_the_same_few_queries(make_user, funded):
    bank = house_balance(Account.Kind.HOUSE_BANK)
    winners = [funded(1) for _ in range(5)] + [make_user() for _ in range(5)]  # half new
    with CaptureQueriesContext(connection) as queries:
        services.pay_wins({w: 10 for w in winners}, key="wins", reference="round:keno:1")
    # wallet_post finds accounts missing; again, creating them before it locks them all
    assert statements(queries) == ["SELECT", "SELECT"]
    assert [cash_balance(w) for w in winners] == [11] * 5 + [10] * 5
    assert house_balance(Account.Kind.HOUSE_BANK) == bank - 100
    created = Account.objects.get(key=f"cash:user:{winners[-1].pk}")
    assert (created.kind, created.owner, created.currency) == ("cash", winners[-1], "EUR")


def test_stakes_bets_and_fees_ask_the_players_protection_first(funded):
    from accounts import protection

    player = funded(1_000)
    earlier = services.hold_stake(player, "table:1", 100, key="before")
    protection.self_exclude(player, 6)
    for refused in (
        lambda: services.hold_stake(player, "table:1", 100, key="h"),
        lambda: services.place_bet(player, 100, key="b", reference="round:keno:1"),
        lambda: services.charge_fee(player, 100, key="f", reference="table:1", memo="Fee"),
        lambda: services.deposit(player, 100, provider="demo", provider_reference="d", key="d"),
    ):
        with pytest.raises(services.ProtectionRefusal, match="closed until it ends"):
            refused()
    assert cash_balance(player) == 900
    # A retry of a stake made before the exclusion is a replay, not a new stake.
    again = services.hold_stake(player, "table:1", 100, key="before")
    assert (again.transaction.pk, again.created) == (earlier.transaction.pk, False)
    services.release_hold(player, "table:1", 100, key="refund")  # money back is never refused
    assert cash_balance(player) == 1_000
