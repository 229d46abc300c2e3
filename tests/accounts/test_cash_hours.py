"""A limit's period is read from the player's cash hours (wallet.models.CashHour) and the
entries of the hour in which the period starts: the same sums, to the unit, as the
player's entries of the period read one by one, whatever order the postings came in and
however close to a period's first moment; and a judgement reads no more entries as the
player plays more."""

from __future__ import annotations

import threading
from datetime import UTC, datetime, timedelta
from unittest import mock

import pytest
from django.db import connection, connections, transaction
from django.db.migrations.executor import MigrationExecutor
from django.db.models import F
from django.utils import timezone
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from accounts import protection
from accounts.models import ProtectionLimit
from staff.roles import REGULATORS_GROUP
from wallet import services as wallet
from wallet.invariants import ledger_problems
from wallet.models import CashDay, CashHour

Kind, Period = ProtectionLimit.Kind, ProtectionLimit.Period

# Not on the hour, so that every period starts inside an hour.
JUDGED_AT = datetime(2026, 12, 7, 10, 17, 23, 456_789, tzinfo=UTC)
DAY, WEEK, MONTH = (protection.PERIOD_LENGTH[period] for period in Period)
SESSION = protection.SESSION_GAP
STARTS = {"day": JUDGED_AT - DAY, "week": JUDGED_AT - WEEK, "month": JUDGED_AT - MONTH}
NO_LIMIT = 10**12

# How long before the judgement a posting was made: at, just after or just before a
# period's or the session's first moment, or anywhere in the last 31 days.
_EDGES = [
    edge + nudge
    for edge in (DAY, WEEK, MONTH, SESSION)
    for nudge in (timedelta(0), timedelta(microseconds=1), -timedelta(microseconds=1))
]
ages = st.one_of(
    st.sampled_from(_EDGES),
    st.integers(0, 31 * 24 * 3600 * 1_000_000).map(lambda us: timedelta(microseconds=us)),
)
# What a posting does to the player's cash, as (kind, signed amount).
movements = st.one_of(
    st.tuples(st.just("deposit"), st.integers(1, 5_000)),
    st.tuples(st.just("bet"), st.integers(1, 500).map(lambda amount: -amount)),
    st.tuples(st.just("win"), st.integers(1, 5_000)),
)


