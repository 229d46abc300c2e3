"""Whole games over real WebSockets and the real Redis channel layer, to settlement."""

import json

import pytest
from channels.db import database_sync_to_async

from games.models import Game
from tests.games.conftest import Inbox, open_socket
from wallet.invariants import ledger_problems
from wallet.selectors import cash_balance

pytestmark = pytest.mark.django_db(transaction=True)


async def seat_sockets(game, players):
    inboxes = []
    for user in players:
        communicator, connected = await open_socket(f"/ws/games/{game.pk}/", user)
        assert connected
        inboxes.append(Inbox(communicator))
    return inboxes


async def play_rps_to_the_end(game, inboxes, winner: int):
    """The `winner` seat always beats the other; returns the final 'over' message."""
    state = await inboxes[0].latest_state(0)
    while state["status"] == "playing":
        (seat,) = state["to_act"]
        inbox = inboxes[seat]
        mine = await inbox.latest_state(state["seq"])
        assert mine["legal"], mine
        sign = "scissors" if seat == winner else "paper"
        await inbox.communicator.send_json_to(
            {"type": "act", "seq": mine["seq"], "action": {"sign": sign}}
        )
        state = await inboxes[0].latest_state(state["seq"] + 1)
    return await inboxes[0].next("over")


async def test_rock_paper_scissors_to_settlement_with_exact_balances(start_table):
    game, players = await database_sync_to_async(start_table)("rps", {"points": 2}, stake=1_000)
    inboxes = await seat_sockets(game, players)
    over = await play_rps_to_the_end(game, inboxes, winner=1)
    assert over["settlement"]["net"] == [-1_000, 920]  # pot 2,000, rake 4% = 80
    assert over["settlement"]["rake"] == 80
    assert over["seed"] is not None
    balances = await database_sync_to_async(lambda: [cash_balance(p) for p in players])()
    assert balances == [99_000, 100_920]
    assert await database_sync_to_async(ledger_problems)() == []
    for inbox in inboxes:
        await inbox.communicator.disconnect()


async def test_each_seat_sees_only_its_own_pending_sign(start_table):
    game, players = await database_sync_to_async(start_table)("rps", {"points": 3})
    inboxes = await seat_sockets(game, players)
    first = (await inboxes[0].latest_state(0))["to_act"][0]
    second = 1 - first
    await inboxes[first].communicator.send_json_to(
        {"type": "act", "seq": 0, "action": {"sign": "rock"}}
    )
    for inbox in inboxes:
        await inbox.latest_state(1)
        await inbox.drain()
    # Until the second seat has chosen, no view it (or a spectator) was sent names "rock"
    # (its `legal` list offers every sign, of course).
    assert inboxes[second].seen
    assert all("rock" not in json.dumps(m.get("view")) for m in inboxes[second].seen)
    spectator_user = await database_sync_to_async(_third_player)(players)
    watcher, connected = await open_socket(f"/ws/games/{game.pk}/", spectator_user)
    assert connected
    watch = Inbox(watcher)
    await watch.latest_state(1)
    assert watch.seen and all("rock" not in json.dumps(m) for m in watch.seen)
    # The chooser's own view does show its own sign.
    assert any(m.get("view", {}).get("my_sign") == "rock" for m in inboxes[first].seen)
    for c in (*inboxes, watch):
        await c.communicator.disconnect()


def _third_player(players):
    from accounts.models import User
    from tests.conftest import PASSWORD  # noqa: F401  (any verified user will do)

    return User.objects.create_user("watcher@example.com", "pw", legal_name="Wanda Watcher")


