"""The table socket: authenticates, parses (games/protocol.py), hands over to services,
relays views. Frame hygiene, rate limits and account closing come from GuardedConsumer."""

from __future__ import annotations

import asyncio
import logging
from concurrent.futures import Future, ThreadPoolExecutor
from datetime import datetime
from typing import Any

from channels.consumer import get_handler_name
from channels.db import database_sync_to_async
from django.conf import settings

from games import (
    broadcast,
    chat,
    messages,
    presence,
    protocol,
    selectors,
    services,
    store,
    timers,
)
from games.models import Game
from realtime.consumers import GuardedConsumer

log = logging.getLogger(__name__)

# Moves run in a small pool of their own. Each game locks its own row, so moves of different
# tables may run side by side; more threads than this only contend for the GIL with the
# event loop (bench/live.py: 150 moves/s with Python's default of 6 threads, 165-188 with 1-2).
MOVE_THREADS = ThreadPoolExecutor(settings.GAME_MOVE_THREADS, thread_name_prefix="moves")
# A move's game timer goes to Celery from here, after the move is announced: handing it over
# is a round trip to the broker (5-20 ms on a loaded machine, bench/live.py) that the
# players would otherwise wait for on one move in fifteen (a timer is set again when the
# one set is overdue). A timer lost on the way is the sweep's (games/tasks.py).
TIMER_THREAD = ThreadPoolExecutor(1, thread_name_prefix="timers")