def _judgement(player, limit: str, kinds: str, at: datetime = JUDGED_AT) -> dict[str, object]:
    """What accounts_guard_judgement reads of the player's periods, judged `at`."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT moved_day, moved_week, moved_month, last_stake "
            "FROM accounts_guard_judgement(%s, %s, %s, %s, %s, %s, true, %s, %s, %s, %s, %s, %s)",
            [
                player.pk,
                f"cash:user:{player.pk}",
                "not-a-key",
                limit,
                kinds,
                protection._STAKE_KINDS,
                at,
                at - DAY,
                at - WEEK,
                at - MONTH,
                at - SESSION,
                REGULATORS_GROUP,
            ],
        )
        day, week, month, last_stake = cursor.fetchone()
    return {"day": day, "week": week, "month": month, "last stake": last_stake}


def _counted(made: list[tuple[datetime, str, int]], kinds: tuple[str, ...]) -> dict[str, object]:
    """The same, from the postings themselves."""
    counted: dict[str, object] = {
        period: sum(amount for at, kind, amount in made if kind in kinds and at >= start)
        for period, start in STARTS.items()
    }
    stakes = [at for at, kind, _ in made if kind == "bet" and at >= JUDGED_AT - SESSION]
    counted["last stake"] = max(stakes) if "bet" in kinds and stakes else None
    return counted


def _made_at(moment: datetime):
    return mock.patch("django.utils.timezone.now", return_value=moment)


def _post(player, n: int, at: datetime, kind: str, amount: int) -> None:
    key = f"hours:{player.pk}:{n}"
    with _made_at(at):
        if kind == "deposit":
            wallet.deposit(player, amount, provider="t", provider_reference=key, key=key)
        elif kind == "bet":
            wallet.place_bet(player, -amount, key=key, reference="round:crash:1")
        else:
            wallet.pay_wins({player: amount}, key=key, reference="round:crash:1")


@pytest.mark.django_db
@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(postings=st.lists(st.tuples(ages, movements), min_size=1, max_size=10))
def test_the_periods_read_from_the_hours_are_the_entries_summed(make_user, postings):
    player = make_user()
    with _made_at(JUDGED_AT - timedelta(days=40)):
        for limit in Kind:
            for period in Period:
                protection.set_limit(player, limit, period, NO_LIMIT)
        wallet.deposit(
            player, 10**9, provider="t", provider_reference=f"f{player.pk}", key=f"f{player.pk}"
        )
    made = []
    for n, (age, (kind, amount)) in enumerate(postings):
        _post(player, n, JUDGED_AT - age, kind, amount)
        made.append((JUDGED_AT - age, kind, amount))

    deposits = _judgement(player, Kind.DEPOSIT.value, protection._DEPOSIT_KINDS)
    play = _judgement(player, Kind.LOSS.value, protection._PLAY_KINDS)

    assert deposits == _counted(made, ("deposit",))
    assert play == _counted(made, ("bet", "win"))
    assert ledger_problems() == []


def _rows_read(table: str, judge) -> int:
    """How many rows of `table` `judge()` read, by any scan (this transaction's own
    statistics: an index scan counts the rows it fetched against the index, a bitmap
    scan against the table, a sequential scan as returned)."""
    read = (
        "SELECT pg_stat_get_xact_tuples_returned(%(table)s::regclass)"
        " + pg_stat_get_xact_tuples_fetched(%(table)s::regclass)"
        " + (SELECT coalesce(sum(pg_stat_get_xact_tuples_fetched(indexrelid)), 0) FROM pg_index"
        "    WHERE indrelid = %(table)s::regclass)"
    )
    with connection.cursor() as cursor:
        cursor.execute(read, {"table": table})
        (before,) = cursor.fetchone()
        judge()
        cursor.execute(read, {"table": table})
        (after,) = cursor.fetchone()
    return after - before


@pytest.mark.django_db
def test_a_month_of_play_in_every_hour_is_read_as_days_and_the_hours_of_three_days(make_user):
    """A bet in every hour of the last 30 days: the judgement reads the days after each
    period's first day and the hours of those first days only (at most 30 days and 3 x 23
    hours), not the month's 720 hours, and sums them to the bets."""
    player = make_user()
    with _made_at(JUDGED_AT - timedelta(days=40)):
        protection.set_limit(player, Kind.LOSS, Period.DAY, NO_LIMIT)
        wallet.deposit(player, 10**6, provider="t", provider_reference="f", key="f")
    made = []
    for n in range(30 * 24):
        at = JUDGED_AT - timedelta(minutes=30) - timedelta(hours=n)
        _post(player, n, at, "bet", -1)
        made.append((at, "bet", -1))

    def judged() -> dict[str, object]:
        return _judgement(player, Kind.LOSS.value, protection._PLAY_KINDS)

    assert judged() == _counted(made, ("bet", "win"))
    # The scans' counts may include row versions that updates left behind (a day is updated
    # by each of its hours' bets), hence the room above 30 days and 3 x 23 + 5 hours.
    assert _rows_read("wallet_cashday", judged) <= 2 * 30
    assert _rows_read("wallet_cashhour", judged) <= 2 * (3 * 23 + 5)


@pytest.mark.django_db
def test_a_judgement_reads_only_the_entries_of_the_hours_its_periods_start_in(make_user):
    """300 bets inside the day: the judgement reads none of their entries (it read all 300,
    and every other entry of the month, when it summed the entries). A bet in the hour a
    period starts in is read, with the others of that hour only."""
    player = make_user()
    with _made_at(JUDGED_AT - timedelta(days=40)):
        protection.set_limit(player, Kind.LOSS, Period.DAY, NO_LIMIT)
        wallet.deposit(player, 10**6, provider="t", provider_reference="f", key="f")
    for n in range(300):
        _post(player, n, JUDGED_AT - timedelta(hours=2, seconds=n), "bet", -1)

    def day_judged() -> int:
        return _judgement(player, Kind.LOSS.value, protection._PLAY_KINDS)["day"]

    assert _rows_read("wallet_entry", lambda: day_judged() == -300) == 0
    assert day_judged() == -300

    _post(player, 300, STARTS["day"] + timedelta(minutes=1), "bet", -1)
    _post(player, 301, STARTS["day"] - timedelta(minutes=1), "bet", -1)  # before the day
    assert _rows_read("wallet_entry", day_judged) == 2
    assert day_judged() == -301


