import pytest

from tests.games.conftest import same_deals


@pytest.fixture(autouse=True)
def _quick_passwords(settings):
    """These tests never log in: a cheap hasher saves half a second per player."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def _known_deal(monkeypatch, django_db_blocker):
    """A known table seed and id: the hands these tests play are the same every run."""
    same_deals(monkeypatch, django_db_blocker, b"poker-live".ljust(32, b"."))