class GameConsumer(GuardedConsumer):
    rates = protocol.RATES

    async def connect(self) -> None:
        self.game_id = int(self.scope["url_route"]["kwargs"]["game_id"])
        self.user = self.scope.get("user")
        self.position = None
        access = await self._access()
        if access is None:
            await self.close(code=4403)
            return
        self.position = access
        self.audience = messages.audience(None if access == "watch" else access)
        self.group = messages.game_group(self.game_id)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept_socket()
        if self.seated:
            # Renewals and the goodbye take turns: a renewal still running when the socket
            # closes would otherwise take the lease again after its release.
            self.lease_turn = asyncio.Lock()
            await self._run(presence.open_seat, self.game_id, self.user.pk, self.channel_name)
            self.lease = asyncio.create_task(self._keep_lease())
        await self._send_full_state()
        if self.seated:
            await self._send_chat_log()

    def log_context(self) -> dict[str, Any]:
        return {**super().log_context(), "game_id": getattr(self, "game_id", None)}

    @property
    def seated(self) -> bool:
        return isinstance(self.position, int)

    async def dispatch(self, message: dict) -> None:
        """Channels' own, less its thread hop to close stale database connections before
        every message: this consumer reaches the database only through
        database_sync_to_async, which does that in the thread that holds the connection."""
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)

    async def disconnect(self, code: int) -> None:
        if hasattr(self, "group"):
            await self.channel_layer.group_discard(self.group, self.channel_name)
        if hasattr(self, "lease"):
            async with self.lease_turn:
                self.lease.cancel()
                try:
                    await self._run(
                        presence.close_seat, self.game_id, self.user.pk, self.channel_name
                    )
                except Exception:  # the lease lapses and the sweep closes the seat instead
                    log.exception("closing the seat of game %s failed", self.game_id)
        await super().disconnect(code)

    async def handle(self, content: dict[str, Any]) -> None:
        message = protocol.parse(content)
        if isinstance(message, protocol.Sync):
            await self._send_full_state()
        elif isinstance(message, protocol.Chat):
            await self._chat(message.text)
        elif isinstance(message, protocol.Preview):
            await self._preview(message)
        elif isinstance(message, protocol.Report):
            await self._report(message.line)
        elif isinstance(message, protocol.Act):
            await self._play(services.submit, self.game_id, self.user, message.seq, message.action)
        else:
            await self._play(services.resign, self.game_id, self.user)

    async def game_update(self, event: dict) -> None:
        """A change: this socket is sent its own audience's view (JSON text already),
        nothing else."""
        await self.send(text_data=event["views"][self.audience])
        if event["over"] is not None:
            await self.send(text_data=event["over"])

    async def game_chat(self, event: dict) -> None:
        """A chat line: the group holds the spectators' sockets too, and they get none."""
        if self.seated:
            await self.send_json(event["line"])

    async def _play(self, service, *args) -> None:
        """A move or a resignation. The service re-reads the player's account under the
        game's lock and refuses a blocked one (`blocked`); an excluded player still plays
        out a game already under way, its stake being committed."""
        if not self.seated:
            raise protocol.Spectator()
        try:
            await self._run(service, *args)
        except services.ActionRejected as exc:
            raise protocol.refusal(exc.code, exc.message) from None

    async def _chat(self, text: str) -> None:
        """The service keeps the line (refusing a blocked or muted player, or one over the
        per-minute limit); every seat's socket is then sent it."""
        if not self.seated:
            raise protocol.Spectator()
        line = await self._ask(chat.chat_say, game_id=self.game_id, user=self.user, text=text)
        await self.channel_layer.group_send(self.group, {"type": "game.chat", "line": line})

    async def _report(self, line_id: int) -> None:
        if not self.seated:
            raise protocol.Spectator()
        await self._ask(chat.chat_report, game_id=self.game_id, line_id=line_id, user=self.user)
        reported: protocol.ReportedMessage = {"type": "reported", "line": line_id}
        await self.send_json(reported)

    async def _ask(self, service, **kwargs):
        """A service that changes no game: run in the database thread, refusals as codes."""
        try:
            return await database_sync_to_async(service)(**kwargs)
        except services.ActionRejected as exc:
            raise protocol.refusal(exc.code, exc.message) from None

    async def _preview(self, message: protocol.Preview) -> None:
        if not self.seated:
            raise protocol.Spectator()
        summary = await database_sync_to_async(selectors.move_preview)(
            self.game_id, self.position, message.action
        )
        answer: protocol.PreviewMessage = {
            "type": "preview",
            "ref": message.ref,
            "preview": summary,
        }
        await self.send_json(answer)

    async def _keep_lease(self) -> None:
        """A renewal is one Redis call, run in the loop's default threads: not in the move
        threads, where it waited behind moves and paid for a database wrapper it does not
        use (0.18 ms of the servers' CPU per move at 200 tables, bench/live.py). Only a
        lease the sweep closed opens the seat again, which changes the game."""
        loop = asyncio.get_running_loop()
        seat = (self.game_id, self.user.pk, self.channel_name)
        while True:
            await presence.until_renewal()
            async with self.lease_turn:
                try:
                    if not await loop.run_in_executor(None, presence.renew, *seat):
                        await self._run(presence.open_seat, *seat)
                except Exception:  # Redis or the database away: try again at the next renewal
                    log.exception("renewing the seat lease of game %s failed", self.game_id)

    async def _send_full_state(self) -> None:
        payloads = await database_sync_to_async(self._full_state)()
        for payload in payloads:
            await self.send_json(payload)

    async def _send_chat_log(self) -> None:
        log_message = await database_sync_to_async(chat.chat_log)(self.game_id, self.position)
        await self.send_json(log_message)

    async def _run(self, service, *args) -> None:
        """Runs a service in the database thread, then announces what it changed from here,
        on the server's own event loop."""
        # Off the single thread-sensitive thread: games lock their own rows, so moves of
        # different tables may run in parallel, each thread on its own connection.
        sends, alarms, refusal = await database_sync_to_async(
            _changes_of, thread_sensitive=False, executor=MOVE_THREADS
        )(service, *args)
        await broadcast.send_async(sends)
        if alarms:
            TIMER_THREAD.submit(timers.ring_all, alarms).add_done_callback(_log_failure)
        if refusal is not None:
            raise refusal

    # --- database reads (run in a thread) ---

    @database_sync_to_async
    def _access(self) -> int | str | None:
        """The viewer's seat, "watch" for a permitted spectator, None for refused."""
        game = Game.objects.filter(pk=self.game_id).first()
        if game is None:
            return None
        code = dict(
            part.split("=", 1)
            for part in self.scope.get("query_string", b"").decode().split("&")
            if "=" in part
        ).get("code")
        viewer = selectors.viewer_of(game, self.user, code)
        if viewer is None:
            return None
        return viewer.position if viewer.seated else "watch"

    def _full_state(self) -> list[dict]:
        game = Game.objects.get(pk=self.game_id)
        position = self.position if self.seated else None
        payloads = [messages.state_message(game, position)]
        if game.is_over and game.settled:
            payloads.append(messages.over_message(game))
        return payloads


def _changes_of(
    service, *args
) -> tuple[broadcast.Outbox, list[tuple[int, datetime]], services.ActionRejected | None]:
    """What the service committed, to announce, the timers it armed, and its refusal if it
    refused: a refusal may follow a committed change (a late move is refused after its
    timeout is played)."""
    refusal = None
    with broadcast.collected() as changed, timers.deferred() as alarms:
        try:
            service(*args)
        except services.ActionRejected as refused:
            refusal = refused
    sends = [send for game in changed.values() for send in broadcast.outbox(game)]
    for game in changed.values():
        store.release(game)
    return sends, alarms, refusal


def _log_failure(handed_over: Future[None]) -> None:
    if (error := handed_over.exception()) is not None:
        log.error("handing a game's timer to Celery failed", exc_info=error)
