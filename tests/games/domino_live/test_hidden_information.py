"""Two seats and a spectator over real sockets, for a whole match of several deals: every
frame each of them receives is read, and none holds a bone of the other hand or of the
reserve."""

from __future__ import annotations

import asyncio

import pytest
from channels.db import database_sync_to_async

from games import replay
from tests.games.conftest import Inbox, open_socket
from tests.games.domino.hidden import hidden_from, leaked
from tests.games.two_seats import bot_move, mover, reload

pytestmark = pytest.mark.django_db(transaction=True)

MAX_MOVES = 400
RATE_PAUSE = 0.5


async def inbox_for(game, user) -> Inbox:
    communicator, connected = await open_socket(f"/ws/games/{game.pk}/", user)
    assert connected
    return Inbox(communicator)


async def send_move(inbox: Inbox, seq: int, action: dict) -> None:
    """Sends the move and reads the seat's socket until the move's state comes back; a
    burst beyond the socket's rate limit is sent again after a pause, as a player would."""
    await inbox.communicator.send_json_to({"type": "act", "seq": seq, "action": action})
    while True:
        message = await inbox.next()
        if message["type"] == "state" and message["seq"] > seq:
            return
        if message["type"] == "error":
            assert message["code"] == "rate_limited", message
            await asyncio.sleep(RATE_PAUSE)
            await inbox.communicator.send_json_to({"type": "act", "seq": seq, "action": action})


async def play_through_sockets(game, seats: list[Inbox], everyone: list[Inbox]):
    """Bot-chosen moves, each sent by the seat's own socket, until the match is over."""
    for _ in range(MAX_MOVES):
        game = await database_sync_to_async(reload)(game)
        if game.is_over:
            return game
        seat = mover(game)
        action = await database_sync_to_async(bot_move)(game, seat)
        await send_move(seats[seat], game.seq, action)
        for inbox in everyone:
            await inbox.latest_state(game.seq + 1)
    raise AssertionError("the match did not end")


@pytest.mark.parametrize(
    ("slug", "options"),
    [("dominoes", {"points": 51}), ("fives", {"points": 105, "multi_pair": True})],
)
async def test_no_seat_and_no_spectator_is_sent_a_hidden_bone(
    slug, options, clock, start_table, funded_player
):
    people = await database_sync_to_async(lambda: [funded_player() for _ in range(3)])()
    game, _ = await database_sync_to_async(start_table)(slug, options, players=people[:2])
    by_seat = await database_sync_to_async(
        lambda: [s.player for s in game.seats.select_related("player").order_by("position")]
    )()
    seats = [await inbox_for(game, user) for user in by_seat]
    watcher = await inbox_for(game, people[2])  # not seated: a spectator
    everyone = [*seats, watcher]
    game = await play_through_sockets(game, seats, everyone)
    for inbox in everyone:
        await inbox.drain()

    steps = await database_sync_to_async(replay.replay)(game)
    states = {step.seq: step.state for step in steps}
    assert game.state["deal_no"] >= 2  # deals were dealt afresh on the way
    for viewer, inbox in [*enumerate(seats), (None, watcher)]:
        frames = [m for m in inbox.seen if m["type"] in ("state", "over")]
        views = [m for m in frames if m["type"] == "state"]
        assert len(views) >= game.seq  # every move reached every socket
        for message in frames:
            state = states[message["seq"]]
            assert leaked(message, hidden_from(state, viewer)) == set(), (viewer, message["seq"])
        for message in views:
            assert message["seat"] == viewer
            state = states[message["seq"]]
            own = None if viewer is None else state["hands"][viewer]
            assert message["view"]["hand"] == own
            assert message["view"]["hand_sizes"] == [len(h) for h in state["hands"]]
    for inbox in everyone:
        await inbox.communicator.disconnect()
