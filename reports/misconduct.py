"""The staff's report of suspicious patterns over a period: leads to look at, not verdicts.

- **Pairs who meet unusually often**: two players who sat at the same money table at least
  `min_meetings` times, making up at least `meeting_percent` of the games of the less
  active of the two (a regular opponent among many is not a lead; one met in most games is).
- **Chip dumping**: one player losing at least `min_dumps` two-seat money games to the same
  opponent by giving up (resigning, leaving, or running out of time), with what they lost.
- **Shared devices and addresses**: at least `device_accounts` accounts signing in from one
  device (the same browser on the same address), or `address_accounts` from one address
  (a household shares an address; a second account on one device breaks the one-account
  rule), from the keyed hashes `accounts.signins` keeps.

The thresholds are `Thresholds`: the defaults below, or what staff set on the page.
Money tables only (practice tables move no money); games by the time they ended.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass
from datetime import datetime

from django.contrib.postgres.aggregates import ArrayAgg
from django.db import connection
from django.db.models import Count, Max, OuterRef, Subquery

from accounts.models import SignIn, User
from games.models import Game, GameAction
from reports.history import Period


@dataclass(frozen=True)
class Thresholds:
    """Where a pattern becomes a lead: what staff look for, and may tighten or loosen."""

    min_meetings: int = 10
    meeting_percent: int = 50
    min_dumps: int = 3
    device_accounts: int = 2
    address_accounts: int = 3


DEFAULT = Thresholds()

# How a game ended when its loser's last logged action gave it up.
_GIVING_UP = {
    (GameAction.Actor.TIMEOUT, "forfeit"): "ran out of time",
    (GameAction.Actor.SYSTEM, "disconnect"): "resigned or left",
    (GameAction.Actor.SYSTEM, "forfeit"): "forfeited",
}


@dataclass(frozen=True)
class FrequentPair:
    first: User
    second: User
    together: int  # money games they both sat in
    first_games: int
    second_games: int

    @property
    def share(self) -> float:
        return self.together / min(self.first_games, self.second_games)


@dataclass(frozen=True)
class Dumping:
    loser: User
    winner: User
    games: list[int]
    lost: int  # minor units the loser lost in those games
    how: dict[str, int]  # how the games were given up, and how often


@dataclass(frozen=True)
class SharedSignIn:
    kind: str  # "device" or "address"
    key: str  # the keyed hash the accounts share
    accounts: list[User]
    sign_ins: int
    last: datetime


@dataclass(frozen=True)
class Patterns:
    pairs: list[FrequentPair]
    dumping: list[Dumping]
    shared: list[SharedSignIn]


def patterns(period: Period, thresholds: Thresholds = DEFAULT) -> Patterns:
    return Patterns(
        frequent_pairs(period, thresholds),
        chip_dumping(period, thresholds),
        shared_sign_ins(period, thresholds),
    )


_PAIRS = """
WITH played AS (
    SELECT g.id AS game_id, s.player_id
    FROM games_game g JOIN games_gameseat s ON s.game_id = g.id
    WHERE g.finished >= %(since)s AND g.finished < %(until)s AND g.stake > 0
      AND s.player_id IS NOT NULL
), totals AS (
    SELECT player_id, count(*) AS games FROM played GROUP BY player_id
)
SELECT a.player_id, b.player_id, count(*), ta.games, tb.games
FROM played a
JOIN played b ON b.game_id = a.game_id AND a.player_id < b.player_id
JOIN totals ta ON ta.player_id = a.player_id
JOIN totals tb ON tb.player_id = b.player_id
GROUP BY a.player_id, b.player_id, ta.games, tb.games
HAVING count(*) >= %(min_meetings)s
   AND count(*) * 100 >= %(percent)s * LEAST(ta.games, tb.games)
ORDER BY count(*) DESC, a.player_id, b.player_id
"""


def frequent_pairs(period: Period, thresholds: Thresholds = DEFAULT) -> list[FrequentPair]:
    with connection.cursor() as cursor:
        cursor.execute(
            _PAIRS,
            {
                "since": period.since,
                "until": period.until,
                "min_meetings": thresholds.min_meetings,
                "percent": thresholds.meeting_percent,
            },
        )
        rows = cursor.fetchall()
    users = User.objects.in_bulk({pk for row in rows for pk in row[:2]})
    return [
        FrequentPair(users[a], users[b], together, a_games, b_games)
        for a, b, together, a_games, b_games in rows
    ]


def chip_dumping(period: Period, thresholds: Thresholds = DEFAULT) -> list[Dumping]:
    last = GameAction.objects.filter(game=OuterRef("pk")).order_by("-seq")
    games = (
        Game.objects.filter(
            finished__gte=period.since,
            finished__lt=period.until,
            stake__gt=0,
            status=Game.Status.FINISHED,
        )
        .annotate(
            seat_count=Count("seats"),
            last_seat=Subquery(last.values("seat")[:1]),
            last_actor=Subquery(last.values("actor")[:1]),
            last_kind=Subquery(last.values("kind")[:1]),
        )
        .filter(seat_count=2, last_kind__in=["forfeit", "disconnect"])
        .prefetch_related("seats")
        .order_by("finished", "pk")
    )
    found: dict[tuple[int, int], list[tuple[int, int, str]]] = defaultdict(list)
    for game in games:
        how = _GIVING_UP.get((game.last_actor, game.last_kind))
        players = {seat.position: seat.player_id for seat in game.seats.all()}
        loser, winner = game.last_seat, 1 - game.last_seat
        placing = (game.outcome or {}).get("placing") or []
        if how is None or None in players.values() or len(placing) != 2:
            continue
        if placing[loser] <= placing[winner]:  # gave up, yet not behind: not a loss
            continue
        net = (game.settlement or {}).get("net") or [0, 0]
        found[(players[loser], players[winner])].append((game.pk, max(0, -int(net[loser])), how))
    leads = {key: lost for key, lost in found.items() if len(lost) >= thresholds.min_dumps}
    users = User.objects.in_bulk({pk for key in leads for pk in key})
    dumping = [
        Dumping(
            loser=users[loser_id],
            winner=users[winner_id],
            games=[pk for pk, _, _ in lost],
            lost=sum(amount for _, amount, _ in lost),
            how=dict(Counter(how for _, _, how in lost)),
        )
        for (loser_id, winner_id), lost in leads.items()
    ]
    return sorted(dumping, key=lambda entry: (-len(entry.games), -entry.lost))


def shared_sign_ins(period: Period, thresholds: Thresholds = DEFAULT) -> list[SharedSignIn]:
    sign_ins = SignIn.objects.filter(at__gte=period.since, at__lt=period.until)
    shared: list[SharedSignIn] = []
    least_by_kind = {
        "device": thresholds.device_accounts,
        "address": thresholds.address_accounts,
    }
    for kind, least in least_by_kind.items():
        groups = list(
            sign_ins.values(kind)
            .annotate(
                ids=ArrayAgg("user_id", distinct=True),
                people=Count("user_id", distinct=True),
                times=Count("id"),
                last=Max("at"),
            )
            .filter(people__gte=least)
            .order_by("-people", "-last")
        )
        users = User.objects.in_bulk({pk for group in groups for pk in group["ids"]})
        shared += [
            SharedSignIn(
                kind,
                group[kind],
                sorted((users[pk] for pk in group["ids"]), key=lambda user: user.email),
                group["times"],
                group["last"],
            )
            for group in groups
        ]
    return shared
