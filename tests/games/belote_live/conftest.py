import pytest

from tests.games.belote_live.support import Clock


@pytest.fixture(autouse=True)
def _quick_passwords(settings):
    """These tests never log in: a cheap hasher saves half a second per player."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def clock(monkeypatch):
    fake = Clock()
    monkeypatch.setattr("games.clock.now", fake)
    return fake
