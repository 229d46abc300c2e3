"""Where each log-in came from, kept as keyed hashes (HMAC with the site's secret): two
log-ins from one address, or one browser on one address, hash alike, and the address and
the browser string themselves are not stored. The staff's suspicious-patterns report
(reports/misconduct.py) groups accounts by them."""

from __future__ import annotations

from axes.helpers import get_client_ip_address
from django.http import HttpRequest
from django.utils.crypto import salted_hmac

from accounts.models import SignIn, User

_SALT = "accounts.signins"


def fingerprint(address: str, user_agent: str) -> tuple[str, str]:
    """(address hash, device hash): the device is the browser string on that address."""
    address_hash = salted_hmac(_SALT + ".address", address, algorithm="sha256").hexdigest()
    device_hash = salted_hmac(
        _SALT + ".device", f"{address}\n{user_agent}", algorithm="sha256"
    ).hexdigest()
    return address_hash, device_hash


def record_sign_in(user: User, request: HttpRequest) -> SignIn:
    address = get_client_ip_address(request) or ""
    user_agent = request.META.get("HTTP_USER_AGENT", "")[:500]
    address_hash, device_hash = fingerprint(address, user_agent)
    return SignIn.objects.create(user=user, address=address_hash, device=device_hash)
