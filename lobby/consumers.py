"""Live lobby: tells browsers that the table list (or one table) changed."""

from __future__ import annotations

from typing import Any

from channels.db import database_sync_to_async

from lobby import presence, selectors
from lobby.models import Table
from lobby.services import LOBBY_GROUP, table_group
from realtime.consumers import GuardedConsumer
from realtime.protocol import CLOSE_REFUSED, Rate, UnknownType

# The page says "here" once a minute to keep its player counted online.
RATES = {"here": Rate(burst=3, per_second=0.1)}


class LobbyConsumer(GuardedConsumer):
    rates = RATES

    async def connect(self) -> None:
        user = self.scope.get("user")
        if not user or not user.is_authenticated:
            await self.close(code=4401)
            return
        table_id = self.scope["url_route"]["kwargs"].get("table_id")
        if table_id is not None and not await self._may_watch(table_id):
            await self.close(code=CLOSE_REFUSED)
            return
        self.group = table_group(table_id) if table_id else LOBBY_GROUP
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept_socket()
        await database_sync_to_async(presence.seen)(user.pk)

    async def disconnect(self, code: int) -> None:
        if hasattr(self, "group"):
            await self.channel_layer.group_discard(self.group, self.channel_name)
        await super().disconnect(code)

    async def handle(self, content: dict[str, Any]) -> None:
        if content["type"] != "here":
            raise UnknownType("This socket only listens; send here to stay counted online.")
        await database_sync_to_async(presence.seen)(self.scope["user"].pk)

    async def lobby_changed(self, event: dict) -> None:
        await self.send_json({"type": "changed", "table": event["table"], "game": event["game"]})

    @database_sync_to_async
    def _may_watch(self, table_id: int) -> bool:
        table = Table.objects.filter(pk=table_id).first()
        return table is not None and selectors.may_see_table(
            self.scope["user"], table, self.scope["session"]
        )
