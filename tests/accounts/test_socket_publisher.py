"""What synchronous code tells a player's sockets (a balance after a deposit) travels on
the channel layer's Redis by the process's publisher: the subscribers of the user's group
hear it as the layer's own group_send would deliver it, in the order told."""

from __future__ import annotations

import threading

import pytest
from channels.layers import get_channel_layer

from accounts import sockets


@pytest.mark.django_db(transaction=True)
async def test_what_is_told_reaches_the_users_group_through_redis_in_order():
    layer = get_channel_layer()
    channel = await layer.new_channel()
    await layer.group_add(sockets.user_group(4242), channel)
    try:
        for balance in (100, 250, 75):
            sockets.tell_balance(4242, balance)
        heard = [await layer.receive(channel) for _ in range(3)]
    finally:
        await layer.group_discard(sockets.user_group(4242), channel)
    assert sockets._publisher is not None and sockets._publisher.layer is layer
    assert [message["event"]["balance"] for message in heard] == [100, 250, 75]
    assert heard[0] == {
        "type": "account.event",
        "event": {"type": "balance", "balance": 100, "text": heard[0]["event"]["text"]},
    }


def test_a_layer_that_is_not_redis_pub_sub_is_sent_to_on_the_loop(monkeypatch):
    sent, done = [], threading.Event()

    class Layer:
        async def group_send(self, group: str, message: dict) -> None:
            sent.append((group, message))
            done.set()

    monkeypatch.setattr(sockets, "get_channel_layer", Layer)
    sockets.tell(1, {"type": "x"})
    assert done.wait(5)
    assert sent == [("user-1", {"type": "account.event", "event": {"type": "x"}})]
