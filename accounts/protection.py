"""Player protection: deposit and loss limits, reality checks, time-outs and self-exclusion.

The wallet judges a deposit (`DEPOSIT_GUARD`) and a stake (`STAKE_GUARD`) in the statement
that moves the money, before it moves it. Each guard locks the player's `PlayerProtection`
row first, so two requests of one player are checked one after the other: the second sees
what the first committed, and no pair of concurrent requests can pass a limit together.

Spending is read from the ledger itself, never counted a second time here: from the
player's cash days and hours (wallet.models.CashDay, CashHour), which the ledger writes
with the entries in the same statement, and the entries of the hour in which a period
starts. A rolled-back deposit or bet leaves nothing behind to correct, and the totals
cannot drift from the money (`ledger_check` compares them with the entries).

- Limits run over rolling periods (24 hours, 7 days, 30 days); every limit set applies,
  so the lowest one wins. Lowering or setting a limit takes effect at once; raising or
  removing one waits 24 hours (the rules' cooling-off), and a later decrease cancels it.
- Loss is what the player staked less what came back, over the period: holds, bets and
  fees count against it; refunds, settlements, wins and corrections count for it. A
  stake is refused when, lost entirely, it would take the period's loss past the limit.
- Time-out (24 hours to 6 weeks) and self-exclusion (6 months or more, or indefinite)
  start at once and can only be lengthened; the database refuses to shorten them.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db import connection, transaction
from django.db.models import F, Q, Subquery, Sum
from django.utils import timezone

from accounts import sockets
from accounts.models import (
    PlayerProtection,
    ProtectionEvent,
    ProtectionLimit,
    User,
)
from staff.roles import REGULATORS_GROUP
from wallet import services as wallet
from wallet.guards import GuardRefusal, PostingGuard
from wallet.models import Account, Entry, Transaction
from wallet.prepared import execute, prepared_cursor

Kind = ProtectionLimit.Kind
Period = ProtectionLimit.Period
Exclusion = PlayerProtection.Exclusion
EventKind = ProtectionEvent.Kind

PERIOD_LENGTH = {
    Period.DAY: timedelta(days=1),
    Period.WEEK: timedelta(days=7),
    Period.MONTH: timedelta(days=30),
}
INCREASE_DELAY = timedelta(hours=24)
TIME_OUT_MIN = timedelta(hours=24)
TIME_OUT_MAX = timedelta(weeks=6)
SELF_EXCLUSION_MIN_MONTHS = 6
# A play session (for the reality check) ends after this long without a stake.
SESSION_GAP = timedelta(minutes=30)
REALITY_CHECK_CHOICES = (15, 30, 60, 120)

# Ledger movements that are play: the player's result is the sum of their cash entries.
STAKE_KINDS = (Transaction.Kind.HOLD, Transaction.Kind.BET, Transaction.Kind.FEE)
PLAY_KINDS = (
    *STAKE_KINDS,
    Transaction.Kind.RELEASE,
    Transaction.Kind.SETTLE,
    Transaction.Kind.WIN,
    Transaction.Kind.CORRECTION,
)


class ProtectionRefused(GuardRefusal):
    """The movement may not happen; the message can be shown to the player as it is."""


class Excluded(ProtectionRefused):
    pass


class LimitReached(ProtectionRefused):
    pass


class RealityCheckDue(ProtectionRefused):
    pass


class AccountBlocked(ProtectionRefused):
    pass


class NotAPlayer(ProtectionRefused):
    """Staff and regulator accounts: they oversee play and have no wallet play at all."""


class ProtectionError(Exception):
    """A settings change that the rules do not allow (e.g. shortening an exclusion)."""


# --- the rows ---------------------------------------------------------------------------


def protection_of(user: User) -> PlayerProtection:
    """The player's row, created on first use (no lock)."""
    protection, _ = PlayerProtection.objects.get_or_create(user_id=user.pk)
    return protection


def lock_player(user: User) -> PlayerProtection:
    """The row lock that serialises one player's money actions: taken first by a service
    whose check must see what the player's previous request committed (a purchase already
    made, the number of tables already open)."""
    return _locked(user)


