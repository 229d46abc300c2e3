"""The Crash socket re-reads the account before every bet, cash-out and autobet, and is
closed with a reason when the account is blocked or excluded; the Crash, Keno and lobby
sockets survive hostile frames."""

from __future__ import annotations

import json

import pytest
from channels.db import database_sync_to_async

from accounts import protection
from accounts import services as accounts
from accounts.models import User
from casino.models import Bet, CrashAutoRun
from realtime.protocol import CLOSE_EXCLUDED, CLOSE_REFUSED
from tests.casino.test_sockets import connect, until
from wallet.selectors import cash_balance

pytestmark = pytest.mark.django_db(transaction=True)


def deactivate(user) -> None:
    """The account blocked behind the socket's back (no message reaches it)."""
    User.objects.filter(pk=user.pk).update(is_active=False)


async def closed_with(socket) -> tuple[dict | None, int]:
    error = None
    while True:
        output = await socket.receive_output(timeout=5)
        if output["type"] == "websocket.close":
            return error, output["code"]
        message = json.loads(output["text"])
        if message["type"] == "error":
            error = message


async def test_a_blocked_player_cannot_bet_or_start_autobet_from_an_open_socket(crash_table):
    player, _, cookie = crash_table
    socket = await connect(cookie)
    await socket.receive_json_from(timeout=5)
    await database_sync_to_async(deactivate)(player)
    await socket.send_json_to({"type": "bet", "amount": "10"})
    assert (await until(socket, "error"))["code"] == "blocked"
    await socket.send_json_to(
        {
            "type": "autobet",
            "base_bet": "1",
            "total_bets_limit": "10",
            "on_win": "return_to_base",
            "on_loss": "double",
        }
    )
    assert (await until(socket, "error"))["code"] == "blocked"
    assert not await database_sync_to_async(Bet.objects.filter(user=player).exists)()
    assert not await database_sync_to_async(CrashAutoRun.objects.filter(user=player).exists)()
    assert await database_sync_to_async(cash_balance)(player) == 100_000
    await socket.disconnect()


async def test_a_blocked_player_cannot_cash_out_from_an_open_socket(crash_table, run_round):
    player, game_round, cookie = crash_table
    socket = await connect(cookie)
    await socket.receive_json_from(timeout=5)
    await socket.send_json_to({"type": "bet", "amount": "10"})
    assert (await until(socket, "accepted"))["action"] == "bet"
    await database_sync_to_async(run_round)(game_round)
    await database_sync_to_async(deactivate)(player)
    await socket.send_json_to({"type": "cash_out"})
    assert (await until(socket, "error"))["code"] == "blocked"
    bet = await database_sync_to_async(Bet.objects.get)(user=player)
    assert "cashed_out_ms" not in bet.selection and bet.result == {}
    await socket.disconnect()


async def test_blocking_closes_the_crash_socket_with_a_reason(crash_table, make_user):
    player, _, cookie = crash_table
    staff = await database_sync_to_async(make_user)(is_staff=True)
    socket, watcher = await connect(cookie), await connect()
    await socket.receive_json_from(timeout=5)
    await watcher.receive_json_from(timeout=5)
    await database_sync_to_async(accounts.block_user)(player, reason="chargebacks", by=staff)
    error, code = await closed_with(socket)
    assert error["code"] == "blocked" and code == CLOSE_REFUSED
    await watcher.send_json_to({"type": "sync"})  # another user's socket stays open
    assert (await until(watcher, "state"))["type"] == "state"
    await watcher.disconnect()


async def test_an_exclusion_closes_the_crash_socket_and_refuses_new_bets(crash_table):
    player, _, cookie = crash_table
    socket = await connect(cookie)
    await socket.receive_json_from(timeout=5)
    await database_sync_to_async(protection.self_exclude)(player, None)
    error, code = await closed_with(socket)
    assert error["code"] == "excluded" and code == CLOSE_EXCLUDED
    # Still logged in, the player reconnects to watch, and cannot bet.
    socket = await connect(cookie)
    await socket.receive_json_from(timeout=5)
    await socket.send_json_to({"type": "bet", "amount": "10"})
    assert (await until(socket, "error"))["code"] == "excluded"
    assert not await database_sync_to_async(Bet.objects.filter(user=player).exists)()
    await socket.disconnect()


HOSTILE = [
    ('{"type": "bet", "amount": "1\\u0000"}', "malformed"),
    ('{"type": "bet", "amount": "\\ud800"}', "malformed"),
    ("[" * 100_000 + "]" * 100_000, "too_large"),
    ('{"type": "sync", "x": ' + "[" * 3_000 + "]" * 3_000 + "}", "malformed"),
    ("42", "malformed"),
]


@pytest.mark.parametrize("path", ["/ws/casino/crash/", "/ws/casino/keno/"])
async def test_hostile_frames_leave_the_round_sockets_open(crash_table, path):
    _, _, cookie = crash_table
    socket = await connect(cookie, path=path)
    await socket.receive_json_from(timeout=5)
    for text, code in HOSTILE:
        await socket.send_to(text_data=text)
        assert (await until(socket, "error"))["code"] == code
    await socket.send_to(bytes_data=b"\x00\x01")
    assert (await until(socket, "error"))["code"] == "malformed"
    await socket.send_json_to({"type": "sync"})
    assert (await until(socket, "state"))["type"] == "state"
    await socket.disconnect()


async def test_a_flood_of_bets_is_rate_limited_not_a_crash(crash_table):
    _, _, cookie = crash_table
    socket = await connect(cookie)
    await socket.receive_json_from(timeout=5)
    for _ in range(30):
        await socket.send_json_to({"type": "bet", "amount": "ten"})
    codes = [(await until(socket, "error"))["code"] for _ in range(30)]
    assert "rate_limited" in codes and set(codes) <= {"invalid_amount", "rate_limited"}
    await socket.disconnect()


async def test_a_crash_bet_over_the_players_loss_limit_is_refused_as_protection(crash_table):
    from accounts.models import ProtectionLimit

    player, _, cookie = crash_table
    await database_sync_to_async(protection.set_limit)(
        player, ProtectionLimit.Kind.LOSS, ProtectionLimit.Period.DAY, 500
    )
    socket = await connect(cookie)
    await socket.receive_json_from(timeout=5)
    await socket.send_json_to({"type": "bet", "amount": "10"})
    error = await until(socket, "error")
    assert error["code"] == "protection" and "limit" in error["message"]
    assert not await database_sync_to_async(Bet.objects.filter(user=player).exists)()
    await socket.disconnect()
