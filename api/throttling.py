"""Rate limits: per token (or logged-in account) for the regulator's and players'
endpoints, per address for the public fairness endpoints. Rates in
settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"] (env API_RATE_*)."""

from __future__ import annotations

from rest_framework.settings import api_settings
from rest_framework.throttling import SimpleRateThrottle

from api.models import ApiToken


class PerCaller(SimpleRateThrottle):
    def get_rate(self) -> str:
        # Read at each request, not frozen at import: a changed setting takes effect.
        return api_settings.DEFAULT_THROTTLE_RATES[self.scope]

    def get_cache_key(self, request, view):
        if isinstance(request.auth, ApiToken):
            ident = f"token:{request.auth.pk}"
        elif request.user and request.user.is_authenticated:
            ident = f"user:{request.user.pk}"
        else:
            ident = f"addr:{self.get_ident(request)}"
        return self.cache_format % {"scope": self.scope, "ident": ident}


class RegulatorRate(PerCaller):
    scope = "regulator"


class PlayerRate(PerCaller):
    scope = "player"


class PublicRate(PerCaller):
    scope = "public"
