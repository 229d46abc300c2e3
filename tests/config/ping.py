"""The ping socket (realtime/consumers.py) opened through the real ASGI stack."""

from __future__ import annotations

from channels.testing import WebsocketCommunicator

from config.asgi import application

ORIGIN = [(b"origin", b"http://testserver")]


async def connect() -> WebsocketCommunicator:
    communicator = WebsocketCommunicator(application, "/ws/ping/", headers=ORIGIN)
    connected, _ = await communicator.connect()
    assert connected
    assert (await communicator.receive_json_from(timeout=5))["type"] == "hello"
    return communicator
