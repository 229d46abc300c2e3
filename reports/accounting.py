"""The player accounting reports, from the ledger alone (docs/architecture.md, "Reports"):

- the daily player account summary: per player and day with a movement, the cash
  account's opening balance, its movements by kind, and its closing balance; each row
  adds up (opening + deposits - withdrawals - stakes + wins - fees + adjustments +
  corrections == closing) and its closing is the account's balance after its last entry;
- the player session report: each log-in to its log-out (or the end of its session), with
  the games and rounds played and the stakes and wins in it;
- the daily liability report: what the operator owes players at the end of each day: their
  cash, the stakes held in escrow and the withdrawals requested and not yet paid.

Stakes are what left the cash account to be played (stakes held and bets) less what came
back unplayed (a stake refunded: a table that never started, a void game, a void round);
wins are settlements and round wins. A Double stake reserve comes back inside its game's
settlement, so here it nets out of the wins, never out of the stakes.
"""

from __future__ import annotations

from collections import defaultdict
from datetime import UTC, datetime, timedelta

from django.db.models import Count, F, Max, Min, Q, Sum
from django.db.models.functions import TruncDate
from django.utils import timezone

from casino.models import Bet
from games.models import Game, GameSeat
from reports.models import PlayerSession
from reports.report import Filters, Report
from wallet.models import Account, Entry

_VOID_ROUND_REFUND = Q(transaction__kind="win", transaction__idempotency_key__endswith=":void")
# Each cash entry belongs to exactly one of these, by its transaction (the report's sum
# then is the account's movement, to the minor unit). Signs: as the account sees them.
MOVEMENTS = {
    "deposits": Q(transaction__kind="deposit"),
    "withdrawals": Q(transaction__kind__startswith="withdrawal"),
    "stakes": Q(transaction__kind__in=["hold", "bet", "release"]) | _VOID_ROUND_REFUND,
    "wins": Q(transaction__kind="settle") | (Q(transaction__kind="win") & ~_VOID_ROUND_REFUND),
    "fees": Q(transaction__kind="fee"),
    "adjustments": Q(transaction__kind__in=["adjustment", "transfer"]),
    "corrections": Q(transaction__kind="correction"),
}
# Money going out of the account is shown as a positive amount of these.
OUTGOING = {"withdrawals", "stakes", "fees"}


def _cash_entries(since: datetime, until: datetime, player_id: int | None = None):
    entries = Entry.objects.filter(
        account__kind=Account.Kind.CASH,
        account__owner__isnull=False,
        transaction__created__gte=since,
        transaction__created__lt=until,
    )
    return entries.filter(account__owner_id=player_id) if player_id else entries


def movements(entries) -> dict:
    """The entries' sums per movement, outgoing ones as positive amounts."""
    sums = entries.aggregate(
        **{name: Sum("amount", filter=where) for name, where in MOVEMENTS.items()}
    )
    return {name: (-(v or 0) if name in OUTGOING else v or 0) for name, v in sums.items()}


# --- the daily player account summary -----------------------------------------------------

SUMMARY_COLUMNS = [
    "day",
    "player",
    "opening",
    *MOVEMENTS,
    "closing",
    "rake_share",
    "entries",
]


def _summary_rows(f: Filters) -> list[list]:
    grouped = (
        _cash_entries(f.period.since, f.period.until, f.player_id)
        .annotate(day=TruncDate("transaction__created", tzinfo=UTC))
        .values("day", "account__owner_id")
        .annotate(
            first=Min("id"),
            last=Max("id"),
            entries=Count("id"),
            **{name: Sum("amount", filter=where) for name, where in MOVEMENTS.items()},
        )
        .order_by("day", "account__owner_id")
    )
    grouped = list(grouped)
    ends = [g["first"] for g in grouped] + [g["last"] for g in grouped]
    balances = {
        pk: (after, amount)
        for pk, after, amount in Entry.objects.filter(pk__in=ends).values_list(
            "pk", "balance_after", "amount"
        )
    }
    rake = _rake_shares(f)
    rows = []
    for g in grouped:
        after, amount = balances[g["first"]]
        moved = [-(g[n] or 0) if n in OUTGOING else g[n] or 0 for n in MOVEMENTS]
        player = g["account__owner_id"]
        rows.append(
            [
                g["day"].isoformat(),
                player,
                after - amount,
                *moved,
                balances[g["last"]][0],
                rake.get((g["day"], player), 0),
                g["entries"],
            ]
        )
    return rows


def _rake_shares(f: Filters) -> dict:
    """(day, player) -> the rake of the player's games settled that day, each game's rake
    shared in proportion to what each seat staked (rounded down). Information only: the
    pots are paid net of the rake, so it is inside the wins already."""
    shares: dict = defaultdict(int)
    games = Game.objects.filter(
        settled=True,
        settlement__void=False,
        settlement__rake__gt=0,
        finished__gte=f.period.since,
        finished__lt=f.period.until,
    ).prefetch_related("seats")
    for game in games:
        seats = sorted(game.seats.all(), key=lambda s: s.position)
        staked = game.settlement.get("at_risk") or [s.held for s in seats]
        pot = sum(staked)
        for seat, put_in in zip(seats, staked, strict=True):
            if seat.player_id and pot:
                day = game.finished.astimezone(UTC).date()
                shares[(day, seat.player_id)] += game.settlement["rake"] * put_in // pot
    return shares


