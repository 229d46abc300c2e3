"""A seat's presence is a lease: a socket whose server died is counted offline once its
lease lapses, and the reconnection window then applies (controlled clock, no sleeps)."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest
import redis
from channels.db import database_sync_to_async

from games import presence, services
from games.models import Game, GameSeat
from tests.games.conftest import Inbox, open_socket


def seat_row(game, position: int) -> GameSeat:
    return GameSeat.objects.get(game_id=game.pk, position=position)


def to_act(game) -> int:
    (seat,) = services.engine_of(game).to_act(game.state)
    return seat


@pytest.mark.django_db(transaction=True)
async def test_a_socket_whose_server_died_goes_offline_after_the_ttl_and_the_window_applies(
    clock, start_table
):
    game, players = await database_sync_to_async(start_table)(
        "penalty", {"shots": 9}, step_seconds=10
    )
    position = await database_sync_to_async(to_act)(game)
    communicator, connected = await open_socket(f"/ws/games/{game.pk}/", players[position])
    assert connected
    await Inbox(communicator).latest_state(0)
    seat = await database_sync_to_async(seat_row)(game, position)
    assert seat.sockets == 1 and seat.offline_since is None

    # The server dies: its socket never says goodbye and never renews its lease.
    clock.advance(presence.LEASE_SECONDS - 1)
    assert await database_sync_to_async(presence.sweep_lapsed_leases)() == 0
    seat = await database_sync_to_async(seat_row)(game, position)
    assert seat.sockets == 1
    clock.advance(2)
    assert await database_sync_to_async(presence.sweep_lapsed_leases)() == 1
    seat = await database_sync_to_async(seat_row)(game, position)
    assert seat.sockets == 0 and seat.offline_since == clock.now

    # Offline on its turn: the reconnection window (30 s per unused timeout) now runs.
    fresh = await database_sync_to_async(Game.objects.get)(pk=game.pk)
    assert fresh.deadline == clock.now + timedelta(seconds=150)
    clock.advance(150)
    assert await database_sync_to_async(services.expire)(game.pk, 0) is True
    seat = await database_sync_to_async(seat_row)(game, position)
    fresh = await database_sync_to_async(Game.objects.get)(pk=game.pk)
    assert seat.disconnected and fresh.is_over

    # The dead socket's goodbye, if it ever came, closes nothing a second time.
    await communicator.disconnect()
    seat = await database_sync_to_async(seat_row)(game, position)
    assert seat.sockets == 0


@pytest.mark.django_db(transaction=True)
async def test_a_lapsed_socket_is_closed_once_and_a_live_one_keeps_the_seat_online(
    clock, start_table
):
    """Two sockets of one seat; one dies. The sweep closes that one only, and its late
    goodbye does not close the live one's count."""
    game, players = await database_sync_to_async(start_table)("rps", {"points": 3})
    user = players[0]
    dead, connected = await open_socket(f"/ws/games/{game.pk}/", user)
    assert connected
    await Inbox(dead).latest_state(0)
    clock.advance(20)
    live, connected = await open_socket(f"/ws/games/{game.pk}/", user)
    assert connected
    await Inbox(live).latest_state(0)
    assert (await database_sync_to_async(seat_row)(game, 0)).sockets == 2

    clock.advance(15)  # the first lease lapsed, the second has 15 s left
    assert await database_sync_to_async(presence.sweep_lapsed_leases)() == 1
    seat = await database_sync_to_async(seat_row)(game, 0)
    assert seat.sockets == 1 and seat.offline_since is None
    await dead.disconnect()
    seat = await database_sync_to_async(seat_row)(game, 0)
    assert seat.sockets == 1 and seat.offline_since is None
    await live.disconnect()
    seat = await database_sync_to_async(seat_row)(game, 0)
    assert seat.sockets == 0 and seat.offline_since == clock.now


def renewal(game: Game, user) -> None:
    """What the live socket does at each renewal (GameConsumer._keep_lease)."""
    if not presence.renew(game.pk, user.pk, "channel-a"):
        presence.open_seat(game.pk, user.pk, "channel-a")


