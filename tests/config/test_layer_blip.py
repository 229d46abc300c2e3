"""A Redis blip does not close live sockets: the layer retries, and relaying resumes."""

from __future__ import annotations

import asyncio
import threading

import pytest
from channels.testing import WebsocketCommunicator

from tests.config.ping import connect
from tests.faults import own_redis


async def relayed(receiver: WebsocketCommunicator, sender: WebsocketCommunicator) -> bool:
    """Broadcasts until the receiver hears one (a message published in the instant before
    the layer re-subscribes is lost, as the layer's note says)."""
    for attempt in range(20):
        await sender.send_json_to({"type": "broadcast", "text": f"after {attempt}"})
        try:
            message = await receiver.receive_json_from(timeout=1)
        except TimeoutError:
            continue
        assert message["type"] == "relayed"
        return True
    return False


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
async def test_sockets_survive_a_redis_restart(tmp_path, settings):
    with own_redis(tmp_path) as redis:
        settings.CHANNEL_LAYERS = {
            "default": {
                **settings.CHANNEL_LAYERS["default"],
                "CONFIG": {
                    **settings.CHANNEL_LAYERS["default"]["CONFIG"],
                    "hosts": [redis.url],
                },
            }
        }
        sender, receiver = await connect(), await connect()
        assert await relayed(receiver, sender)
        redis.kill()
        threading.Timer(1.5, redis.start).start()
        # Sent while Redis is away: the consumer's publish waits for it instead of dying.
        await sender.send_json_to({"type": "broadcast", "text": "during"})
        await asyncio.sleep(2.5)
        assert await relayed(receiver, sender)
        await sender.send_json_to({"type": "ping"})
        while (message := await sender.receive_json_from(timeout=5))["type"] != "pong":
            assert message["type"] == "relayed"
        await sender.disconnect()
        await receiver.disconnect()