def account_summary(f: Filters) -> Report:
    def totals() -> dict:
        found = movements(_cash_entries(f.period.since, f.period.until, f.player_id))
        return {**found, "net": sum(-v if k in OUTGOING else v for k, v in found.items())}

    return Report(
        title="Daily player account summary",
        columns=SUMMARY_COLUMNS,
        types=["d", "i", "i", *["i"] * len(MOVEMENTS), "i", "i", "i"],
        rows=lambda: iter(_summary_rows(f)),
        count=lambda: len(_summary_rows(f)),
        totals=totals,
    )


# --- the player session report --------------------------------------------------------------


def _sessions(f: Filters):
    found = PlayerSession.objects.filter(
        started__gte=f.period.since, started__lt=f.period.until, user__is_staff=False
    )
    if f.player_id:
        found = found.filter(user_id=f.player_id)
    return found.order_by("started", "pk")


def _session_row(session: PlayerSession, now: datetime) -> list:
    if session.logged_out:
        ended, how = session.logged_out, "logout"
    elif session.expires and session.expires <= now:
        ended, how = session.expires, "expired"
    else:
        ended, how = now, "open"
    seats = GameSeat.objects.filter(
        player_id=session.user_id, game__started__gte=session.started, game__started__lt=ended
    )
    rounds = Bet.objects.filter(
        user_id=session.user_id, created__gte=session.started, created__lt=ended
    ).aggregate(n=Count("round", distinct=True))["n"]
    played = movements(
        Entry.objects.filter(
            account__kind=Account.Kind.CASH,
            account__owner_id=session.user_id,
            transaction__created__gte=session.started,
            transaction__created__lt=ended,
        )
    )
    return [
        session.pk,
        session.user_id,
        session.started.isoformat(),
        ended.isoformat() if how != "open" else "",
        how,
        int((ended - session.started).total_seconds()),
        seats.count(),
        rounds,
        played["stakes"],
        played["wins"],
    ]


def player_sessions(f: Filters) -> Report:
    def rows():
        now = timezone.now()
        for session in _sessions(f).iterator():
            yield _session_row(session, now)

    return Report(
        title="Player sessions",
        columns=[
            "session",
            "player",
            "logged_in",
            "ended",
            "ended_by",
            "duration_seconds",
            "games",
            "rounds",
            "stakes",
            "wins",
        ],
        types=["i", "i", "t", "t?", "s", "i", "i", "i", "i", "i"],
        rows=rows,
        count=lambda: _sessions(f).count(),
    )


# --- the daily liability report ---------------------------------------------------------------

LIABILITY_KINDS = {
    "players_cash": Account.Kind.CASH,
    "escrow": Account.Kind.ESCROW,
    "pending_withdrawals": Account.Kind.PENDING_WITHDRAWAL,
}


def _by_kind(entries) -> dict[str, int]:
    sums = entries.aggregate(
        **{
            name: Sum("amount", filter=Q(account__kind=kind))
            for name, kind in LIABILITY_KINDS.items()
        }
    )
    return {name: value or 0 for name, value in sums.items()}


def _liability_rows(f: Filters) -> list[list]:
    """Every day from the period's start (or its first movement, when nothing was owed
    before) to its end or today, with the balances owed at the end of that day."""
    held = Entry.objects.filter(account__kind__in=list(LIABILITY_KINDS.values()))
    owed = _by_kind(held.filter(transaction__created__lt=f.period.since))
    moved: dict = defaultdict(dict)
    for row in (
        held.filter(
            transaction__created__gte=f.period.since, transaction__created__lt=f.period.until
        )
        .annotate(day=TruncDate("transaction__created", tzinfo=UTC))
        .values("day", kind=F("account__kind"))
        .annotate(amount=Sum("amount"))
    ):
        moved[row["day"]][row["kind"]] = row["amount"]
    if not moved and not any(owed.values()):
        return []  # nothing owed in the period: no activity
    first = f.period.start if any(owed.values()) else min(moved)
    last = min(f.period.end, timezone.now().astimezone(UTC).date())
    rows, day = [], first
    while day <= last:
        for name, kind in LIABILITY_KINDS.items():
            owed[name] += moved.get(day, {}).get(kind, 0)
        rows.append([day.isoformat(), *owed.values(), sum(owed.values())])
        day += timedelta(days=1)
    return rows


def liability(f: Filters) -> Report:
    return Report(
        title="Daily liability to players",
        columns=["day", *LIABILITY_KINDS, "total"],
        types=["d", "i", "i", "i", "i"],
        rows=lambda: iter(_liability_rows(f)),
        count=lambda: len(_liability_rows(f)),
    )
