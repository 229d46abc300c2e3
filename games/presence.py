"""A seated socket's presence is a lease, not a promise to say goodbye.

A socket that dies without running `disconnect` (its server crashed, or was killed) would
leave its seat counted online for good, and the reconnection window would never apply.
So each seated socket holds a lease in Redis: one member of a sorted set, scored by when
it lapses (games.clock), renewed by the live socket every `RENEW_SECONDS`. The sweep
(Celery beat, `sweep_lapsed_leases`) takes every lapsed lease out and closes its socket in
the runtime (`services.socket_closed`), as if it had said goodbye. A seat counted online
that holds no lease at all for a whole lease period (its sockets opened before leases, or
their leases went with Redis's data) is closed by the same sweep.

Each lease is closed exactly once: by the sweep or by the socket's own `disconnect`,
whichever removes it from the set first (ZREM answers 1 to only one of them). A socket
whose lease lapsed while it was still alive (an event loop stalled past the TTL) finds it
swept at its next renewal and opens again. The sweep leaves a mark for that; a lease
missing without the mark was lost with Redis's data, not closed, so the renewal takes it
again without counting the socket a second time.
"""

from __future__ import annotations

import asyncio
import logging
from datetime import datetime
from functools import cache

import redis
from celery import shared_task
from django.conf import settings
from django.contrib.auth import get_user_model

from games import clock, services
from games.models import Game, GameSeat

log = logging.getLogger(__name__)

LEASE_SECONDS = 30  # a socket silent this long counts as gone
RENEW_SECONDS = 10

SWEPT_MARK_SECONDS = 24 * 3600  # longer than any socket stays stalled

# Renews the lease. Answers 0 when the sweep had closed it (the socket must open again),
# 1 when it was held, or missing without the sweep's mark (Redis lost it).
_RENEW = """
local held = redis.call('ZSCORE', KEYS[1], ARGV[1])
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[1])
if not held and redis.call('DEL', KEYS[2]) == 1 then
  return 0
end
return 1
"""

# Takes a lapsed lease out for closing, once, and marks it swept.
_CLAIM = """
if redis.call('ZREM', KEYS[1], ARGV[1]) == 1 then
  redis.call('SET', KEYS[2], 1, 'EX', ARGV[2])
  return 1
end
return 0
"""


@cache
def _client() -> redis.Redis:
    return redis.Redis.from_url(settings.REDIS_URL)


def _key() -> str:
    return f"{settings.CACHES['default']['KEY_PREFIX']}:game-seat-leases"


def _lease(game_id: int, user_id: int, channel: str) -> str:
    return f"{game_id}:{user_id}:{channel}"


def _swept_mark(lease: str) -> str:
    return f"{_key()}:swept:{lease}"


def _lapses_at(now: datetime) -> float:
    return now.timestamp() + LEASE_SECONDS


def take(game_id: int, user_id: int, channel: str) -> None:
    _client().zadd(_key(), {_lease(game_id, user_id, channel): _lapses_at(clock.now())})


def renew(game_id: int, user_id: int, channel: str) -> bool:
    """The live socket's periodic renewal. False when the lease had lapsed and was swept:
    the socket counts as closed, and opens its seat again (`open_seat`)."""
    lease = _lease(game_id, user_id, channel)
    renewed = _client().eval(_RENEW, 2, _key(), _swept_mark(lease), lease, _lapses_at(clock.now()))
    return bool(renewed)


def release(game_id: int, user_id: int, channel: str) -> bool:
    """True if this call ended the lease (the socket was still counted open)."""
    lease = _lease(game_id, user_id, channel)
    pipe = _client().pipeline()
    pipe.zrem(_key(), lease)
    pipe.delete(_swept_mark(lease))
    removed, _ = pipe.execute()
    return bool(removed)


async def until_renewal() -> None:
    """The live socket's pause between renewals (tests replace it to drive renewals)."""
    await asyncio.sleep(RENEW_SECONDS)


def open_seat(game_id: int, user_id: int, channel: str) -> None:
    """A seated socket opened: lease first, so that a crash right after cannot leave the
    seat counted online without a lease to lapse. Without Redis the socket still opens
    and counts; its first renewal takes the lease (see `_RENEW`)."""
    try:
        take(game_id, user_id, channel)
    except redis.RedisError:
        log.warning("no lease for user %s in game %s yet: Redis is unreachable", user_id, game_id)
    services.socket_opened(game_id, _user(user_id))


