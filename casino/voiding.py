"""Voiding a house round (a staff tool): every bet on it is refunded in full,
in one `pay_wins` batch whose key makes a second attempt move nothing, written in the
same transaction as the round's move to "void" (which the round cycle never touches
again: it only picks scheduled, betting and running rounds)."""

from __future__ import annotations

from collections import defaultdict

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import F
from django.utils import timezone

from casino.models import Bet, BetStatus, Round
from staff import audit
from telemetry import context, metrics
from wallet.services import pay_wins


class VoidRefused(Exception):
    pass


@context.about("round_id")
def void_round(round_id: int, *, staff, reason: str) -> Round:
    if not reason.strip():
        raise VoidRefused("Voiding a round needs a reason.")
    with transaction.atomic():
        game_round = Round.objects.select_for_update().get(pk=round_id)
        if game_round.state == Round.State.VOID:
            return game_round
        if game_round.state == Round.State.SETTLED:
            raise VoidRefused(f"{game_round} is settled: correct its result instead of voiding it.")
        refunds: dict[int, int] = defaultdict(int)
        bets = Bet.objects.filter(round=game_round)
        for user_id, stake in bets.values_list("user_id", "stake"):
            refunds[user_id] += stake
        bets.update(status=BetStatus.VOID, payout=F("stake"))
        users = get_user_model().objects.only("id").in_bulk(list(refunds))
        posting = pay_wins(
            {users[user_id]: amount for user_id, amount in refunds.items()},
            key=f"{game_round.reference}:void",
            reference=game_round.reference,
            memo=f"{game_round} void: stakes refunded",
        )
        game_round.state, game_round.settled_at = Round.State.VOID, timezone.now()
        game_round.save(update_fields=["state", "settled_at"])
        metrics.count(metrics.SETTLEMENTS, kind="round", game=game_round.game, result="void")
        audit.record(
            staff,
            "casino.void_round",
            game_round,
            reason.strip(),
            refunded=sum(refunds.values()),
            players=len(refunds),
            transaction=str(posting.transaction.uuid) if posting else None,
        )
    return game_round
