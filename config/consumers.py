"""A health-check socket: proves the channel layer carries messages between processes."""

from channels.generic.websocket import AsyncJsonWebsocketConsumer, AsyncWebsocketConsumer

PING_GROUP = "ping"


class PingConsumer(AsyncJsonWebsocketConsumer):
    """Replies to `ping` itself and relays `broadcast` to every ping socket via the layer."""

    async def connect(self) -> None:
        await self.channel_layer.group_add(PING_GROUP, self.channel_name)
        await self.accept()
        user = self.scope.get("user")
        await self.send_json(
            {"type": "hello", "user": user.email if user and user.is_authenticated else None}
        )

    async def disconnect(self, code: int) -> None:
        await self.channel_layer.group_discard(PING_GROUP, self.channel_name)

    async def receive_json(self, content, **kwargs) -> None:
        if content.get("type") == "broadcast":
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
