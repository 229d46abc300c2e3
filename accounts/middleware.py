"""A player under time-out or self-exclusion may log in, but only to see their history,
account, wallet (to withdraw) and responsible-gaming pages: every page of play sends
them to their responsible-gaming page instead. Money is refused separately, by the
wallet's guards; this keeps them out of the rooms."""

from __future__ import annotations

from functools import cache

from django.contrib import messages
from django.db import connection
from django.shortcuts import redirect
from django.urls import Resolver404, ResolverMatch, resolve, reverse

from accounts import protection, stand_in, terms
from accounts.models import PlayerProtection
from staff import roles

# URL namespaces of play: the lobby's tables, live games, house rounds, tournaments.
PLAY_NAMESPACES = frozenset({"lobby", "games", "casino", "tournaments"})
# Pages of record inside those namespaces, linked from the player's history: still open.
RECORD_PAGES = frozenset({"games:replay", "games:rules", "casino:fairness", "casino:round"})


def is_play_page(path: str) -> bool:
    try:
        match = resolve(path)
    except Resolver404:
        return False
    return is_play_match(match)


def is_play_match(match: ResolverMatch) -> bool:
    """is_play_page of a path already resolved (a view's request.resolver_match)."""
    return match.view_name not in RECORD_PAGES and bool(
        PLAY_NAMESPACES.intersection(match.namespaces)
    )


def is_excluded(user) -> bool:
    """protection.is_excluded, its query compiled once per process (accounts.stand_in) and
    its row read as the two columns it needs (a raw queryset of the model cost ~0.2 ms
    more): every page of play asks."""
    sql, params = _exclusion_query()
    with connection.cursor() as cursor:
        cursor.execute(sql, stand_in.for_player(params, user.pk))
        found = cursor.fetchone()
    return found is not None and protection.exclusion_in_force(*found)


@cache
def _exclusion_query() -> tuple[str, tuple]:
    stand_in_rows = PlayerProtection.objects.filter(user_id=stand_in.STAND_IN_ID).values_list(
        "excluded_indefinitely", "excluded_until"
    )[:1]
    return stand_in_rows.query.sql_with_params()


class PlayBlockMiddleware:
    def __init__(self, get_response) -> None:
        self.get_response = get_response

    def __call__(self, request):
        user = getattr(request, "user", None)
        if (
            user is not None
            and user.is_authenticated
            and is_play_page(request.path_info)
            and is_excluded(user)
        ):
            messages.warning(
                request,
                protection.exclusion_message(user.protection)
                + " You can still see your history and withdraw your balance.",
                fail_silently=True,
            )
            return redirect("accounts:responsible")
        return self.get_response(request)


def needs_two_factor(user) -> bool:
    """Staff and regulators log in with a second step; until they have set one up, the
    platform shows them nothing but the page that sets it up."""
    from allauth.mfa.utils import is_mfa_enabled

    return (user.is_staff or roles.is_regulator(user)) and not is_mfa_enabled(user)


# What a staff member without a second step may still open: setting it up, and leaving.
TWO_FACTOR_SETUP_PAGES = frozenset(
    {
        "mfa_index",
        "mfa_activate_totp",
        "mfa_view_recovery_codes",
        "account_reauthenticate",
        "account_logout",
    }
)


class StaffTwoFactorMiddleware:
    def __init__(self, get_response) -> None:
        self.get_response = get_response

    def __call__(self, request):
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated and needs_two_factor(user):
            try:
                page = resolve(request.path_info).view_name
            except Resolver404:
                page = ""
            if page not in TWO_FACTOR_SETUP_PAGES:
                messages.warning(
                    request,
                    "Staff accounts log in with two steps: set up an authenticator app first.",
                    fail_silently=True,
                )
                return redirect("mfa_activate_totp")
        return self.get_response(request)


# What a player who has not accepted the terms in force may still open.
TERMS_PAGES = frozenset({"accounts:terms", "pages:terms", "account_logout"})


class TermsMiddleware:
    """A player who has not accepted the terms in force is sent to read and accept them
    before anything else (the "Terms and Rules Update" of the general rules)."""

    def __init__(self, get_response) -> None:
        self.get_response = get_response

    def __call__(self, request):
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated and terms.needs_acceptance(user):
            try:
                page = resolve(request.path_info).view_name
            except Resolver404:
                page = ""
            if page not in TERMS_PAGES:
                return redirect(f"{reverse('accounts:terms')}?next={request.path_info}")
        return self.get_response(request)
