from django.conf import settings

from wallet.selectors import header_balance


def site(request) -> dict:
    return {
        "SITE_NAME": settings.SITE_NAME,
        "MIN_AGE": settings.MIN_AGE,
        "CURRENCY": settings.CURRENCY,
        "CURRENCY_DIGITS": settings.CURRENCY_DIGITS,
        "header_balance": header_balance(request.user),
    }
