"""Whether a page opens the tournament notices socket: for a player with a place in a
tournament not over yet, on every page but those whose own live socket already shows the
notice (a table, a house game: the board kit's socket hears the account's events)."""

from __future__ import annotations

from django.urls import Resolver404, resolve

from tournaments.models import Entry, Tournament

# Pages with a live socket of their own that hears the account's events: a table and the
# house games (the board kit shows the notice), and the tournament's page (which sends its
# player into their game as soon as it starts).
OWN_SOCKET = frozenset(
    {"games:play", "casino:crash", "casino:keno", "casino:play", "tournaments:detail"}
)
LIVE = [Tournament.Status.REGISTERING, Tournament.Status.RUNNING]


def _own_socket(path: str) -> bool:
    try:
        match = resolve(path)
    except Resolver404:
        return False
    return match.view_name in OWN_SOCKET


def tournament_notices(request) -> dict:
    user = request.user
    wanted = (
        user.is_authenticated
        and not user.is_staff
        and not _own_socket(request.path_info)
        and Entry.objects.filter(
            player=user, status=Entry.Status.REGISTERED, tournament__status__in=LIVE
        ).exists()
    )
    return {"tournament_notices": wanted}
