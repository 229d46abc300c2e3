"""Tournaments: a game, an entry and a fee, a field of players and the matches they play
(docs/architecture.md, "Tournaments")."""

from __future__ import annotations

import calendar
from datetime import datetime, timedelta

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models

from games import registry
from tournaments import prizes


def winner_takes_all() -> list[int]:
    return list(prizes.WINNER_TAKES_ALL)


class Format(models.TextChoices):
    KNOCKOUT = "knockout", "Single-elimination knockout"
    SWISS = "swiss", "Swiss"
    ARENA = "arena", "Arena"
    POKER = "poker", "Poker: one table, rising blinds"


class Terms(models.Model):
    """What players sign up for: the game, the format, the money and the field. A
    tournament has them; a schedule has them for each tournament it creates."""

    Format = Format

    name = models.CharField(max_length=100)
    format = models.CharField(max_length=10, choices=Format.choices, default=Format.KNOCKOUT)
    game_slug = models.CharField(max_length=40)
    options = models.JSONField(default=dict, blank=True, help_text="the game's options")
    step_seconds = models.PositiveSmallIntegerField(default=30)
    rounds = models.PositiveSmallIntegerField(default=0, help_text="Swiss: the rounds played")
    minutes = models.PositiveSmallIntegerField(
        default=0, help_text="Arena: how long play lasts from the start"
    )
    entry = models.BigIntegerField(help_text="minor units: goes into the prize pool")
    fee = models.BigIntegerField(default=0, help_text="minor units: the house's share")
    min_players = models.PositiveSmallIntegerField(default=2)
    max_players = models.PositiveSmallIntegerField(default=8)
    start_when_full = models.BooleanField(default=False)
    late_registration = models.BooleanField(
        default=False, help_text="Arena: players may still join while it runs"
    )
    guaranteed = models.BigIntegerField(
        default=0,
        help_text="minor units: the smallest prize pool; the house tops up the entries to it",
    )
    prize_table = models.JSONField(
        default=winner_takes_all,
        help_text="each paid place's share in basis points, first place first, 10000 in all",
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        abstract = True

    def __str__(self) -> str:
        return self.name

    def clean(self) -> None:
        try:
            prizes.check_table(self.prize_table)
        except (TypeError, ValueError) as exc:
            raise ValidationError({"prize_table": str(exc)}) from None
        if self.format == Format.SWISS and not self.rounds:
            raise ValidationError({"rounds": "A Swiss tournament needs its number of rounds."})
        if self.format == Format.ARENA and not self.minutes:
            raise ValidationError({"minutes": "An arena needs its length in minutes."})
        if self.late_registration and self.format != Format.ARENA:
            raise ValidationError(
                {"late_registration": "Only an arena takes players after its start."}
            )
        self._check_game()

    def _check_game(self) -> None:
        """The options are the game's own (a straddle, or any option the game does not
        have, is refused); a poker tournament is played at one table of a poker
        tournament game, so its field is at most that table's seats."""
        try:
            engine = registry.get(self.game_slug)
            engine.Options.from_json(self.options)
        except (LookupError, TypeError, ValueError) as exc:
            raise ValidationError({"options": str(exc)}) from None
        if (self.format == Format.POKER) != engine.tournament_only:
            raise ValidationError(
                {
                    "game_slug": (
                        "A poker tournament, and only one, is played at a poker tournament table."
                    )
                }
            )
        if self.format == Format.POKER and self.max_players > engine.max_seats:
            raise ValidationError(
                {"max_players": f"One table seats at most {engine.max_seats} players."}
            )

    @property
    def buy_in(self) -> int:
        return self.entry + self.fee

    @property
    def terms(self) -> dict:
        """The terms as fields, to create a tournament with."""
        return {f.name: getattr(self, f.name) for f in Terms._meta.fields if f.name != "created"}


def _terms_constraints(prefix: str) -> list:
    return [
        models.CheckConstraint(
            condition=models.Q(entry__gte=0), name=f"{prefix}entry_non_negative"
        ),
        models.CheckConstraint(condition=models.Q(fee__gte=0), name=f"{prefix}fee_non_negative"),
        models.CheckConstraint(
            condition=models.Q(guaranteed__gte=0), name=f"{prefix}guaranteed_non_negative"
        ),
        models.CheckConstraint(
            condition=models.Q(min_players__gte=2, max_players__gte=models.F("min_players")),
            name=f"{prefix}tournament_field_sizes",
        ),
    ]


class Schedule(Terms):
    """A tournament created again and again: every day, or every week on one weekday, at
    one time of day (the site's time zone). Beat creates each occurrence's tournament once
    (the unique schedule and occurrence of Tournament), as soon as its registration opens."""

    class Every(models.TextChoices):
        DAY = "day", "Daily"
        WEEK = "week", "Weekly"

    every = models.CharField(max_length=4, choices=Every.choices, default=Every.DAY)
    weekday = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="weekly: 0 Monday to 6 Sunday"
    )
    time_of_day = models.TimeField(help_text="the start, in the site's time zone")
    registration_hours = models.PositiveSmallIntegerField(
        default=24, help_text="registration opens this many hours before each start"
    )
    active = models.BooleanField(default=True)

    class Meta:
        ordering = ["name", "pk"]
        constraints = [
            *_terms_constraints("schedule_"),
            models.CheckConstraint(
                condition=models.Q(every="day", weekday__isnull=True)
                | models.Q(every="week", weekday__gte=0, weekday__lte=6),
                name="schedule_weekday_when_weekly",
            ),
        ]

    @property
    def when(self) -> str:
        at = self.time_of_day.strftime("%H:%M")
        if self.weekday is None:
            return f"Daily at {at}"
        return f"Every {calendar.day_name[self.weekday]} at {at}"

    def clean(self) -> None:
        super().clean()
        if (self.every == self.Every.WEEK) != (self.weekday is not None):
            raise ValidationError({"weekday": "A weekly schedule, and only one, has a weekday."})


