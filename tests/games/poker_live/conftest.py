import pytest


@pytest.fixture(autouse=True)
def _quick_passwords(settings):
    """These tests never log in: a cheap hasher saves half a second per player."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def _known_deal(monkeypatch):
    """A known table seed: the hands these tests play are the same every run."""
    monkeypatch.setattr("games.services.new_seed", lambda: b"poker-live".ljust(32, b"."))
