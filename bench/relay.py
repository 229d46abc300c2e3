"""The floor of a durable move, served beside the product for bench/live.py.

A move's infrastructure without the game: the socket's message goes to the same move
threads over the same Django connection, commits one row under its row lock, and is
announced through the channel layer to both sockets of the pair, which sit on different
servers. What a real move costs beyond this is the game runtime's own work (locking and
reading the game and its seats, the rules, the action log, the views). Under
/ws/relay/read/ it first reads its row under the lock (SELECT ... FOR UPDATE), as every
move reads its game before it writes it: what a move costs beyond that is the game's own.
"""

from __future__ import annotations

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from channels.routing import URLRouter
from django.db import connection, transaction
from django.urls import path

from config.asgi import application as product
from games.consumers import MOVE_THREADS, GameConsumer

TABLE = "bench_relay"


def create_table(pairs: int) -> None:
    with connection.cursor() as cursor:
        cursor.execute(f"CREATE TABLE {TABLE} (pair int PRIMARY KEY, seq int NOT NULL)")
        cursor.execute(
            f"INSERT INTO {TABLE} SELECT pair, 0 FROM generate_series(0, %s) AS pair",
            [pairs - 1],
        )


def commit_seq(pair: int, seq: int, read: bool) -> None:
    with transaction.atomic(), connection.cursor() as cursor:
        if read:
            cursor.execute(f"SELECT seq FROM {TABLE} WHERE pair = %s FOR UPDATE", [pair])
            cursor.fetchone()
        cursor.execute(f"UPDATE {TABLE} SET seq = %s WHERE pair = %s", [seq, pair])


class DurableRelayConsumer(AsyncJsonWebsocketConsumer):
    """Speaks the table's protocol as far as the benchmark's client reads it: `act` with a
    seq in, `state` with the next seq and whose turn it is out."""

    dispatch = GameConsumer.dispatch  # the same event-loop path as a table's socket

    async def connect(self) -> None:
        kwargs = self.scope["url_route"]["kwargs"]
        self.pair, self.seat = int(kwargs["pair"]), int(kwargs["seat"])
        self.read = kwargs.get("read", False)
        self.group = f"relay-{'read-' if self.read else ''}{self.pair}"
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        await self.send_json({"type": "state", "seq": 0, "to_act": [0]})

    async def disconnect(self, code: int) -> None:
        await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive_json(self, content: dict, **kwargs) -> None:
        seq = content["seq"] + 1
        await database_sync_to_async(commit_seq, thread_sensitive=False, executor=MOVE_THREADS)(
            self.pair, seq, self.read
        )
        await self.channel_layer.group_send(
            self.group, {"type": "relay.state", "seq": seq, "to_act": [1 - self.seat]}
        )

    async def relay_state(self, event: dict) -> None:
        await self.send_json({"type": "state", "seq": event["seq"], "to_act": event["to_act"]})


RELAY = URLRouter(
    [
        path("ws/relay/<int:pair>/<int:seat>/", DurableRelayConsumer.as_asgi()),
        path(
            "ws/relay/read/<int:pair>/<int:seat>/",
            DurableRelayConsumer.as_asgi(),
            kwargs={"read": True},
        ),
    ]
)


async def application(scope, receive, send):
    """The product, plus the relay's socket (daphne serves `bench.relay:application`)."""
    if scope["type"] == "websocket" and scope["path"].startswith("/ws/relay/"):
        return await RELAY(scope, receive, send)
    return await product(scope, receive, send)
