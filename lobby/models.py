"""Tables in the lobby: a stake, options and seats, until the game starts."""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models


def invite_code() -> str:
    return secrets.token_urlsafe(9)


class Table(models.Model):
    class Status(models.TextChoices):
        WAITING = "waiting"
        PLAYING = "playing"
        CANCELLED = "cancelled"

    game_slug = models.CharField(max_length=40)
    options = models.JSONField(default=dict)
    stake = models.BigIntegerField()
    seats = models.PositiveSmallIntegerField()
    step_seconds = models.PositiveSmallIntegerField(default=30)
    game_seconds = models.PositiveIntegerField(default=0)
    private = models.BooleanField(default=False)
    practice = models.BooleanField(
        default=False, help_text="no stake; empty seats may be filled by computer players"
    )
    incognito = models.BooleanField(default=False)
    spectators_allowed = models.BooleanField(default=True)
    invite_code = models.CharField(max_length=20, unique=True, default=invite_code)
    creator = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.WAITING)
    game = models.OneToOneField(
        "games.Game", null=True, blank=True, on_delete=models.PROTECT, related_name="table"
    )
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(stake__gt=0) | models.Q(practice=True, stake=0),
                name="table_stake_positive_unless_practice",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.game_slug} table {self.pk}"

    @property
    def escrow_reference(self) -> str:
        return f"table:{self.pk}"


class Seat(models.Model):
    class Status(models.TextChoices):
        PENDING = "pending", "Waiting for approval"
        ACCEPTED = "accepted"
        DECLINED = "declined"
        LEFT = "left"
        CANCELLED = "cancelled"

    ACTIVE = (Status.PENDING, Status.ACCEPTED)

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seat_requests")
    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    held = models.BigIntegerField()
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["table", "player"],
                condition=models.Q(status__in=["pending", "accepted"]),
                name="one_active_seat_per_player_per_table",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player} at {self.table} ({self.status})"

    @property
    def hold_key(self) -> str:
        return f"table:{self.table_id}:seat:{self.pk}:hold"

    @property
    def refund_key(self) -> str:
        return f"table:{self.table_id}:seat:{self.pk}:refund"
