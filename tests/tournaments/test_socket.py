from datetime import timedelta

import pytest
from channels.db import database_sync_to_async
from django.urls import reverse
from django.utils import timezone

from tests.games.conftest import open_socket
from tournaments import services
from tournaments.models import Match

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


async def test_a_player_hears_their_game_is_ready_on_the_notices_socket(
    make_tournament, funded_player
):
    tournament = await database_sync_to_async(make_tournament)(max_players=2)
    first, second = await database_sync_to_async(lambda: (funded_player(), funded_player()))()
    socket, connected = await open_socket("/ws/tournaments/notices/", first)
    assert connected
    for player in (first, second):
        await database_sync_to_async(services.register)(player, tournament.pk)
    await database_sync_to_async(services.start_due)(timezone.now() + timedelta(hours=2))
    while (message := await socket.receive_json_from(timeout=5))["type"] != "tournament_game":
        pass  # the balance moved at registration
    match = await database_sync_to_async(Match.objects.get)(tournament=tournament)
    assert message["url"] == reverse("games:play", args=[match.game_id])
    assert "round 1" in message["text"]
    await socket.disconnect()


def test_every_page_of_a_player_in_a_tournament_listens_for_their_game(
    client, make_tournament, funded_player
):
    tournament, player, other = make_tournament(), funded_player(), funded_player()
    services.register(player, tournament.pk)
    client.force_login(player)
    for page in (reverse("reports:history"), reverse("tournaments:index"), "/wallet/"):
        assert b"tournaments/notices.js" in client.get(page).content
    # The tournament's page has its own socket, which sends the player into the game.
    detail = client.get(reverse("tournaments:detail", args=[tournament.pk])).content
    assert b"tournaments/notices.js" not in detail
    client.force_login(other)
    assert b"tournaments/notices.js" not in client.get(reverse("reports:history")).content
