"""Every message the Crash and Keno sockets send has the shape casino/protocol.py declares:
a whole round (bet, ticks, cash-out, crash, settlement) is recorded from two sockets and
each message is checked against its TypedDict."""

from __future__ import annotations

import asyncio
import typing

import pytest
from channels.db import database_sync_to_async
from django.utils import timezone

from casino import clock, draws, protocol, runner
from casino.models import Round
from tests.casino.test_sockets import connect

pytestmark = pytest.mark.django_db(transaction=True)


class Recorder:
    """A socket's every message, kept in order."""

    def __init__(self, communicator) -> None:
        self.communicator = communicator
        self.seen: list[dict] = []

    async def until(self, kind: str) -> dict:
        while True:
            message = await self.communicator.receive_json_from(timeout=5)
            self.seen.append(message)
            if message["type"] == kind:
                return message


def assert_shape(message: dict, declared: dict[str, type]) -> None:
    typed = declared[message["type"]]
    keys = set(typing.get_type_hints(typed))
    assert typed.__required_keys__ <= set(message) <= keys, (message["type"], set(message))


async def test_every_crash_message_of_a_round_has_its_declared_shape(
    crash_table, run_round, fake_clock, monkeypatch
):
    _, game_round, cookie = crash_table

    async def sleep_a_little(milliseconds: int) -> None:
        fake_clock.advance(milliseconds)
        await asyncio.sleep(0.01)

    monkeypatch.setattr(clock, "sleep_ms", sleep_a_little)
    player, watcher = Recorder(await connect(cookie)), Recorder(await connect())
    await player.until("state")
    await player.communicator.send_json_to({"type": "bet", "amount": "10.00"})
    await player.until("accepted")
    await database_sync_to_async(run_round)(game_round)
    stream = asyncio.create_task(runner.stream_crash(game_round.pk))
    await player.until("tick")
    await player.communicator.send_json_to({"type": "cash_out"})
    await player.until("accepted")
    await watcher.until("settled")
    assert await stream
    await player.communicator.send_json_to({"type": "sync"})
    await player.until("state")

    messages = player.seen + watcher.seen
    assert {"state", "accepted", "bet", "start", "tick", "cashout", "crash", "settled"} <= {
        m["type"] for m in messages
    }
    for message in messages:
        assert_shape(message, protocol.CRASH_SERVER_MESSAGES)
    for socket in (player, watcher):
        await socket.communicator.disconnect()


async def test_the_keno_state_has_its_declared_shape(keno_rounds):
    await database_sync_to_async(keno_rounds)()
    socket = Recorder(await connect(path="/ws/casino/keno/"))
    state = await socket.until("state")
    assert state["next"] is not None
    assert_shape(state, protocol.KENO_SERVER_MESSAGES)
    assert set(state["next"]) == set(typing.get_type_hints(protocol.NextDraw))
    await database_sync_to_async(draw_now)(state["next"]["round"])
    await database_sync_to_async(draws.advance)("keno")
    result, opened = await socket.until("result"), await socket.until("open")
    assert len(result["outcome"]["balls"]) == 20 and opened["round"] == result["round"] + 1
    for message in socket.seen:
        assert_shape(message, protocol.KENO_SERVER_MESSAGES)
    await socket.communicator.disconnect()


def draw_now(number: int) -> None:
    Round.objects.filter(game="keno", number=number).update(starts_at=timezone.now())
