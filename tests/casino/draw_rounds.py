"""Rounds of a contract game under the test's control: scheduled by the real cycle, then
moved an hour ahead so that the wall clock never draws one; the test says when."""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone

from casino import draws, registry
from casino.models import Round


def open_round(game: str) -> Round:
    """The game's next round taking bets, its draw (and the later ones) an hour away."""
    draws.advance(game)
    cadence = registry.get(game).cadence
    start = timezone.now() + timedelta(hours=1)
    for number in Round.objects.filter(game=game).values_list("number", flat=True):
        starts_at = start + timedelta(seconds=number * cadence.every_seconds)
        Round.objects.filter(game=game, number=number).update(
            starts_at=starts_at,
            closes_at=starts_at - timedelta(seconds=cadence.closes_before_seconds),
        )
    return draws.taking_bets(registry.get(game))


def draw_now(game_round: Round, outcome: dict | None = None) -> None:
    """The round's draw time reached (with, for a test, the outcome it is to show)."""
    fields: dict = {"starts_at": timezone.now() - timedelta(seconds=1)}
    if outcome is not None:
        fields["outcome"] = outcome
    Round.objects.filter(pk=game_round.pk).update(**fields)