@pytest.mark.django_db
def test_only_players_with_a_limit_or_reality_check_keep_hours_and_a_new_limit_counts_the_past(
    funded_player,
):
    """A player without limits costs their postings no hours. Setting a limit builds the
    hours from what the player already played: 900 lost today, then a daily loss limit of
    1,000 refuses a stake of 200 and takes one of 100."""
    player = funded_player(10_000)
    for n in range(3):
        wallet.place_bet(player, 300, key=f"before:{n}", reference="round:crash:1")
    assert not CashHour.objects.exists()

    protection.set_limit(player, Kind.LOSS, Period.DAY, 1_000)

    assert ledger_problems() == []
    assert CashHour.objects.filter(kind="bet").get().amount == -900
    with pytest.raises(wallet.ProtectionRefusal, match="net loss so far"):
        wallet.place_bet(player, 200, key="after:1", reference="round:crash:1")
    wallet.place_bet(player, 100, key="after:2", reference="round:crash:1")
    assert CashHour.objects.filter(kind="bet").get().amount == -1_000

    other = funded_player(10_000)
    protection.set_reality_check(other, 30)
    assert wallet.cash_account(other).keeps_hours
    assert ledger_problems() == []
    assert protection.protection_problems() == []

    # A limit written past the service would count nothing: the platform's check says so.
    unkept = funded_player(10_000)
    ProtectionLimit.objects.create(
        protection=protection.protection_of(unkept), kind=Kind.LOSS, period=Period.DAY, amount=1
    )
    assert protection.protection_problems() == [
        f"player {unkept.pk} has limits but their cash account keeps no hours"
    ]


@pytest.mark.django_db(transaction=True)
def test_a_win_paid_while_a_first_limit_is_being_set_is_in_the_hours(funded_player):
    """The limit's transaction builds the hours under the cash account's lock; a round's
    win for the player waits for it and then adds itself to the hours, or, had it
    committed first, is in what was built. Either way the limit counts it."""
    player = funded_player(10_000)
    wallet.place_bet(player, 500, key="lost", reference="round:crash:1")
    building, paid = threading.Event(), threading.Event()
    outcome: dict[str, bool] = {}

    def set_the_limit() -> None:
        try:
            with transaction.atomic():
                protection.set_limit(player, Kind.LOSS, Period.DAY, 1_000)
                building.set()
                # The win waits on the account's lock, held until this commits.
                outcome["paid before the limit committed"] = paid.wait(0.5)
        finally:
            connections.close_all()

    def pay_the_win() -> None:
        try:
            building.wait(10)
            wallet.pay_wins({player: 400}, key="round:crash:1:wins", reference="round:crash:1")
            paid.set()
        finally:
            connections.close_all()

    threads = [threading.Thread(target=set_the_limit), threading.Thread(target=pay_the_win)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(20)
    assert outcome == {"paid before the limit committed": False}
    assert paid.is_set()
    assert ledger_problems() == []
    moved = _judgement(player, Kind.LOSS.value, protection._PLAY_KINDS, at=timezone.now())
    assert moved["day"] == -100  # 500 staked, 400 won back


@pytest.mark.django_db
def test_the_ledger_check_finds_an_hour_or_a_day_that_is_not_what_it_sums(funded_player):
    player = funded_player(10_000)
    protection.set_limit(player, Kind.LOSS, Period.DAY, NO_LIMIT)
    wallet.place_bet(player, 300, key="bet", reference="round:crash:1")
    assert ledger_problems() == []
    key = wallet.cash_account(player).key

    CashHour.objects.filter(kind="bet").update(first_entry_id=F("first_entry_id") - 1)
    CashDay.objects.filter(kind="bet").update(amount=F("amount") + 1)

    problems = ledger_problems()
    assert len(problems) == 2
    assert problems[0].startswith(f"{key}: its bet hour from ")
    assert problems[1].startswith(f"{key}: its bet day ") and problems[1].endswith("its hours")


@pytest.mark.django_db(transaction=True)
def test_the_migration_marks_the_limited_players_and_builds_their_hours(make_user, funded_player):
    """Players with limits before the cash hours: one who played has their hours built
    from their entries; one who never had money gets a marked cash account, so that their
    first deposit is counted by their deposit limit."""
    played, never_paid = funded_player(10_000), make_user()
    wallet.place_bet(played, 300, key="before", reference="round:crash:1")
    executor = MigrationExecutor(connection)
    executor.migrate([("accounts", "0013_guard_generic_plans"), ("wallet", "0013_generic_plans")])
    try:
        for player in (played, never_paid):
            ProtectionLimit.objects.create(
                protection=protection.protection_of(player),
                kind=Kind.DEPOSIT,
                period=Period.DAY,
                amount=20_000,
            )
        executor = MigrationExecutor(connection)
        executor.loader.build_graph()
        executor.migrate(executor.loader.graph.leaf_nodes())
    finally:
        wallet.open_house_accounts()  # what post_migrate does after `migrate`

    assert wallet.cash_account(never_paid).keeps_hours
    assert CashHour.objects.get(account=wallet.cash_account(played), kind="bet").amount == -300
    assert ledger_problems() == []
    assert protection.protection_problems() == []
    wallet.deposit(never_paid, 15_000, provider="t", provider_reference="a", key="a")
    with pytest.raises(wallet.ProtectionRefusal, match="already deposited"):
        wallet.deposit(never_paid, 6_000, provider="t", provider_reference="b", key="b")
