"""Four seats and a spectator over real sockets: nobody is sent a card they may not see."""

import pytest
from channels.db import database_sync_to_async

from games import replay
from tests.games.belote.support import hidden_from, leaked
from tests.games.belote_live.support import bot_move, reload, seat_to_act
from tests.games.conftest import Inbox, open_socket

pytestmark = pytest.mark.django_db(transaction=True)

MAX_MOVES = 200


async def inbox_for(game, user) -> Inbox:
    communicator, connected = await open_socket(f"/ws/games/{game.pk}/", user)
    assert connected
    return Inbox(communicator)


async def play_first_hand(game, seats: list[Inbox], everyone: list[Inbox]):
    """Bot-chosen moves, each sent by the seat's own socket, until a hand is scored."""
    for _ in range(MAX_MOVES):
        game = await database_sync_to_async(reload)(game)
        if game.state["history"]:
            return game
        seat = seat_to_act(game)
        action = await database_sync_to_async(bot_move)(game, seat)
        await seats[seat].communicator.send_json_to(
            {"type": "act", "seq": game.seq, "action": action}
        )
        for inbox in everyone:
            await inbox.latest_state(game.seq + 1)
    raise AssertionError("no hand was finished")


async def test_no_seat_and_no_spectator_is_sent_a_hidden_card(clock, start_table, funded_player):
    people = await database_sync_to_async(lambda: [funded_player() for _ in range(5)])()
    game, _ = await database_sync_to_async(start_table)(
        "pilotta", {"target": 51}, players=people[:4]
    )
    by_seat = await database_sync_to_async(
        lambda: [s.player for s in game.seats.select_related("player").order_by("position")]
    )()
    seats = [await inbox_for(game, user) for user in by_seat]
    watcher = await inbox_for(game, people[4])  # not seated: a spectator
    everyone = [*seats, watcher]
    game = await play_first_hand(game, seats, everyone)
    for inbox in everyone:
        await inbox.drain()

    steps = await database_sync_to_async(replay.replay)(game)
    states = {step.seq: step.state for step in steps}
    for viewer, inbox in [*enumerate(seats), (None, watcher)]:
        views = [m for m in inbox.seen if m["type"] == "state"]
        assert len(views) > 30  # every move of the hand reached every socket
        for message in views:
            assert message["seat"] == viewer
            state = states[message["seq"]]
            assert leaked(message, hidden_from(state, viewer)) == set(), (viewer, message["seq"])
            own = None if viewer is None else sorted(state["hands"][viewer])
            assert sorted(message["view"]["hand"] or []) == (own or []), (viewer, message["seq"])
            if viewer is None:
                assert message["view"]["hand"] is None
    for inbox in everyone:
        await inbox.communicator.disconnect()
