"""A live game: its snapshot, its seats and its action log
(docs/architecture.md, "The live runtime")."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class Game(models.Model):
    class Status(models.TextChoices):
        PLAYING = "playing"
        FINISHED = "finished"
        VOID = "void"

    slug = models.CharField(max_length=40)
    options = models.JSONField(default=dict)
    # The rules and engine it is played under (games.registry.rules_version); blank for
    # the games played before versions were recorded.
    rules_version = models.CharField(max_length=40, blank=True)
    stake = models.BigIntegerField()
    rake_bp = models.PositiveIntegerField()
    step_seconds = models.PositiveIntegerField(default=30)
    game_seconds = models.PositiveIntegerField(default=0, help_text="0: no total time per player")
    escrow_reference = models.CharField(max_length=100, unique=True)
    incognito = models.BooleanField(default=False)
    spectators_allowed = models.BooleanField(default=True)
    private = models.BooleanField(default=False)
    watch_code = models.CharField(max_length=32, blank=True)

    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PLAYING)
    state = models.JSONField()
    seq = models.PositiveIntegerField(default=0)
    turn_started = models.DateTimeField()
    # Not indexed: the move that changes it would then rewrite every index of the row (see
    # Meta.indexes); the sweep of overdue games reads the live games instead.
    deadline = models.DateTimeField(null=True, blank=True)
    alarm = models.DateTimeField(
        null=True, blank=True, help_text="when the game's one Celery timer rings"
    )

    seed = models.BinaryField(max_length=32, editable=False)
    seed_hash = models.CharField(max_length=64)
    seed_revealed = models.BooleanField(default=False)

    outcome = models.JSONField(null=True, blank=True)
    settlement = models.JSONField(null=True, blank=True)
    settled = models.BooleanField(default=False)
    started = models.DateTimeField(auto_now_add=True)
    finished = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-started"]
        # A move changes the row's state, seq, deadline and alarm, none of them indexed, so
        # PostgreSQL rewrites the row in its own page (a HOT update, room kept by the table's
        # fillfactor, migration 0009) and no index: with the deadline indexed, every move
        # wrote a new entry in each of the table's four indexes.
        indexes = [
            models.Index(fields=["id"], name="live_games", condition=models.Q(status="playing"))
        ]

    def __str__(self) -> str:
        return f"{self.slug} #{self.pk}"

    @property
    def is_over(self) -> bool:
        return self.status != self.Status.PLAYING

    @property
    def revealed_seed(self) -> str | None:
        return bytes(self.seed).hex() if self.seed_revealed else None


class GameSeat(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    position = models.PositiveSmallIntegerField()
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
        help_text="empty for a computer player at a practice table",
    )
    held = models.BigIntegerField(help_text="what this seat put in the table's escrow")
    timeouts = models.PositiveSmallIntegerField(default=0)
    clock_ms = models.BigIntegerField(null=True, blank=True, help_text="total time left")
    sockets = models.IntegerField(default=0)
    offline_since = models.DateTimeField(null=True, blank=True)
    away_until = models.DateTimeField(
        null=True,
        blank=True,
        help_text="sitting out at a cash table: its seat is left empty at this time",
    )
    disconnected = models.BooleanField(default=False)
    bot = models.BooleanField(default=False, help_text="a computer player took the seat")

    class Meta:
        ordering = ["position"]
        constraints = [
            models.UniqueConstraint(fields=["game", "position"], name="one_player_per_seat"),
            models.UniqueConstraint(fields=["game", "player"], name="one_seat_per_player"),
        ]

    def __str__(self) -> str:
        return f"{self.game} seat {self.position}"


class GameAction(models.Model):
    class Actor(models.TextChoices):
        PLAYER = "player"
        TIMEOUT = "timeout"
        BOT = "bot"
        SYSTEM = "system"

    # Its index is one_action_per_seq's (game, seq): a second one on the game alone was one
    # more index entry written with every action.
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="actions", db_index=False)
    seq = models.PositiveIntegerField()
    seat = models.PositiveSmallIntegerField()
    actor = models.CharField(max_length=10, choices=Actor.choices)
    kind = models.CharField(max_length=20, default="act", help_text="act, forfeit or disconnect")
    action = models.JSONField(null=True)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["seq"]
        constraints = [
            models.UniqueConstraint(fields=["game", "seq"], name="one_action_per_seq"),
        ]

    def __str__(self) -> str:
        return f"{self.game} #{self.seq}"


class ChatLine(models.Model):
    """One line of a table's chat between its seated players, kept with the game: what a
    report points at and what staff read (games/chat.py)."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="chat_lines")
    seat = models.PositiveSmallIntegerField()
    author = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    text = models.CharField(max_length=300)
    created = models.DateTimeField()

    class Meta:
        ordering = ["id"]
        indexes = [models.Index(fields=["author", "created"], name="chat_line_author_created")]

    def __str__(self) -> str:
        return f"{self.game} chat #{self.pk}"


class ChatReport(models.Model):
    """A player's report of another player's chat line; staff dismiss it or act on it
    (mute or block the author: audited)."""

    class Status(models.TextChoices):
        OPEN = "open", "Open"
        DISMISSED = "dismissed", "Dismissed"
        ACTED = "acted", "Acted on"

    line = models.ForeignKey(ChatLine, on_delete=models.PROTECT, related_name="reports")
    reporter = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN)
    created = models.DateTimeField(auto_now_add=True, db_index=True)
    handled_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    handled_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created", "-id"]
        permissions = [
            ("review_conduct", "Can review chat reports and the suspicious patterns report")
        ]
        constraints = [
            models.UniqueConstraint(fields=["line", "reporter"], name="chat_report_once")
        ]

    def __str__(self) -> str:
        return f"Report of {self.line} by {self.reporter}"
