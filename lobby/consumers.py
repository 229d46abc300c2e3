"""Live lobby: tells browsers that the table list (or one table) changed."""

from __future__ import annotations

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer

from lobby import presence
from lobby.services import LOBBY_GROUP, table_group


class LobbyConsumer(AsyncJsonWebsocketConsumer):
    async def connect(self) -> None:
        user = self.scope.get("user")
        if not user or not user.is_authenticated:
            await self.close(code=4401)
            return
        table = self.scope["url_route"]["kwargs"].get("table_id")
        self.group = table_group(table) if table else LOBBY_GROUP
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        await database_sync_to_async(presence.seen)(user.pk)

    async def disconnect(self, code: int) -> None:
        if hasattr(self, "group"):
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive_json(self, content, **kwargs) -> None:
        await database_sync_to_async(presence.seen)(self.scope["user"].pk)

    async def lobby_changed(self, event: dict) -> None:
        await self.send_json({"type": "changed", "table": event["table"], "game": event["game"]})
