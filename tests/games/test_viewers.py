"""One rule of who sees a game, asked alike by the play page, the replay and the socket:
players, staff and regulators always; anyone logged in at a game open to spectators; at a
private game, holders of its watch link while it is live."""

from __future__ import annotations

import json

import pytest
from channels.db import database_sync_to_async
from django.contrib.auth.models import Group
from django.test import Client
from django.urls import reverse

from games import messages, services
from games.models import Game
from staff.roles import REGULATORS_GROUP
from tests.games.conftest import open_socket

pytestmark = pytest.mark.django_db(transaction=True)


def regulator(make_user):
    user = make_user()
    user.groups.add(Group.objects.get_or_create(name=REGULATORS_GROUP)[0])
    return user


def pages_seen(user, game: Game, code: str = "") -> dict[str, int]:
    client = Client()
    client.force_login(user)
    query = f"?code={code}" if code else ""
    return {
        page: client.get(reverse(f"games:{page}", args=[game.pk]) + query).status_code
        for page in ("play", "replay")
    }


async def socket_opens(user, game: Game, code: str = "") -> bool:
    query = f"?code={code}" if code else ""
    communicator, connected = await open_socket(f"/ws/games/{game.pk}/{query}", user)
    if connected:
        await communicator.disconnect()
    return connected


def finished(start_table, **table) -> tuple[Game, list]:
    game, players = start_table("rps", {"points": 1}, **table)
    services.resign(game.pk, players[0])
    return Game.objects.get(pk=game.pk), players


async def test_a_no_spectators_game_is_seen_by_players_staff_and_regulators_only(
    start_table, make_user
):
    game, players = await database_sync_to_async(finished)(start_table, spectators_allowed=False)
    stranger = await database_sync_to_async(make_user)()
    staff = await database_sync_to_async(make_user)(is_staff=True)
    inspector = await database_sync_to_async(regulator)(make_user)

    for user, allowed in ((players[1], True), (staff, True), (inspector, True), (stranger, False)):
        seen = await database_sync_to_async(pages_seen)(user, game)
        assert seen == {"play": 200 if allowed else 404, "replay": 200 if allowed else 404}
        assert await socket_opens(user, game) is allowed


async def test_a_private_game_is_watched_by_its_link_only_while_live(start_table, make_user):
    game, players = await database_sync_to_async(start_table)("rps", {"points": 1}, private=True)
    holder = await database_sync_to_async(make_user)()
    assert await database_sync_to_async(pages_seen)(holder, game, game.watch_code) == {
        "play": 200,
        "replay": 404,  # no replay of a live game
    }
    assert await socket_opens(holder, game, game.watch_code)
    assert not await socket_opens(holder, game, "wrong-code")

    await database_sync_to_async(services.resign)(game.pk, players[0])

    assert await database_sync_to_async(pages_seen)(holder, game, game.watch_code) == {
        "play": 404,
        "replay": 404,
    }
    assert not await socket_opens(holder, game, game.watch_code)
    assert await database_sync_to_async(pages_seen)(players[0], game) == {
        "play": 200,
        "replay": 200,
    }


async def test_a_public_game_is_seen_by_anyone_logged_in(start_table, make_user):
    game, _ = await database_sync_to_async(finished)(start_table)
    stranger = await database_sync_to_async(make_user)()
    assert await database_sync_to_async(pages_seen)(stranger, game) == {
        "play": 200,
        "replay": 200,
    }
    assert await socket_opens(stranger, game)


def test_each_audience_is_sent_the_text_json_writes_for_its_message(start_table):
    """A change's views are joined from one encoding of what every audience is shown alike
    (games/messages.py, state_texts): the text must be what encoding each whole message
    writes, for each seat and the spectators, in play and once over."""
    game, players = start_table("rps", {"points": 1})
    for _ in range(3):
        game = Game.objects.get(pk=game.pk)
        positions = [0, 1, None]
        seats = list(services.seats_of(game).values())
        texts = messages.state_texts(game, positions, seats)
        assert texts == {
            position: json.dumps(message)
            for position, message in messages.state_messages(game, positions, seats).items()
        }
        if not game.is_over:
            (mover,) = services.engine_of(game).to_act(game.state)
            sign = "rock" if mover == 0 else "scissors"
            services.submit(game.pk, players[mover], game.seq, {"sign": sign})
    assert game.is_over
