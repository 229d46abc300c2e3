"""Live tournament page: tells browsers that the bracket, the field or the results moved;
and the notices socket, which any page of a player in a tournament opens to hear that their
next game is ready (the account's group, which every guarded socket listens to)."""

from __future__ import annotations

from typing import Any

from realtime.consumers import GuardedConsumer
from realtime.protocol import UnknownType
from tournaments.services import group


class NoticesConsumer(GuardedConsumer):
    """Only listens: the account's events (a tournament game ready, the balance) reach it
    through the account group `accept_socket` joins."""

    async def connect(self) -> None:
        user = self.scope.get("user")
        if not user or not user.is_authenticated:
            await self.close(code=4401)
            return
        await self.accept_socket()

    async def handle(self, content: dict[str, Any]) -> None:
        if content["type"] != "here":
            raise UnknownType("This socket only listens.")


class TournamentConsumer(NoticesConsumer):
    async def connect(self) -> None:
        user = self.scope.get("user")
        if not user or not user.is_authenticated:
            await self.close(code=4401)
            return
        self.group = group(self.scope["url_route"]["kwargs"]["tournament_id"])
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept_socket()

    async def disconnect(self, code: int) -> None:
        if hasattr(self, "group"):
            await self.channel_layer.group_discard(self.group, self.channel_name)
        await super().disconnect(code)

    async def tournament_changed(self, event: dict) -> None:
        await self.send_json({"type": "changed", "tournament": event["tournament"]})
