"""Player protection: limits at their boundaries and under concurrent requests, reality
checks, time-outs and self-exclusion on every money path and on log-in to play."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import IntegrityError, transaction
from django.urls import reverse
from django.utils import timezone

from accounts import protection
from accounts.models import PlayerProtection, ProtectionEvent, ProtectionLimit
from tests.threads import in_threads
from wallet import services as wallet
from wallet.invariants import ledger_problems
from wallet.selectors import cash_balance

Kind, Period = ProtectionLimit.Kind, ProtectionLimit.Period


def guarded_deposit(user, amount: int, key: str):
    return _guard_refusal_raised(
        lambda: wallet.deposit(user, amount, provider="demo", provider_reference=key, key=key)
    )


def guarded_hold(user, amount: int, key: str, table: str = "table:1"):
    return _guard_refusal_raised(lambda: wallet.hold_stake(user, table, amount, key=key))


def guarded_bet(user, amount: int, key: str):
    return _guard_refusal_raised(
        lambda: wallet.place_bet(user, amount, key=key, reference="round:crash:1")
    )


def _guard_refusal_raised(movement):
    """The wallet's services judge every deposit and stake by the player's protection, and
    raise its refusal as theirs (wallet.ProtectionRefusal) from the guard's own: which
    rule refused is the guard's."""
    try:
        return movement()
    except wallet.ProtectionRefusal as refusal:
        assert isinstance(refusal.__cause__, protection.ProtectionRefused)
        raise refusal.__cause__ from None


# --- deposit limits ---------------------------------------------------------------------


@pytest.mark.django_db
def test_a_deposit_limit_admits_exactly_up_to_its_amount(make_user):
    player = make_user()
    protection.set_limit(player, Kind.DEPOSIT, Period.DAY, 10_000)
    guarded_deposit(player, 6_000, "d1")
    guarded_deposit(player, 4_000, "d2")  # exactly at the limit
    with pytest.raises(protection.LimitReached):
        guarded_deposit(player, 1, "d3")  # one minor unit over
    assert cash_balance(player) == 10_000


@pytest.mark.django_db
def test_the_lowest_applicable_limit_wins(make_user):
    player = make_user()
    protection.set_limit(player, Kind.DEPOSIT, Period.MONTH, 5_000)
    protection.set_limit(player, Kind.DEPOSIT, Period.DAY, 20_000)
    with pytest.raises(protection.LimitReached, match="30 days"):
        guarded_deposit(player, 5_001, "d1")
    guarded_deposit(player, 5_000, "d2")


@pytest.mark.django_db
def test_a_retried_deposit_is_a_replay_not_a_refusal(make_user):
    player = make_user()
    protection.set_limit(player, Kind.DEPOSIT, Period.DAY, 1_000)
    first = guarded_deposit(player, 1_000, "same")
    again = guarded_deposit(player, 1_000, "same")
    assert again.transaction.pk == first.transaction.pk and not again.created
    assert cash_balance(player) == 1_000


@pytest.mark.django_db
def test_decreases_apply_at_once_and_increases_after_24_hours(make_user):
    player = make_user()
    start = timezone.now()
    protection.set_limit(player, Kind.DEPOSIT, Period.DAY, 1_000, now=start)
    limit = protection.set_limit(player, Kind.DEPOSIT, Period.DAY, 5_000, now=start)
    assert protection.effective_amount(limit, start) == 1_000
    assert protection.effective_amount(limit, start + timedelta(hours=23, minutes=59)) == 1_000
    assert protection.effective_amount(limit, start + timedelta(hours=24)) == 5_000
    # A decrease while the increase waits cancels it, at once.
    limit = protection.set_limit(player, Kind.DEPOSIT, Period.DAY, 500, now=start)
    assert protection.effective_amount(limit, start) == 500
    assert protection.effective_amount(limit, start + timedelta(days=2)) == 500
    # Removing a limit is an increase too.
    limit = protection.set_limit(player, Kind.DEPOSIT, Period.DAY, None, now=start)
    assert protection.effective_amount(limit, start + timedelta(hours=1)) == 500
    assert protection.effective_amount(limit, start + timedelta(hours=25)) is None
    kinds = list(
        ProtectionEvent.objects.filter(user=player).order_by("id").values_list("kind", flat=True)
    )
    assert kinds == ["limit_set", "limit_pending", "limit_set", "limit_pending"]


