from django.conf import settings

from wallet.selectors import header_balance


def site(request) -> dict:
    return {
        "SITE_NAME": settings.SITE_NAME,
        "MIN_AGE": settings.MIN_AGE,
        "CURRENCY": settings.CURRENCY,
        "header_balance": header_balance(request.user),
    }
