from django.conf import settings

from accounts import protection
from accounts.middleware import is_play_page
from accounts.models import User
from staff.roles import may_export
from tournaments.context import in_live_tournament_column, notices_wanted_on
from wallet.selectors import cash_balance_column


def site(request) -> dict:
    user = request.user
    # Staff and regulators oversee play and have no wallet play: their header shows their
    # tools, not the player's navigation and balance.
    overseer = getattr(user, "is_staff", False)
    facts = player_facts(user, request.path_info) if user.is_authenticated and not overseer else {}
    return {
        "SITE_NAME": settings.SITE_NAME,
        "MIN_AGE": settings.MIN_AGE,
        "OPERATOR_NAME": settings.OPERATOR_NAME,
        "REGULATOR_NAME": settings.REGULATOR_NAME,
        "LICENCE_NUMBER": settings.LICENCE_NUMBER,
        "CURRENCY": settings.CURRENCY,
        "CURRENCY_DIGITS": settings.CURRENCY_DIGITS,
        "overseer": overseer,
        "may_export": overseer and may_export(user),
        "header_balance": (facts["balance"] or 0) if facts else None,
        "tournament_notices": bool(facts.get("tournament_notices")),
        "limits_review_due": bool(facts)
        and protection.limits_review_is_due(facts["limits_reviewed"], facts["limits_set"]),
        "play_page": is_play_page(request.path_info),
    }


def player_facts(user, path: str) -> dict:
    """What every page's header and notices say of a player, in one query (it was four,
    a third of a page's): their cash balance, when they last looked at and set their
    limits, and, unless the page's own socket hears it, whether a tournament of theirs is
    live (the page then opens the notices socket)."""
    columns = {"balance": cash_balance_column(user), **protection.limits_review_columns(user)}
    if notices_wanted_on(path):
        columns["tournament_notices"] = in_live_tournament_column(user)
    return User.objects.filter(pk=user.pk).values(**columns).get()