class Renewals:
    """The live socket's pause between renewals, ended by the test: each `next()` lets one
    renewal run and returns once it is done and the socket waits again."""

    def __init__(self) -> None:
        self.go: asyncio.Queue[None] = asyncio.Queue()
        self.waiting: asyncio.Queue[None] = asyncio.Queue()

    async def pause(self) -> None:
        await self.waiting.put(None)
        await self.go.get()

    async def next(self) -> None:
        await self.go.put(None)
        await asyncio.wait_for(self.waiting.get(), timeout=5)


@pytest.mark.django_db(transaction=True)
async def test_a_live_socket_renews_its_lease_and_its_goodbye_ends_it(
    clock, start_table, monkeypatch
):
    renewals = Renewals()
    monkeypatch.setattr(presence, "until_renewal", renewals.pause)
    game, players = await database_sync_to_async(start_table)("rps", {"points": 3})
    communicator, connected = await open_socket(f"/ws/games/{game.pk}/", players[0])
    assert connected
    await Inbox(communicator).latest_state(0)
    await asyncio.wait_for(renewals.waiting.get(), timeout=5)
    for _ in range(3):  # three lease periods, each renewed by the live socket
        clock.advance(presence.LEASE_SECONDS - 1)
        await renewals.next()
        clock.advance(2)  # past the lease before this renewal
        assert await database_sync_to_async(presence.sweep_lapsed_leases)() == 0
    assert (await database_sync_to_async(seat_row)(game, 0)).sockets == 1
    await communicator.disconnect()
    await renewals.go.put(None)  # a renewal due now would outlive the goodbye: none runs
    clock.advance(presence.LEASE_SECONDS * 10)
    assert await database_sync_to_async(presence.sweep_lapsed_leases)() == 0
    assert (await database_sync_to_async(seat_row)(game, 0)).sockets == 0
    assert renewals.waiting.empty()


@pytest.mark.django_db
def test_a_renewed_lease_does_not_lapse(clock, start_table):
    game, players = start_table("rps", {"points": 3})
    user = players[0]
    presence.open_seat(game.pk, user.pk, "channel-a")
    clock.advance(presence.LEASE_SECONDS - 5)
    renewal(game, user)
    clock.advance(10)  # past the first lapse time, within the renewed one
    assert presence.sweep_lapsed_leases() == 0
    assert seat_row(game, 0).sockets == 1


@pytest.mark.django_db
def test_a_socket_that_outlived_its_lease_opens_the_seat_again_at_its_next_renewal(
    clock, start_table
):
    """An event loop stalled past the TTL: the sweep counted the socket gone; the socket,
    still alive, finds its lease taken out and comes back online."""
    game, players = start_table("rps", {"points": 3})
    user = players[0]
    presence.open_seat(game.pk, user.pk, "channel-a")
    clock.advance(presence.LEASE_SECONDS + 1)
    assert presence.sweep_lapsed_leases() == 1
    assert seat_row(game, 0).sockets == 0
    renewal(game, user)
    seat = seat_row(game, 0)
    assert seat.sockets == 1 and seat.offline_since is None
    presence.close_seat(game.pk, user.pk, "channel-a")
    presence.close_seat(game.pk, user.pk, "channel-a")  # a repeated goodbye counts once
    assert seat_row(game, 0).sockets == 0


@pytest.mark.django_db
def test_leases_lost_with_redis_are_taken_again_without_counting_the_socket_twice(
    clock, start_table
):
    game, players = start_table("rps", {"points": 3})
    user = players[0]
    presence.open_seat(game.pk, user.pk, "channel-a")
    presence._client().delete(presence._key())  # Redis restarted without its data
    clock.advance(presence.RENEW_SECONDS)
    renewal(game, user)
    assert seat_row(game, 0).sockets == 1
    presence.close_seat(game.pk, user.pk, "channel-a")
    seat = seat_row(game, 0)
    assert seat.sockets == 0 and seat.offline_since == clock.now


@pytest.mark.django_db
def test_a_socket_opened_while_redis_is_away_counts_and_takes_its_lease_later(
    clock, start_table, monkeypatch
):
    game, players = start_table("rps", {"points": 3})
    user = players[0]

    def unreachable(*args):
        raise redis.ConnectionError("Redis is restarting")

    with monkeypatch.context() as away:
        away.setattr(presence, "take", unreachable)
        presence.open_seat(game.pk, user.pk, "channel-a")
    assert seat_row(game, 0).sockets == 1
    renewal(game, user)
    assert seat_row(game, 0).sockets == 1  # the lease is taken, the socket not counted twice
    clock.advance(presence.LEASE_SECONDS + 1)
    assert presence.sweep_lapsed_leases() == 1
    assert seat_row(game, 0).sockets == 0


