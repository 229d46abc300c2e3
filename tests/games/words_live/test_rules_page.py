"""Wordfall's rules page speaks to players: tiles, scoring, the end, time and the tie rule,
the word list's licence named, and nothing below the developers' line."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db


def test_the_rules_page_explains_the_game_to_a_player(client):
    page = client.get("/games/rules/wordfall/")
    assert page.status_code == 200
    text = " ".join(page.content.decode().split())
    assert "bingo" in text and "five minutes over" in text
    assert "share the pot equally" in text and "SCOWL" in text
    assert "Readings of the rule text" not in text and "clock_spent" not in text