class Tournament(Terms):
    class Status(models.TextChoices):
        REGISTERING = "registering"
        RUNNING = "running"
        FINISHED = "finished"
        CANCELLED = "cancelled"

    registration_opens = models.DateTimeField()
    starts_at = models.DateTimeField(help_text="registration closes and play begins")
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.REGISTERING)
    started = models.DateTimeField(null=True, blank=True)
    finished = models.DateTimeField(null=True, blank=True)
    settlement = models.JSONField(null=True, blank=True)
    schedule = models.ForeignKey(
        Schedule, null=True, blank=True, on_delete=models.PROTECT, related_name="tournaments"
    )
    occurrence = models.DateTimeField(null=True, blank=True, help_text="the schedule's start")
    table = models.OneToOneField(
        "games.Game",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
        help_text="Poker: the one table the whole field plays at",
    )
    table_shown = models.CharField(
        max_length=64,
        blank=True,
        editable=False,
        help_text="Poker: the digest of the table as its page last heard of it",
    )

    class Meta:
        ordering = ["starts_at", "pk"]
        constraints = [
            *_terms_constraints(""),
            # Beat creates each occurrence of a schedule once, however often it runs.
            models.UniqueConstraint(
                fields=["schedule", "occurrence"], name="one_tournament_per_occurrence"
            ),
        ]

    def clean(self) -> None:
        super().clean()
        if self.registration_opens and self.starts_at and self.registration_opens > self.starts_at:
            raise ValidationError({"starts_at": "Registration must open before the start."})

    @property
    def escrow_reference(self) -> str:
        return f"tournament:{self.pk}"

    @property
    def ends_at(self) -> datetime | None:
        """Arena: when play stops and the standings freeze."""
        if self.format != Format.ARENA or self.started is None:
            return None
        return self.started + timedelta(minutes=self.minutes)

    def open_late(self, now: datetime) -> bool:
        """An arena with late registration takes players until its end."""
        ends = self.ends_at
        return (
            self.late_registration
            and self.status == self.Status.RUNNING
            and ends is not None
            and now < ends
        )


class Entry(models.Model):
    class Status(models.TextChoices):
        REGISTERED = "registered"
        UNREGISTERED = "unregistered"
        REFUNDED = "refunded", "Refunded (cancelled)"

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entries")
    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.REGISTERED)
    entry = models.BigIntegerField()
    fee = models.BigIntegerField()
    seed = models.PositiveSmallIntegerField(null=True, blank=True)
    place = models.PositiveSmallIntegerField(null=True, blank=True)
    prize = models.BigIntegerField(null=True, blank=True)
    paused = models.BooleanField(
        default=False, help_text="Arena: left their last game; not paired until they come back"
    )
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["seed", "created", "pk"]
        verbose_name_plural = "entries"
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "player"],
                condition=models.Q(status="registered"),
                name="one_registration_per_player",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player} in {self.tournament}"

    @property
    def hold_key(self) -> str:
        return f"tournament:{self.tournament_id}:entry:{self.pk}:hold"

    @property
    def refund_key(self) -> str:
        return f"tournament:{self.tournament_id}:entry:{self.pk}:refund"


class Match(models.Model):
    """One pairing: a knockout's is played as games until one side wins, a Swiss round's
    is one game (won or drawn); a bye has no second player and goes to the first."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="matches")
    round = models.PositiveSmallIntegerField()
    slot = models.PositiveSmallIntegerField()
    first = models.ForeignKey(Entry, on_delete=models.PROTECT, related_name="+")
    second = models.ForeignKey(
        Entry, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    game = models.OneToOneField(
        "games.Game", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    games_played = models.PositiveSmallIntegerField(default=0)
    winner = models.ForeignKey(
        Entry, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    drawn = models.BooleanField(default=False, help_text="Swiss: the game ended level")

    class Meta:
        ordering = ["round", "slot"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "round", "slot"], name="one_match_per_slot"
            ),
        ]
        verbose_name_plural = "matches"

    def __str__(self) -> str:
        return f"{self.tournament} round {self.round} match {self.slot + 1}"

    @property
    def decided(self) -> bool:
        return self.winner_id is not None or self.drawn

    @property
    def is_bye(self) -> bool:
        return self.second_id is None

    def loser_id(self) -> int | None:
        if self.winner_id is None or self.second_id is None:
            return None
        return self.second_id if self.winner_id == self.first_id else self.first_id
