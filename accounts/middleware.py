"""A player under time-out or self-exclusion may log in, but only to see their history,
account, wallet (to withdraw) and responsible-gaming pages: every page of play sends
them to their responsible-gaming page instead. Money is refused separately, by the
wallet's guards; this keeps them out of the rooms."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import redirect
from django.urls import Resolver404, resolve

from accounts import protection

# URL namespaces of play: the lobby's tables, live games, house rounds, tournaments.
PLAY_NAMESPACES = frozenset({"lobby", "games", "casino", "tournaments"})
# Pages of record inside those namespaces, linked from the player's history: still open.
RECORD_PAGES = frozenset({"games:replay", "games:rules", "casino:fairness", "casino:round"})


def is_play_page(path: str) -> bool:
    try:
        match = resolve(path)
    except Resolver404:
        return False
    return match.view_name not in RECORD_PAGES and bool(
        PLAY_NAMESPACES.intersection(match.namespaces)
    )


class PlayBlockMiddleware:
    def __init__(self, get_response) -> None:
        self.get_response = get_response

    def __call__(self, request):
        user = getattr(request, "user", None)
        if (
            user is not None
            and user.is_authenticated
            and is_play_page(request.path_info)
            and protection.is_excluded(user)
        ):
            messages.warning(
                request,
                protection.exclusion_message(user.protection)
                + " You can still see your history and withdraw your balance.",
                fail_silently=True,
            )
            return redirect("accounts:responsible")
        return self.get_response(request)