# The protection row's columns, in the model's order (from_db builds the row from them).
_PROTECTION_FIELDS = [field.attname for field in PlayerProtection._meta.concrete_fields]
_PROTECTION_COLUMNS = [field.column for field in PlayerProtection._meta.concrete_fields]
# Raw and prepared (wallet/prepared.py): services that serialise a player's actions
# (lock_player) and withdrawals run it first, and the ORM's query building cost more
# client time than the statement's round trip. Deposits and stakes lock the row in their
# judgement's function instead (below).
_LOCK_PROTECTION_SQL = (
    f"SELECT {', '.join(_PROTECTION_COLUMNS)} FROM accounts_playerprotection "
    "WHERE user_id = %s FOR UPDATE"
)


def _locked(user: User) -> PlayerProtection:
    """The player's row under FOR UPDATE, in one statement once it exists. Created
    without a unique-violation race: two first-ever requests both insert-or-skip, then
    both queue on the same row lock."""
    with prepared_cursor() as cursor:
        execute(cursor, _LOCK_PROTECTION_SQL, [user.pk])
        row = cursor.fetchone()
        if row is None:
            execute(
                cursor,
                "INSERT INTO accounts_playerprotection "
                "(user_id, exclusion, excluded_indefinitely, updated) "
                "VALUES (%s, '', false, now()) ON CONFLICT (user_id) DO NOTHING",
                [user.pk],
            )
            execute(cursor, _LOCK_PROTECTION_SQL, [user.pk])
            row = cursor.fetchone()
    return PlayerProtection.from_db(connection.alias, _PROTECTION_FIELDS, row)


def _record(user: User, event: str, actor: User | None = None, **details) -> None:
    ProtectionEvent.objects.create(user_id=user.pk, kind=event, actor=actor, details=details)


# --- reading the rules ------------------------------------------------------------------


def exclusion_active(protection: PlayerProtection, now: datetime | None = None) -> bool:
    return exclusion_in_force(protection.excluded_indefinitely, protection.excluded_until, now)


def exclusion_in_force(
    indefinitely: bool, until: datetime | None, now: datetime | None = None
) -> bool:
    return indefinitely or (until is not None and until > (now or timezone.now()))


def is_excluded(user: User) -> bool:
    """For pages and middleware: no lock, no row created."""
    protection = PlayerProtection.objects.filter(user_id=user.pk).first()
    return protection is not None and exclusion_active(protection)


def exclusion_message(protection: PlayerProtection) -> str:
    what = protection.get_exclusion_display().lower()
    if protection.excluded_indefinitely:
        return f"Your account is under {what} with no end date."
    until = timezone.localtime(protection.excluded_until).strftime("%d %b %Y %H:%M")
    return f"Your account is under {what} until {until}."


def effective_amount(limit: ProtectionLimit, now: datetime) -> int | None:
    """The amount in force now: a pending increase counts once its time has come."""
    if limit.pending_from is not None and limit.pending_from <= now:
        return limit.pending_amount
    return limit.amount


def limits_in_force(user: User, kind: str, now: datetime) -> dict[str, int]:
    """{period: amount} of every limit of this kind in force now."""
    in_force = {}
    for limit in ProtectionLimit.objects.filter(protection__user_id=user.pk, kind=kind):
        amount = effective_amount(limit, now)
        if amount is not None:
            in_force[limit.period] = amount
    return in_force


def _cash_entries(user: User, kinds, since: datetime):
    return Entry.objects.filter(
        account__key=f"cash:user:{user.pk}",
        transaction__kind__in=kinds,
        transaction__created__gte=since,
    )


def has_deposited(user: User) -> bool:
    return Entry.objects.filter(
        account__key=f"cash:user:{user.pk}", transaction__kind=Transaction.Kind.DEPOSIT
    ).exists()


def has_staked(user: User) -> bool:
    return Entry.objects.filter(
        account__key=f"cash:user:{user.pk}", transaction__kind__in=STAKE_KINDS
    ).exists()


# Players with limits are asked to look at them again this long after they last did.
LIMITS_REVIEW_AFTER = timedelta(days=183)


def limits_review_due(user: User, now: datetime | None = None) -> bool:
    """Whether to ask the player to review their limits: they have some, and have not
    looked at them for six months."""
    looked = User.objects.filter(pk=user.pk).values(**limits_review_columns(user)).first()
    return looked is not None and limits_review_is_due(**looked, now=now)


