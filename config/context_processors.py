from functools import partial

from django.conf import settings

from accounts.middleware import is_play_page
from staff.roles import may_export
from wallet.selectors import header_balance


def site(request) -> dict:
    user = request.user
    # Staff and regulators oversee play and have no wallet play: their header shows their
    # tools, not the player's navigation and balance.
    overseer = getattr(user, "is_staff", False)
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
        # Read when the header shows it (a template calls a callable), unless the view
        # already read the balance and passes it itself (the wallet page).
        "header_balance": None if overseer else partial(header_balance, user),
        "play_page": is_play_page(request.path_info),
    }
