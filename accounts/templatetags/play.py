"""Pages of money and play say up front when the account may not use them (staff and
regulator accounts); the wallet's guard refuses the request itself either way."""

from django import template
from django.conf import settings

from accounts import protection

register = template.Library()


@register.inclusion_tag("includes/no_play.html", takes_context=True)
def no_play_notice(context) -> dict:
    user = context.get("user")
    authenticated = user is not None and user.is_authenticated
    return {"message": protection.standing_message(user) if authenticated else ""}


@register.inclusion_tag("includes/safer_play.html", takes_context=True)
def safer_play_notice(context, moment: str) -> dict:
    """Before a player's first deposit ("deposit") and first stake ("stake"): what safer
    play means here and where to find help."""
    user = context.get("user")
    if user is None or not user.is_authenticated or user.is_staff:
        return {"show": False}
    first = (
        not protection.has_deposited(user)
        if moment == "deposit"
        else not _has_staked(user, getattr(context.get("request"), "session", None))
    )
    return {"show": first, "moment": moment, "help_links": settings.HELP_LINKS}


# A player who has staked once has staked for good: remembered in their session, so the
# notice costs every page of play a query only until their first stake.
STAKED = "protection:has_staked"


def _has_staked(user, session) -> bool:
    if session is not None and session.get(STAKED):
        return True
    staked = protection.has_staked(user)
    if staked and session is not None:
        session[STAKED] = True
    return staked
