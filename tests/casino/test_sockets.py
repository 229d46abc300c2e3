"""The Crash socket through the real ASGI stack and the real Redis channel layer: a bet,
the ticks, a cash-out, the crash and the settlement, on a controlled clock."""

from __future__ import annotations

import asyncio

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from casino import clock, runner
from casino.models import Bet
from config.asgi import application
from wallet.selectors import cash_balance

ORIGIN = (b"origin", b"http://testserver")


async def connect(cookie: str | None = None, path: str = "/ws/casino/crash/"):
    headers = [ORIGIN]
    if cookie:
        headers.append((b"cookie", f"sessionid={cookie}".encode()))
    communicator = WebsocketCommunicator(application, path, headers=headers)
    connected, _ = await communicator.connect()
    assert connected
    return communicator


async def until(communicator, kind: str, limit: int = 500) -> dict:
    for _ in range(limit):
        message = await communicator.receive_json_from(timeout=5)
        if message["type"] == kind:
            return message
    raise AssertionError(f"no {kind} message")


@pytest.mark.django_db(transaction=True)
async def test_bet_ticks_cash_out_crash_over_the_socket(
    crash_table, run_round, fake_clock, monkeypatch
):
    player, game_round, cookie = crash_table

    async def sleep_a_little(milliseconds: int) -> None:
        fake_clock.advance(milliseconds)
        await asyncio.sleep(0.01)  # real time for the test to speak between ticks

    monkeypatch.setattr(clock, "sleep_ms", sleep_a_little)
    socket, watcher = await connect(cookie), await connect()
    state = await socket.receive_json_from(timeout=5)
    assert state["type"] == "state" and state["round"]["number"] == game_round.number
    await watcher.receive_json_from(timeout=5)

    await socket.send_json_to({"type": "bet", "amount": "10.00", "auto_cash_out": ""})
    accepted = await until(socket, "accepted")
    assert accepted["action"] == "bet" and accepted["amount"] == 1_000
    assert (await until(watcher, "bet"))["player"] == f"Player {player.pk}"

    await database_sync_to_async(run_round)(game_round)
    stream = asyncio.create_task(runner.stream_crash(game_round.pk))
    ticks = [await until(socket, "tick") for _ in range(3)]
    assert [t["multiplier"] for t in ticks] == sorted(t["multiplier"] for t in ticks)
    await socket.send_json_to({"type": "cash_out"})
    cashed = await until(socket, "accepted")
    assert cashed["action"] == "cash_out" and 100 <= cashed["multiplier"] < 200
    crash = await until(watcher, "crash")
    assert crash["crash_point"] == 200
    settled = await until(watcher, "settled")
    assert settled["winners"] == 1 and len(settled["link"]) == 64
    assert await stream

    bet = await database_sync_to_async(Bet.objects.get)(user=player)
    assert bet.payout == 1_000 * cashed["multiplier"] // 100
    balance = await database_sync_to_async(cash_balance)(player)
    assert balance == 100_000 - 1_000 + bet.payout
    await socket.disconnect()
    await watcher.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_bad_messages_get_an_error_and_the_socket_stays_open(crash_table):
    _, _, cookie = crash_table
    socket = await connect(cookie)
    await socket.receive_json_from(timeout=5)
    for bad in ["{not json", "[1, 2]", '{"type": 5}', "x" * 5_000]:
        await socket.send_to(text_data=bad)
        reply = await socket.receive_json_from(timeout=5)
        assert reply["type"] == "error" and reply["code"] == "malformed"
    await socket.send_to(text_data='{"type": "sync", "pad": "' + "x" * 9_000 + '"}')
    assert (await socket.receive_json_from(timeout=5))["code"] == "too_large"
    await socket.send_json_to({"type": "launch"})
    assert (await socket.receive_json_from(timeout=5))["code"] == "unknown_type"
    await socket.send_json_to({"type": "bet", "amount": "ten"})
    assert (await socket.receive_json_from(timeout=5))["code"] == "invalid_amount"
    await socket.send_json_to({"type": "bet", "amount": 10.5})
    assert (await socket.receive_json_from(timeout=5))["code"] == "invalid_amount"
    await socket.send_json_to({"type": "bet", "amount": "0.10"})
    assert "minimum" in (await until(socket, "error"))["message"]
    await socket.send_json_to({"type": "cash_out"})
    assert "No round is running" in (await until(socket, "error"))["message"]
    await socket.send_json_to({"type": "sync"})
    assert (await until(socket, "state"))["round"] is not None
    await socket.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_an_anonymous_watcher_cannot_bet(crash_table):
    socket = await connect()
    await socket.receive_json_from(timeout=5)
    await socket.send_json_to({"type": "bet", "amount": "10"})
    assert (await socket.receive_json_from(timeout=5))["message"] == "Log in to play."
    await socket.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_the_keno_socket_sends_the_next_draw(casino_settings):
    from casino import services

    await database_sync_to_async(services.schedule_rounds)("keno")
    socket = await connect(path="/ws/casino/keno/")
    state = await socket.receive_json_from(timeout=5)
    assert state["type"] == "state" and state["next"]["round"] == 1
    await socket.disconnect()
