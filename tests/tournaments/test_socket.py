import pytest
from channels.db import database_sync_to_async

from tests.games.conftest import open_socket
from tournaments import services

pytestmark = pytest.mark.django_db(transaction=True)


async def test_the_page_socket_hears_every_registration(make_tournament, funded_player):
    tournament = await database_sync_to_async(make_tournament)()
    watcher, player = await database_sync_to_async(lambda: (funded_player(), funded_player()))()
    socket, connected = await open_socket(f"/ws/tournaments/{tournament.pk}/", watcher)
    assert connected
    await database_sync_to_async(services.register)(player, tournament.pk)
    assert await socket.receive_json_from(timeout=5) == {
        "type": "changed",
        "tournament": tournament.pk,
    }
    await socket.disconnect()


async def test_anonymous_sockets_are_refused(make_tournament):
    tournament = await database_sync_to_async(make_tournament)()
    _, connected = await open_socket(f"/ws/tournaments/{tournament.pk}/")
    assert not connected
