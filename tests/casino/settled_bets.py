"""Settled Crash rounds, each with one won bet of a player, written straight into their
tables: for what only reads them (the history's tests, bench/pages.py's player)."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from datetime import datetime

from django.utils import timezone

from casino.crash.game import CRASH
from casino.models import Bet, BetStatus, Round, SeedChain


def settled_crash_bets(player, count: int, at: Sequence[datetime] = ()) -> list[Bet]:
    """`count` settled Crash rounds numbered on from the last, each with a bet of
    `player` of 100 cashed out at 1.50x; the bet of round n is keyed as the wallet's bet
    "bet:<n - 1>". With `at`, the bets' times, one per round (else now)."""
    chain = SeedChain.objects.create(
        game="crash", secret=bytes(32), length=count + 1, terminal=bytes(32), salt="support"
    )
    first = Round.objects.filter(game="crash").count() + 1
    played = Round.objects.bulk_create(
        Round(
            game="crash",
            number=first + n,
            chain=chain,
            link_index=n + 1,
            link=bytes(32),
            outcome={"crash_point": 200, "edge_percent": 1},
            state=Round.State.SETTLED,
            settled_at=timezone.now(),
        )
        for n in range(count)
    )
    selection = {"auto_cash_out": 150}
    bets = Bet.objects.bulk_create(
        Bet(
            round=game_round,
            user=player,
            bet_type="bet",
            selection=selection,
            label=CRASH.label("bet", selection),
            stake=100,
            payout=150,
            result={"multiplier": 150},
            status=BetStatus.WON,
            slip=uuid.uuid4(),
            key=f"bet:{game_round.number - 1}",
        )
        for game_round in played
    )
    if at:  # the bets' time is written at insert: set after
        for bet, created in zip(bets, at, strict=True):
            Bet.objects.filter(pk=bet.pk).update(created=created)
            bet.created = created
    return bets
