"""Whether a page opens the tournament notices socket: for a player with a place in a
tournament not over yet, on every page but those whose own live socket already shows the
notice (a table, a house game: the board kit's socket hears the account's events). The
page header reads it with the rest of what it shows (config/context_processors.py)."""

from __future__ import annotations

from django.db.models import Exists
from django.urls import Resolver404, ResolverMatch, resolve

from tournaments.models import Entry, Tournament

# Pages with a live socket of their own that hears the account's events: a table and the
# house games (the board kit shows the notice), and the tournament's page (which sends its
# player into their game as soon as it starts).
OWN_SOCKET = frozenset(
    {"games:play", "casino:crash", "casino:keno", "casino:play", "tournaments:detail"}
)
LIVE = [Tournament.Status.REGISTERING, Tournament.Status.RUNNING]


def notices_wanted_on(path: str) -> bool:
    try:
        match = resolve(path)
    except Resolver404:
        return True
    return notices_wanted_at(match)


def notices_wanted_at(match: ResolverMatch) -> bool:
    """notices_wanted_on of a path already resolved (a view's request.resolver_match)."""
    return match.view_name not in OWN_SOCKET


def in_live_tournament_column(user) -> Exists:
    """Whether the player holds a place in a tournament not over yet, as a column."""
    return Exists(
        Entry.objects.filter(
            player_id=user.pk, status=Entry.Status.REGISTERED, tournament__status__in=LIVE
        )
    )
