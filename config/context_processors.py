from functools import cache, lru_cache

from django.conf import settings
from django.db import connection
from django.template.loader import render_to_string
from django.urls import get_script_prefix, get_urlconf, reverse
from django.utils.safestring import SafeString

from accounts import protection, stand_in
from accounts.middleware import is_play_match, is_play_page
from accounts.models import User
from staff.roles import may_export
from tournaments.context import in_live_tournament_column, notices_wanted_at, notices_wanted_on
from wallet.selectors import cash_balance_column


def site(request) -> dict:
    user = request.user
    # Staff and regulators oversee play and have no wallet play: their header shows their
    # tools, not the player's navigation and balance.
    overseer = getattr(user, "is_staff", False)
    # The page's route as the handler resolved it, rather than resolved again (twice,
    # ~25 us each); None on a page no route answered (a 404), then the path is asked.
    match = getattr(request, "resolver_match", None)
    path = request.path_info
    play_page = is_play_match(match) if match else is_play_page(path)
    with_notices = notices_wanted_at(match) if match else notices_wanted_on(path)
    facts = player_facts(user, with_notices) if user.is_authenticated and not overseer else {}
    urlconf, script_prefix = get_urlconf(settings.ROOT_URLCONF), get_script_prefix()
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
        "play_page": play_page,
        "site_urls": site_urls(urlconf, script_prefix),
        "site_footer": site_footer(
            urlconf,
            script_prefix,
            settings.MIN_AGE,
            settings.OPERATOR_NAME,
            settings.REGULATOR_NAME,
            settings.LICENCE_NUMBER,
        ),
    }


# The header's and footer's links by the names base.html reads them under, and the
# addresses of the statement's and history's own forms and links (each {% url %} tag
# cost those pages ~40 us).
SITE_URL_NAMES = {
    "exports": "reports:exports",
    "misconduct": "reports:misconduct",
    "records": "admin:index",
    "lobby": "lobby:index",
    "casino": "casino:index",
    "tournaments": "tournaments:index",
    "history": "reports:history",
    "wallet": "wallet:index",
    "account": "accounts:index",
    "logout": "account_logout",
    "login": "account_login",
    "signup": "account_signup",
    "terms": "pages:terms",
    "rules": "pages:rules",
    "responsible": "pages:responsible",
    "complaints": "pages:complaints",
    "deposit": "wallet:deposit",
    "withdraw": "wallet:withdraw",
    "complaint_form": "reports:complaints",
}


class SiteUrls(dict):
    """The links every page's header and footer show, each reversed the first time a page
    asks for it and kept for the life of the process (a dozen reversals cost ~1 ms a page);
    a name the urlconf lacks fails where the page uses it, as {% url %} would."""

    def __init__(self, urlconf: str) -> None:
        super().__init__()
        self.urlconf = urlconf

    def __missing__(self, key: str) -> str:
        address = reverse(SITE_URL_NAMES[key], urlconf=self.urlconf)
        self[key] = address
        return address


@cache
def site_urls(urlconf: str, script_prefix: str) -> SiteUrls:
    """Keyed on the urlconf and the script prefix in force: the addresses depend on both."""
    return SiteUrls(urlconf)


@lru_cache(maxsize=16)
def site_footer(
    urlconf: str, script_prefix: str, min_age: int, operator: str, regulator: str, licence: str
) -> SafeString:
    """Every page's footer (includes/site_footer.html), the same on every page for its
    links and the settings it shows: written once per process for those, where its
    template's dozen values cost each page ~1.5 % of its instructions."""
    return render_to_string(
        "includes/site_footer.html",
        {
            "site_urls": site_urls(urlconf, script_prefix),
            "MIN_AGE": min_age,
            "OPERATOR_NAME": operator,
            "REGULATOR_NAME": regulator,
            "LICENCE_NUMBER": licence,
        },
    )


def player_facts(user, with_notices: bool) -> dict:
    """What every page's header and notices say of a player, in one query (it was four,
    a third of a page's): their cash balance, when they last looked at and set their
    limits, and, unless the page's own socket hears it, whether a tournament of theirs is
    live (the page then opens the notices socket)."""
    sql, params = header_query(with_notices)
    with connection.cursor() as cursor:
        cursor.execute(sql, stand_in.for_player(params, user.pk))
        names = [column.name for column in cursor.description]
        return dict(zip(names, cursor.fetchone(), strict=True))


@cache
def header_query(with_notices: bool) -> tuple[str, tuple]:
    """The header's SQL and parameters for the stand-in player (accounts.stand_in)."""
    player = User(pk=stand_in.STAND_IN_ID)
    columns = {
        "balance": cash_balance_column(player),
        **protection.limits_review_columns(player),
    }
    if with_notices:
        columns["tournament_notices"] = in_live_tournament_column(player)
    return User.objects.filter(pk=player.pk).values(**columns).query.sql_with_params()
