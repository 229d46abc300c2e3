"""The table socket: authenticates, parses, hands over to services, relays views."""

from __future__ import annotations

import json
from concurrent.futures import ThreadPoolExecutor

from channels.consumer import get_handler_name
from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.conf import settings

from games import broadcast, messages, selectors, services
from games.models import Game

CHAT_LIMIT = 300
# Moves run in a small pool of their own. Each game locks its own row, so moves of different
# tables may run side by side; more threads than this only contend for the GIL with the
# event loop (bench/live.py: 150 moves/s with Python's default of 6 threads, 165-188 with 1-2).
MOVE_THREADS = ThreadPoolExecutor(settings.GAME_MOVE_THREADS, thread_name_prefix="moves")


class GameConsumer(AsyncJsonWebsocketConsumer):
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
        await self.accept()
        if access != "watch":
            await self._run(services.socket_opened, self.game_id, self.user)
        await self._send_full_state()

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
        if isinstance(self.position, int):
            await self._run(services.socket_closed, self.game_id, self.user)

    async def receive(self, text_data=None, bytes_data=None, **kwargs) -> None:
        try:
            content = json.loads(text_data or "")
        except ValueError:
            await self._error("bad_json", "That message is not valid JSON.")
            return
        if not isinstance(content, dict):
            await self._error("bad_request", "Messages are JSON objects with a type.")
            return
        await self.receive_json(content)

    async def receive_json(self, content: dict, **kwargs) -> None:
        kind = content.get("type")
        if kind == "sync":
            await self._send_full_state()
        elif kind == "act":
            if not isinstance(self.position, int):
                await self._error("spectator", "Spectators cannot play.")
                return
            try:
                await self._run(
                    services.submit,
                    self.game_id,
                    self.user,
                    content.get("seq"),
                    content.get("action"),
                )
            except services.ActionRejected as exc:
                await self._error(exc.code, exc.message)
        elif kind == "resign":
            if not isinstance(self.position, int):
                await self._error("spectator", "Spectators cannot resign.")
                return
            try:
                await self._run(services.resign, self.game_id, self.user)
            except services.ActionRejected as exc:
                await self._error(exc.code, exc.message)
        elif kind == "chat":
            await self._chat(content.get("text"))
        else:
            await self._error(
                "unknown_type", "Unknown message type: use act, sync, resign or chat."
            )

    async def game_update(self, event: dict) -> None:
        """A change: this socket is sent its own audience's view, nothing else."""
        await self.send_json(event["views"][self.audience])
        if event["over"] is not None:
            await self.send_json(event["over"])

    async def game_message(self, event: dict) -> None:
        await self.send_json(event["payload"])

    async def _chat(self, text: object) -> None:
        if not isinstance(self.position, int):
            await self._error("spectator", "Spectators cannot chat at the table.")
            return
        if not isinstance(text, str) or not text.strip():
            await self._error("bad_request", "A chat message needs some text.")
            return
        name = await database_sync_to_async(self._name)()
        await self.channel_layer.group_send(
            self.group,
            {
                "type": "game.message",
                "payload": {
                    "type": "chat",
                    "seat": self.position,
                    "name": name,
                    "text": text.strip()[:CHAT_LIMIT],
                },
            },
        )

    async def _error(self, code: str, message: str) -> None:
        await self.send_json({"type": "error", "code": code, "message": message})

    async def _send_full_state(self) -> None:
        payloads = await database_sync_to_async(self._full_state)()
        for payload in payloads:
            await self.send_json(payload)

    async def _run(self, service, *args) -> None:
        """Runs a service in the database thread, then announces what it changed from here,
        on the server's own event loop."""
        # Off the single thread-sensitive thread: games lock their own rows, so moves of
        # different tables may run in parallel, each thread on its own connection.
        sends, refusal = await database_sync_to_async(
            _changes_of, thread_sensitive=False, executor=MOVE_THREADS
        )(service, *args)
        await broadcast.send_async(sends)
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
        position = self.position if isinstance(self.position, int) else None
        payloads = [messages.state_message(game, position)]
        if game.is_over and game.settled:
            payloads.append(messages.over_message(game))
        return payloads

    def _name(self) -> str:
        game = Game.objects.get(pk=self.game_id)
        return messages.player_name(
            game, game.seats.select_related("player").get(position=self.position)
        )


def _changes_of(service, *args) -> tuple[broadcast.Outbox, services.ActionRejected | None]:
    """What the service committed, to announce, and its refusal if it refused: a refusal
    may follow a committed change (a late move is refused after its timeout is played)."""
    refusal = None
    with broadcast.collected() as changed:
        try:
            service(*args)
        except services.ActionRejected as refused:
            refusal = refused
    return [send for game in changed.values() for send in broadcast.outbox(game)], refusal
