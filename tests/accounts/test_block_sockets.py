"""Blocking and excluding tell the user's sockets after commit, and never fail for it."""

from __future__ import annotations

import pytest

from accounts import protection, sockets
from accounts import services as accounts
from accounts.models import User

pytestmark = pytest.mark.django_db


class Layer:
    def __init__(self, fail: bool = False) -> None:
        self.sent: list[tuple[str, dict]] = []
        self.fail = fail

    async def group_send(self, group: str, event: dict) -> None:
        if self.fail:
            raise ConnectionError("Redis is away")
        self.sent.append((group, event))


def test_a_block_tells_the_users_group_after_commit(
    make_user, monkeypatch, django_capture_on_commit_callbacks
):
    layer = Layer()
    monkeypatch.setattr(sockets, "get_channel_layer", lambda: layer)
    player, staff = make_user(), make_user(is_staff=True)
    with django_capture_on_commit_callbacks(execute=False) as pending:
        accounts.block_user(player, reason="fraud", by=staff)
    assert layer.sent == []  # nothing leaves before the commit
    for callback in pending:
        callback()
    ((group, event),) = layer.sent
    assert group == f"user-{player.pk}" and event["reason"] == sockets.BLOCKED
    assert "fraud" not in event["message"]


def test_an_exclusion_tells_the_users_group(
    make_user, monkeypatch, django_capture_on_commit_callbacks
):
    layer = Layer()
    monkeypatch.setattr(sockets, "get_channel_layer", lambda: layer)
    player = make_user()
    with django_capture_on_commit_callbacks(execute=True):
        protection.start_time_out(player, protection.TIME_OUT_MIN)
    ((group, event),) = layer.sent
    assert group == f"user-{player.pk}" and event["reason"] == sockets.EXCLUDED
    assert accounts.standing(player.pk)[0] == sockets.EXCLUDED


def test_a_block_holds_when_the_sockets_cannot_be_told(
    make_user, monkeypatch, django_capture_on_commit_callbacks
):
    monkeypatch.setattr(sockets, "get_channel_layer", lambda: Layer(fail=True))
    player, staff = make_user(), make_user(is_staff=True)
    with django_capture_on_commit_callbacks(execute=True):
        accounts.block_user(player, reason="fraud", by=staff)
    assert not User.objects.get(pk=player.pk).is_active
    assert accounts.standing(player.pk)[0] == sockets.BLOCKED
