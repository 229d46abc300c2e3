"""Read-only questions about who bet what on a round, for history, exports, complaints and
corrections: one place that knows where the bets of every round game are."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.db.models import Q

from casino.models import Bet, Round


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
