from django.conf import settings
from django.core.serializers.json import DjangoJSONEncoder
from django.db import models


class Heartbeat(models.Model):
    """Proof of life from a background process (the Celery worker, driven by beat)."""

    source = models.CharField(max_length=50)
    created = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        ordering = ["-created"]
        get_latest_by = "created"

    def __str__(self) -> str:
        return f"{self.source} at {self.created:%Y-%m-%d %H:%M:%S}"


class AuditLog(models.Model):
    """Who did what to what, when and why: every staff action. Append-only: the database
    refuses updates and deletes (migration 0003). Written by reports.receivers from the
    staff.audit signal, in the transaction of the action it records."""

    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.PROTECT, related_name="+"
    )
    actor_email = models.CharField(max_length=254, blank=True)
    action = models.CharField(max_length=60, db_index=True)
    target_type = models.CharField(max_length=60, blank=True)
    target_id = models.CharField(max_length=64, blank=True)
    target_repr = models.CharField(max_length=200, blank=True)
    reason = models.TextField(blank=True)
    details = models.JSONField(default=dict, blank=True, encoder=DjangoJSONEncoder)
    created = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        ordering = ["-created", "-id"]
        verbose_name = "audit log entry"
        verbose_name_plural = "audit log"
        # The staff tools' own permissions (each tool asks for its own).
        permissions = [
            ("void_game", "Can void a live game (refunds every stake)"),
            ("void_round", "Can void a house round (refunds every bet)"),
            ("correct_result", "Can correct a result with compensating transactions"),
            ("view_regulator_reports", "Can view and export regulator reports"),
        ]

    def __str__(self) -> str:
        return f"{self.action} by {self.actor_email or 'system'} at {self.created:%Y-%m-%d %H:%M}"


class Complaint(models.Model):
    """A player's complaint about one game, round or transaction (the rules: within 15
    days of its end). Staff move it open -> investigating -> answered."""

    class Status(models.TextChoices):
        OPEN = "open"
        INVESTIGATING = "investigating"
        ANSWERED = "answered"

    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="complaints"
    )
    game = models.ForeignKey("games.Game", null=True, blank=True, on_delete=models.PROTECT)
    game_round = models.ForeignKey(
        "casino.Round", null=True, blank=True, on_delete=models.PROTECT, verbose_name="round"
    )
    ledger_transaction = models.ForeignKey(
        "wallet.Transaction",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        verbose_name="transaction",
    )
    subject_ended = models.DateTimeField(help_text="when the game, round or transaction ended")
    text = models.TextField()
    status = models.CharField(max_length=15, choices=Status.choices, default=Status.OPEN)
    answer = models.TextField(blank=True)
    answered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    answered_at = models.DateTimeField(null=True, blank=True)
    created = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        ordering = ["-created"]
        constraints = [
            models.CheckConstraint(
                condition=(
                    models.Q(
                        game__isnull=False, game_round__isnull=True, ledger_transaction__isnull=True
                    )
                    | models.Q(
                        game__isnull=True, game_round__isnull=False, ledger_transaction__isnull=True
                    )
                    | models.Q(
                        game__isnull=True, game_round__isnull=True, ledger_transaction__isnull=False
                    )
                ),
                name="complaint_about_one_thing",
            ),
        ]

    def __str__(self) -> str:
        return f"Complaint {self.pk} ({self.status})"

    @property
    def subject(self) -> str:
        if self.game_id:
            return f"Game #{self.game_id}"
        if self.game_round_id:
            return str(self.game_round)
        return f"Transaction {self.ledger_transaction.uuid}"


class Correction(models.Model):
    """A result corrected after the fact: one balanced ledger transaction of kind
    "correction" between the players' cash and the house account the original money went
    to (entries are never edited), with a note the players see in their history."""

    game = models.ForeignKey("games.Game", null=True, blank=True, on_delete=models.PROTECT)
    game_round = models.ForeignKey(
        "casino.Round", null=True, blank=True, on_delete=models.PROTECT, verbose_name="round"
    )
    tournament = models.ForeignKey(
        "tournaments.Tournament", null=True, blank=True, on_delete=models.PROTECT
    )
    # {player id (as text): signed amount in minor units}: what each player gets or gives.
    amounts = models.JSONField()
    reason = models.TextField(help_text="for staff and the audit log")
    player_note = models.TextField(help_text="shown to the players in their history")
    ledger_transaction = models.OneToOneField(
        "wallet.Transaction", on_delete=models.PROTECT, related_name="+"
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created"]

    def __str__(self) -> str:
        return f"Correction {self.pk}"

    @property
    def subject(self) -> str:
        if self.tournament_id:
            return f"Tournament #{self.tournament_id}"
        return f"Game #{self.game_id}" if self.game_id else str(self.game_round)


class ExportJob(models.Model):
    """One requested export, written by a Celery task under DATA_DIR/exports."""

    class Status(models.TextChoices):
        QUEUED = "queued"
        RUNNING = "running"
        DONE = "done"
        FAILED = "failed"

    requester = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT)
    report = models.CharField(max_length=30)
    file_format = models.CharField(max_length=5)
    filters = models.JSONField(default=dict, encoder=DjangoJSONEncoder)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.QUEUED)
    progress = models.PositiveSmallIntegerField(default=0, help_text="percent")
    rows = models.PositiveIntegerField(default=0)
    file_name = models.CharField(max_length=200, blank=True)
    error = models.TextField(blank=True)
    created = models.DateTimeField(auto_now_add=True)
    finished = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created"]

    def __str__(self) -> str:
        return f"{self.report} export {self.pk} ({self.status})"


class PlayerSession(models.Model):
    """One log-in, until its log-out or the end of its session: what the player session
    report is built on. Written by reports.receivers on Django's log-in and log-out
    signals; the session key is kept only as its SHA-256."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    session_hash = models.CharField(max_length=64, unique=True)
    started = models.DateTimeField(db_index=True)
    expires = models.DateTimeField(null=True, blank=True)
    logged_out = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-started"]
        indexes = [models.Index(fields=["user", "started"])]

    def __str__(self) -> str:
        return f"Session {self.pk} of user {self.user_id}"
