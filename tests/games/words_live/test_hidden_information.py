"""Two seats and a spectator over real sockets for a whole game of Wordfall: every frame
each of them receives is read, and none holds the bag, its order or the other rack; a
preview is answered to the socket that asked, and only from its own rack."""

from __future__ import annotations

import json

import pytest
from channels.db import database_sync_to_async

from games import replay
from tests.games.belote_live.support import bot_move, reload, seat_to_act
from tests.games.rummy_live.test_hidden_information import inbox_for

pytestmark = pytest.mark.django_db(transaction=True)

MAX_MOVES = 200


async def play(game, seats, everyone):
    for _ in range(MAX_MOVES):
        game = await database_sync_to_async(reload)(game)
        if game.is_over:
            return game
        seat = seat_to_act(game)
        action = await database_sync_to_async(bot_move)(game, seat)
        if action["type"] == "place":
            # The player previews the word first: only its own socket hears the answer.
            await seats[seat].communicator.send_json_to(
                {"type": "preview", "ref": game.seq, "action": action}
            )
            answer = await seats[seat].next("preview")
            assert answer["ref"] == game.seq and answer["preview"]["ok"] is True
        await seats[seat].communicator.send_json_to(
            {"type": "act", "seq": game.seq, "action": action}
        )
        for inbox in everyone:
            await inbox.latest_state(game.seq + 1)
    raise AssertionError("the game does not end")


async def test_no_frame_holds_the_bag_or_another_rack(
    clock, start_table, funded_player, monkeypatch
):
    ticks = iter(range(1, 1_000_000))
    monkeypatch.setattr("realtime.protocol.monotonic", lambda: float(next(ticks)))
    people = await database_sync_to_async(lambda: [funded_player() for _ in range(3)])()
    game, _ = await database_sync_to_async(start_table)(
        "wordfall", {}, players=people[:2], step_seconds=300
    )
    by_seat = await database_sync_to_async(
        lambda: [s.player for s in game.seats.select_related("player").order_by("position")]
    )()
    seats = [await inbox_for(game, user) for user in by_seat]
    watcher = await inbox_for(game, people[2])
    everyone = [*seats, watcher]
    game = await play(game, seats, everyone)
    for inbox in everyone:
        await inbox.next("over", timeout=10)
        await inbox.drain()

    steps = await database_sync_to_async(replay.replay)(game)
    states = {step.seq: step.state for step in steps}
    for viewer, inbox in [*enumerate(seats), (None, watcher)]:
        frames = [m for m in inbox.seen if m["type"] in ("state", "over")]
        assert len(frames) > 10
        if viewer is None:
            assert not [m for m in inbox.seen if m["type"] == "preview"]
        for message in inbox.seen:
            if message["type"] not in ("state", "over"):
                continue
            state = states[message.get("seq", game.seq)]
            text = json.dumps(message)
            if len(state["bag"]) >= 7:
                assert json.dumps(state["bag"]) not in text
            if message["type"] != "state":
                continue
            view = message["view"]
            assert message["seat"] == viewer and "bag" not in view and "racks" not in view
            assert view["rack"] == (None if viewer is None else state["racks"][viewer])
            assert view["bag_size"] == len(state["bag"])
            for other, rack in enumerate(state["racks"]):
                if other != viewer and len(rack) >= 4 and rack != view["rack"]:
                    assert json.dumps(rack) not in text, (viewer, other)
    for inbox in everyone:
        await inbox.communicator.disconnect()
