"""A reality check that falls due reaches the player's open page at once, through their
socket (not only at the next stake), once per due moment; acknowledging it sets the next."""

from __future__ import annotations

from datetime import timedelta

import pytest
from channels.db import database_sync_to_async
from django.test import Client
from django.utils import timezone

from accounts import protection
from accounts.models import PlayerProtection
from tests.casino.test_sockets import connect, until

pytestmark = pytest.mark.django_db(transaction=True)


def fall_due(player) -> None:
    protection.set_reality_check(player, 30, actor=player)
    started = timezone.now() - timedelta(minutes=31)
    PlayerProtection.objects.filter(user=player).update(
        play_started=started, reality_check_due=started + timedelta(minutes=30)
    )


async def test_a_due_reality_check_is_told_to_the_open_page_once(funded_player):
    player = await database_sync_to_async(funded_player)()
    client = Client()
    await database_sync_to_async(client.force_login)(player)
    socket = await connect(client.cookies["sessionid"].value, path="/ws/casino/roulette-european/")
    await until(socket, "state")

    assert await database_sync_to_async(protection.announce_due_reality_checks)() == 0
    await database_sync_to_async(fall_due)(player)
    assert await database_sync_to_async(protection.announce_due_reality_checks)() == 1
    told = await until(socket, "reality_check")
    assert told["played_minutes"] == 31 and "31 minutes" in told["text"]
    assert await database_sync_to_async(protection.announce_due_reality_checks)() == 0

    await database_sync_to_async(protection.acknowledge_reality_check)(player)
    later = timezone.now() + timedelta(minutes=31)
    assert await database_sync_to_async(protection.announce_due_reality_checks)(later) == 1
    await socket.disconnect()


def test_players_without_a_reality_check_are_never_told(funded_player):
    player = funded_player()
    PlayerProtection.objects.filter(user=player).update(
        reality_check_due=timezone.now() - timedelta(minutes=1)
    )
    assert protection.announce_due_reality_checks() == 0
