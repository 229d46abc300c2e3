"""Four seats and a spectator over real sockets for a whole three-round game: every frame
each of them receives is read, and none names a card its reader may not see: not another
hand, and not the reader's own hand before it looked (blind nil is bid unseen)."""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async

from games import replay
from tests.games.belote_live.support import bot_move, reload, seat_to_act
from tests.games.conftest import Inbox, open_socket, same_deals
from tests.games.spades.support import hidden_from, leaked

pytestmark = pytest.mark.django_db(transaction=True)

MAX_MOVES = 400
# Three rounds, blind nil offered in the second and the third: with the deals of the known
# seed. With a random one, two failed blind nils could put a side out after two (CI, 8
# December).
LONG_GAME = {"target": 500, "elimination": -300}


async def inbox_for(game, user) -> Inbox:
    communicator, connected = await open_socket(f"/ws/games/{game.pk}/", user)
    assert connected
    return Inbox(communicator)


def next_move(game, seat: int, blind_bids: list[int]) -> dict:
    """The bot's move, except that the first two players offered blind nil take it."""
    state = game.state
    if not state["looked"][seat] and len(blind_bids) < 2:
        blind_bids.append(seat)
        return {"type": "blind_nil"}
    return bot_move(game, seat)


async def play_to_the_end(game, seats: list[Inbox], everyone: list[Inbox]):
    blind_bids: list[int] = []
    for _ in range(MAX_MOVES):
        game = await database_sync_to_async(reload)(game)
        if game.is_over:
            return game, blind_bids
        seat = seat_to_act(game)
        action = await database_sync_to_async(next_move)(game, seat, blind_bids)
        await seats[seat].communicator.send_json_to(
            {"type": "act", "seq": game.seq, "action": action}
        )
        for inbox in everyone:
            await inbox.latest_state(game.seq + 1)
    raise AssertionError("the game does not end")


async def test_no_frame_to_a_seat_or_a_spectator_names_a_hidden_card(
    clock, start_table, funded_player, monkeypatch, django_db_blocker
):
    await database_sync_to_async(same_deals)(monkeypatch, django_db_blocker)
    # Each socket's rate limiter sees a second pass between its moves, as at a real table.
    ticks = iter(range(1, 1_000_000))
    monkeypatch.setattr("realtime.protocol.monotonic", lambda: float(next(ticks)))
    people = await database_sync_to_async(lambda: [funded_player() for _ in range(5)])()
    game, _ = await database_sync_to_async(start_table)("spades", LONG_GAME, players=people[:4])
    by_seat = await database_sync_to_async(
        lambda: [s.player for s in game.seats.select_related("player").order_by("position")]
    )()
    seats = [await inbox_for(game, user) for user in by_seat]
    watcher = await inbox_for(game, people[4])  # not seated: a spectator
    everyone = [*seats, watcher]
    game, blind_bids = await play_to_the_end(game, seats, everyone)
    for inbox in everyone:
        await inbox.next("over", timeout=10)
        await inbox.drain()

    assert len(game.state["history"]) == 3 and blind_bids
    steps = await database_sync_to_async(replay.replay)(game)
    states = {step.seq: step.state for step in steps}
    unseen_frames = 0
    for viewer, inbox in [*enumerate(seats), (None, watcher)]:
        frames = [m for m in inbox.seen if m["type"] in ("state", "over")]
        assert len(frames) > 150  # every move of the game reached every socket
        for message in inbox.seen:
            seq = message.get("seq", game.seq)
            state = states[seq]
            assert leaked(message, hidden_from(state, viewer)) == set(), (viewer, message)
            if message["type"] != "state":
                continue
            assert message["seat"] == viewer
            hand = message["view"]["hand"]
            if viewer is None:
                assert hand is None
            elif state["looked"][viewer]:
                assert sorted(hand) == sorted(state["hands"][viewer])
            else:
                unseen_frames += 1
                assert hand is None
    assert unseen_frames > 0
    for inbox in everyone:
        await inbox.communicator.disconnect()