def limits_review_columns(user: User) -> dict[str, Subquery]:
    """When the player last looked at their limits and last set one, as columns of another
    query (the page header reads them with the rest of what it shows; no row created)."""
    return {
        "limits_reviewed": Subquery(
            PlayerProtection.objects.filter(user_id=user.pk).values("limits_reviewed")[:1]
        ),
        "limits_set": Subquery(
            ProtectionLimit.objects.filter(protection__user_id=user.pk)
            .order_by("-updated")
            .values("updated")[:1]
        ),
    }


def limits_review_is_due(
    limits_reviewed: datetime | None, limits_set: datetime | None, now: datetime | None = None
) -> bool:
    if limits_set is None:  # no limits to review
        return False
    reviewed = max(filter(None, (limits_reviewed, limits_set)))
    return (now or timezone.now()) - reviewed >= LIMITS_REVIEW_AFTER


@transaction.atomic
def review_limits(user: User) -> None:
    """The player looked at their limits and keeps them as they are."""
    protection = _locked(user)
    protection.limits_reviewed = timezone.now()
    protection.save(update_fields=["limits_reviewed", "updated"])
    _record(user, EventKind.LIMITS_REVIEWED, actor=user)


def net_result_since(user: User, since: datetime) -> int:
    """What play returned less what it took, since `since`: negative is a loss."""
    return _cash_entries(user, PLAY_KINDS, since).aggregate(s=Sum("amount"))["s"] or 0


# --- the guards the wallet calls --------------------------------------------------------

_STANDING_SQL = """
SELECT u.is_active, u.blocked_at IS NOT NULL, u.is_staff OR u.is_superuser,
       EXISTS (SELECT 1 FROM accounts_user_groups ug JOIN auth_group g ON g.id = ug.group_id
               WHERE ug.user_id = u.id AND g.name = %s)
FROM accounts_user u WHERE u.id = %s
"""
# Under FOR KEY SHARE: blocking an account (a FOR UPDATE of this row) waits for the money
# actions already judged, and every later one sees the block.
_STANDING_LOCKED_SQL = _STANDING_SQL + "FOR KEY SHARE OF u"


def _standing(user: User, sql: str) -> ProtectionRefused | None:
    with connection.cursor() as cursor:
        cursor.execute(sql, [REGULATORS_GROUP, user.pk])
        return _standing_refusal(cursor.fetchone())


def _standing_refusal(row) -> ProtectionRefused | None:
    """(active, blocked, staff, regulator) of the account, or None when it is gone."""
    if row is None or not row[0] or row[1]:
        return _blocked()
    if row[2] or row[3]:
        return _not_a_player()
    return None


def _blocked() -> AccountBlocked:
    return AccountBlocked("This account is blocked: it cannot deposit, play or withdraw.")


def _not_a_player() -> NotAPlayer:
    return NotAPlayer(
        "Staff and regulator accounts cannot deposit, play or withdraw: "
        "use a player account to play."
    )


def check_standing(user: User) -> None:
    """The account as the database holds it now, not as the caller loaded it (a socket
    opened before a block, a page loaded before a role changed). The guards below ask it
    first; a play action that moves no money at once (a Crash cash-out) asks it too."""
    refusal = _standing(user, _STANDING_LOCKED_SQL)
    if refusal is not None:
        raise refusal


def standing_message(user: User) -> str:
    """For pages, before anything is sent (no lock): why this account may not play, or
    "" when it may. The guards decide again when money would move."""
    refusal = _standing(user, _STANDING_SQL)
    return "" if refusal is None else refusal.message


def guard_withdrawal(user: User, amount: int, *, key: str | None = None) -> None:
    """Inside a withdrawal request's transaction. An exclusion does not stop it: players
    under time-out or self-exclusion may always take their balance out."""
    _locked(user)
    check_standing(user)


def _array_literal(kinds) -> str:
    """The kinds as PostgreSQL's text of an array: psycopg sends a str untyped, the server
    reads it as the function's text[]; a list would be dumped element by element, 13 us
    each time (a tenth of the guard's client time). Written without quoting: only for the
    Transaction.Kind values, which hold no comma, quote, brace or space."""
    return "{" + ",".join(kinds) + "}"


