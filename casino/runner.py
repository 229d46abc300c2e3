"""The run of a Crash round: the multiplier to every watcher until the crash, then pay.

One coroutine per run, so the ticks share one event loop and one Redis connection. The
clock is casino.clock (replaced in tests); the crash instant is fixed at the start from
the pre-committed crash point, and settlement re-checks it under the round's lock.
"""

from __future__ import annotations

from channels.db import database_sync_to_async

from casino import broadcast, clock, conf, services
from casino.crash import curve
from casino.crash.game import CRASH
from casino.models import Round


def _load(round_id: int) -> tuple[Round, list[tuple[int, str]]] | None:
    game_round = Round.objects.get(pk=round_id)
    if game_round.state != Round.State.RUNNING:
        return None
    return game_round, services.auto_targets(game_round)


async def stream_crash(round_id: int) -> bool:
    """Tick until the crash instant, announce the crash, settle. True if it settled."""
    loaded = await database_sync_to_async(_load)(round_id)
    if loaded is None:
        return False
    game_round, autos = loaded
    started, crash_point = game_round.started_at_ms, game_round.crash_point
    crashes_in = curve.crash_instant(crash_point)
    tick = conf.CRASH_TICK_MS
    while (elapsed := clock.now_ms() - started) < crashes_in:
        multiplier = curve.multiplier(elapsed)
        fired = []
        while autos and autos[0][0] <= multiplier:
            target, player = autos.pop(0)
            fired.append({"player": player, "multiplier": target})
        await broadcast.asend(
            CRASH.slug,
            {
                "type": "tick",
                "round": game_round.number,
                "elapsed_ms": elapsed,
                "multiplier": multiplier,
                "cashouts": fired,
            },
        )
        await clock.sleep_ms(min(tick, crashes_in - elapsed))
    await broadcast.asend(
        CRASH.slug,
        {"type": "crash", "round": game_round.number, "crash_point": crash_point},
    )
    return await database_sync_to_async(_settle)(round_id)


def _settle(round_id: int) -> bool:
    """Pays the round, unless it was voided while it ran (an outage, staff): its bets
    are refunded already, and settling it would raise."""
    if Round.objects.filter(pk=round_id, state=Round.State.VOID).exists():
        return False
    return services.settle_crash(round_id)
