"""Dominoes games driven through the live runtime (tests/games/two_seats.py)."""

import pytest

from tests.games.two_seats import fixed_seed, players  # noqa: F401  (the fixtures)


@pytest.fixture(autouse=True)
def _quick_passwords(settings):
    """These tests never log in: a cheap hasher saves half a second per player."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
