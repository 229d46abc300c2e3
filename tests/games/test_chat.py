"""Table chat through the real socket stack: kept with the game, sent to the seated players
only, as typed (the page escapes it), limited per minute across sockets, reported by a
player, refused while muted or blocked."""

from __future__ import annotations

import itertools
import typing

import pytest
from channels.db import database_sync_to_async

from accounts import services as accounts
from games import chat, protocol
from games.models import ChatLine, ChatReport
from games.services import ActionRejected
from realtime import protocol as frames
from reports.models import AuditLog
from tests.games.conftest import Inbox, open_socket, seated
from tests.threads import in_threads

pytestmark = pytest.mark.django_db(transaction=True)

HOSTILE_TEXT = '<img src=x onerror="alert(1)"> & <b>bold</b>'


async def say(inbox: Inbox, text: str) -> None:
    await inbox.communicator.send_json_to({"type": "chat", "text": text})


async def close(*inboxes: Inbox) -> None:
    for inbox in inboxes:
        await inbox.communicator.disconnect()


async def test_a_line_reaches_every_seat_as_typed_and_no_spectator(start_table, make_user):
    game, players, inboxes, first = await seated(start_table)
    me, other = inboxes[first], inboxes[1 - first]
    watcher_socket, connected = await open_socket(
        f"/ws/games/{game.pk}/", await database_sync_to_async(make_user)()
    )
    assert connected
    watcher = Inbox(watcher_socket)
    await watcher.next("state")

    await say(me, f"  {HOSTILE_TEXT}  ")
    line = await other.next("chat")
    mine = await me.next("chat")
    assert line == mine
    assert set(line) == set(typing.get_type_hints(protocol.ChatMessage))
    # Stored and sent as typed, less the spaces around it: the page sets it as text.
    assert line["text"] == HOSTILE_TEXT and line["seat"] == first
    kept = await database_sync_to_async(ChatLine.objects.get)(pk=line["id"])
    assert (kept.game_id, kept.seat, kept.author_id) == (game.pk, first, players[first].pk)
    assert kept.text == HOSTILE_TEXT

    # The spectator was sent no line, had no history, and may not write.
    await watcher.drain()
    assert {m["type"] for m in watcher.seen} == {"state"}
    await say(watcher, "hello from the rail")
    assert (await watcher.next("error"))["code"] == "spectator"
    await watcher.communicator.send_json_to({"type": "report", "line": line["id"]})
    assert (await watcher.next("error"))["code"] == "spectator"
    assert await database_sync_to_async(ChatLine.objects.count)() == 1
    await close(me, other, watcher)


async def test_a_seat_that_opens_its_socket_gets_the_games_lines(start_table):
    game, players, inboxes, first = await seated(start_table)
    me, other = inboxes[first], inboxes[1 - first]
    for text in ("good luck", "you too"):
        await say(me, text)
        await other.next("chat")
    again, connected = await open_socket(f"/ws/games/{game.pk}/", players[1 - first])
    assert connected
    history = await Inbox(again).next("chat_log")
    assert set(history) == set(typing.get_type_hints(protocol.ChatLogMessage))
    assert [(line["seat"], line["text"]) for line in history["lines"]] == [
        (first, "good luck"),
        (first, "you too"),
    ]
    await again.disconnect()
    await close(me, other)


def test_a_line_is_cleaned_of_controls_and_direction_overrides():
    assert chat.clean("gg\u202e wp\u2066 \nnext\u0007") == "gg wp  next"
    assert chat.clean(" \u202e\t ") == ""
    assert chat.clean("مرحبا \u200f!") == "مرحبا \u200f!"  # a direction mark stays


@pytest.mark.django_db
def test_the_per_minute_limit_counts_every_table_and_frees_after_a_minute(start_table, clock):
    game, players = start_table("rps", {"points": 3})
    second, _ = start_table("rps", {"points": 3}, players=[players[0], players[1]])
    me = players[0]
    for n in range(chat.LINES_PER_WINDOW):
        chat.chat_say(game_id=(game if n % 2 else second).pk, user=me, text=f"line {n}")
    with pytest.raises(ActionRejected) as refused:
        chat.chat_say(game_id=game.pk, user=me, text="one too many")
    assert refused.value.code == "rate_limited" and "a minute" in refused.value.message
    assert not ChatLine.objects.filter(text="one too many").exists()
    # The other player is not limited by it.
    chat.chat_say(game_id=game.pk, user=players[1], text="slow down")
    clock.advance(61)
    chat.chat_say(game_id=game.pk, user=me, text="sorry")
    assert ChatLine.objects.filter(author=me).count() == chat.LINES_PER_WINDOW + 1


@pytest.mark.django_db
def test_a_line_is_cut_to_the_limit_and_an_empty_one_refused(start_table):
    game, players = start_table("rps", {"points": 3})
    sent = chat.chat_say(game_id=game.pk, user=players[0], text="x" * 1_000)
    assert len(sent["text"]) == 300
    with pytest.raises(ActionRejected) as refused:
        chat.chat_say(game_id=game.pk, user=players[0], text="\u202e\u0000 ")
    assert refused.value.code == "bad_request"


