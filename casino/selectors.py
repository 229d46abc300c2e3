"""Read-only questions about who bet what on a round, for history, exports, complaints and
corrections: one place that knows where the bets of every round game are."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from django.db.models import Q

from casino import conf
from casino.crash import curve
from casino.crash.game import CRASH
from casino.models import Bet, Round

UNSETTLED = (Round.State.SCHEDULED, Round.State.BETTING, Round.State.RUNNING)


@dataclass(frozen=True)
class RoundBet:
    user_id: int
    stake: int
    payout: int


def round_bets(game_round: Round) -> list[RoundBet]:
    """Every bet on the round, in the order they were placed."""
    return [
        RoundBet(user_id, stake, payout)
        for user_id, stake, payout in Bet.objects.filter(round=game_round)
        .order_by("pk")
        .values_list("user_id", "stake", "payout")
    ]


def players_of(game_round: Round) -> set[int]:
    return {bet.user_id for bet in round_bets(game_round)}


def bet_on(user_id: int) -> Q:
    """Rounds the player bet on, as a filter on Round."""
    return Q(bets__user_id=user_id)


def rounds_bet_on_since(user_id: int, since: datetime) -> set[int]:
    """The ids of the rounds the player placed a bet on since ``since``."""
    return set(
        Bet.objects.filter(user_id=user_id, created__gte=since).values_list("round_id", flat=True)
    )


# --- readiness --------------------------------------------------------------------------


def due_at(game_round: Round) -> datetime | None:
    """When the round should be over and paid: a drawn round at its draw time; a Crash
    round at its crash instant once running, and at the end of its betting window before
    (a Crash round still waiting for its window has no due time)."""
    if game_round.game == CRASH.slug:
        if game_round.started_at_ms is not None:
            crashed_ms = game_round.started_at_ms + curve.crash_instant(game_round.crash_point)
            return datetime.fromtimestamp(crashed_ms / 1000, tz=UTC)
        return game_round.closes_at
    return game_round.starts_at


def oldest_late_round(now: datetime, grace: timedelta) -> tuple[Round, datetime] | None:
    """The unsettled round of an enabled game longest past its due time, and that due
    time, if it is more than `grace` ago."""
    cutoff = now - grace
    enabled = conf.CASINO_ENABLED_GAMES
    games = Round.objects.filter(state__in=UNSETTLED)
    if enabled is not None:
        games = games.filter(game__in=list(enabled))
    drawn = games.exclude(game=CRASH.slug).filter(starts_at__lte=cutoff).order_by("starts_at")
    candidates = [*drawn[:1], *games.filter(game=CRASH.slug).exclude(state=Round.State.SCHEDULED)]
    late = [
        (game_round, due)
        for game_round in candidates
        if (due := due_at(game_round)) is not None and due <= cutoff
    ]
    return min(late, key=lambda pair: pair[1], default=None)
