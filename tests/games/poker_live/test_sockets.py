"""Three seats and a spectator of a Hold'em table over real sockets: every frame each of
them receives is read, and none holds a hole card its reader may not see (another
player's cards in play, a mucked hand, the seed of a hand in play); and a player whose
socket drops mid-hand comes back to the same hand with its own cards."""

from __future__ import annotations

import json

import pytest
from channels.db import database_sync_to_async

from games import replay
from tests.games.belote_live.support import bot_move, reload, seat_to_act
from tests.games.conftest import Inbox, open_socket

pytestmark = pytest.mark.django_db(transaction=True)

MOVES = 120


async def inbox_for(game, user) -> Inbox:
    communicator, connected = await open_socket(f"/ws/games/{game.pk}/", user)
    assert connected
    return Inbox(communicator)


async def play(game, seats: list[Inbox], everyone: list[Inbox], moves: int):
    for _ in range(moves):
        game = await database_sync_to_async(reload)(game)
        if game.is_over:
            break
        seat = seat_to_act(game)
        action = await database_sync_to_async(bot_move)(game, seat)
        await seats[seat].communicator.send_json_to(
            {"type": "act", "seq": game.seq, "action": action}
        )
        for inbox in everyone:
            await inbox.latest_state(game.seq + 1)
    return await database_sync_to_async(reload)(game)


def secrets_by_hand(steps) -> tuple[dict[int, dict[int, list[str]]], dict[int, set[int]]]:
    """Every hand's hole cards by seat, and the seats whose cards each hand showed."""
    holes: dict[int, dict[int, list[str]]] = {}
    shown: dict[int, set[int]] = {}
    for step in steps:
        hand = step.state["hand"]
        if hand is not None:
            holes[hand["number"]] = dict(zip(hand["players"], hand["holes"], strict=True))
        for record in step.state["history"]:
            shown[record["number"]] = {int(s) for s in record["shown"]}
    return holes, shown


async def test_no_frame_names_a_card_or_seed_its_reader_may_not_see(
    clock, start_table, funded_player, monkeypatch
):
    ticks = iter(range(1, 1_000_000))
    monkeypatch.setattr("realtime.protocol.monotonic", lambda: float(next(ticks)))
    people = await database_sync_to_async(lambda: [funded_player() for _ in range(4)])()
    game, _ = await database_sync_to_async(start_table)(
        "holdem", {}, stake=2_000, players=people[:3]
    )
    by_seat = await database_sync_to_async(
        lambda: [s.player for s in game.seats.select_related("player").order_by("position")]
    )()
    seats = [await inbox_for(game, user) for user in by_seat]
    watcher = await inbox_for(game, people[3])
    everyone = [*seats, watcher]
    game = await play(game, seats, everyone, MOVES)
    for inbox in everyone:
        await inbox.drain()

    steps = await database_sync_to_async(replay.replay)(game)
    states = {step.seq: step.state for step in steps}
    holes, shown = secrets_by_hand(steps)
    assert len(shown) >= 3 and any(len(s) >= 2 for s in shown.values())
    mucked = sum(
        1
        for number, seats_shown in shown.items()
        for seat in holes[number]
        if seat not in seats_shown
    )
    assert mucked > 0
    for viewer, inbox in [*enumerate(seats), (None, watcher)]:
        frames = [m for m in inbox.seen if m["type"] == "state"]
        assert len(frames) >= MOVES // 2
        for message in frames:
            text = json.dumps(message)
            state = states[message["seq"]]
            assert state["secret"] not in text
            in_play = state["hand"]
            if in_play is not None:
                assert in_play["seed"] not in text
            view = message["view"]
            # The hand in play: no one's cards but the reader's own (cards are unique
            # within a hand, so a search of the hand's own part cannot match by chance).
            if in_play is not None:
                assert "holes" not in view["hand"]
                part = json.dumps([view["hand"], view["hole"]])
                for seat, cards in holes[in_play["number"]].items():
                    if seat != viewer:
                        assert json.dumps(cards) not in part, (viewer, seat)
            # Finished hands: only the hands shown at their showdown, never a mucked one.
            for record in view["history"]:
                part = json.dumps(record)
                for seat, cards in holes[record["number"]].items():
                    if seat not in shown[record["number"]]:
                        assert json.dumps(cards) not in part, (viewer, record["number"], seat)
            if viewer is not None and in_play is not None and viewer in in_play["players"]:
                mine = in_play["holes"][in_play["players"].index(viewer)]
                assert message["view"]["hole"] == mine
            if viewer is None:
                assert message["view"]["hole"] is None
    for inbox in everyone:
        await inbox.communicator.disconnect()


async def test_a_player_back_mid_hand_finds_the_same_hand_and_its_own_cards(
    clock, start_table, funded_player, monkeypatch
):
    ticks = iter(range(1, 1_000_000))
    monkeypatch.setattr("realtime.protocol.monotonic", lambda: float(next(ticks)))
    people = await database_sync_to_async(lambda: [funded_player() for _ in range(3)])()
    game, _ = await database_sync_to_async(start_table)("holdem", {}, stake=2_000, players=people)
    by_seat = await database_sync_to_async(
        lambda: [s.player for s in game.seats.select_related("player").order_by("position")]
    )()
    seats = [await inbox_for(game, user) for user in by_seat]
    game = await play(game, seats, seats, 2)
    hand = game.state["hand"]
    gone = next(s for s in hand["players"] if s != hand["live"]["actor"])
    await seats[gone].communicator.disconnect()
    others = [inbox for s, inbox in enumerate(seats) if s != gone]
    game = await play(game, seats, others, 1)  # the hand goes on without it
    back = await inbox_for(game, by_seat[gone])
    await back.communicator.send_json_to({"type": "sync"})
    state = await back.latest_state(game.seq)
    game = await database_sync_to_async(reload)(game)
    assert state["seq"] == game.seq
    now = game.state["hand"]
    assert state["view"]["hand"]["number"] == now["number"] == hand["number"]
    assert state["view"]["hole"] == now["holes"][now["players"].index(gone)]
    gone_seat = await database_sync_to_async(lambda: game.seats.get(position=gone))()
    assert not gone_seat.disconnected
    for inbox in [*others, back]:
        await inbox.communicator.disconnect()
