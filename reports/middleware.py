"""Regulators may look at everything in the admin and change nothing: whatever a model's
admin allows, a regulator's POST to the admin (but logging out) and any add, delete or
staff-action page answer 403. A record's own page stays open to GET: with view permission
alone, Django shows it read-only. Django's own permission checks already refuse most of
it; this makes the rule hold for every custom admin view too, present and future."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.urls import Resolver404, resolve

from staff.roles import is_regulator

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
ALLOWED_POSTS = frozenset({"admin:logout"})
# Admin URL names of pages that change something: <app>_<model>_<suffix>.
CHANGING_SUFFIXES = ("_add", "_delete", "_void", "_adjust", "_block", "_unblock")


class RegulatorReadOnlyMiddleware:
    def __init__(self, get_response) -> None:
        self.get_response = get_response

    def __call__(self, request):
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            self.check(request, user)
        return self.get_response(request)

    @staticmethod
    def check(request, user) -> None:
        try:
            match = resolve(request.path_info)
        except Resolver404:
            return
        if "admin" not in match.namespaces or not is_regulator(user):
            return
        if request.method not in SAFE_METHODS and match.view_name not in ALLOWED_POSTS:
            raise PermissionDenied("Regulators have read-only access.")
        if match.url_name and match.url_name.endswith(CHANGING_SUFFIXES):
            raise PermissionDenied("Regulators have read-only access.")
