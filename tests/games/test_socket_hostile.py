"""Hostile frames against the table socket through the real ASGI stack and Redis layer:
each is refused with an error, and the same socket goes on answering and playing."""

from __future__ import annotations

import itertools
import time

import pytest
from channels.db import database_sync_to_async

from games import services
from games.models import Game, GameSeat
from realtime import protocol as frames
from tests.games.conftest import Inbox, seated

pytestmark = pytest.mark.django_db(transaction=True)

HOSTILE = [
    ("a lone surrogate in chat", '{"type": "chat", "text": "hi \\ud800"}', "malformed"),
    ("100,000-deep JSON", "[" * 100_000 + "]" * 100_000, "too_large"),
    (
        "3,000-deep JSON",
        '{"type": "act", "seq": 0, "action": ' + "[" * 3_000 + "]" * 3_000 + "}",
        "malformed",
    ),
    (
        "a NUL in a move",
        '{"type": "act", "seq": 0, "action": {"sign": "rock\\u0000"}}',
        "malformed",
    ),
    ("a NUL in chat", '{"type": "chat", "text": "a\\u0000b"}', "malformed"),
    ("an oversized frame", '{"type": "chat", "text": "' + "x" * 100_000 + '"}', "too_large"),
    ("non-object JSON", "[1, 2, 3]", "malformed"),
    ("a bare string", '"act"', "malformed"),
    ("not JSON", "{not json", "malformed"),
    ("a move with a wrong seq type", '{"type": "act", "seq": "0", "action": {}}', "malformed"),
]


async def still_answering(inbox: Inbox) -> None:
    await inbox.communicator.send_json_to({"type": "sync"})
    assert (await inbox.next("state"))["type"] == "state"


def seat_row(game, position) -> GameSeat:
    return GameSeat.objects.get(game_id=game.pk, position=position)


async def test_each_hostile_frame_is_refused_and_the_socket_stays_open(start_table, monkeypatch):
    ticks = itertools.count(step=60)  # a minute between frames: no rate limit applies
    monkeypatch.setattr(frames, "monotonic", lambda: float(next(ticks)))
    game, _, inboxes, first = await seated(start_table)
    me = inboxes[first]
    for name, text, code in HOSTILE:
        await me.communicator.send_to(text_data=text)
        error = await me.next("error")
        assert error["code"] == code, name
        await still_answering(me)
    await me.communicator.send_to(bytes_data=b"\x00\xff binary")
    assert (await me.next("error"))["code"] == "malformed"
    await still_answering(me)

    # Nothing reached the game, the seat is still counted online, and it still plays.
    fresh = await database_sync_to_async(Game.objects.get)(pk=game.pk)
    assert fresh.seq == 0
    seat = await database_sync_to_async(seat_row)(game, first)
    assert seat.sockets == 1 and seat.offline_since is None
    await me.communicator.send_json_to({"type": "act", "seq": 0, "action": {"sign": "rock"}})
    assert (await me.latest_state(1))["seq"] == 1
    for inbox in inboxes:
        await inbox.communicator.disconnect()


async def test_a_hostile_chat_line_never_reaches_the_other_seat(start_table):
    _, _, inboxes, first = await seated(start_table)
    other = inboxes[1 - first]
    await other.drain()
    await inboxes[first].communicator.send_to(text_data='{"type": "chat", "text": "\\udfff"}')
    await inboxes[first].next("error")
    await inboxes[first].communicator.send_json_to({"type": "chat", "text": "good luck"})
    chat = await other.next("chat")
    assert chat["text"] == "good luck" and chat["seat"] == first
    for inbox in inboxes:
        await inbox.communicator.disconnect()


async def test_an_unexpected_failure_is_an_error_not_a_dead_socket(start_table, monkeypatch):
    _, _, inboxes, first = await seated(start_table)

    def broken(*args):
        raise RuntimeError("a bug")

    monkeypatch.setattr(services, "submit", broken)
    me = inboxes[first]
    await me.communicator.send_json_to({"type": "act", "seq": 0, "action": {"sign": "rock"}})
    error = await me.next("error")
    assert error["code"] == "server_error" and "a bug" not in error["message"]
    await still_answering(me)
    for inbox in inboxes:
        await inbox.communicator.disconnect()


async def test_a_chat_flood_is_rate_limited_and_the_socket_stays_open(start_table, monkeypatch):
    monkeypatch.setattr(frames, "monotonic", lambda: 1_000.0)  # no token comes back
    _, _, inboxes, first = await seated(start_table)
    me, other = inboxes[first], inboxes[1 - first]
    burst = 5
    for n in range(burst + 3):
        await me.communicator.send_json_to({"type": "chat", "text": f"line {n}"})
    codes = [(await me.next("error"))["code"] for _ in range(3)]
    assert codes == ["rate_limited"] * 3
    await other.drain()
    relayed = [m["text"] for m in other.seen if m["type"] == "chat"]
    assert relayed == [f"line {n}" for n in range(burst)]
    await still_answering(me)
    for inbox in inboxes:
        await inbox.communicator.disconnect()


async def test_acts_and_syncs_are_rate_limited_per_socket(start_table, monkeypatch):
    monkeypatch.setattr(frames, "monotonic", lambda: 1_000.0)
    _, _, inboxes, first = await seated(start_table)
    me, other = inboxes[first], inboxes[1 - first]
    for _ in range(10):  # the act burst, all stale: nothing changes
        await me.communicator.send_json_to({"type": "act", "seq": 99, "action": {"sign": "rock"}})
        assert (await me.next("error"))["code"] == "stale"
    await me.communicator.send_json_to({"type": "act", "seq": 0, "action": {"sign": "rock"}})
    assert (await me.next("error"))["code"] == "rate_limited"
    for _ in range(5):
        await me.communicator.send_json_to({"type": "sync"})
        await me.next("state")
    await me.communicator.send_json_to({"type": "sync"})
    assert (await me.next("error"))["code"] == "rate_limited"
    # The other seat's socket has budgets of its own.
    await other.communicator.send_json_to({"type": "sync"})
    assert (await other.next("state"))["type"] == "state"
    for inbox in inboxes:
        await inbox.communicator.disconnect()


async def test_a_flood_at_one_table_leaves_another_table_fast(start_table):
    _, _, flooded, first = await seated(start_table)
    _, _, calm, calm_first = await seated(start_table)
    flooder = flooded[first].communicator
    for n in range(300):
        await flooder.send_json_to({"type": "act", "seq": 99, "action": {"sign": "rock"}})
        await flooder.send_json_to({"type": "chat", "text": f"spam {n}"})
    started = time.perf_counter()
    await calm[calm_first].communicator.send_json_to(
        {"type": "act", "seq": 0, "action": {"sign": "paper"}}
    )
    await calm[calm_first].latest_state(1)
    assert time.perf_counter() - started < 2.0
    for inbox in (*flooded, *calm):
        await inbox.communicator.disconnect()
