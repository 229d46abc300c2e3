"""The OpenAPI 3 schema (generated from the views by drf-spectacular) and its browsable
page. The schema is public: whoever writes a verifier or a regulator's client reads it.
The page is for staff; its Swagger UI files come from drf-spectacular-sidecar (served by
the site itself, as the CSP asks) and its start-up script from its own URL, not inline."""

from __future__ import annotations

from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView
from rest_framework.permissions import AllowAny, IsAdminUser

from api.throttling import PublicRate


class Schema(SpectacularAPIView):
    permission_classes = [AllowAny]
    throttle_classes = [PublicRate]


class Docs(SpectacularSwaggerSplitView):
    permission_classes = [IsAdminUser]