def close_seat(game_id: int, user_id: int, channel: str) -> None:
    """Without Redis nobody can tell whether the sweep closed the socket already; the
    lease is left to lapse, and the sweep closes the seat once Redis is back."""
    if release(game_id, user_id, channel):
        services.socket_closed(game_id, _user(user_id))


def lapsed(now: datetime) -> list[str]:
    """Takes out every lease lapsed by `now`, each once (another sweep or the socket's
    own goodbye that removes it first gets nothing)."""
    client = _client()
    leases = [member.decode() for member in client.zrangebyscore(_key(), "-inf", now.timestamp())]
    return [
        lease
        for lease in leases
        if client.eval(_CLAIM, 2, _key(), _swept_mark(lease), lease, SWEPT_MARK_SECONDS)
    ]


def _put_back(lease: str, now: datetime) -> None:
    """A lease the sweep could not close, lapsed again for the next sweep."""
    pipe = _client().pipeline()
    pipe.zadd(_key(), {lease: now.timestamp()})
    pipe.delete(_swept_mark(lease))
    pipe.execute()


def seats_online_without_lease() -> list[tuple[int, int, int]]:
    """(game id, user id, sockets counted) of every seat of a game in play counted online
    with no lease at all: sockets that died where no lease could lapse (opened before
    leases existed, or their leases lost with Redis's data)."""
    counted = list(
        GameSeat.objects.filter(
            game__status=Game.Status.PLAYING, sockets__gt=0, player__isnull=False
        ).values_list("game_id", "player_id", "sockets")
    )
    # Read after the seats: a socket opening in between has taken its lease first.
    held = {
        tuple(int(part) for part in member.decode().split(":", 2)[:2])
        for member in _client().zrange(_key(), 0, -1)
    }
    return [(game, user, count) for game, user, count in counted if (game, user) not in held]


def presence_problems() -> list[str]:
    """For `ledger_check`: every seat counted online with no live socket behind it."""
    try:
        unleased = seats_online_without_lease()
    except redis.RedisError:
        return ["seats online not checked: Redis is unreachable"]
    return [
        f"game {game}: player {user} is counted online with {count} socket(s), none of them live"
        for game, user, count in unleased
    ]


def _unleased_long_enough(now: datetime) -> list[tuple[int, int, int]]:
    """The seats without a lease that had none for a whole lease period either: a live
    socket whose lease Redis lost takes it again within a renewal, so those are dead."""
    unleased = {
        f"{game}:{user}": (game, user, count) for game, user, count in seats_online_without_lease()
    }
    key = f"{_key()}:unleased"
    client = _client()
    if unleased:
        client.zadd(key, dict.fromkeys(unleased, now.timestamp()), nx=True)
    due = []
    for member, since in client.zrange(key, 0, -1, withscores=True):
        seat = unleased.get(member.decode())
        if seat is None:
            client.zrem(key, member)  # leased again, or closed
        elif since <= now.timestamp() - LEASE_SECONDS:
            client.zrem(key, member)
            due.append(seat)
    return due


@shared_task(ignore_result=True)
def sweep_lapsed_leases() -> int:
    """Closes, in the runtime, every seated socket whose lease lapsed, and every socket
    counted for a seat that has held no lease for a lease period. A seat that fails is
    logged and retried by the next sweep; the others go on."""
    now = clock.now()
    closed = 0
    for game_id, user_id, count in _unleased_long_enough(now):
        try:
            for _ in range(count):
                services.socket_closed(game_id, _user(user_id))
        except Exception:
            log.exception(
                "closing the unleased seat of user %s in game %s failed", user_id, game_id
            )
            continue
        closed += count
    for lease in lapsed(now):
        game_id, user_id, _ = lease.split(":", 2)
        try:
            services.socket_closed(int(game_id), _user(int(user_id)))
        except services.ActionRejected:
            continue  # the game is gone
        except Exception:
            log.exception("closing lapsed lease %s failed; the next sweep retries", lease)
            _put_back(lease, now)
            continue
        closed += 1
    return closed


def _user(user_id: int):
    return get_user_model()(pk=user_id)
