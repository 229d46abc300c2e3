"""WebSockets through the real ASGI stack and the real Redis channel layer."""

import pytest
from channels.testing import WebsocketCommunicator

from config.asgi import application
from tests.config.ping import connect


@pytest.mark.django_db(transaction=True)
async def test_a_message_crosses_the_layer_to_another_consumer():
    sender, receiver = await connect(), await connect()
    await sender.send_json_to({"type": "broadcast", "text": "over the layer"})
    assert await receiver.receive_json_from(timeout=5) == {
        "type": "relayed",
        "text": "over the layer",
    }
    assert await sender.receive_json_from(timeout=5) == {
        "type": "relayed",
        "text": "over the layer",
    }
    await sender.send_json_to({"type": "ping"})
    assert await sender.receive_json_from(timeout=5) == {"type": "pong"}
    await sender.disconnect()
    await receiver.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_a_foreign_origin_is_refused():
    communicator = WebsocketCommunicator(
        application, "/ws/ping/", headers=[(b"origin", b"http://evil.example")]
    )
    connected, _ = await communicator.connect()
    assert not connected


def test_the_layer_is_redis_pubsub(settings):
    from channels_redis.pubsub import RedisPubSubChannelLayer
    from django.utils.module_loading import import_string

    backend = import_string(settings.CHANNEL_LAYERS["default"]["BACKEND"])
    assert issubclass(backend, RedisPubSubChannelLayer)
