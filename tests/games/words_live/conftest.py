import pytest


@pytest.fixture(autouse=True)
def _quick_passwords(settings):
    """These tests never log in: a cheap hasher saves half a second per player."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
