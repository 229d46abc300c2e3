"""API tokens: how a regulator's system (or a player's own program) calls the API.

A token is shown once, when staff issue it in the admin; only its SHA-256 is stored, so
a copy of the database cannot call the API. Each token is named (the system it was
issued to), bound to one account and one scope, and revoked rather than deleted, so the
audit log's rows about it keep pointing at it.
"""

from __future__ import annotations

import hashlib
import secrets

from django.conf import settings
from django.db import models

TOKEN_PREFIX = "lt_"


def digest(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


def new_key() -> str:
    return TOKEN_PREFIX + secrets.token_urlsafe(32)


class ApiToken(models.Model):
    class Scope(models.TextChoices):
        REGULATOR = "regulator", "Regulator: the reports and full records"
        PLAYER = "player", "Player: the account's own balance, history and bets"

    name = models.CharField(max_length=100, help_text="the system it is issued to")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="api_tokens",
        help_text="the account it acts as: a regulator's for the regulator scope",
    )
    scope = models.CharField(max_length=10, choices=Scope.choices)
    key_digest = models.CharField(max_length=64, unique=True, editable=False)
    # The first characters of the key, so staff can tell tokens apart; not enough to use.
    hint = models.CharField(max_length=12, editable=False)
    created = models.DateTimeField(auto_now_add=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        on_delete=models.PROTECT,
        related_name="+",
        editable=False,
    )
    last_used = models.DateTimeField(null=True, blank=True, editable=False)
    revoked_at = models.DateTimeField(null=True, blank=True, editable=False)

    class Meta:
        ordering = ["-created"]
        verbose_name = "API token"

    def __str__(self) -> str:
        return f"{self.name} ({self.hint}…)"

    @property
    def is_active(self) -> bool:
        return self.revoked_at is None
