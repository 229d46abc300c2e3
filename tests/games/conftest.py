"""Helpers for live-game tests: funded players, tables through the lobby, real sockets."""

from __future__ import annotations

from datetime import timedelta

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.sessions.backends.db import SessionStore
from django.db import connection
from django.utils import timezone

from config.asgi import application

ORIGIN = (b"origin", b"http://testserver")
# A game's deals and dice come from its seed and its id (games/rng.py).
KNOWN_SEED = bytes(range(32))
FIRST_GAME_ID = 1_000_000


def same_deals(monkeypatch, django_db_blocker, seed: bytes = KNOWN_SEED) -> None:
    """Every game a test starts gets the same seed and the same id on every run, whatever
    ran before it: ids come from a sequence that neither a rollback nor a flush resets."""
    monkeypatch.setattr("games.services.new_seed", lambda: seed)
    with django_db_blocker.unblock(), connection.cursor() as cursor:
        cursor.execute(
            "SELECT setval(pg_get_serial_sequence('games_game', 'id'), %s, false)",
            [FIRST_GAME_ID],
        )


def session_cookie(user) -> bytes:
    session = SessionStore()
    session[SESSION_KEY] = str(user.pk)
    session[BACKEND_SESSION_KEY] = "allauth.account.auth_backends.AuthenticationBackend"
    session[HASH_SESSION_KEY] = user.get_session_auth_hash()
    session.save()
    return f"sessionid={session.session_key}".encode()


async def open_socket(path: str, user=None) -> tuple[WebsocketCommunicator, bool]:
    headers = [ORIGIN]
    if user is not None:
        headers.append((b"cookie", await database_sync_to_async(session_cookie)(user)))
    communicator = WebsocketCommunicator(application, path, headers=headers)
    connected, _ = await communicator.connect(timeout=5)
    return communicator, connected


class Inbox:
    """Everything a socket received, so a test can inspect every message a seat saw."""

    def __init__(self, communicator: WebsocketCommunicator) -> None:
        self.communicator = communicator
        self.seen: list[dict] = []
        self.state: dict | None = None

    async def next(self, kind: str | None = None, timeout: float = 5) -> dict:
        while True:
            try:
                message = await self.communicator.receive_json_from(timeout=timeout)
            except TimeoutError:
                # What the socket was sent last tells a refused move from a lost message.
                last = [(m["type"], m.get("seq"), m.get("code")) for m in self.seen[-5:]]
                raise AssertionError(
                    f"no {kind or 'message'} within {timeout} s; last: {last}"
                ) from None
            self.seen.append(message)
            if message["type"] == "state":
                self.state = message
            if kind is None or message["type"] == kind:
                return message

    async def latest_state(self, seq: int, timeout: float = 5) -> dict:
        """The state for move `seq` (or a later one), read until it arrives."""
        if self.state is not None and self.state["seq"] >= seq:
            return self.state
        while True:
            message = await self.next("state", timeout)
            if message["seq"] >= seq:
                return message

    async def drain(self) -> None:
        while not await self.communicator.receive_nothing(timeout=0.2):
            self.seen.append(await self.communicator.receive_json_from())


class Clock:
    """games.clock.now under the test's control: time moves only when the test says so."""

    def __init__(self) -> None:
        self.now = timezone.now()

    def __call__(self):
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)


@pytest.fixture
def clock(monkeypatch) -> Clock:
    fake = Clock()
    monkeypatch.setattr("games.clock.now", fake)
    return fake


async def seated(start_table):
    """A Rock Paper Scissors game with both players' sockets open: (game, players, their
    inboxes, the seat to act first)."""
    from channels.db import database_sync_to_async

    game, players = await database_sync_to_async(start_table)("rps", {"points": 3})
    inboxes = []
    for user in players:
        communicator, connected = await open_socket(f"/ws/games/{game.pk}/", user)
        assert connected
        inboxes.append(Inbox(communicator))
    state = await inboxes[0].latest_state(0)
    return game, players, inboxes, state["to_act"][0]
