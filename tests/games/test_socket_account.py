"""A block or an exclusion reaches the table sockets already open: they are closed with a
reason, and every action re-reads the account, so a socket that stayed open plays nothing."""

from __future__ import annotations

import json

import pytest
from channels.db import database_sync_to_async

from accounts import protection
from accounts import services as accounts
from accounts.models import User
from games.models import Game
from realtime.protocol import CLOSE_EXCLUDED, CLOSE_REFUSED
from tests.games.conftest import Inbox, seated

pytestmark = pytest.mark.django_db(transaction=True)


async def seated_and_drained(start_table):
    game, players, inboxes, first = await seated(start_table)
    for inbox in inboxes:
        await inbox.drain()
    return game, players, inboxes, first


async def closed_with(inbox: Inbox) -> tuple[dict, int]:
    """The error the socket was sent last, and its close code."""
    error = None
    while True:
        output = await inbox.communicator.receive_output(timeout=5)
        if output["type"] == "websocket.close":
            return error, output["code"]
        error = json.loads(output["text"])


def deactivate(user) -> None:
    """The account blocked behind the socket's back (no message reaches it)."""
    User.objects.filter(pk=user.pk).update(is_active=False)


async def test_blocking_closes_the_players_sockets_with_a_reason(start_table, make_user):
    _, players, inboxes, first = await seated_and_drained(start_table)
    staff = await database_sync_to_async(make_user)(is_staff=True)
    blocked = players[first]
    await database_sync_to_async(accounts.block_user)(blocked, reason="fraud", by=staff)
    error, code = await closed_with(inboxes[first])
    assert error["type"] == "error" and error["code"] == "blocked"
    assert "fraud" not in error["message"]  # staff's reason stays with staff
    assert code == CLOSE_REFUSED
    # The other player's socket is untouched.
    await inboxes[1 - first].communicator.send_json_to({"type": "sync"})
    assert (await inboxes[1 - first].next("state"))["type"] == "state"
    for inbox in inboxes:
        await inbox.communicator.disconnect()


async def test_self_exclusion_closes_the_players_sockets_with_a_reason(start_table):
    _, players, inboxes, first = await seated_and_drained(start_table)
    await database_sync_to_async(protection.self_exclude)(players[first], 6)
    error, code = await closed_with(inboxes[first])
    assert error["code"] == "excluded" and "self-exclusion" in error["message"]
    assert code == CLOSE_EXCLUDED
    for inbox in inboxes:
        await inbox.communicator.disconnect()


async def test_a_blocked_player_cannot_move_from_a_socket_that_stayed_open(start_table):
    game, players, inboxes, first = await seated_and_drained(start_table)
    await database_sync_to_async(deactivate)(players[first])
    me = inboxes[first]
    await me.communicator.send_json_to({"type": "act", "seq": 0, "action": {"sign": "rock"}})
    assert (await me.next("error"))["code"] == "blocked"
    await me.communicator.send_json_to({"type": "resign"})
    assert (await me.next("error"))["code"] == "blocked"
    fresh = await database_sync_to_async(Game.objects.get)(pk=game.pk)
    assert fresh.seq == 0 and not fresh.is_over
    for inbox in inboxes:
        await inbox.communicator.disconnect()


async def test_a_blocked_players_chat_is_not_relayed(start_table):
    _, players, inboxes, first = await seated_and_drained(start_table)
    await database_sync_to_async(deactivate)(players[first])
    me, other = inboxes[first], inboxes[1 - first]
    await me.communicator.send_json_to({"type": "chat", "text": "still here"})
    assert (await me.next("error"))["code"] == "blocked"
    await other.drain()
    assert not [m for m in other.seen if m["type"] == "chat"]
    for inbox in inboxes:
        await inbox.communicator.disconnect()