@pytest.mark.django_db
def test_a_seat_counted_online_without_any_lease_goes_offline_after_a_lease_period(
    clock, start_table
):
    """Sockets opened before leases existed (or whose leases went with Redis's data, their
    server dead) have nothing to lapse; the seat is closed once it stayed unleased."""
    game, players = start_table("penalty", {"shots": 9}, step_seconds=10)
    position = to_act(game)
    services.socket_opened(game.pk, players[position])  # no lease: the old runtime
    services.socket_opened(game.pk, players[position])
    assert presence.seats_online_without_lease() == [(game.pk, players[position].pk, 2)]
    assert presence.sweep_lapsed_leases() == 0
    clock.advance(presence.LEASE_SECONDS - 1)
    assert presence.sweep_lapsed_leases() == 0
    assert seat_row(game, position).sockets == 2
    clock.advance(1)
    assert presence.sweep_lapsed_leases() == 2
    seat = seat_row(game, position)
    assert seat.sockets == 0 and seat.offline_since == clock.now
    assert Game.objects.get(pk=game.pk).deadline == clock.now + timedelta(seconds=150)
    assert presence.seats_online_without_lease() == []


@pytest.mark.django_db
def test_a_live_socket_whose_lease_redis_lost_is_not_closed(clock, start_table):
    game, players = start_table("rps", {"points": 3})
    user = players[0]
    presence.open_seat(game.pk, user.pk, "channel-a")
    presence._client().delete(presence._key())  # Redis restarted without its data
    assert presence.sweep_lapsed_leases() == 0  # noticed: no lease for a counted seat
    clock.advance(presence.RENEW_SECONDS)
    renewal(game, user)  # the live socket takes it again
    clock.advance(presence.LEASE_SECONDS - presence.RENEW_SECONDS + 1)
    assert presence.sweep_lapsed_leases() == 0
    assert seat_row(game, 0).sockets == 1


@pytest.mark.django_db
def test_a_seat_that_fails_to_close_is_retried_and_does_not_stop_the_others(
    clock, start_table, monkeypatch
):
    broken, broken_players = start_table("rps", {"points": 3})
    fine, fine_players = start_table("rps", {"points": 3})
    presence.open_seat(broken.pk, broken_players[0].pk, "channel-a")
    presence.open_seat(fine.pk, fine_players[0].pk, "channel-b")
    real_close = services.socket_closed

    def failing_for_one_game(game_id, user):
        if game_id == broken.pk:
            raise RuntimeError("database hiccup")
        real_close(game_id, user)

    monkeypatch.setattr(services, "socket_closed", failing_for_one_game)
    clock.advance(presence.LEASE_SECONDS + 1)
    assert presence.sweep_lapsed_leases() == 1
    assert seat_row(fine, 0).sockets == 0
    assert seat_row(broken, 0).sockets == 1
    monkeypatch.setattr(services, "socket_closed", real_close)
    assert presence.sweep_lapsed_leases() == 1  # put back lapsed: the next sweep closes it
    assert seat_row(broken, 0).sockets == 0


def test_the_sweep_runs_on_beat(settings):
    entry = settings.CELERY_BEAT_SCHEDULE["games-presence-sweep"]
    assert entry["task"] == presence.sweep_lapsed_leases.name
    assert entry["schedule"] < presence.LEASE_SECONDS
    assert "games.presence" in settings.CELERY_IMPORTS


@pytest.mark.django_db
def test_ledger_check_names_a_seat_counted_online_with_no_live_socket(start_table):
    from django.core.management import CommandError, call_command

    game, players = start_table("rps", {"points": 3})
    presence.open_seat(game.pk, players[0].pk, "channel-a")  # a live socket: leased
    call_command("ledger_check")
    services.socket_opened(game.pk, players[1])  # counted online, no socket behind it
    with pytest.raises(CommandError, match="1 ledger invariant"):
        call_command("ledger_check")
    (problem,) = presence.presence_problems()
    assert problem == (
        f"game {game.pk}: player {players[1].pk} is counted online with 1 socket(s), "
        "none of them live"
    )
