"""Who reaches which part of the API. A regulator token reaches the regulator's endpoints
and nothing a player has; a player (by session or player token) reaches their own
account and nothing of the regulator's."""

from __future__ import annotations

from rest_framework import permissions

from api import tokens
from api.models import ApiToken
from staff.roles import is_regulator


class RegulatorToken(permissions.BasePermission):
    message = "This endpoint takes a regulator's API token."

    def has_permission(self, request, view) -> bool:
        token = request.auth
        allowed = (
            isinstance(token, ApiToken)
            and token.scope == ApiToken.Scope.REGULATOR
            and is_regulator(request.user)
        )
        if allowed:
            tokens.record_use(token, request)
        return allowed


class Player(permissions.BasePermission):
    message = "This endpoint is for players: log in or send a player's API token."

    def has_permission(self, request, view) -> bool:
        user = request.user
        if not user or not user.is_authenticated:
            return False
        token = request.auth
        if isinstance(token, ApiToken):
            if token.scope != ApiToken.Scope.PLAYER:
                return False
            tokens.record_use(token, request)
        return tokens.may_hold(user, ApiToken.Scope.PLAYER)