@pytest.mark.django_db
def test_a_pending_increase_is_not_used_before_its_time(make_user):
    player = make_user()
    protection.set_limit(player, Kind.DEPOSIT, Period.DAY, 1_000)
    protection.set_limit(player, Kind.DEPOSIT, Period.DAY, 9_000)
    with pytest.raises(protection.LimitReached):
        guarded_deposit(player, 1_001, "d1")


# --- loss limits ------------------------------------------------------------------------


@pytest.mark.django_db
def test_a_loss_limit_counts_stakes_less_returns(funded_player):
    player = funded_player(100_000)
    protection.set_limit(player, Kind.LOSS, Period.WEEK, 3_000)
    guarded_bet(player, 2_000, "b1")
    wallet.pay_wins({player: 1_500}, key="w1", reference="round:crash:1")  # net loss 500
    guarded_bet(player, 2_500, "b2")  # could lose 3,000 in all: exactly the limit
    with pytest.raises(protection.LimitReached):
        guarded_bet(player, 1, "b3")
    # A refunded hold gives the room back.
    wallet.pay_wins({player: 2_500}, key="w2", reference="round:crash:2")
    guarded_hold(player, 2_500, "h1")
    with pytest.raises(protection.LimitReached):
        guarded_hold(player, 1, "h2")
    assert ledger_problems() == []


# --- concurrency: threads on real connections -------------------------------------------


@pytest.mark.django_db(transaction=True)
def test_concurrent_deposits_cannot_pass_a_deposit_limit_together(make_user):
    player = make_user()
    protection.set_limit(player, Kind.DEPOSIT, Period.DAY, 10_000)
    results = in_threads(20, lambda i: guarded_deposit(player, 1_000, f"c{i}"))
    made = [r for r in results if isinstance(r, wallet.Posting)]
    refused = [r for r in results if isinstance(r, protection.LimitReached)]
    assert len(made) == 10 and len(refused) == 10, results
    assert cash_balance(player) == 10_000
    assert ledger_problems() == []


@pytest.mark.django_db(transaction=True)
def test_concurrent_first_deposits_of_a_new_player_create_one_protection_row(make_user):
    player = make_user()
    results = in_threads(10, lambda i: guarded_deposit(player, 100, f"n{i}"))
    assert all(isinstance(r, wallet.Posting) for r in results), results
    assert PlayerProtection.objects.filter(user=player).count() == 1


@pytest.mark.django_db(transaction=True)
def test_concurrent_stakes_cannot_pass_a_loss_limit_together(funded_player):
    player = funded_player(100_000)
    protection.set_limit(player, Kind.LOSS, Period.DAY, 5_000)

    def stake(i):
        if i % 2:
            return guarded_bet(player, 1_000, f"b{i}")
        return guarded_hold(player, 1_000, f"h{i}", table=f"table:{i}")

    results = in_threads(16, stake)
    made = [r for r in results if isinstance(r, wallet.Posting)]
    assert len(made) == 5, results
    assert all(isinstance(r, protection.LimitReached) for r in results if r not in made), results
    assert cash_balance(player) == 95_000
    assert ledger_problems() == []


# --- reality checks ---------------------------------------------------------------------


@pytest.mark.django_db
def test_a_due_reality_check_stops_the_next_stake_until_acknowledged(client, funded_player):
    player = funded_player(10_000)
    protection.set_reality_check(player, 15)
    guarded_bet(player, 100, "b1")  # starts the session and its clock
    PlayerProtection.objects.filter(user=player).update(
        play_started=timezone.now() - timedelta(minutes=16),
        reality_check_due=timezone.now() - timedelta(minutes=1),
    )
    with pytest.raises(protection.RealityCheckDue):
        guarded_bet(player, 100, "b2")
    check = protection.reality_check(player)
    assert check.due and check.net_result == -100
    assert check.played >= timedelta(minutes=16)
    client.force_login(player)
    page = client.get(reverse("accounts:responsible")).content.decode()
    assert "Playing for</dt><dd>16 min</dd>" in page
    protection.acknowledge_reality_check(player)
    guarded_bet(player, 100, "b3")
    assert ProtectionEvent.objects.filter(user=player, kind="reality_check_ack").exists()


# --- time-out and self-exclusion ---------------------------------------------------------


