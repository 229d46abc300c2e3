"""Two or three seats and a spectator over real sockets for a whole game: every frame each
of them receives is read, and none holds the stock or a card of another player's hand."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from channels.db import database_sync_to_async

from games import replay
from games.rummy.cards import PACK
from tests.games.belote_live.support import bot_move, reload, seat_to_act
from tests.games.conftest import Inbox, open_socket

pytestmark = pytest.mark.django_db(transaction=True)

MAX_MOVES = 3_000


async def inbox_for(game, user) -> Inbox:
    communicator, connected = await open_socket(f"/ws/games/{game.pk}/", user)
    assert connected
    return Inbox(communicator)


def cards_in(message) -> Counter:
    """Every card code anywhere in a frame, counted."""
    found: Counter = Counter()

    def walk(value):
        if isinstance(value, dict):
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)
        elif isinstance(value, str) and len(value) == 2:
            found[value] += 1

    walk(message)
    return found


def visible(state, viewer) -> Counter:
    """The cards a viewer may see, each as often as it shows: their own hand, the table
    (and past hands' tables), the top discard, the turned card, and the card this turn's
    player took from the discard pile (everyone saw it taken)."""
    seen = Counter(c for m in state["melds"] for c in m["cards"])
    # Past hands' tables, as they were shown when each hand ended.
    seen.update(c for record in state["history"] for m in record["table"] for c in m["cards"])
    if viewer is not None:
        seen.update(state["hands"][viewer])
    if state["discard"]:
        seen[state["discard"][-1]] += 1
    for public in (state["turned"], state["taken"]):
        if public:
            seen[public] += 1
    return seen


async def play(game, seats, everyone):
    for _ in range(MAX_MOVES):
        game = await database_sync_to_async(reload)(game)
        if game.is_over:
            return game
        seat = seat_to_act(game)
        action = await database_sync_to_async(bot_move)(game, seat)
        await seats[seat].communicator.send_json_to(
            {"type": "act", "seq": game.seq, "action": action}
        )
        for inbox in everyone:
            await inbox.latest_state(game.seq + 1)
    raise AssertionError("the game does not end")


@pytest.mark.parametrize(("slug", "count"), [("koum-kan", 2), ("thanasis", 3), ("dynamitis", 2)])
async def test_no_frame_names_a_hidden_card(
    slug, count, clock, start_table, funded_player, monkeypatch
):
    ticks = iter(range(1, 1_000_000))
    monkeypatch.setattr("realtime.protocol.monotonic", lambda: float(next(ticks)))
    people = await database_sync_to_async(lambda: [funded_player() for _ in range(count + 1)])()
    game, _ = await database_sync_to_async(start_table)(
        slug, {"target": 51}, players=people[:count]
    )
    by_seat = await database_sync_to_async(
        lambda: [s.player for s in game.seats.select_related("player").order_by("position")]
    )()
    seats = [await inbox_for(game, user) for user in by_seat]
    watcher = await inbox_for(game, people[count])
    everyone = [*seats, watcher]
    game = await play(game, seats, everyone)
    for inbox in everyone:
        await inbox.next("over", timeout=10)
        await inbox.drain()

    steps = await database_sync_to_async(replay.replay)(game)
    states = {step.seq: step.state for step in steps}
    for viewer, inbox in [*enumerate(seats), (None, watcher)]:
        frames = [m for m in inbox.seen if m["type"] in ("state", "over")]
        assert len(frames) > 10  # every move reached every socket (a short game has few)
        for message in inbox.seen:
            seq = message.get("seq", game.seq)
            state = states[seq]
            text = json.dumps(message)
            if state["stock"]:  # an empty stock is "[]", found in any empty list
                assert json.dumps(state["stock"]) not in text
            if message["type"] != "state":
                continue
            assert message["seat"] == viewer
            view = message["view"]
            # Only the cards the viewer may see, each no more often than it is visible
            # (a legal move names a card of the hand again: count the view alone).
            allowed = visible(state, viewer)
            named = cards_in(view)
            extra = {c: n for c, n in named.items() if c in PACK and n > allowed[c]}
            assert extra == {}, (viewer, seq, extra)
            # The moves offered name only cards of the viewer's own hand.
            offered = set(cards_in(message.get("legal") or [])) & set(PACK)
            assert offered <= set(allowed), (viewer, seq)
    for inbox in everyone:
        await inbox.communicator.disconnect()