# Plain strings, not the choices' enum members: psycopg dumps them without a type search.
_DEPOSIT_LIMIT, _LOSS_LIMIT = Kind.DEPOSIT.value, Kind.LOSS.value
_DEPOSIT_KINDS = _array_literal([Transaction.Kind.DEPOSIT])
_PLAY_KINDS = _array_literal(PLAY_KINDS)
_STAKE_KINDS = _array_literal(STAKE_KINDS)


# A deposit's or a stake's guard, judged in its posting's statement: the function
# accounts_guarded_post (migration 0012) runs accounts_guard_judgement (0011), which locks
# the player's protection row (creating it should it be missing), then reads, in a
# statement of its own whose snapshot sees everything the player's previous request
# committed: the account's standing (under FOR KEY SHARE, as check_standing), whether the
# key already moved money, the limits of one kind in force per period, what the player's
# cash moved in the counted kinds per period, from their cash days and hours (accounts
# 0014; read only when a limit is set, or for a reality check) with their last stake in
# the session, and the row's exclusion and reality check.
# The function's verdict follows the rules in this module's docstring; only when it lets
# the money move does the function post, and start a reality check's clock at the first
# stake of a session. Python words its refusals (below).


def _judged_arguments(limit: str, kinds: str, *, staking: bool):
    """The guard's arguments of accounts_guarded_post, for a user, amount and key."""

    def arguments(user: User, amount: int, key: str) -> tuple:
        now = timezone.now()
        return (
            user.pk,
            f"cash:user:{user.pk}",
            key,
            limit,
            kinds,
            _STAKE_KINDS,
            staking,  # a stake's guard also reads the session (the reality check)
            now,
            now - PERIOD_LENGTH[Period.DAY],
            now - PERIOD_LENGTH[Period.WEEK],
            now - PERIOD_LENGTH[Period.MONTH],
            now - SESSION_GAP,
            REGULATORS_GROUP,
            amount,
        )

    return arguments


@dataclass(frozen=True, slots=True)
class _Verdict:
    """accounts_guarded_post's verdict columns, when it refused."""

    refusal: str  # 'blocked', 'not a player', 'excluded', 'reality check' or 'limit'
    period: str | None  # of the limit passed, with the limit and what it counted so far
    limit: int | None
    counted: int | None
    exclusion: str | None
    excluded_until: datetime | None
    excluded_indefinitely: bool | None

    def standing_refusal(self) -> ProtectionRefused | None:
        if self.refusal == "blocked":
            return _blocked()
        if self.refusal == "not a player":
            return _not_a_player()
        return None

    def exclusion_message(self) -> str:
        return exclusion_message(
            PlayerProtection(
                exclusion=self.exclusion,
                excluded_until=self.excluded_until,
                excluded_indefinitely=self.excluded_indefinitely,
            )
        )

    def period_label(self) -> str:
        return Period(self.period).label


def _deposit_refusal(row) -> ProtectionRefused:
    verdict = _Verdict(*row)
    if refusal := verdict.standing_refusal():
        return refusal
    if verdict.refusal == "excluded":
        return Excluded(verdict.exclusion_message() + " Deposits are closed until it ends.")
    return LimitReached(
        f"This deposit would pass your deposit limit per {verdict.period_label()} "
        f"({_money(verdict.limit)}; already deposited {_money(verdict.counted)})."
    )


def _stake_refusal(row) -> ProtectionRefused:
    verdict = _Verdict(*row)
    if refusal := verdict.standing_refusal():
        return refusal
    if verdict.refusal == "excluded":
        return Excluded(verdict.exclusion_message() + " Play is closed until it ends.")
    if verdict.refusal == "reality check":
        return RealityCheckDue(
            "Time for a reality check: please read and acknowledge it on your "
            "responsible gaming page before your next stake."
        )
    return LimitReached(
        f"This stake could take your losses past your loss limit per "
        f"{verdict.period_label()} ({_money(verdict.limit)}; "
        f"net loss so far {_money(verdict.counted)})."
    )


_VERDICT_COLUMNS = len(_Verdict.__slots__)