async def test_a_player_reports_a_line_once_and_not_their_own(start_table, monkeypatch):
    ticks = itertools.count(step=60)  # a minute between frames: the report rate never applies
    monkeypatch.setattr(frames, "monotonic", lambda: float(next(ticks)))
    _game, players, inboxes, first = await seated(start_table)
    me, other = inboxes[first], inboxes[1 - first]
    await say(me, "you are rubbish")
    line = await other.next("chat")
    await me.next("chat")

    for _ in range(2):  # a second report of the same line is answered with the first
        await other.communicator.send_json_to({"type": "report", "line": line["id"]})
        receipt = await other.next("reported")
        assert receipt == {"type": "reported", "line": line["id"]}
        assert set(receipt) == set(typing.get_type_hints(protocol.ReportedMessage))
    reports = await database_sync_to_async(list)(ChatReport.objects.values_list("reporter", "line"))
    assert reports == [(players[1 - first].pk, line["id"])]

    await me.communicator.send_json_to({"type": "report", "line": line["id"]})
    assert (await me.next("error"))["message"] == "You cannot report your own message."
    await other.communicator.send_json_to({"type": "report", "line": line["id"] + 1000})
    assert (await other.next("error"))["code"] == "not_found"
    await other.communicator.send_json_to({"type": "report", "line": "1"})
    assert (await other.next("error"))["code"] == "malformed"
    assert await database_sync_to_async(ChatReport.objects.count)() == 1
    await close(me, other)


async def test_a_muted_player_is_refused_with_a_clear_error_and_plays_on(start_table, make_user):
    _game, players, inboxes, first = await seated(start_table)
    me, other = inboxes[first], inboxes[1 - first]
    staff = await database_sync_to_async(make_user)(is_staff=True)
    await database_sync_to_async(accounts.chat_mute)(
        players[first], hours=24, reason="Insults at table 12", by=staff
    )
    await say(me, "still talking")
    error = await me.next("error")
    assert error["code"] == "muted"
    assert error["message"].startswith("You are muted in table chat until ")
    assert "You can still play." in error["message"]
    await other.drain()
    assert not [m for m in other.seen if m["type"] == "chat"]
    assert not await database_sync_to_async(ChatLine.objects.exists)()
    # The mute is of the chat only: the move goes through.
    await me.communicator.send_json_to({"type": "act", "seq": 0, "action": {"sign": "rock"}})
    assert (await me.latest_state(1))["seq"] == 1
    await close(me, other)


@pytest.mark.django_db
def test_a_mute_ends_when_its_time_is_up(start_table, make_user, clock):
    game, players = start_table("rps", {"points": 3})
    accounts.chat_mute(players[0], hours=1, reason="Spam", by=make_user(is_staff=True))
    with pytest.raises(ActionRejected):
        chat.chat_say(game_id=game.pk, user=players[0], text="hello?")
    clock.advance(2 * 3600)  # the mute was set a little after the test clock started
    assert chat.chat_say(game_id=game.pk, user=players[0], text="hello")["text"] == "hello"


async def test_a_player_blocked_from_a_report_is_refused_and_closed(start_table, make_user):
    game, players, inboxes, first = await seated(start_table)
    me, other = inboxes[first], inboxes[1 - first]
    await say(me, "threat")
    line = await other.next("chat")
    await other.communicator.send_json_to({"type": "report", "line": line["id"]})
    await other.next("reported")
    staff = await database_sync_to_async(make_user)(is_staff=True)
    report = await database_sync_to_async(ChatReport.objects.get)()
    await database_sync_to_async(chat.report_block)(report, by=staff, reason="Threats")

    blocked = await me.next("error")
    assert blocked["code"] == "blocked"
    with pytest.raises(ActionRejected) as refused:
        await database_sync_to_async(chat.chat_say)(game_id=game.pk, user=players[first], text="x")
    assert refused.value.code == "blocked"
    rows = await database_sync_to_async(list)(AuditLog.objects.values("action", "details"))
    assert rows == [{"action": "accounts.block", "details": {"report": report.pk}}]
    await close(me, other)


def test_twenty_lines_at_once_from_one_player_keep_exactly_the_limit(start_table):
    """As from many sockets at once: the author's row lock makes the count exact."""
    game, players = start_table("rps", {"points": 3})
    results = in_threads(20, lambda i: chat.chat_say(game_id=game.pk, user=players[0], text=f"{i}"))
    refused = [r for r in results if isinstance(r, ActionRejected)]
    assert len(refused) == 20 - chat.LINES_PER_WINDOW
    assert {r.code for r in refused} == {"rate_limited"}
    assert ChatLine.objects.filter(author=players[0]).count() == chat.LINES_PER_WINDOW
