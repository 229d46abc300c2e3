"""Tavli and backgammon games driven through the live runtime (tests/games/two_seats.py)."""

from tests.games.two_seats import fixed_seed, players  # noqa: F401  (the fixtures)