DEPOSIT_GUARD = PostingGuard(
    function="accounts_guarded_post",
    arguments=_judged_arguments(_DEPOSIT_LIMIT, _DEPOSIT_KINDS, staking=False),
    verdict_columns=_VERDICT_COLUMNS,
    refusal=_deposit_refusal,
)
STAKE_GUARD = PostingGuard(
    function="accounts_guarded_post",
    arguments=_judged_arguments(_LOSS_LIMIT, _PLAY_KINDS, staking=True),
    verdict_columns=_VERDICT_COLUMNS,
    refusal=_stake_refusal,
)


def _money(amount: int) -> str:
    from wallet.money import format_minor

    return format_minor(amount)


def protection_problems() -> list[str]:
    """For `ledger_check`: every player whose limits or reality check read the cash hours
    has a cash account that keeps them (set_limit and set_reality_check see to it; a limit
    written any other way would count nothing the player played)."""
    keeping = Account.objects.filter(kind=Account.Kind.CASH, keeps_hours=True)
    unkept = (
        PlayerProtection.objects.filter(
            Q(reality_check_minutes__isnull=False) | Q(limits__isnull=False)
        )
        .exclude(user_id__in=keeping.values("owner_id"))
        .values_list("user_id", flat=True)
        .distinct()
    )
    return [
        f"player {user_id} has limits but their cash account keeps no hours" for user_id in unkept
    ]


# --- the reality check ------------------------------------------------------------------


@dataclass(frozen=True)
class RealityCheck:
    due: bool
    played: timedelta
    net_result: int
    interval_minutes: int | None


def reality_check(user: User, now: datetime | None = None) -> RealityCheck:
    now = now or timezone.now()
    protection = protection_of(user)
    started = protection.play_started
    return RealityCheck(
        due=bool(
            protection.reality_check_minutes
            and protection.reality_check_due
            and protection.reality_check_due <= now
        ),
        played=(now - started) if started else timedelta(0),
        net_result=net_result_since(user, started) if started else 0,
        interval_minutes=protection.reality_check_minutes,
    )