async def test_bad_messages_are_refused_and_change_nothing(start_table):
    game, players = await database_sync_to_async(start_table)("rps", {"points": 3})
    inboxes = await seat_sockets(game, players)
    state = await inboxes[0].latest_state(0)
    (first,) = state["to_act"]
    other = inboxes[1 - first].communicator
    me = inboxes[first].communicator

    await me.send_to(text_data="{not json")
    assert (await inboxes[first].next("error"))["code"] == "malformed"
    await me.send_json_to({"type": "act", "seq": 99, "action": {"sign": "rock"}})
    assert (await inboxes[first].next("error"))["code"] == "stale"
    await other.send_json_to({"type": "act", "seq": 0, "action": {"sign": "rock"}})
    assert (await inboxes[1 - first].next("error"))["code"] == "not_your_turn"
    await me.send_json_to({"type": "act", "seq": 0, "action": {"sign": "lizard"}})
    assert (await inboxes[first].next("error"))["code"] == "malformed"
    await me.send_json_to({"type": "act", "seq": "0", "action": {"sign": "rock"}})
    assert (await inboxes[first].next("error"))["code"] == "malformed"
    await me.send_json_to({"type": "shout"})
    assert (await inboxes[first].next("error"))["code"] == "unknown_type"

    fresh = await database_sync_to_async(Game.objects.get)(pk=game.pk)
    assert fresh.seq == 0 and fresh.state == game.state
    for inbox in inboxes:
        await inbox.communicator.disconnect()


async def test_unauthenticated_and_strangers_at_private_tables_are_refused(start_table, make_user):
    game, _ = await database_sync_to_async(start_table)("rps", {"points": 1}, private=True)
    _, connected = await open_socket(f"/ws/games/{game.pk}/")
    assert not connected
    stranger = await database_sync_to_async(make_user)()
    _, connected = await open_socket(f"/ws/games/{game.pk}/", stranger)
    assert not connected
    code = await database_sync_to_async(lambda: Game.objects.get(pk=game.pk).watch_code)()
    watcher, connected = await open_socket(f"/ws/games/{game.pk}/?code={code}", stranger)
    assert connected
    watch = Inbox(watcher)
    state = await watch.latest_state(0)
    assert state["seat"] is None and state["legal"] == []
    await watcher.send_json_to({"type": "act", "seq": 0, "action": {"sign": "rock"}})
    assert (await watch.next("error"))["code"] == "spectator"
    await watcher.disconnect()


async def test_a_new_consumer_resumes_the_game_from_the_database(start_table):
    game, players = await database_sync_to_async(start_table)("rps", {"points": 3})
    inboxes = await seat_sockets(game, players)
    (first,) = (await inboxes[0].latest_state(0))["to_act"]
    await inboxes[first].communicator.send_json_to(
        {"type": "act", "seq": 0, "action": {"sign": "rock"}}
    )
    await inboxes[first].latest_state(1)
    for inbox in inboxes:
        await inbox.communicator.disconnect()
    # A restart: brand-new consumers, nothing in memory but the database.
    again = await seat_sockets(game, players)
    resumed = await again[1 - first].latest_state(1)
    assert resumed["seq"] == 1 and resumed["to_act"] == [1 - first]
    await again[1 - first].communicator.send_json_to({"type": "sync", "seq": 1})
    assert (await again[1 - first].next("state"))["seq"] == 1
    for inbox in again:
        await inbox.communicator.disconnect()


async def test_penalty_shootout_to_settlement(start_table):
    game, players = await database_sync_to_async(start_table)("penalty", {"shots": 3}, stake=500)
    inboxes = await seat_sockets(game, players)
    state = await inboxes[0].latest_state(0)
    while state["status"] == "playing":
        (seat,) = state["to_act"]
        mine = await inboxes[seat].latest_state(state["seq"])
        forward = mine["view"]["forward"] == seat
        # Seat 0 shoots at 1 and keeps 2; seat 1 shoots at 2 and keeps 6: seat 0 always
        # scores and is never beaten.
        sector = (1 if forward else 2) if seat == 0 else (2 if forward else 6)
        await inboxes[seat].communicator.send_json_to(
            {"type": "act", "seq": mine["seq"], "action": {"sector": sector}}
        )
        state = await inboxes[0].latest_state(state["seq"] + 1)
    over = await inboxes[0].next("over")
    assert over["outcome"]["placing"] == [1, 2]
    assert over["settlement"]["net"] == [460, -500]
    for inbox in inboxes:
        await inbox.communicator.disconnect()