@pytest.mark.django_db
def test_time_out_bounds(make_user):
    player = make_user()
    with pytest.raises(protection.ProtectionError):
        protection.start_time_out(player, timedelta(hours=23))
    with pytest.raises(protection.ProtectionError):
        protection.start_time_out(player, timedelta(weeks=6, seconds=1))
    with pytest.raises(protection.ProtectionError):
        protection.self_exclude(player, 5)
    protection.start_time_out(player, timedelta(hours=24))
    assert protection.is_excluded(player)


@pytest.mark.django_db
def test_self_exclusion_blocks_every_money_path_but_withdrawal(funded_player):
    player = funded_player(10_000)
    protection.self_exclude(player, 6)
    with pytest.raises(protection.Excluded):
        guarded_deposit(player, 100, "d")
    with pytest.raises(protection.Excluded):
        guarded_hold(player, 100, "h")
    with pytest.raises(protection.Excluded):
        guarded_bet(player, 100, "b")
    with pytest.raises(wallet.ProtectionRefusal, match="Play is closed"):
        wallet.charge_fee(player, 100, key="f", reference="tournament:1", memo="Entry fee")
    wallet.request_withdrawal(player, 10_000, key="out")  # their money stays theirs
    assert cash_balance(player) == 0


@pytest.mark.django_db
def test_an_exclusion_cannot_be_shortened_by_the_service_or_in_the_database(make_user):
    player = make_user()
    protection.start_time_out(player, timedelta(weeks=2))
    with pytest.raises(protection.ProtectionError):
        protection.start_time_out(player, timedelta(days=3))
    protection.start_time_out(player, timedelta(weeks=3))  # lengthening is allowed
    protection.self_exclude(player, None)
    with pytest.raises(protection.ProtectionError):
        protection.self_exclude(player, 12)
    row = PlayerProtection.objects.get(user=player)
    assert row.excluded_indefinitely
    # Staff with a SQL prompt cannot do it either.
    with pytest.raises(IntegrityError), transaction.atomic():
        PlayerProtection.objects.filter(pk=row.pk).update(excluded_indefinitely=False)
    with pytest.raises(IntegrityError), transaction.atomic():
        PlayerProtection.objects.filter(pk=row.pk).delete()
    with pytest.raises(IntegrityError), transaction.atomic():
        ProtectionEvent.objects.filter(user=player).delete()


@pytest.mark.django_db
def test_an_excluded_player_logs_in_to_see_history_but_not_to_play(client, make_user, settings):
    settings.MIDDLEWARE = [*settings.MIDDLEWARE, "accounts.middleware.PlayBlockMiddleware"]
    player = make_user()
    protection.start_time_out(player, timedelta(days=1))
    client.force_login(player)
    for name in ("lobby:index", "casino:index", "casino:crash", "casino:keno"):
        response = client.get(reverse(name))
        assert response.status_code == 302, name
        assert response["Location"] == reverse("accounts:responsible")
    for name in ("reports:history", "accounts:index", "accounts:responsible", "wallet:index"):
        assert client.get(reverse(name)).status_code == 200, name
    assert client.get(reverse("games:play", args=[1])).status_code == 302


@pytest.mark.django_db
def test_the_settings_page_sets_limits_and_exclusions(client, make_user):
    player = make_user()
    client.force_login(player)
    page = client.get(reverse("accounts:responsible"))
    assert page.status_code == 200 and b"Deposit limit" in page.content
    client.post(
        reverse("accounts:responsible"),
        {"action": "limit", "kind": "deposit", "period": "week", "amount": "25.00"},
    )
    assert protection.limits_in_force(player, Kind.DEPOSIT, timezone.now()) == {"week": 2_500}
    client.post(reverse("accounts:responsible"), {"action": "time_out", "days": "7"})
    assert protection.is_excluded(player)
    page = client.get(reverse("accounts:responsible"))
    assert b"Time-out" in page.content


@pytest.mark.parametrize(
    "seconds, spoken",
    [
        (0, "less than a minute"),
        (59, "less than a minute"),
        (60, "1 min"),
        (59 * 60 + 59, "59 min"),
        (3600, "1 h"),
        (3600 + 5 * 60 + 30, "1 h 5 min"),
        (26 * 3600, "26 h"),
    ],
)
def test_played_time_reads_as_hours_and_minutes(seconds, spoken):
    from accounts.templatetags.durations import spoken_duration

    assert spoken_duration(timedelta(seconds=seconds)) == spoken
