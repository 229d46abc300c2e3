"""The live lobby socket: a private table's channel is for those who may see the table, and
hostile frames are refused on an open socket."""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client
from django.urls import reverse

from config.asgi import application
from lobby import services
from tests.games.conftest import ORIGIN
from tests.lobby.test_lobby import spec

pytestmark = pytest.mark.django_db(transaction=True)


def logged_in(user, invite: str | None = None) -> bytes:
    """The session cookie of a browser logged in as `user` (that followed `invite`)."""
    client = Client()
    client.force_login(user)
    if invite is not None:
        client.get(reverse("lobby:invite", args=[invite]))
    return f"sessionid={client.cookies['sessionid'].value}".encode()


async def connect(path: str, cookie: bytes):
    communicator = WebsocketCommunicator(application, path, headers=[ORIGIN, (b"cookie", cookie)])
    connected, code = await communicator.connect(timeout=5)
    return communicator, connected, code


async def test_a_private_tables_channel_is_only_for_those_who_may_see_it(funded_player):
    creator, stranger, friend = [await database_sync_to_async(funded_player)() for _ in range(3)]
    table = await database_sync_to_async(services.create_table)(creator, spec(private=True))
    path = f"/ws/lobby/tables/{table.pk}/"

    _, connected, code = await connect(path, await database_sync_to_async(logged_in)(stranger))
    assert not connected and code == 4403
    _, connected, _ = await connect(
        "/ws/lobby/tables/999999/", await database_sync_to_async(logged_in)(stranger)
    )
    assert not connected
    cookie = await database_sync_to_async(logged_in)(friend, table.invite_code)
    invited, connected, _ = await connect(path, cookie)
    assert connected
    seated, connected, _ = await connect(path, await database_sync_to_async(logged_in)(creator))
    assert connected
    for socket in (invited, seated):
        await socket.disconnect()


async def test_a_public_tables_channel_is_open_to_any_player(funded_player):
    creator, other = [await database_sync_to_async(funded_player)() for _ in range(2)]
    table = await database_sync_to_async(services.create_table)(creator, spec())
    socket, connected, _ = await connect(
        f"/ws/lobby/tables/{table.pk}/", await database_sync_to_async(logged_in)(other)
    )
    assert connected
    await socket.disconnect()


async def test_hostile_frames_leave_the_lobby_socket_open(funded_player):
    player = await database_sync_to_async(funded_player)()
    socket, connected, _ = await connect(
        "/ws/lobby/", await database_sync_to_async(logged_in)(player)
    )
    assert connected
    for text, code in [
        ("[" * 100_000 + "]" * 100_000, "too_large"),
        ('{"type": "here", "x": "\\ud800"}', "malformed"),
        ("null", "malformed"),
        ('{"type": "shout"}', "unknown_type"),
    ]:
        await socket.send_to(text_data=text)
        assert (await socket.receive_json_from(timeout=5))["code"] == code
    await socket.send_to(bytes_data=b"\xff")
    assert (await socket.receive_json_from(timeout=5))["code"] == "malformed"
    await socket.send_json_to({"type": "here"})
    assert await socket.receive_nothing(timeout=0.3)
    await socket.disconnect()


async def receive_balances(socket, count: int) -> list[int]:
    balances = []
    while len(balances) < count:
        message = await socket.receive_json_from(timeout=5)
        if message["type"] == "balance":
            balances.append(message["balance"])
    return balances


async def test_the_players_open_pages_hear_their_balance_when_a_stake_is_held_and_returned(
    funded_player,
):
    player = await database_sync_to_async(funded_player)(100_000)
    socket, connected, _ = await connect(
        "/ws/lobby/", await database_sync_to_async(logged_in)(player)
    )
    assert connected
    table = await database_sync_to_async(services.create_table)(player, spec(stake=1_000))
    assert await receive_balances(socket, 1) == [99_000]
    await database_sync_to_async(services.cancel)(player, table.pk)
    assert await receive_balances(socket, 1) == [100_000]
    await socket.disconnect()