def announce_due_reality_checks(now: datetime | None = None) -> int:
    """Tell every player whose reality check has come due, on whatever page they have open
    (a game, a round, the lobby), at once rather than at their next stake; each due moment
    is announced once. Returns how many were told."""
    now = now or timezone.now()
    due = PlayerProtection.objects.filter(
        reality_check_minutes__isnull=False, reality_check_due__lte=now
    ).exclude(reality_check_told__gte=F("reality_check_due"))
    told = 0
    for protection in due.select_related("user"):
        claimed = (
            PlayerProtection.objects.filter(pk=protection.pk)
            .exclude(reality_check_told__gte=F("reality_check_due"))
            .update(reality_check_told=F("reality_check_due"))
        )
        if not claimed:
            continue  # another run told them
        check = reality_check(protection.user, now)
        minutes = int(check.played.total_seconds() // 60)
        sockets.tell(
            protection.user_id,
            {
                "type": "reality_check",
                "played_minutes": minutes,
                "net_result": check.net_result,
                "text": (
                    f"You have been playing for {minutes} minutes; your result in this "
                    f"session is {_money(check.net_result)}."
                ),
            },
        )
        told += 1
    return told


@transaction.atomic
def acknowledge_reality_check(user: User) -> None:
    now = timezone.now()
    protection = _locked(user)
    check = reality_check(user, now)
    if protection.reality_check_minutes:
        protection.reality_check_due = now + timedelta(minutes=protection.reality_check_minutes)
        protection.save(update_fields=["reality_check_due", "updated"])
    _record(
        user,
        EventKind.REALITY_CHECK_ACKNOWLEDGED,
        actor=user,
        played_seconds=int(check.played.total_seconds()),
        net_result=check.net_result,
    )


@transaction.atomic
def set_reality_check(user: User, minutes: int | None, *, actor: User | None = None) -> None:
    if minutes is not None and minutes not in REALITY_CHECK_CHOICES:
        raise ProtectionError("Choose one of the offered intervals.")
    protection = _locked(user)
    if minutes is not None:
        wallet.keep_cash_hours(user)
    protection.reality_check_minutes = minutes
    # A running session gets its first reminder one new interval from now.
    protection.reality_check_due = (
        timezone.now() + timedelta(minutes=minutes) if minutes and protection.play_started else None
    )
    protection.save(update_fields=["reality_check_minutes", "reality_check_due", "updated"])
    _record(user, EventKind.REALITY_CHECK_SET, actor=actor or user, minutes=minutes)


# --- limits -------------------------------------------------------------------------------


@transaction.atomic
def set_limit(
    user: User,
    kind: str,
    period: str,
    amount: int | None,
    *,
    actor: User | None = None,
    now: datetime | None = None,
) -> ProtectionLimit:
    """Set, lower, raise or remove (amount None) one limit. Stricter takes effect now;
    looser waits 24 hours."""
    if kind not in Kind.values or period not in Period.values:
        raise ProtectionError("Unknown limit.")
    if amount is not None and (isinstance(amount, bool) or not isinstance(amount, int)):
        raise ProtectionError("A limit is a whole number of minor units.")
    if amount is not None and amount < 0:
        raise ProtectionError("A limit cannot be negative.")
    now = now or timezone.now()
    protection = _locked(user)
    wallet.keep_cash_hours(user)
    limit, _ = ProtectionLimit.objects.select_for_update().get_or_create(
        protection=protection, kind=kind, period=period
    )
    current = effective_amount(limit, now)
    stricter = amount is not None and (current is None or amount <= current)
    if stricter:
        limit.amount, limit.pending_amount, limit.pending_from = amount, None, None
        _record(
            user,
            EventKind.LIMIT_SET,
            actor=actor or user,
            kind=kind,
            period=period,
            amount=amount,
            previous=current,
        )
    else:
        limit.amount = current
        limit.pending_amount, limit.pending_from = amount, now + INCREASE_DELAY
        _record(
            user,
            EventKind.LIMIT_PENDING,
            actor=actor or user,
            kind=kind,
            period=period,
            amount=amount,
            previous=current,
            effective=limit.pending_from.isoformat(),
        )
    limit.save()
    return limit


# --- time-out and self-exclusion ----------------------------------------------------------


def add_months(moment: datetime, months: int) -> datetime:
    month = moment.month - 1 + months
    year, month = moment.year + month // 12, month % 12 + 1
    for day in range(moment.day, 0, -1):
        try:
            return moment.replace(year=year, month=month, day=day)
        except ValueError:
            continue
    raise ValueError(moment)


@transaction.atomic
def start_time_out(user: User, length: timedelta, *, actor: User | None = None) -> PlayerProtection:
    if not TIME_OUT_MIN <= length <= TIME_OUT_MAX:
        raise ProtectionError("A time-out lasts from 24 hours to 6 weeks.")
    return _exclude(user, Exclusion.TIME_OUT, timezone.now() + length, actor=actor)


@transaction.atomic
def self_exclude(user: User, months: int | None, *, actor: User | None = None) -> PlayerProtection:
    """`months` None: indefinite."""
    if months is not None and months < SELF_EXCLUSION_MIN_MONTHS:
        raise ProtectionError("Self-exclusion lasts at least 6 months.")
    until = None if months is None else add_months(timezone.now(), months)
    return _exclude(user, Exclusion.SELF_EXCLUSION, until, actor=actor)


def _exclude(user: User, kind: str, until: datetime | None, *, actor) -> PlayerProtection:
    now = timezone.now()
    protection = _locked(user)
    if exclusion_active(protection, now):
        shorter = protection.excluded_indefinitely or (
            until is not None and until < protection.excluded_until
        )
        if shorter:
            raise ProtectionError(
                exclusion_message(protection) + " It cannot be shortened, only lengthened."
            )
        if protection.exclusion == Exclusion.SELF_EXCLUSION:
            kind = Exclusion.SELF_EXCLUSION  # a time-out on top does not soften it
    protection.exclusion = kind
    protection.excluded_until = until
    protection.excluded_indefinitely = until is None
    protection.save(
        update_fields=["exclusion", "excluded_until", "excluded_indefinitely", "updated"]
    )
    _record(
        user,
        EventKind.SELF_EXCLUSION if kind == Exclusion.SELF_EXCLUSION else EventKind.TIME_OUT,
        actor=actor or user,
        until=until.isoformat() if until else None,
    )
    message = exclusion_message(protection)
    transaction.on_commit(lambda: sockets.close_sockets(user.pk, sockets.EXCLUDED, message))
    return protection
