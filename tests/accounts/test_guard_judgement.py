"""The guard's judgement (accounts_guard_judgement), in the posting's own statement
(accounts_guarded_post): the judgement waits for the player's row lock and then sees what
the request holding it committed; a player without a protection row gets one there; the
row's rules are read and saved from it; a refusal writes nothing."""

from __future__ import annotations

import threading
import time
from datetime import timedelta

import pytest
from django.db import connection, connections, transaction
from django.utils import timezone

from accounts import protection
from accounts.models import PlayerProtection, ProtectionLimit, User
from wallet import services as wallet
from wallet.models import Transaction
from wallet.selectors import cash_balance

Kind, Period = ProtectionLimit.Kind, ProtectionLimit.Period


def _waiting_for_a_lock() -> bool:
    """Whether a backend of this database waits on a lock (read afresh: inside a
    transaction the activity view would repeat its first answer)."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_stat_clear_snapshot()")
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity "
            "WHERE datname = current_database() AND wait_event_type = 'Lock'"
        )
        return cursor.fetchone()[0] > 0


@pytest.mark.django_db(transaction=True)
def test_a_deposit_waiting_on_the_players_lock_is_judged_on_what_the_first_committed(
    make_user,
):
    """The second request's statement starts before the first commits; its judgement must
    still count the first deposit (a snapshot taken after the lock, not when it began)."""
    player = make_user()
    protection.set_limit(player, Kind.DEPOSIT, Period.DAY, 10_000)
    first_locked, second_done = threading.Event(), threading.Event()
    outcome: dict[str, object] = {}

    def first() -> None:
        try:
            with transaction.atomic():
                wallet.deposit(player, 6_000, provider="t", provider_reference="a", key="a")
                first_locked.set()
                deadline = time.monotonic() + 10
                while not _waiting_for_a_lock() and time.monotonic() < deadline:
                    time.sleep(0.01)
                outcome["second waited"] = _waiting_for_a_lock()
        finally:
            connections.close_all()

    def second() -> None:
        try:
            first_locked.wait(10)
            wallet.deposit(player, 6_000, provider="t", provider_reference="b", key="b")
            outcome["second"] = "deposited"
        except wallet.ProtectionRefusal as refusal:
            outcome["second"] = str(refusal)
        finally:
            second_done.set()
            connections.close_all()

    threads = [threading.Thread(target=first), threading.Thread(target=second)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(20)
    assert second_done.is_set()
    assert outcome["second waited"] is True
    assert "already deposited" in str(outcome["second"]), outcome
    assert cash_balance(player) == 6_000


@pytest.mark.django_db
def test_a_player_without_a_protection_row_gets_one_from_their_first_guarded_movement():
    player = User.objects.create(email="rowless@example.com", legal_name="No Row")
    assert not PlayerProtection.objects.filter(user=player).exists()
    wallet.deposit(player, 500, provider="t", provider_reference="first", key="first")
    row = PlayerProtection.objects.get(user=player)
    assert (row.exclusion, row.excluded_until, row.excluded_indefinitely) == ("", None, False)
    wallet.place_bet(player, 100, key="bet", reference="round:1")
    assert PlayerProtection.objects.filter(user=player).count() == 1
    assert cash_balance(player) == 400


@pytest.mark.django_db
def test_a_players_first_stake_starts_the_reality_check_and_leaves_the_rest_of_the_row(
    funded_player,
):
    player = funded_player(10_000)
    protection.set_reality_check(player, 30)
    reviewed, told = timezone.now() - timedelta(days=3), timezone.now() - timedelta(days=2)
    PlayerProtection.objects.filter(user=player).update(
        limits_reviewed=reviewed, reality_check_told=told
    )
    before = timezone.now()
    wallet.place_bet(player, 100, key="first", reference="round:1")
    row = PlayerProtection.objects.get(user=player)
    assert row.play_started >= before
    assert row.reality_check_due == row.play_started + timedelta(minutes=30)
    assert (row.limits_reviewed, row.reality_check_told) == (reviewed, told)
    assert row.reality_check_minutes == 30 and row.exclusion == ""
    wallet.place_bet(player, 100, key="second", reference="round:1")  # the same session
    assert PlayerProtection.objects.get(user=player).play_started == row.play_started


@pytest.mark.django_db
def test_an_exclusion_is_read_from_the_locked_row_with_its_message(funded_player):
    player = funded_player(10_000)
    protection.start_time_out(player, timedelta(days=2))
    with pytest.raises(wallet.ProtectionRefusal, match=r"under time-out until .* Play is closed"):
        wallet.place_bet(player, 100, key="b", reference="round:1")
    with pytest.raises(wallet.ProtectionRefusal, match="Deposits are closed until it ends"):
        wallet.deposit(player, 100, provider="t", provider_reference="d", key="d")


@pytest.mark.django_db
def test_a_stake_refused_for_its_funds_does_not_start_the_reality_check(funded_player):
    """The clock starts with the first stake that is made: the verdict lets the stake
    through, the posting refuses it, and the session's start is not written."""
    player = funded_player(100)
    protection.set_reality_check(player, 30)
    with pytest.raises(wallet.InsufficientFunds):
        wallet.place_bet(player, 500, key="too much", reference="round:1")
    assert PlayerProtection.objects.get(user=player).play_started is None
    wallet.place_bet(player, 100, key="made", reference="round:1")
    assert PlayerProtection.objects.get(user=player).play_started is not None


@pytest.mark.django_db
def test_a_refusal_writes_nothing_and_leaves_the_callers_transaction_usable(funded_player):
    """No savepoint guards a guarded posting: its refusal must write nothing and raise no
    database error, so that the caller's transaction goes on (a table's join, say)."""
    player = funded_player(10_000)
    protection.set_limit(player, Kind.LOSS, Period.DAY, 1_000)
    with transaction.atomic():
        with pytest.raises(wallet.ProtectionRefusal, match="loss limit per 24 hours"):
            wallet.hold_stake(player, "table:9", 5_000, key="over")
        with pytest.raises(wallet.ProtectionRefusal, match="loss limit per 24 hours"):
            wallet.place_bet(player, 5_000, key="over too", reference="round:1")
        wallet.hold_stake(player, "table:9", 500, key="within")
    assert cash_balance(player) == 9_500
    assert not Transaction.objects.filter(idempotency_key__startswith="over").exists()


@pytest.mark.django_db
def test_each_limit_period_refuses_with_its_own_figures(funded_player):
    """Day, then month, then week: the first limit passed is the one the player reads."""
    player = funded_player(100_000)
    protection.set_limit(player, Kind.LOSS, Period.WEEK, 3_000)
    protection.set_limit(player, Kind.LOSS, Period.MONTH, 2_000)
    wallet.place_bet(player, 1_500, key="lost", reference="round:1")
    with pytest.raises(wallet.ProtectionRefusal) as refused:
        wallet.place_bet(player, 600, key="past the month", reference="round:1")
    assert str(refused.value) == (
        "This stake could take your losses past your loss limit per 30 days "
        "(20.00 EUR; net loss so far 15.00 EUR)."
    )
    protection.set_limit(player, Kind.LOSS, Period.DAY, 1_600)
    with pytest.raises(
        wallet.ProtectionRefusal, match=r"per 24 hours \(16\.00 EUR; net loss so far 15\.00"
    ):
        wallet.place_bet(player, 600, key="past the day", reference="round:1")
    wallet.place_bet(player, 100, key="exactly at the day", reference="round:1")
