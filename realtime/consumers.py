"""The base every socket is built on, and the health-check and echo sockets.

`GuardedConsumer` is why no frame can kill a socket: each frame is decoded and checked
(realtime/protocol.py) and rate-limited before a subclass sees it, and whatever a handler
raises comes back as `{"type": "error", "code", ...}` on an open socket. A socket that
died anyway never runs `disconnect`; what must not depend on it (a seat's presence) is a
lease instead (games/presence.py).
"""

from __future__ import annotations

import json
import logging
import uuid
from typing import Any, ClassVar

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer

from accounts import services as accounts
from accounts import sockets as account_sockets
from realtime.protocol import (
    CLOSE_EXCLUDED,
    CLOSE_REFUSED,
    AccountBlocked,
    AccountExcluded,
    ProtocolError,
    Rate,
    RateLimiter,
    ServerError,
    decode_frame,
)
from telemetry import context, metrics

log = logging.getLogger(__name__)
# One line when a socket opens and one when it closes, with its id (and game) as context.
socket_log = logging.getLogger("realtime.sockets")

PING_GROUP = "ping"
# Messages of a type a socket does not list share this budget: unknown types are refused,
# but refusing costs a reply, so a flood of them is limited too.
OTHER = "other"


class GuardedConsumer(AsyncWebsocketConsumer):
    """Subclasses implement `handle(content)` and list `rates` per message type."""

    rates: ClassVar[dict[str, Rate]] = {}

    @property
    def user_id(self) -> int | None:
        user = self.scope.get("user")
        return user.pk if user is not None and user.is_authenticated else None

    @property
    def socket_id(self) -> str:
        """This socket's id on its log lines (in the place of a request's id)."""
        if not hasattr(self, "_socket_id"):
            self._socket_id = f"ws-{uuid.uuid4().hex}"
        return self._socket_id

    def log_context(self) -> dict[str, Any]:
        """What this socket's log lines carry; a game's socket adds its game."""
        return {"request_id": self.socket_id}

    async def websocket_connect(self, message: dict) -> None:
        with context.bound(**self.log_context()):
            await super().websocket_connect(message)

    async def websocket_receive(self, message: dict) -> None:
        with context.bound(**self.log_context()):
            await super().websocket_receive(message)

    async def websocket_disconnect(self, message: dict) -> None:
        with context.bound(**self.log_context()):
            await super().websocket_disconnect(message)

    async def accept_socket(self) -> None:
        """Accepts, and listens to the account's own group when a player is logged in."""
        self.limiter = RateLimiter({OTHER: Rate(10, 2.0), **self.rates})
        if self.user_id is not None:
            self.account_group = account_sockets.user_group(self.user_id)
            await self.channel_layer.group_add(self.account_group, self.channel_name)
        await self.accept()
        consumer = type(self).__name__
        metrics.SOCKETS_OPENED.labels(consumer).inc()
        metrics.SOCKETS_OPEN.labels(consumer).inc()
        self._counted_open = True
        socket_log.info(
            "socket opened %s",
            self.scope.get("path", ""),
            extra={
                "consumer": consumer,
                "path": self.scope.get("path", ""),
                "user_id": self.user_id,
            },
        )

    async def disconnect(self, code: int) -> None:
        if getattr(self, "_counted_open", False):
            self._counted_open = False
            metrics.SOCKETS_OPEN.labels(type(self).__name__).dec()
            socket_log.info(
                "socket closed %s (%s)",
                self.scope.get("path", ""),
                code,
                extra={"consumer": type(self).__name__, "code": code, "user_id": self.user_id},
            )
        if hasattr(self, "account_group"):
            await self.channel_layer.group_discard(self.account_group, self.channel_name)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        try:
            content = decode_frame(text_data)
            kind = content["type"]
            self.limiter.take(kind if kind in self.limiter.rates else OTHER)
            await self.handle(content)
        except ProtocolError as error:
            await self.send_json(error.as_message())
        except Exception:
            log.exception("%s failed on a frame; the socket stays open", type(self).__name__)
            await self.send_json(ServerError().as_message())

    async def handle(self, content: dict[str, Any]) -> None:
        raise NotImplementedError

    async def send_json(self, content: dict) -> None:
        await self.send(text_data=json.dumps(content))

    async def ensure_standing(self, *, excluded_may: bool = False) -> None:
        """Refuses the action if the account was blocked (or, unless `excluded_may`,
        excluded) since the socket opened: read afresh each time."""
        if self.user_id is None:
            return
        refusal = await database_sync_to_async(accounts.standing)(self.user_id)
        raise_for_standing(refusal, excluded_may=excluded_may)

    async def account_event(self, event: dict) -> None:
        """What happened to the account (its balance moved, its bets settled), as it is."""
        await self.send_json(event["event"])

    async def account_closed(self, event: dict) -> None:
        """The account was blocked or excluded: say why, and close."""
        blocked = event["reason"] == account_sockets.BLOCKED
        error = AccountBlocked if blocked else AccountExcluded
        await self.send_json(error(event["message"]).as_message())
        await self.close(code=CLOSE_REFUSED if blocked else CLOSE_EXCLUDED)


def raise_for_standing(refusal: tuple[str, str] | None, *, excluded_may: bool = False) -> None:
    """`accounts.services.standing`'s answer as the protocol's refusal."""
    if refusal is None:
        return
    reason, message = refusal
    if reason == account_sockets.BLOCKED:
        raise AccountBlocked(message)
    if not excluded_may:
        raise AccountExcluded(message)


class PingConsumer(GuardedConsumer):
    """Replies to `ping` itself and relays `broadcast` to every ping socket via the layer."""

    async def connect(self) -> None:
        await self.channel_layer.group_add(PING_GROUP, self.channel_name)
        await self.accept_socket()
        user = self.scope.get("user")
        await self.send_json(
            {"type": "hello", "user": user.email if user and user.is_authenticated else None}
        )

    async def disconnect(self, code: int) -> None:
        await self.channel_layer.group_discard(PING_GROUP, self.channel_name)
        await super().disconnect(code)

    async def handle(self, content: dict[str, Any]) -> None:
        if content["type"] == "broadcast":
            await self.channel_layer.group_send(
                PING_GROUP, {"type": "relay", "text": str(content.get("text", ""))[:200]}
            )
        else:
            await self.send_json({"type": "pong"})

    async def relay(self, event: dict) -> None:
        await self.send_json({"type": "relayed", "text": event["text"]})


class EchoConsumer(AsyncWebsocketConsumer):
    """Sends every frame straight back: the floor a live-game round trip is measured against."""

    async def connect(self) -> None:
        await self.accept()

    async def receive(self, text_data=None, bytes_data=None) -> None:
        await self.send(text_data=text_data, bytes_data=bytes_data)
